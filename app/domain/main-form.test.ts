import { describe, expect, it } from "vitest";
import {
  EMPTY_MAIN_FORM_ANSWERS,
  type MainFormAnswers,
  type StepId,
  canContinue,
  canSubmit,
  mainFormSteps,
  nextAfter,
  stepIssues,
  toQuotePayload,
} from "./main-form";
import { contactStepMissing } from "../../tests/support/contact-step";
import * as m from "./messages";
import { quoteSchema } from "./schemas";
import { byRule } from "../../tests/support/by-rule";

const answers = (overrides: Partial<MainFormAnswers> = {}): MainFormAnswers => ({
  ...EMPTY_MAIN_FORM_ANSWERS,
  ...overrides,
});

const complete: MainFormAnswers = {
  homeownerStatus: "mortgage",
  loanAmount: 50_000,
  loanPurpose: "home-improvements",
  monthlyIncome: 4_000,
  employmentStatus: "employed-full-time",
  creditHistory: "good",
  propertyValue: 300_000,
  mortgageBalance: 100_000,
  age: undefined,
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phone: "07123 456789",
  consent: true,
};

describe("mainFormSteps (spec section 4, D3)", () => {
  it.each(
    byRule([
      {
        rule: "mortgage owners: 6 steps with property, then the check page",
        a: { homeownerStatus: "mortgage", loanAmount: 100_000 },
        steps: ["status", "amount", "property", "income", "credit", "contact", "check"],
      },
      {
        rule: "tenants: 6 steps with property",
        a: { homeownerStatus: "tenant", loanAmount: 100_000 },
        steps: ["status", "amount", "property", "income", "credit", "contact", "check"],
      },
      {
        rule: "before a status is chosen: 6 steps",
        a: {},
        steps: ["status", "amount", "property", "income", "credit", "contact", "check"],
      },
      {
        rule: "outright owners of £25,000: 6 steps with age, no property",
        a: { homeownerStatus: "outright", loanAmount: 25_000 },
        steps: ["status", "amount", "age", "income", "credit", "contact", "check"],
      },
      {
        rule: "outright owners before an amount: 6 steps with age",
        a: { homeownerStatus: "outright" },
        steps: ["status", "amount", "age", "income", "credit", "contact", "check"],
      },
      {
        rule: "D3: outright owners of £25,001: 7 steps, property after age",
        a: { homeownerStatus: "outright", loanAmount: 25_001 },
        steps: ["status", "amount", "age", "property", "income", "credit", "contact", "check"],
      },
    ] as const),
  )("%s", (_rule, { a, steps }) => {
    const result = mainFormSteps(answers(a));
    expect(result).toEqual(steps);
    expect(result).toHaveLength(steps.length);
  });
});

