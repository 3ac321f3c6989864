import { describe, expect, it } from "vitest";
import {
  EMPTY_QUICK_FORM_ANSWERS,
  ENQUIRY_SUCCESS,
  QUICK_FORM_SUBMIT_LABEL,
  type QuickFormAnswers,
  type QuickStepId,
  canContinueQuick,
  enquiryErrorMessage,
  personalRedirect,
  quickFormSteps,
  quickNextAfter,
  quickStepIssues,
  quickSubmitIssue,
  toEnquiryPayload,
} from "./quick-form";
import { contactStepMissing } from "../../tests/support/contact-step";
import * as m from "./messages";
import { enquirySchema } from "./schemas";
import { byRule } from "../../tests/support/by-rule";

const answers = (overrides: Partial<QuickFormAnswers> = {}): QuickFormAnswers => ({
  ...EMPTY_QUICK_FORM_ANSWERS,
  ...overrides,
});

const mortgageOwner: QuickFormAnswers = {
  loanType: "homeowner",
  residentialStatus: undefined,
  homeownerStatus: "mortgage",
  loanAmount: 40_000,
  loanPurpose: "debt-consolidation",
  age: undefined,
  propertyValue: 250_000,
  mortgageBalance: 120_000,
  monthlyIncome: 3_200,
  employmentStatus: "self-employed",
  creditHistory: "unsure",
  firstName: "Sam",
  lastName: "Patel",
  email: "Sam.Patel@Example.com ",
  phone: "0117 496 0123",
  consent: true,
};

const outrightOwner: QuickFormAnswers = {
  ...mortgageOwner,
  homeownerStatus: "outright",
  age: "50-65",
  propertyValue: undefined,
  mortgageBalance: undefined,
};

describe("quickFormSteps (spec section 2 and 4)", () => {
  it.each(
    byRule([
      { rule: "personal path: 3 steps", a: { loanType: "personal" }, steps: ["type", "amount", "residential"] },
      {
        rule: "homeowner with mortgage: 7 steps with property, then the check page",
        a: { loanType: "homeowner", homeownerStatus: "mortgage" },
        steps: ["type", "status", "amount", "property", "income", "credit", "contact", "check"],
      },
      {
        rule: "homeowner outright: 7 steps with age, then the check page",
        a: { loanType: "homeowner", homeownerStatus: "outright" },
        steps: ["type", "status", "amount", "age", "income", "credit", "contact", "check"],
      },
      { rule: "bridging leaves the site after step 1", a: { loanType: "bridging" }, steps: ["type"] },
      { rule: "business leaves the site after step 1", a: { loanType: "business" }, steps: ["type"] },
      { rule: "before a type is chosen: step 1 only", a: {}, steps: ["type"] },
    ] as const),
  )("%s", (_rule, { a, steps }) => {
    expect(quickFormSteps(answers(a))).toEqual(steps);
  });

  it("homeowner path's final button reads 'Get Quote'", () => {
    expect(QUICK_FORM_SUBMIT_LABEL).toBe("Get Quote");
  });
});

