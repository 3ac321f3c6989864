import { describe, expect, it } from "vitest";
import { loanCost } from "./finance";
import {
  BAD_CREDIT_MONTHLY_RATE,
  HEADLINE_APR,
  HOME_IMPROVEMENT_REPRESENTATIVE_APR,
  HOMEOWNER_CALCULATOR_APR,
  HOMEOWNER_MAX_LOAN,
  HOMEOWNER_MIN_LOAN,
  INDICATIVE_TERM_MONTHS,
  type IndicativeQuoteAnswers,
  MIN_PROPERTY_VALUE,
  PERSONAL_MAX_LOAN,
  PERSONAL_MIN_LOAN,
  REDIRECT_LOWER_LIMIT,
  REDIRECT_UPPER_LIMIT,
  TENANT_MIN_LOAN,
  indicativeQuote,
  loanToValue,
  enquiryIndicativeFigures,
  quoteIndicativeFigures,
  rateForLtv,
  roundLtv,
} from "./rates";
import { byRule } from "../../tests/support/by-rule";
import { NAME_MAX_LENGTH } from "./field-limits";

// Constants against literals, kept because each literal is the spec's (section 9's limits
// and rates, word for word): a changed constant is a broken promise even where a
// behaviour test follows the constant. The behaviour at each limit is pinned by the
// boundary cases below and in the forms' tests.
describe("business constants (spec section 9)", () => {
  it.each(
    byRule([
      { rule: "indicative term 60 months", actual: INDICATIVE_TERM_MONTHS, expected: 60 },
      { rule: "homeowner minimum £10,000", actual: HOMEOWNER_MIN_LOAN, expected: 10_000 },
      { rule: "homeowner maximum £2,500,000", actual: HOMEOWNER_MAX_LOAN, expected: 2_500_000 },
      { rule: "tenant minimum £1,000", actual: TENANT_MIN_LOAN, expected: 1_000 },
      { rule: "personal loans from £1,000", actual: PERSONAL_MIN_LOAN, expected: 1_000 },
      { rule: "personal loans to £50,000", actual: PERSONAL_MAX_LOAN, expected: 50_000 },
      { rule: "minimum property value £50,000", actual: MIN_PROPERTY_VALUE, expected: 50_000 },
      { rule: "redirect threshold £25,000", actual: REDIRECT_LOWER_LIMIT, expected: 25_000 },
      { rule: "redirect threshold £50,000", actual: REDIRECT_UPPER_LIMIT, expected: 50_000 },
      { rule: "rates from 5.69%", actual: HEADLINE_APR, expected: 5.69 },
      { rule: "homeowner calculator 5.9%", actual: HOMEOWNER_CALCULATOR_APR, expected: 5.9 },
      { rule: "bad credit monthly rate 0.0074166", actual: BAD_CREDIT_MONTHLY_RATE, expected: 0.0074166 },
      { rule: "home improvement representative 7.74%", actual: HOME_IMPROVEMENT_REPRESENTATIVE_APR, expected: 7.74 },
      { rule: "names capped at 255", actual: NAME_MAX_LENGTH, expected: 255 },
    ]),
  )("%s", (_rule, { actual, expected }) => {
    expect(actual).toBe(expected);
  });
});

describe("rateForLtv: the table rows", () => {
  it.each(
    byRule([
      { rule: "LTV ≤ 60, loan ≤ £1m → 5.69%", ltv: 55, loan: 200_000, rate: 5.69 },
      { rule: "LTV ≤ 65, loan ≤ £1m → 5.99%", ltv: 63, loan: 200_000, rate: 5.99 },
      { rule: "LTV ≤ 70, loan ≤ £1m → 6.49%", ltv: 68, loan: 200_000, rate: 6.49 },
      { rule: "LTV ≤ 75, loan ≤ £1m → 6.84%", ltv: 73, loan: 200_000, rate: 6.84 },
      { rule: "LTV ≤ 85 (includes ≤ 80), loan ≤ £500k → 7.5%", ltv: 80, loan: 200_000, rate: 7.5 },
      { rule: "LTV ≤ 90, loan ≤ £75k → 8.79%", ltv: 88, loan: 60_000, rate: 8.79 },
      { rule: "LTV ≤ 95, loan ≤ £50k → 10%", ltv: 93, loan: 40_000, rate: 10 },
      { rule: "LTV over 95 → no rate", ltv: 96, loan: 20_000, rate: null },
      { rule: "LTV over 100 (negative equity) → no rate", ltv: 120, loan: 20_000, rate: null },
    ]),
  )("%s", (_rule, { ltv, loan, rate }) => {
    expect(rateForLtv(ltv, loan)).toBe(rate);
  });
});