describe("stepIssues: the spec's 'Required Field' texts, said at the field and in the error summary (section 5, D30)", () => {
  it.each(
    byRule([
      {
        rule: "no loan amount → 'Please enter a loan amount before continuing'",
        step: "amount",
        a: { homeownerStatus: "mortgage", loanPurpose: "other" },
        missing: ["Please enter a loan amount before continuing"],
      },
      {
        rule: "no purpose → 'Please select what you need the loan for before continuing'",
        step: "amount",
        a: { homeownerStatus: "mortgage", loanAmount: 20_000 },
        missing: ["Please select what you need the loan for before continuing"],
      },
      {
        rule: "outright, no age → 'Please select your age range before continuing'",
        step: "age",
        a: { homeownerStatus: "outright", loanAmount: 30_000 },
        missing: ["Please select your age range before continuing"],
      },
      {
        rule: "no property value → 'Please enter your property value before continuing'",
        step: "property",
        a: { homeownerStatus: "tenant", loanAmount: 60_000 },
        missing: ["Please enter your property value before continuing"],
      },
      {
        rule: "mortgage, no balance → 'Please enter your current mortgage balance before continuing'",
        step: "property",
        a: { homeownerStatus: "mortgage", propertyValue: 200_000 },
        missing: ["Please enter your current mortgage balance before continuing"],
      },
      {
        rule: "mortgage balance toast is for mortgage owners only (tenant)",
        step: "property",
        a: { homeownerStatus: "tenant", propertyValue: 200_000 },
        missing: [],
      },
      {
        rule: "mortgage balance toast is for mortgage owners only (outright, D3)",
        step: "property",
        a: { homeownerStatus: "outright", loanAmount: 30_000, propertyValue: 200_000 },
        missing: [],
      },
      {
        rule: "no income → 'Please enter your monthly income before continuing'",
        step: "income",
        a: { employmentStatus: "retired" },
        missing: ["Please enter your monthly income before continuing"],
      },
      {
        rule: "no employment → 'Please select your employment status before continuing'",
        step: "income",
        a: { monthlyIncome: 0 },
        missing: ["Please select your employment status before continuing"],
      },
      {
        rule: "no credit history → 'Please select your credit history before continuing'",
        step: "credit",
        a: {},
        missing: ["Please select your credit history before continuing"],
      },
      {
        rule: "no status → a status toast (ours)",
        step: "status",
        a: {},
        missing: ["Please select your homeowner status before continuing"],
      },
      {
        rule: "both amount toasts, in field order",
        step: "amount",
        a: { homeownerStatus: "mortgage" },
        missing: [
          "Please enter a loan amount before continuing",
          "Please select what you need the loan for before continuing",
        ],
      },
      {
        rule: "both income toasts, in field order",
        step: "income",
        a: {},
        missing: [
          "Please enter your monthly income before continuing",
          "Please select your employment status before continuing",
        ],
      },
      {
        rule: "an amount that is not a number counts as missing",
        step: "amount",
        a: { homeownerStatus: "mortgage", loanAmount: Number.NaN, loanPurpose: "other" },
        missing: ["Please enter a loan amount before continuing"],
      },
    ] as { rule: string; step: StepId; a: Partial<MainFormAnswers>; missing: string[] }[]),
  )("%s", (_rule, { step, a, missing }) => {
    expect(stepIssues(step, answers(a)).missing).toEqual(missing);
    expect(canContinue(step, answers(a))).toBe(missing.length === 0);
  });
});