describe("quickStepIssues: amount limits (spec section 5)", () => {
  it.each(
    byRule([
      {
        rule: "personal £999 → 'Minimum loan amount is £1,000'",
        a: { loanType: "personal", loanAmount: 999 },
        message: "Minimum loan amount is £1,000",
      },
      { rule: "personal £1,000 → fine", a: { loanType: "personal", loanAmount: 1_000 }, message: undefined },
      { rule: "personal £50,000 → fine", a: { loanType: "personal", loanAmount: 50_000 }, message: undefined },
      {
        rule: "personal £50,001 → 'Maximum loan amount is £50,000 for personal loans'",
        a: { loanType: "personal", loanAmount: 50_001 },
        message: "Maximum loan amount is £50,000 for personal loans",
      },
      {
        rule: "homeowner £9,999 → 'Minimum loan amount is £10,000 for homeowner loans.'",
        a: { loanType: "homeowner", loanAmount: 9_999, loanPurpose: "other" },
        message: "Minimum loan amount is £10,000 for homeowner loans.",
      },
      {
        rule: "homeowner £10,000 → fine",
        a: { loanType: "homeowner", loanAmount: 10_000, loanPurpose: "other" },
        message: undefined,
      },
      {
        rule: "homeowner £2,500,000 → fine",
        a: { loanType: "homeowner", loanAmount: 2_500_000, loanPurpose: "other" },
        message: undefined,
      },
      {
        rule: "homeowner £2,500,001 → over the maximum (ours)",
        a: { loanType: "homeowner", loanAmount: 2_500_001, loanPurpose: "other" },
        message: "Maximum loan amount is £2,500,000 for homeowner loans.",
      },
    ] as const),
  )("%s", (_rule, { a, message }) => {
    expect(quickStepIssues("amount", answers(a)).errors.loanAmount).toBe(message);
    expect(canContinueQuick("amount", answers(a))).toBe(message === undefined);
  });
});

describe("quickStepIssues: required answers", () => {
  it.each(
    byRule([
      {
        rule: "no loan type → a loan type toast",
        step: "type",
        a: {},
        missing: ["Please select a loan type before continuing"],
      },
      {
        rule: "no amount → 'Please enter a loan amount before continuing'",
        step: "amount",
        a: { loanType: "personal" },
        missing: ["Please enter a loan amount before continuing"],
      },
      {
        rule: "homeowner amount step needs a purpose too",
        step: "amount",
        a: { loanType: "homeowner", loanAmount: 20_000 },
        missing: ["Please select what you need the loan for before continuing"],
      },
      {
        rule: "personal amount step asks no purpose",
        step: "amount",
        a: { loanType: "personal", loanAmount: 5_000 },
        missing: [],
      },
      {
        rule: "no residential status → a residential status toast",
        step: "residential",
        a: { loanType: "personal" },
        missing: ["Please select your residential status before continuing"],
      },
      {
        rule: "no homeowner status → a status toast",
        step: "status",
        a: { loanType: "homeowner" },
        missing: ["Please select your homeowner status before continuing"],
      },
      {
        rule: "outright, no age → 'Please select your age range before continuing'",
        step: "age",
        a: { loanType: "homeowner", homeownerStatus: "outright" },
        missing: ["Please select your age range before continuing"],
      },
      {
        rule: "mortgage balance required for mortgage owners",
        step: "property",
        a: { loanType: "homeowner", homeownerStatus: "mortgage", propertyValue: 200_000 },
        missing: ["Please enter your current mortgage balance before continuing"],
      },
      {
        rule: "no property value → 'Please enter your property value before continuing'",
        step: "property",
        a: { loanType: "homeowner", homeownerStatus: "mortgage", mortgageBalance: 0 },
        missing: ["Please enter your property value before continuing"],
      },
      {
        rule: "no income or employment → both toasts",
        step: "income",
        a: {},
        missing: [
          "Please enter your monthly income before continuing",
          "Please select your employment status before continuing",
        ],
      },
      {
        rule: "no credit history → 'Please select your credit history before continuing'",
        step: "credit",
        a: {},
        missing: ["Please select your credit history before continuing"],
      },
      {
        rule: "consent checkbox required, on the check page",
        step: "check",
        a: { ...mortgageOwner, consent: false },
        missing: ["Please agree to the Terms of Business before sending your details"],
      },
    ] as { rule: string; step: QuickStepId; a: Partial<QuickFormAnswers>; missing: string[] }[]),
  )("%s", (_rule, { step, a, missing }) => {
    expect(quickStepIssues(step, answers(a)).missing).toEqual(missing);
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
    const a = answers({ loanType: "homeowner", homeownerStatus: "mortgage", propertyValue: value, mortgageBalance: 0 });
    expect(quickStepIssues("property", a).errors.propertyValue).toBe(message);
    expect(canContinueQuick("property", a)).toBe(message === undefined);
  });
});