describe("rateForLtv: both sides of each LTV band edge", () => {
  it.each(
    byRule([
      { rule: "LTV 60 → 5.69% (≤ 60 row)", ltv: 60, loan: 40_000, rate: 5.69 },
      { rule: "LTV 60.01 → 5.99% (≤ 65 row)", ltv: 60.01, loan: 40_000, rate: 5.99 },
      { rule: "LTV 65 → 5.99% (≤ 65 row)", ltv: 65, loan: 40_000, rate: 5.99 },
      { rule: "LTV 65.01 → 6.49% (≤ 70 row)", ltv: 65.01, loan: 40_000, rate: 6.49 },
      { rule: "LTV 70 → 6.49% (≤ 70 row)", ltv: 70, loan: 40_000, rate: 6.49 },
      { rule: "LTV 70.01 → 6.84% (≤ 75 row)", ltv: 70.01, loan: 40_000, rate: 6.84 },
      { rule: "LTV 75 → 6.84% (≤ 75 row)", ltv: 75, loan: 40_000, rate: 6.84 },
      { rule: "LTV 75.01 → 7.5% (≤ 85 row)", ltv: 75.01, loan: 40_000, rate: 7.5 },
      { rule: "LTV 85 → 7.5% (≤ 85 row)", ltv: 85, loan: 40_000, rate: 7.5 },
      { rule: "LTV 85.01 → 8.79% (≤ 90 row)", ltv: 85.01, loan: 40_000, rate: 8.79 },
      { rule: "LTV 90 → 8.79% (≤ 90 row)", ltv: 90, loan: 40_000, rate: 8.79 },
      { rule: "LTV 90.01 → 10% (≤ 95 row)", ltv: 90.01, loan: 40_000, rate: 10 },
      { rule: "LTV 95 → 10% (≤ 95 row)", ltv: 95, loan: 40_000, rate: 10 },
      { rule: "LTV 95.01 → no rate (otherwise)", ltv: 95.01, loan: 40_000, rate: null },
    ]),
  )("%s", (_rule, { ltv, loan, rate }) => {
    expect(rateForLtv(ltv, loan)).toBe(rate);
  });
});

describe("rateForLtv: both sides of each loan limit", () => {
  it.each(
    byRule([
      { rule: "LTV ≤ 60, loan £1,000,000 → 5.69%", ltv: 50, loan: 1_000_000, rate: 5.69 },
      { rule: "LTV ≤ 60, loan £1,000,001 → no rate", ltv: 50, loan: 1_000_001, rate: null },
      { rule: "LTV ≤ 65, loan £1,000,000 → 5.99%", ltv: 62, loan: 1_000_000, rate: 5.99 },
      { rule: "LTV ≤ 65, loan £1,000,001 → no rate", ltv: 62, loan: 1_000_001, rate: null },
      { rule: "LTV ≤ 70, loan £1,000,000 → 6.49%", ltv: 68, loan: 1_000_000, rate: 6.49 },
      { rule: "LTV ≤ 70, loan £1,000,001 → no rate", ltv: 68, loan: 1_000_001, rate: null },
      { rule: "LTV ≤ 75, loan £1,000,000 → 6.84%", ltv: 73, loan: 1_000_000, rate: 6.84 },
      { rule: "LTV ≤ 75, loan £1,000,001 → no rate", ltv: 73, loan: 1_000_001, rate: null },
      { rule: "LTV ≤ 85, loan £500,000 → 7.5%", ltv: 80, loan: 500_000, rate: 7.5 },
      { rule: "LTV ≤ 85, loan £500,001 → no rate", ltv: 80, loan: 500_001, rate: null },
      { rule: "LTV ≤ 90, loan £75,000 → 8.79%", ltv: 88, loan: 75_000, rate: 8.79 },
      { rule: "LTV ≤ 90, loan £75,001 → no rate", ltv: 88, loan: 75_001, rate: null },
      { rule: "LTV ≤ 95, loan £50,000 → 10%", ltv: 93, loan: 50_000, rate: 10 },
      { rule: "LTV ≤ 95, loan £50,001 → no rate", ltv: 93, loan: 50_001, rate: null },
      {
        rule: "a loan too big for its LTV band gets no rate, not a higher one: LTV 50, £2m",
        ltv: 50,
        loan: 2_000_000,
        rate: null,
      },
    ]),
  )("%s", (_rule, { ltv, loan, rate }) => {
    expect(rateForLtv(ltv, loan)).toBe(rate);
  });
});