describe("stepIssues: inline messages (spec section 5)", () => {
  it.each(
    byRule([
      {
        rule: "homeowner £9,999 → 'Our minimum loan is £10,000'",
        a: { homeownerStatus: "mortgage", loanAmount: 9_999 },
        field: "loanAmount",
        message: "Our minimum loan is £10,000",
      },
      {
        rule: "homeowner £10,000 → fine",
        a: { homeownerStatus: "mortgage", loanAmount: 10_000 },
        field: "loanAmount",
        message: undefined,
      },
      {
        rule: "outright £9,999 → 'Our minimum loan is £10,000'",
        a: { homeownerStatus: "outright", loanAmount: 9_999 },
        field: "loanAmount",
        message: "Our minimum loan is £10,000",
      },
      {
        rule: "tenant £999 → 'Our minimum loan is £1,000'",
        a: { homeownerStatus: "tenant", loanAmount: 999 },
        field: "loanAmount",
        message: "Our minimum loan is £1,000",
      },
      {
        rule: "tenant £1,000 → fine",
        a: { homeownerStatus: "tenant", loanAmount: 1_000 },
        field: "loanAmount",
        message: undefined,
      },
      {
        rule: "£0 is entered, so below the minimum",
        a: { homeownerStatus: "mortgage", loanAmount: 0 },
        field: "loanAmount",
        message: "Our minimum loan is £10,000",
      },
      {
        rule: "£2,500,000 → fine",
        a: { homeownerStatus: "mortgage", loanAmount: 2_500_000 },
        field: "loanAmount",
        message: undefined,
      },
      {
        rule: "£2,500,001 → 'Our maximum loan is £2,500,000'",
        a: { homeownerStatus: "mortgage", loanAmount: 2_500_001 },
        field: "loanAmount",
        message: "Our maximum loan is £2,500,000",
      },
    ] as const),
  )("%s", (_rule, { a, field, message }) => {
    const issues = stepIssues("amount", answers({ ...a, loanPurpose: "other" }));
    expect(issues.errors[field]).toBe(message);
    expect(issues.missing).toEqual([]);
    expect(canContinue("amount", answers({ ...a, loanPurpose: "other" }))).toBe(message === undefined);
  });

  it.each(
    byRule([
      {
        rule: "property £49,999 → 'Minimum property value is £50,000'",
        value: 49_999,
        message: "Minimum property value is £50,000",
      },
      { rule: "property £50,000 → fine", value: 50_000, message: undefined },
    ]),
  )("%s", (_rule, { value, message }) => {
    const a = answers({ homeownerStatus: "mortgage", propertyValue: value, mortgageBalance: 0 });
    expect(stepIssues("property", a).errors.propertyValue).toBe(message);
    expect(canContinue("property", a)).toBe(message === undefined);
  });

  it.each(
    byRule([
      {
        rule: "invalid email → 'Please enter a valid email address'",
        a: { email: "jane@" },
        field: "email",
        message: "Please enter a valid email address",
      },
      { rule: "valid email → fine", a: { email: " jane@example.co.uk " }, field: "email", message: undefined },
      {
        rule: "invalid phone → 'Please enter a valid UK phone number'",
        a: { phone: "12345" },
        field: "phone",
        message: "Please enter a valid UK phone number",
      },
      { rule: "valid phone → fine", a: { phone: "+44 7123 456789" }, field: "phone", message: undefined },
    ] as const),
  )("%s", (_rule, { a, field, message }) => {
    expect(stepIssues("contact", { ...complete, ...a }).errors[field]).toBe(message);
  });
});