describe("personalRedirect (D4)", () => {
  const statuses = ["homeowner-mortgage", "homeowner-outright", "council-tenant", "living-with-parents"] as const;
  it.each(
    byRule([
      ...statuses.flatMap((status) => [
        { rule: `£1,000, ${status} → /creditec-redirect`, amount: 1_000, status, to: "/creditec-redirect" },
        { rule: `£9,999, ${status} → /creditec-redirect`, amount: 9_999, status, to: "/creditec-redirect" },
        {
          rule: `£25,001, ${status} → /loanswarehouse-redirect`,
          amount: 25_001,
          status,
          to: "/loanswarehouse-redirect",
        },
        {
          rule: `£50,000, ${status} → /loanswarehouse-redirect`,
          amount: 50_000,
          status,
          to: "/loanswarehouse-redirect",
        },
      ]),
      {
        rule: "£10,000, homeowner-mortgage → /loanswarehouse-redirect",
        amount: 10_000,
        status: "homeowner-mortgage",
        to: "/loanswarehouse-redirect",
      },
      {
        rule: "£25,000, homeowner-mortgage → /loanswarehouse-redirect",
        amount: 25_000,
        status: "homeowner-mortgage",
        to: "/loanswarehouse-redirect",
      },
      ...statuses.slice(1).flatMap((status) => [
        { rule: `£10,000, ${status} → /creditec-redirect`, amount: 10_000, status, to: "/creditec-redirect" },
        { rule: `£25,000, ${status} → /creditec-redirect`, amount: 25_000, status, to: "/creditec-redirect" },
      ]),
    ] as const),
  )("%s", (_rule, { amount, status, to }) => {
    expect(personalRedirect(amount, status)).toBe(to);
  });
});

describe("quickNextAfter", () => {
  it.each(
    byRule([
      {
        rule: "bridging → the external bridging page",
        step: "type",
        a: { loanType: "bridging" },
        next: { kind: "external", partner: "bridging" },
      },
      {
        rule: "business → the external business page",
        step: "type",
        a: { loanType: "business" },
        next: { kind: "external", partner: "business" },
      },
      {
        rule: "personal: type → amount",
        step: "type",
        a: { loanType: "personal" },
        next: { kind: "step", step: "amount" },
      },
      {
        rule: "personal: amount → residential status",
        step: "amount",
        a: { loanType: "personal", loanAmount: 5_000 },
        next: { kind: "step", step: "residential" },
      },
      {
        rule: "personal: residential status → the D4 redirect",
        step: "residential",
        a: { loanType: "personal", loanAmount: 20_000, residentialStatus: "homeowner-mortgage" },
        next: { kind: "redirect", to: "/loanswarehouse-redirect" },
      },
      {
        rule: "homeowner: type → status",
        step: "type",
        a: { loanType: "homeowner" },
        next: { kind: "step", step: "status" },
      },
      {
        rule: "homeowner: status → amount",
        step: "status",
        a: { loanType: "homeowner", homeownerStatus: "mortgage" },
        next: { kind: "step", step: "amount" },
      },
      {
        rule: "homeowner outright: amount → age",
        step: "amount",
        a: outrightOwner,
        next: { kind: "step", step: "age" },
      },
      {
        rule: "homeowner mortgage: amount → property",
        step: "amount",
        a: mortgageOwner,
        next: { kind: "step", step: "property" },
      },
      {
        rule: "homeowner outright: age → income",
        step: "age",
        a: outrightOwner,
        next: { kind: "step", step: "income" },
      },
      {
        rule: "homeowner mortgage: property → income",
        step: "property",
        a: mortgageOwner,
        next: { kind: "step", step: "income" },
      },
      { rule: "homeowner: income → credit", step: "income", a: mortgageOwner, next: { kind: "step", step: "credit" } },
      {
        rule: "homeowner: credit → contact",
        step: "credit",
        a: mortgageOwner,
        next: { kind: "step", step: "contact" },
      },
      {
        rule: "homeowner: contact → the check page",
        step: "contact",
        a: mortgageOwner,
        next: { kind: "step", step: "check" },
      },
      {
        rule: "homeowner: the check page → submit, ending at /thank-you",
        step: "check",
        a: mortgageOwner,
        next: { kind: "submit" },
      },
    ] as { rule: string; step: QuickStepId; a: Partial<QuickFormAnswers>; next: unknown }[]),
  )("%s", (_rule, { step, a, next }) => {
    expect(quickNextAfter(step, answers(a))).toEqual(next);
  });
});

