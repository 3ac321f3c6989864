import { describe, expect, it } from "vitest";
import {
  calculatorAmountFit,
  isBelowSecuredMinimum,
  parseWholePounds,
  SCHOOL_FEES_MAXIMUM,
  CALCULATOR_DEFAULTS,
  badCreditCalculator,
  debtConsolidationSaving,
  homeImprovementCalculator,
  homeownerCalculator,
  parseMoneyInput,
  schoolFeesCalculator,
  schoolFeesSelection,
  securedLoanCalculator,
} from "./calculators";
import { byRule } from "../../tests/support/by-rule";

describe("calculators (spec section 9, figures per D2)", () => {
  it.each(
    byRule([
      {
        rule: "secured landing: £50,000 over 10 years at 5.69% → £547.35, £65,682.09 total, £15,682.09 interest",
        cost: () => securedLoanCalculator(50_000, 10),
        expected: {
          annualRatePercent: 5.69,
          months: 120,
          monthlyPayment: 547.35,
          totalPayable: 65_682.09,
          totalInterest: 15_682.09,
        },
      },
      {
        rule: "homeowner calculator: £75,000 over 15 years at 5.9% → £628.85, £113,192.61 total",
        cost: () => homeownerCalculator(75_000, 15),
        expected: { annualRatePercent: 5.9, months: 180, monthlyPayment: 628.85, totalPayable: 113_192.61 },
      },
      {
        rule: "homeowner calculator default: £50,000 over 10 years at 5.9%",
        cost: () => homeownerCalculator(CALCULATOR_DEFAULTS.homeowner.amount, CALCULATOR_DEFAULTS.homeowner.years),
        expected: { annualRatePercent: 5.9, months: 120, monthlyPayment: 552.59 },
      },
      {
        rule: "bad credit: £25,000 over 10 years at monthly rate 0.0074166 → £315.34",
        cost: () => badCreditCalculator(25_000, 10),
        expected: { months: 120, monthlyPayment: 315.34, totalPayable: 37_840.43 },
      },
      {
        rule: "school fees: £25,000 over 10 years at 5.69% → £273.68",
        cost: () => schoolFeesCalculator(25_000, 10),
        expected: { annualRatePercent: 5.69, months: 120, monthlyPayment: 273.68, totalPayable: 32_841.05 },
      },
      {
        rule: "home improvement: '50,000' over 5 years at 7.74% → £1,007.61, £60,456.57 total",
        cost: () => homeImprovementCalculator("50,000", 5),
        expected: {
          annualRatePercent: 7.74,
          months: 60,
          amount: 50_000,
          monthlyPayment: 1_007.61,
          totalPayable: 60_456.57,
        },
      },
      {
        rule: "bad credit: a £0 loan costs £0 a month (the page then shows no result)",
        cost: () => badCreditCalculator(0, 10),
        expected: { monthlyPayment: 0, totalPayable: 0 },
      },
    ]),
  )("%s", (_rule, { cost, expected }) => {
    // Computed inside the test, not while the table is built: a fault then fails this
    // case by name, and mutation testing sees the code run under the test.
    expect(cost()).toMatchObject(expected);
  });

  it.each(
    byRule([
      { rule: "home improvement: commas stripped from the amount", text: "1,250,000", amount: 1_250_000 },
      { rule: "home improvement: plain digits", text: "50000", amount: 50_000 },
      { rule: "home improvement: empty → no result", text: "", amount: null },
      { rule: "home improvement: '£' is not stripped (commas only) → no result", text: "£50,000", amount: null },
      { rule: "home improvement: letters → no result", text: "fifty", amount: null },
      { rule: "home improvement: 0 → no result", text: "0", amount: null },
    ]),
  )("%s", (_rule, { text, amount }) => {
    expect(homeImprovementCalculator(text, 10)?.amount ?? null).toBe(amount);
  });
});

describe("school fees selection (spec section 4)", () => {
  it.each(
    byRule([
      {
        rule: "Eton secondary sets fees and amount to £49,194",
        school: "eton-college",
        year: "secondary",
        expected: { estimatedAnnualFees: 49_194, loanAmount: 49_194 },
      },
      {
        rule: "Dulwich nursery sets fees and amount to £9,000",
        school: "dulwich-college",
        year: "nursery",
        expected: { estimatedAnnualFees: 9_000, loanAmount: 9_000 },
      },
      {
        rule: "a fee of 0 sets the amount to £25,000",
        school: "eton-college",
        year: "primary",
        expected: { estimatedAnnualFees: 0, loanAmount: 25_000 },
      },
      { rule: "Other sets nothing", school: "other", year: "secondary", expected: null },
    ] as const),
  )("%s", (_rule, { school, year, expected }) => {
    expect(schoolFeesSelection(school, year)).toEqual(expected);
  });
});