describe("nextAfter: redirects (spec section 4, D4)", () => {
  it.each(
    byRule([
      {
        rule: "tenant £1,000 → /creditec-redirect",
        a: { homeownerStatus: "tenant", loanAmount: 1_000 },
        to: "/creditec-redirect",
      },
      {
        rule: "tenant £25,000 → /creditec-redirect",
        a: { homeownerStatus: "tenant", loanAmount: 25_000 },
        to: "/creditec-redirect",
      },
      {
        rule: "tenant £25,001 → /loanswarehouse-redirect",
        a: { homeownerStatus: "tenant", loanAmount: 25_001 },
        to: "/loanswarehouse-redirect",
      },
      {
        rule: "tenant £50,000 → /loanswarehouse-redirect",
        a: { homeownerStatus: "tenant", loanAmount: 50_000 },
        to: "/loanswarehouse-redirect",
      },
      {
        rule: "tenant £50,000 for Property purchase → /loanswarehouse-redirect",
        a: { homeownerStatus: "tenant", loanAmount: 50_000, loanPurpose: "property-purchase" },
        to: "/loanswarehouse-redirect",
      },
      {
        rule: "tenant £50,001 → /cannot-help",
        a: { homeownerStatus: "tenant", loanAmount: 50_001 },
        to: "/cannot-help",
      },
      {
        rule: "tenant £50,001 for Debt consolidation → /cannot-help",
        a: { homeownerStatus: "tenant", loanAmount: 50_001, loanPurpose: "debt-consolidation" },
        to: "/cannot-help",
      },
      {
        rule: "outright £10,000 → /creditec-redirect",
        a: { homeownerStatus: "outright", loanAmount: 10_000 },
        to: "/creditec-redirect",
      },
      {
        rule: "outright £25,000 → /creditec-redirect",
        a: { homeownerStatus: "outright", loanAmount: 25_000 },
        to: "/creditec-redirect",
      },
    ] as const),
  )("step 2, %s", (_rule, { a, to }) => {
    expect(nextAfter("amount", answers({ loanPurpose: "other", ...a }))).toEqual({ kind: "redirect", to });
  });

  it.each(
    byRule([
      {
        rule: "tenant £50,001 for Property purchase continues to property",
        a: { homeownerStatus: "tenant", loanAmount: 50_001, loanPurpose: "property-purchase" },
        step: "property",
      },
      {
        rule: "outright £25,001 continues to age",
        a: { homeownerStatus: "outright", loanAmount: 25_001 },
        step: "age",
      },
      {
        rule: "mortgage £10,000 continues to property",
        a: { homeownerStatus: "mortgage", loanAmount: 10_000 },
        step: "property",
      },
      {
        rule: "mortgage £25,000 continues to property (no redirect for mortgage owners)",
        a: { homeownerStatus: "mortgage", loanAmount: 25_000 },
        step: "property",
      },
    ] as const),
  )("step 2, %s", (_rule, { a, step }) => {
    expect(nextAfter("amount", answers({ loanPurpose: "other", ...a }))).toEqual({ kind: "step", step });
  });

  it.each(
    byRule([
      {
        rule: "outright under-50 £25,001 → /loanswarehouse-redirect",
        a: { age: "under-50", loanAmount: 25_001 },
        next: { kind: "redirect", to: "/loanswarehouse-redirect" },
      },
      {
        rule: "outright under-50 £50,000 → /loanswarehouse-redirect",
        a: { age: "under-50", loanAmount: 50_000 },
        next: { kind: "redirect", to: "/loanswarehouse-redirect" },
      },
      {
        rule: "outright under-50 £50,001 continues to property (D3)",
        a: { age: "under-50", loanAmount: 50_001 },
        next: { kind: "step", step: "property" },
      },
      {
        rule: "outright 50-60 £30,000 continues to property (D3)",
        a: { age: "50-60", loanAmount: 30_000 },
        next: { kind: "step", step: "property" },
      },
      {
        rule: "outright over-80 £40,000 continues to property (D3)",
        a: { age: "over-80", loanAmount: 40_000 },
        next: { kind: "step", step: "property" },
      },
    ] as const),
  )("step 3, %s", (_rule, { a, next }) => {
    expect(nextAfter("age", answers({ homeownerStatus: "outright", loanPurpose: "other", ...a }))).toEqual(next);
  });

  it.each(
    byRule([
      {
        rule: "status → amount",
        step: "status",
        a: { homeownerStatus: "mortgage" },
        next: { kind: "step", step: "amount" },
      },
      { rule: "mortgage: property → income", step: "property", a: complete, next: { kind: "step", step: "income" } },
      {
        rule: "D3 outright: property → income",
        step: "property",
        a: { ...complete, homeownerStatus: "outright", age: "50-60" },
        next: { kind: "step", step: "income" },
      },
      { rule: "income → credit", step: "income", a: complete, next: { kind: "step", step: "credit" } },
      { rule: "credit → contact", step: "credit", a: complete, next: { kind: "step", step: "contact" } },
      { rule: "contact → the check page", step: "contact", a: complete, next: { kind: "step", step: "check" } },
      { rule: "the check page → submit", step: "check", a: complete, next: { kind: "submit" } },
      {
        rule: "a step no longer in the path still leads onwards (age for a mortgage owner → property)",
        step: "age",
        a: complete,
        next: { kind: "step", step: "property" },
      },
    ] as { rule: string; step: StepId; a: Partial<MainFormAnswers>; next: unknown }[]),
  )("otherwise it advances: %s", (_rule, { step, a, next }) => {
    expect(nextAfter(step, answers(a))).toEqual(next);
  });
});