describe("quickSubmitIssue: the 'Get Quote' checks (spec section 5)", () => {
  it.each(
    byRule([
      { rule: "complete mortgage owner → no issue", a: mortgageOwner, issue: null },
      { rule: "complete outright owner → no issue", a: outrightOwner, issue: null },
      {
        rule: "no first name → 'Please fill in all required fields.'",
        a: { ...mortgageOwner, firstName: " " },
        issue: "Please fill in all required fields.",
      },
      {
        rule: "no consent → 'Please fill in all required fields.'",
        a: { ...mortgageOwner, consent: false },
        issue: "Please fill in all required fields.",
      },
      {
        rule: "mortgage owner without a balance → 'Please fill in all required fields.'",
        a: { ...mortgageOwner, mortgageBalance: undefined },
        issue: "Please fill in all required fields.",
      },
      {
        rule: "outright owner without an age → 'Please fill in all required fields.'",
        a: { ...outrightOwner, age: undefined },
        issue: "Please fill in all required fields.",
      },
      {
        rule: "no credit history → 'Please fill in all required fields.'",
        a: { ...mortgageOwner, creditHistory: undefined },
        issue: "Please fill in all required fields.",
      },
      {
        rule: "bad email → 'Please enter a valid email address.'",
        a: { ...mortgageOwner, email: "sam@patel" },
        issue: "Please enter a valid email address.",
      },
      {
        rule: "bad phone → 'Please enter a valid UK phone number.'",
        a: { ...mortgageOwner, phone: "0300 123 4567" },
        issue: "Please enter a valid UK phone number.",
      },
      {
        rule: "£9,999 → 'Minimum loan amount is £10,000 for homeowner loans.'",
        a: { ...mortgageOwner, loanAmount: 9_999 },
        issue: "Minimum loan amount is £10,000 for homeowner loans.",
      },
      { rule: "£10,000 → no issue", a: { ...mortgageOwner, loanAmount: 10_000 }, issue: null },
      {
        rule: "mortgage owner's property £49,999 → the property minimum",
        a: { ...mortgageOwner, propertyValue: 49_999 },
        issue: "Minimum property value is £50,000",
      },
    ] as { rule: string; a: QuickFormAnswers; issue: string | null }[]),
  )("%s", (_rule, { a, issue }) => {
    expect(quickSubmitIssue(a)).toBe(issue);
  });
});

describe("toEnquiryPayload (spec section 7)", () => {
  it("mortgage owner: camelCase fields, email trimmed and lowercased", () => {
    const payload = toEnquiryPayload(mortgageOwner, "https://example.com/loans");
    expect(payload).toEqual({
      loanType: "homeowner",
      loanAmount: 40_000,
      homeownerStatus: "mortgage",
      loanPurpose: "debt-consolidation",
      monthlyIncome: 3_200,
      employmentStatus: "self-employed",
      creditHistory: "unsure",
      propertyValue: 250_000,
      mortgageBalance: 120_000,
      age: undefined,
      firstName: "Sam",
      lastName: "Patel",
      email: "sam.patel@example.com",
      phone: "0117 496 0123",
      landingPageUrl: "https://example.com/loans",
      consent: true,
    });
    expect(enquirySchema.safeParse(payload).success).toBe(true);
  });

  it("outright owner: age sent, mortgage balance 0, no property value", () => {
    const payload = toEnquiryPayload({ ...outrightOwner, propertyValue: 300_000, mortgageBalance: 5 }, null);
    expect(payload).toMatchObject({
      age: "50-65",
      mortgageBalance: 0,
      propertyValue: undefined,
      landingPageUrl: undefined,
    });
    expect(enquirySchema.safeParse(payload).success).toBe(true);
  });
});