describe("loanToValue", () => {
  it.each(
    byRule([
      {
        rule: "mortgage owner: (loan + mortgage balance) / property × 100",
        input: {
          loanAmount: 50_000,
          mortgageBalance: 100_000,
          propertyValue: 300_000,
          homeownerStatus: "mortgage",
          loanPurpose: "other",
        },
        expected: 50,
      },
      {
        rule: "exactly 60% computes as 60, not 60.00000000000001",
        input: {
          loanAmount: 30_000,
          mortgageBalance: 0,
          propertyValue: 50_000,
          homeownerStatus: "mortgage",
          loanPurpose: "other",
        },
        expected: 60,
      },
      {
        rule: "D3: outright owner's mortgage balance is 0, so LTV is loan / property",
        input: {
          loanAmount: 60_000,
          mortgageBalance: 90_000,
          propertyValue: 200_000,
          homeownerStatus: "outright",
          loanPurpose: "other",
        },
        expected: 30,
      },
      {
        rule: "tenant borrowing £50,000 for Property purchase: loan / property",
        input: {
          loanAmount: 50_000,
          mortgageBalance: 80_000,
          propertyValue: 100_000,
          homeownerStatus: "tenant",
          loanPurpose: "property-purchase",
        },
        expected: 50,
      },
      {
        rule: "tenant borrowing £49,999 for Property purchase: (loan + balance) / property",
        input: {
          loanAmount: 49_999,
          mortgageBalance: 1,
          propertyValue: 100_000,
          homeownerStatus: "tenant",
          loanPurpose: "property-purchase",
        },
        expected: 50,
      },
      {
        rule: "tenant borrowing £60,000 for another purpose: (loan + balance) / property",
        input: {
          loanAmount: 60_000,
          mortgageBalance: 20_000,
          propertyValue: 100_000,
          homeownerStatus: "tenant",
          loanPurpose: "other",
        },
        expected: 80,
      },
      {
        rule: "a missing mortgage balance counts as 0",
        input: { loanAmount: 40_000, propertyValue: 100_000, homeownerStatus: "mortgage", loanPurpose: "other" },
        expected: 40,
      },
      {
        rule: "no property value → null",
        input: { loanAmount: 40_000, mortgageBalance: 0, homeownerStatus: "mortgage", loanPurpose: "other" },
        expected: null,
      },
      {
        rule: "property value 0 → null",
        input: {
          loanAmount: 40_000,
          mortgageBalance: 0,
          propertyValue: 0,
          homeownerStatus: "mortgage",
          loanPurpose: "other",
        },
        expected: null,
      },
    ] as const),
  )("%s", (_rule, { input, expected }) => {
    expect(loanToValue(input)).toBe(expected);
  });
});

const payment60 = (amount: number, rate: number) =>
  loanCost({ amount, annualRatePercent: rate, months: INDICATIVE_TERM_MONTHS }).monthlyPayment;