describe("canSubmit: the final button (spec section 5)", () => {
  it.each(
    byRule([
      { rule: "all given → enabled", a: {}, enabled: true },
      { rule: "no first name → disabled", a: { firstName: " " }, enabled: false },
      { rule: "no last name → disabled", a: { lastName: "" }, enabled: false },
      { rule: "no email → disabled", a: { email: "" }, enabled: false },
      { rule: "no phone → disabled", a: { phone: "" }, enabled: false },
      { rule: "no consent → disabled", a: { consent: false }, enabled: false },
      { rule: "email in error → disabled", a: { email: "jane@example" }, enabled: false },
      { rule: "phone in error → disabled", a: { phone: "0712345678" }, enabled: false },
    ]),
  )("%s", (_rule, { a, enabled }) => {
    expect(canSubmit({ ...complete, ...a })).toBe(enabled);
  });
});

describe("toQuotePayload (spec section 3)", () => {
  it("maps a mortgage owner's answers to snake_case, sanitised, with indicative figures", () => {
    const payload = toQuotePayload(
      { ...complete, firstName: " <Jane> ", email: " JANE@Example.com " },
      "https://example.com/?gclid=1",
    );
    expect(payload).toEqual({
      email: "jane@example.com",
      first_name: "Jane",
      last_name: "Doe",
      phone: "07123 456789",
      loan_purpose: "home-improvements",
      homeowner_status: "mortgage",
      credit_history: "good",
      loan_amount: 50_000,
      property_value: 300_000,
      mortgage_balance: 100_000,
      monthly_income: 4_000,
      age: undefined,
      employment_status: "employed-full-time",
      ltv_ratio: 50,
      indicative_rate: 5.69,
      monthly_payment: 959.45,
      landing_page_url: "https://example.com/?gclid=1",
      consent: true,
    });
    expect(quoteSchema.safeParse(payload).success).toBe(true);
  });

  it.each(
    byRule([
      {
        rule: "D3: outright owners send mortgage_balance 0 whatever was typed",
        a: { homeownerStatus: "outright", age: "61-70", mortgageBalance: 80_000 },
        expected: {
          mortgage_balance: 0,
          age: "61-70",
          ltv_ratio: 16.67,
          indicative_rate: undefined,
          monthly_payment: undefined,
        },
      },
      {
        rule: "tenants without a balance send 0",
        a: {
          homeownerStatus: "tenant",
          loanAmount: 60_000,
          loanPurpose: "property-purchase",
          mortgageBalance: undefined,
        },
        expected: { mortgage_balance: 0, ltv_ratio: 20, indicative_rate: undefined },
      },
      { rule: "age is dropped for owners who were not asked it", a: { age: "under-50" }, expected: { age: undefined } },
      {
        rule: "no landing page → no landing_page_url",
        a: {},
        landing: null,
        expected: { landing_page_url: undefined },
      },
      {
        rule: "fair credit → no rate or payment sent",
        a: { creditHistory: "fair" },
        expected: { ltv_ratio: 50, indicative_rate: undefined, monthly_payment: undefined },
      },
    ] as { rule: string; a: Partial<MainFormAnswers>; landing?: string | null; expected: Record<string, unknown> }[]),
  )("%s", (_rule, { a, landing, expected }) => {
    expect(toQuotePayload({ ...complete, ...a }, landing === undefined ? "/" : landing)).toMatchObject(expected);
  });
});