describe("debt consolidation", () => {
  it.each(
    byRule([
      { rule: "£ and commas stripped: '£15,000' → 15000", text: "£15,000", value: 15_000 },
      { rule: "surrounding spaces ignored", text: " 8000 ", value: 8_000 },
      { rule: "pence allowed", text: "1,234.56", value: 1_234.56 },
      { rule: "a trailing point while typing is allowed", text: "12.", value: 12 },
      { rule: "empty becomes 0", text: "", value: 0 },
      { rule: "just '£' becomes 0", text: "£", value: 0 },
      { rule: "non-numeric is ignored (null)", text: "abc", value: null },
      { rule: "a minus sign is ignored (null)", text: "-500", value: null },
      { rule: "exponent notation is ignored (null)", text: "1e5", value: null },
      { rule: "two points are ignored (null)", text: "1.2.3", value: null },
      { rule: "pence without pounds: '.55' → 0.55", text: ".55", value: 0.55 },
      { rule: "a lone point is ignored (null)", text: ".", value: null },
      { rule: "letters after a leading point are ignored (null)", text: ".ab", value: null },
    ]),
  )("%s", (_rule, { text, value }) => {
    expect(parseMoneyInput(text)).toBe(value);
  });

  it.each(
    byRule([
      {
        rule: "defaults £15,000 + £8,000 + £3,000: now £755 (3%, 2.5%, 3.5%), new £498.91 over 60 months at 5.69%, saving £256.09 a month, £3,073.08 a year",
        debts: CALCULATOR_DEFAULTS.debtConsolidation,
        expected: {
          totalDebt: 26_000,
          currentMonthlyPayment: 755,
          newMonthly: 498.91,
          monthlySaving: 256.09,
          annualSaving: 3_073.08,
        },
      },
      {
        rule: "credit cards only: 3% of £10,000 is £300",
        debts: { creditCards: 10_000, personalLoans: 0, storeCards: 0 },
        expected: {
          totalDebt: 10_000,
          currentMonthlyPayment: 300,
          newMonthly: 191.89,
          monthlySaving: 108.11,
          annualSaving: 1_297.32,
        },
      },
      {
        rule: "personal loan only: 2.5% of £10,000 is £250",
        debts: { creditCards: 0, personalLoans: 10_000, storeCards: 0 },
        expected: { currentMonthlyPayment: 250, monthlySaving: 58.11 },
      },
      {
        rule: "store cards only: 3.5% of £10,000 is £350",
        debts: { creditCards: 0, personalLoans: 0, storeCards: 10_000 },
        expected: { currentMonthlyPayment: 350, monthlySaving: 158.11 },
      },
      {
        rule: "no debts: nothing to save",
        debts: { creditCards: 0, personalLoans: 0, storeCards: 0 },
        expected: { totalDebt: 0, currentMonthlyPayment: 0, newMonthly: 0, monthlySaving: 0, annualSaving: 0 },
      },
    ]),
  )("%s", (_rule, { debts, expected }) => {
    const { newMonthly, ...rest } = expected;
    const saving = debtConsolidationSaving(debts);
    expect(saving).toMatchObject(rest);
    if (newMonthly !== undefined) expect(saving.newLoan.monthlyPayment).toBe(newMonthly);
    expect(saving.newLoan.months).toBe(60);
    expect(saving.newLoan.annualRatePercent).toBe(5.69);
  });
});

describe("isBelowSecuredMinimum (no secured figure for what the firm does not arrange)", () => {
  it.each([
    { rule: "£5,000 is below", amount: 5_000, below: true },
    { rule: "£9,999 is below", amount: 9_999, below: true },
    { rule: "£8,500 (a nursery year) is below", amount: 8_500, below: true },
    { rule: "£10,000 is not", amount: 10_000, below: false },
    { rule: "£2,500,000 is not", amount: 2_500_000, below: false },
  ])("$rule", ({ amount, below }) => {
    expect(isBelowSecuredMinimum(amount)).toBe(below);
  });
});

describe("calculatorAmountFit (issue 28: no figure for an amount outside the limits, and the limit said)", () => {
  it.each(
    byRule([
      {
        rule: "0 → the minimum, not 'enter an amount'",
        amount: 0,
        fit: { fit: "refused", message: "Our minimum loan is £10,000" },
      },
      {
        rule: "£999 → the minimum (too small for a personal loan too)",
        amount: 999,
        fit: { fit: "refused", message: "Our minimum loan is £10,000" },
      },
      { rule: "£1,000 → the personal-loan pointer", amount: 1_000, fit: { fit: "personal-loan" } },
      { rule: "£9,999 → the personal-loan pointer", amount: 9_999, fit: { fit: "personal-loan" } },
      { rule: "£10,000 → a secured figure", amount: 10_000, fit: { fit: "secured" } },
      { rule: "£2,500,000 → a secured figure", amount: 2_500_000, fit: { fit: "secured" } },
      {
        rule: "£2,500,001 → the maximum",
        amount: 2_500_001,
        fit: { fit: "refused", message: "Our maximum loan is £2,500,000" },
      },
      {
        rule: "£2,500,000.50 → the maximum",
        amount: 2_500_000.5,
        fit: { fit: "refused", message: "Our maximum loan is £2,500,000" },
      },
    ] as const),
  )("%s", (_, { amount, fit }) => {
    expect(calculatorAmountFit(amount)).toEqual(fit);
  });

  it.each(
    byRule([
      { rule: "school fees: £500,000 → a secured figure", amount: 500_000, fit: { fit: "secured" } },
      {
        rule: "school fees: £500,001 → the school fees maximum",
        amount: 500_001,
        fit: { fit: "refused", message: "Our maximum loan for school fees is £500,000" },
      },
      {
        rule: "school fees: £8,500 (a nursery year) → the personal-loan pointer",
        amount: 8_500,
        fit: { fit: "personal-loan" },
      },
    ] as const),
  )("%s", (_, { amount, fit }) => {
    expect(calculatorAmountFit(amount, SCHOOL_FEES_MAXIMUM)).toEqual(fit);
  });
});

describe("parseWholePounds", () => {
  it.each(
    byRule([
      { rule: "digits", text: "49194", amount: 49_194 },
      { rule: "commas and spaces around", text: " 49,194 ", amount: 49_194 },
      { rule: "0", text: "0", amount: 0 },
      { rule: "empty is not an amount", text: "", amount: null },
      { rule: "pence are not whole pounds", text: "49194.50", amount: null },
      { rule: "a minus sign is not", text: "-5000", amount: null },
      { rule: "'12k' is not", text: "12k", amount: null },
    ]),
  )("%s", (_, { text, amount }) => {
    expect(parseWholePounds(text)).toBe(amount);
  });
});