describe("enquiry outcome messages (spec section 8)", () => {
  it.each(
    byRule([
      {
        rule: "'Too many requests' → 'Too many submissions. Please wait before trying again.'",
        server: "Too many requests",
        message: "Too many submissions. Please wait before trying again.",
      },
      {
        rule: "message containing 'Too many requests' → the same",
        server: "Error: Too many requests, slow down",
        message: "Too many submissions. Please wait before trying again.",
      },
      {
        rule: "message containing 'Invalid' → 'Please check your information and try again.'",
        server: "Invalid email",
        message: "Please check your information and try again.",
      },
      {
        rule: "any other error → 'Failed to submit enquiry. Please try again.'",
        server: "Internal Server Error",
        message: "Failed to submit enquiry. Please try again.",
      },
      {
        rule: "no message (an exception) → 'Failed to submit enquiry. Please try again.'",
        server: undefined,
        message: "Failed to submit enquiry. Please try again.",
      },
    ]),
  )("%s", (_rule, { server, message }) => {
    expect(enquiryErrorMessage(server)).toBe(message);
  });

  it("success → 'Enquiry submitted successfully!'", () => {
    expect(ENQUIRY_SUCCESS).toBe("Enquiry submitted successfully!");
  });
});

describe("quickStepIssues: each step complete, and each answer judged (spec section 5)", () => {
  const personal = answers({ loanType: "personal", loanAmount: 5_000, residentialStatus: "council-tenant" });
  const none = { missing: [], missingFields: {}, errors: {} };

  it.each(
    byRule([
      ...(["type", "amount", "residential"] as const).map((step) => ({ rule: `personal: ${step}`, step, a: personal })),
      // The path written out, not asked of quickFormSteps while the table is built (outside any test).
      ...(["type", "status", "amount", "property", "income", "credit", "contact"] as const).map((step) => ({
        rule: `mortgage owner: ${step}`,
        step,
        a: mortgageOwner,
      })),
      ...(["status", "age"] as const).map((step) => ({ rule: `outright owner: ${step}`, step, a: outrightOwner })),
      { rule: "an income of nought is an answer", step: "income", a: { ...mortgageOwner, monthlyIncome: 0 } },
      {
        rule: "a mortgage balance of nought is an answer",
        step: "property",
        a: { ...mortgageOwner, mortgageBalance: 0 },
      },
    ] as { rule: string; step: QuickStepId; a: QuickFormAnswers }[]),
  )("%s has nothing missing and no error, so Next goes on", (_rule, { step, a }) => {
    expect(quickStepIssues(step, a)).toEqual(none);
    expect(canContinueQuick(step, a)).toBe(true);
  });

  it.each(
    byRule([
      {
        rule: "a fresh form's contact step asks for every field",
        step: "contact",
        a: { ...EMPTY_QUICK_FORM_ANSWERS },
        issues: contactStepMissing(["firstName", "lastName", "email", "phone"]),
      },
      {
        rule: "the check page asks for the terms to be agreed to (consent starts unticked, D12)",
        step: "check",
        a: { ...EMPTY_QUICK_FORM_ANSWERS },
        issues: contactStepMissing(["consent"]),
      },
      {
        rule: "spaces are no answer",
        step: "contact",
        a: { ...mortgageOwner, firstName: " ", lastName: "\t", email: "  ", phone: " " },
        issues: contactStepMissing(["firstName", "lastName", "email", "phone"]),
      },
      {
        rule: "an email and a phone given but wrong are inline errors, not toasts",
        step: "contact",
        a: { ...mortgageOwner, email: "sam@patel", phone: "0300 123 4567" },
        issues: { missing: [], missingFields: {}, errors: { email: m.EMAIL_INVALID, phone: m.UK_PHONE_INVALID } },
      },
      {
        rule: "a negative income is an inline error",
        step: "income",
        a: { ...mortgageOwner, monthlyIncome: -1 },
        issues: { missing: [], missingFields: {}, errors: { monthlyIncome: m.MONTHLY_INCOME_NEGATIVE } },
      },
      {
        rule: "a negative mortgage balance is an inline error",
        step: "property",
        a: { ...mortgageOwner, mortgageBalance: -1 },
        issues: { missing: [], missingFields: {}, errors: { mortgageBalance: m.MORTGAGE_BALANCE_NEGATIVE } },
      },
      {
        rule: "an amount that is not a number is no answer",
        step: "amount",
        a: { ...mortgageOwner, loanAmount: Number.NaN },
        issues: { missing: [m.LOAN_AMOUNT_MISSING], missingFields: { loanAmount: m.LOAN_AMOUNT_MISSING }, errors: {} },
      },
    ] as { rule: string; step: QuickStepId; a: QuickFormAnswers; issues: unknown }[]),
  )("%s", (_rule, { step, a, issues }) => {
    expect(quickStepIssues(step, a)).toEqual(issues);
  });

  it("lets Next go on only with nothing missing and no error", () => {
    // Only a toast: a missing answer.
    expect(canContinueQuick("credit", { ...mortgageOwner, creditHistory: undefined })).toBe(false);
    // Only an inline error: a property under the minimum.
    expect(canContinueQuick("property", { ...mortgageOwner, propertyValue: 49_999 })).toBe(false);
  });
});