describe("stepIssues: each step complete, and each answer judged (spec section 5)", () => {
  const outright: MainFormAnswers = {
    ...complete,
    homeownerStatus: "outright",
    age: "under-50",
    mortgageBalance: undefined,
  };
  const none = { missing: [], missingFields: {}, errors: {} };

  it.each(
    byRule([
      // The path written out, not asked of mainFormSteps while the table is built (outside any test).
      ...(["status", "amount", "property", "income", "credit", "contact"] as const).map((step) => ({
        rule: `mortgage owner: ${step}`,
        step,
        a: complete,
      })),
      { rule: "outright owner: age", step: "age", a: outright },
      { rule: "an income of nought is an answer", step: "income", a: { ...complete, monthlyIncome: 0 } },
      { rule: "a mortgage balance of nought is an answer", step: "property", a: { ...complete, mortgageBalance: 0 } },
    ] as { rule: string; step: StepId; a: MainFormAnswers }[]),
  )("%s has nothing missing and no error, so Next goes on", (_rule, { step, a }) => {
    expect(stepIssues(step, a)).toEqual(none);
    expect(canContinue(step, a)).toBe(true);
  });

  it.each(
    byRule([
      {
        rule: "a fresh form's contact step asks for every field",
        step: "contact",
        a: { ...EMPTY_MAIN_FORM_ANSWERS },
        issues: contactStepMissing(["firstName", "lastName", "email", "phone"]),
      },
      {
        rule: "the check page asks for the terms to be agreed to (consent starts unticked, D12)",
        step: "check",
        a: { ...EMPTY_MAIN_FORM_ANSWERS },
        issues: contactStepMissing(["consent"]),
      },
      {
        rule: "spaces are no answer",
        step: "contact",
        a: { ...complete, firstName: " ", lastName: "\t", email: "  ", phone: " " },
        issues: contactStepMissing(["firstName", "lastName", "email", "phone"]),
      },
      {
        rule: "a negative income is an inline error",
        step: "income",
        a: { ...complete, monthlyIncome: -1 },
        issues: { missing: [], missingFields: {}, errors: { monthlyIncome: m.MONTHLY_INCOME_NEGATIVE } },
      },
      {
        rule: "a negative mortgage balance is an inline error",
        step: "property",
        a: { ...complete, mortgageBalance: -1 },
        issues: { missing: [], missingFields: {}, errors: { mortgageBalance: m.MORTGAGE_BALANCE_NEGATIVE } },
      },
    ] as { rule: string; step: StepId; a: MainFormAnswers; issues: unknown }[]),
  )("%s", (_rule, { step, a, issues }) => {
    expect(stepIssues(step, a)).toEqual(issues);
  });
});

describe("nextAfter: a borrower who went back a step", () => {
  it.each(
    byRule([
      {
        rule: "a tenant's redirect waits for the amount step: from status, Next goes to the amount",
        step: "status",
        a: { homeownerStatus: "tenant", loanAmount: 1_000 },
        next: { kind: "step", step: "amount" },
      },
      {
        rule: "an outright owner under 50 of £30,000 goes from the amount to the age step, not yet to the partner",
        step: "amount",
        a: { homeownerStatus: "outright", age: "under-50", loanAmount: 30_000 },
        next: { kind: "step", step: "age" },
      },
      {
        rule: "the under-50 redirect is for outright owners only (age for a mortgage owner → property)",
        step: "age",
        a: { homeownerStatus: "mortgage", age: "under-50", loanAmount: 30_000 },
        next: { kind: "step", step: "property" },
      },
      {
        rule: "the under-50 redirect starts above £25,000: at £25,000 the age step goes on",
        step: "age",
        a: { homeownerStatus: "outright", age: "under-50", loanAmount: 25_000 },
        next: { kind: "step", step: "income" },
      },
    ] as { rule: string; step: StepId; a: Partial<MainFormAnswers>; next: unknown }[]),
  )("%s", (_rule, { step, a, next }) => {
    expect(nextAfter(step, answers({ loanPurpose: "other", ...a }))).toEqual(next);
  });
});

describe("toQuotePayload: no figures without the answers they come from", () => {
  it("sends no LTV, rate or payment before a property value is given", () => {
    expect(toQuotePayload({ ...complete, propertyValue: undefined }, "/")).toMatchObject({
      ltv_ratio: undefined,
      indicative_rate: undefined,
      monthly_payment: undefined,
    });
  });
});