const mortgageOwner: IndicativeQuoteAnswers = {
  homeownerStatus: "mortgage",
  loanAmount: 100_000,
  loanPurpose: "home-improvements",
  creditHistory: "good",
  propertyValue: 400_000,
  mortgageBalance: 100_000,
};

describe("indicativeQuote", () => {
  it.each(
    byRule([
      { rule: "credit history excellent gets a rate", creditHistory: "excellent" },
      { rule: "credit history good gets a rate", creditHistory: "good" },
      { rule: "credit history unsure gets a rate", creditHistory: "unsure" },
    ] as const),
  )("%s", (_rule, { creditHistory }) => {
    expect(indicativeQuote({ ...mortgageOwner, creditHistory })).toEqual({
      ltv: 50,
      rate: 5.69,
      monthlyPayment: 1918.9,
    });
  });

  it("monthly payment is the 60-month amortised payment at the rate, to the penny", () => {
    const quote = indicativeQuote({
      ...mortgageOwner,
      loanAmount: 30_000,
      mortgageBalance: 7_000,
      propertyValue: 50_000,
    });
    expect(quote).toEqual({ ltv: 74, rate: 6.84, monthlyPayment: payment60(30_000, 6.84) });
  });

  it.each(
    byRule([
      {
        rule: "credit history fair → no rate",
        answers: { ...mortgageOwner, creditHistory: "fair" },
        reason: "credit-history",
        ltv: 50,
      },
      {
        rule: "credit history poor → no rate",
        answers: { ...mortgageOwner, creditHistory: "poor" },
        reason: "credit-history",
        ltv: 50,
      },
      {
        rule: "credit history not given → no rate",
        answers: { ...mortgageOwner, creditHistory: undefined },
        reason: "credit-history",
        ltv: 50,
      },
      {
        rule: "outright owner under-50 borrowing over £50,000 (£50,001) → no rate",
        answers: { ...mortgageOwner, homeownerStatus: "outright", age: "under-50", loanAmount: 50_001 },
        reason: "outright-owner-amount",
        ltv: 12.50025,
      },
      ...(["50-60", "61-70", "71-80", "over-80", undefined] as const).map((age) => ({
        rule: `outright owner aged ${age ?? "(not given)"} → no rate`,
        answers: { ...mortgageOwner, homeownerStatus: "outright" as const, age, loanAmount: 40_000 },
        reason: "outright-owner-age",
        ltv: 10,
      })),
      {
        rule: "tenant Property purchase loan of £50,001 → no rate",
        answers: {
          ...mortgageOwner,
          homeownerStatus: "tenant",
          loanPurpose: "property-purchase",
          loanAmount: 50_001,
          propertyValue: 100_002,
        },
        reason: "tenant-property-purchase",
        ltv: 50,
      },
      {
        rule: "no property value → no rate",
        answers: { ...mortgageOwner, propertyValue: undefined },
        reason: "no-property-value",
        ltv: null,
      },
      {
        rule: "LTV above 95 → no rate",
        answers: { ...mortgageOwner, mortgageBalance: 300_000 },
        reason: "outside-rate-table",
        ltv: 100,
      },
      {
        rule: "no loan amount → no rate",
        answers: { ...mortgageOwner, loanAmount: undefined },
        reason: "missing-details",
        ltv: null,
      },
    ] as const),
  )("%s", (_rule, { answers, reason, ltv }) => {
    expect(indicativeQuote(answers)).toEqual({ ltv, rate: null, reason });
  });

  it.each(
    byRule([
      {
        rule: "outright owner under-50 borrowing £50,000 gets a rate (loan / property)",
        answers: { ...mortgageOwner, homeownerStatus: "outright", age: "under-50", loanAmount: 50_000 },
        expected: { ltv: 12.5, rate: 5.69, monthlyPayment: payment60(50_000, 5.69) },
      },
      {
        rule: "tenant Property purchase loan of £50,000 gets a rate (loan / property)",
        answers: {
          ...mortgageOwner,
          homeownerStatus: "tenant",
          loanPurpose: "property-purchase",
          loanAmount: 50_000,
          propertyValue: 55_000,
        },
        expected: { ltv: (50_000 * 100) / 55_000, rate: 10, monthlyPayment: payment60(50_000, 10) },
      },
      {
        rule: "tenant £60,000 for another purpose is not the property-purchase exclusion",
        answers: {
          ...mortgageOwner,
          homeownerStatus: "tenant",
          loanPurpose: "other",
          loanAmount: 60_000,
          mortgageBalance: 0,
          propertyValue: 200_000,
        },
        expected: { ltv: 30, rate: 5.69, monthlyPayment: payment60(60_000, 5.69) },
      },
    ] as const),
  )("%s", (_rule, { answers, expected }) => {
    expect(indicativeQuote(answers)).toEqual(expected);
  });
});