describe("quickSubmitIssue: every required answer, and the limits past the steps", () => {
  it.each(
    byRule([
      {
        rule: "no homeowner status",
        a: { ...mortgageOwner, homeownerStatus: undefined },
        issue: m.QUICK_REQUIRED_FIELDS,
      },
      {
        rule: "no employment status",
        a: { ...mortgageOwner, employmentStatus: undefined },
        issue: m.QUICK_REQUIRED_FIELDS,
      },
      { rule: "a blank last name", a: { ...mortgageOwner, lastName: "  " }, issue: m.QUICK_REQUIRED_FIELDS },
      { rule: "a blank email", a: { ...mortgageOwner, email: "  " }, issue: m.QUICK_REQUIRED_FIELDS },
      { rule: "a blank phone", a: { ...mortgageOwner, phone: "  " }, issue: m.QUICK_REQUIRED_FIELDS },
      { rule: "a fresh form", a: { ...EMPTY_QUICK_FORM_ANSWERS }, issue: m.QUICK_REQUIRED_FIELDS },
      { rule: "£2,500,000 is the maximum", a: { ...mortgageOwner, loanAmount: 2_500_000 }, issue: null },
      {
        rule: "£2,500,001 is over the maximum",
        a: { ...mortgageOwner, loanAmount: 2_500_001, propertyValue: 5_000_000 },
        issue: m.HOMEOWNER_LOAN_TOO_HIGH,
      },
      { rule: "a property of £50,000 exactly", a: { ...mortgageOwner, propertyValue: 50_000 }, issue: null },
    ] as { rule: string; a: QuickFormAnswers; issue: string | null }[]),
  )("%s", (_rule, { a, issue }) => {
    expect(quickSubmitIssue(a)).toBe(issue);
  });
});

describe("toEnquiryPayload: answers from a path the borrower left", () => {
  it("sends no age for a mortgage owner who chose an age as an outright owner first", () => {
    expect(toEnquiryPayload({ ...mortgageOwner, age: "50-65" }).age).toBeUndefined();
  });
});