describe("quoteIndicativeFigures (server recomputes, never trusts the browser)", () => {
  const quote = {
    homeowner_status: "mortgage",
    loan_amount: 100_000,
    loan_purpose: "other",
    credit_history: "excellent",
    property_value: 300_000,
    mortgage_balance: 0,
    age: undefined,
  } as const;

  it.each(
    byRule([
      {
        rule: "a rated quote stores LTV to 2 places, the rate and the 60-month payment",
        input: quote,
        expected: { ltv_ratio: 33.33, indicative_rate: 5.69, monthly_payment: payment60(100_000, 5.69) },
      },
      {
        rule: "an unrated quote stores its LTV and no rate or payment",
        input: { ...quote, credit_history: "poor" },
        expected: { ltv_ratio: 33.33, indicative_rate: null, monthly_payment: null },
      },
      {
        rule: "D3: an outright owner's LTV ignores any balance sent",
        input: {
          ...quote,
          homeowner_status: "outright",
          mortgage_balance: 150_000,
          age: "under-50",
          loan_amount: 30_000,
        },
        expected: { ltv_ratio: 10, indicative_rate: 5.69, monthly_payment: payment60(30_000, 5.69) },
      },
    ] as const),
  )("%s", (_rule, { input, expected }) => {
    expect(quoteIndicativeFigures(input)).toEqual(expected);
  });

  it.each(
    byRule([
      { rule: "LTV rounds half up to 2 places: 60.005 → 60.01", ltv: 60.005, expected: 60.01 },
      { rule: "LTV 33.3333… → 33.33", ltv: 100 / 3, expected: 33.33 },
    ]),
  )("%s", (_rule, { ltv, expected }) => {
    expect(roundLtv(ltv)).toBe(expected);
  });
});

describe("enquiryIndicativeFigures (the quick check's staff email carries the main form's figures)", () => {
  const enquiry = {
    homeownerStatus: "mortgage",
    loanAmount: 40_000,
    loanPurpose: "home-improvements",
    creditHistory: "good",
    propertyValue: 300_000,
    mortgageBalance: 120_000,
    age: undefined,
  } as const;

  it.each(
    byRule([
      {
        rule: "a mortgage owner: LTV of loan and balance, its band's rate, the 60-month payment",
        input: enquiry,
        expected: { ltv_ratio: 53.33, indicative_rate: 5.69, monthly_payment: payment60(40_000, 5.69) },
      },
      {
        rule: "fair credit: LTV but no rate",
        input: { ...enquiry, creditHistory: "fair" },
        expected: { ltv_ratio: 53.33, indicative_rate: null, monthly_payment: null },
      },
      {
        rule: "an outright owner gives no property value: LTV not known, no rate",
        input: {
          ...enquiry,
          homeownerStatus: "outright",
          propertyValue: undefined,
          mortgageBalance: 0,
          age: "under-50",
        },
        expected: { ltv_ratio: null, indicative_rate: null, monthly_payment: null },
      },
      {
        rule: "an outright owner aged 50–65 is not rated, as in the main form",
        input: { ...enquiry, homeownerStatus: "outright", mortgageBalance: 0, age: "50-65" },
        expected: { ltv_ratio: 13.33, indicative_rate: null, monthly_payment: null },
      },
    ] as const),
  )("%s", (_rule, { input, expected }) => {
    expect(enquiryIndicativeFigures(input)).toEqual(expected);
  });
});
