import { describe, expect, it } from "vitest";
import {
  amortisedPayment,
  effectiveAnnualRatePercent,
  formatPercent,
  formatGrouped,
  formatPounds,
  formatTerm,
  loanCost,
  loanCostAtMonthlyRate,
  monthlyRate,
  parseWholePounds,
  representativeExample,
  roundToPence,
} from "./finance";
import { byRule } from "../../tests/support/by-rule";

describe("D2 check values", () => {
  it.each(
    byRule([
      {
        rule: "D2: £50,000 over 10 years at 5.69% → £547.35 a month, £65,682.09 total",
        input: { amount: 50_000, annualRatePercent: 5.69, months: 120 },
        expected: { monthlyPayment: 547.35, totalPayable: 65_682.09, totalInterest: 15_682.09 },
      },
      {
        rule: "D2: £75,000 over 15 years at 5.9% → £628.85 a month, £113,192.61 total",
        input: { amount: 75_000, annualRatePercent: 5.9, months: 180 },
        expected: { monthlyPayment: 628.85, totalPayable: 113_192.61, totalInterest: 38_192.61 },
      },
      {
        rule: "D2: £26,000 debt consolidation over 5 years at 5.69% → £498.91 a month",
        input: { amount: 26_000, annualRatePercent: 5.69, months: 60 },
        expected: { monthlyPayment: 498.91, totalPayable: 29_934.81, totalInterest: 3_934.81 },
      },
      {
        rule: "D2: £35,000 over 8 years at 7.9% is £493.01 a month, not the spec's £330.25",
        input: { amount: 35_000, annualRatePercent: 7.9, months: 96 },
        expected: { monthlyPayment: 493.01 },
      },
    ]),
  )("%s", (_rule, { input, expected }) => {
    expect(loanCost(input)).toMatchObject({ ...expected, amount: input.amount, months: input.months });
  });

  it("D2: £25,000 over 10 years at monthly rate 0.0074166 → £315.34 a month", () => {
    const cost = loanCostAtMonthlyRate({ amount: 25_000, monthlyRate: 0.0074166, months: 120 });
    expect(cost.monthlyPayment).toBe(315.34);
    expect(cost.totalPayable).toBe(37_840.43);
    expect(cost.totalInterest).toBe(12_840.43);
    expect(cost.annualRatePercent).toBe(8.89992);
  });
});

describe("rates and payments", () => {
  it.each(
    byRule([
      { rule: "D2: monthly rate is APR / 12 (nominal): 5.69% → 0.474166…%", apr: 5.69, expected: 5.69 / 1200 },
      { rule: "D2: monthly rate is APR / 12 (nominal): 12% → 1%", apr: 12, expected: 0.01 },
      { rule: "D2: monthly rate is APR / 12 (nominal): 0% → 0", apr: 0, expected: 0 },
    ]),
  )("%s", (_rule, { apr, expected }) => {
    expect(monthlyRate(apr)).toBeCloseTo(expected, 15);
  });

  it.each(
    byRule([
      {
        rule: "a 0% loan is repaid in equal parts: £12,000 over 12 months → £1,000",
        principal: 12_000,
        rate: 0,
        months: 12,
        expected: 1000,
      },
      {
        rule: "amortised payment is unrounded",
        principal: 50_000,
        rate: 5.69 / 1200,
        months: 120,
        expected: 547.3507619465,
      },
      {
        rule: "one-month loan repays principal plus one month's interest",
        principal: 1000,
        rate: 0.01,
        months: 1,
        expected: 1010,
      },
    ]),
  )("%s", (_rule, { principal, rate, months, expected }) => {
    expect(amortisedPayment(principal, rate, months)).toBeCloseTo(expected, 9);
  });

  it.each(
    byRule([
      { rule: "a term of 0 months is refused", months: 0 },
      { rule: "a negative term is refused", months: -12 },
      { rule: "a part-month term is refused", months: 12.5 },
    ]),
  )("%s", (_rule, { months }) => {
    expect(() => amortisedPayment(1000, 0.01, months)).toThrow(RangeError);
  });

  it("total payable is the exact payment × months, not the rounded payment × months", () => {
    const cost = loanCost({ amount: 50_000, annualRatePercent: 5.69, months: 120 });
    expect(cost.totalPayable).not.toBe(roundToPence(cost.monthlyPayment * 120));
  });

  it("a 0% loan costs no interest", () => {
    expect(loanCost({ amount: 1200, annualRatePercent: 0, months: 12 })).toEqual({
      amount: 1200,
      months: 12,
      annualRatePercent: 0,
      monthlyPayment: 100,
      totalPayable: 1200,
      totalInterest: 0,
    });
  });

  it("5.69% nominal compounds to about 5.84% a year (for checking the APR label)", () => {
    expect(effectiveAnnualRatePercent(monthlyRate(5.69))).toBeCloseTo(5.8411, 3);
  });
});

describe("formatPounds", () => {
  it.each(
    byRule([
      { rule: "pence shown when there are some: £547.35", n: 547.35, options: {}, expected: "£547.35" },
      { rule: "en-GB grouping: £65,682.09", n: 65_682.09, options: {}, expected: "£65,682.09" },
      { rule: "whole pounds without pence: £50,000", n: 50_000, options: {}, expected: "£50,000" },
      { rule: "pence: true forces pence: £50,000.00", n: 50_000, options: { pence: true }, expected: "£50,000.00" },
      { rule: "pence: false rounds to pounds: £548", n: 547.5, options: { pence: false }, expected: "£548" },
      { rule: "millions grouped: £2,500,000", n: 2_500_000, options: {}, expected: "£2,500,000" },
      { rule: "a trailing zero penny is kept: £10,901.40", n: 10_901.4, options: {}, expected: "£10,901.40" },
      { rule: "float noise below a penny is not shown: £0.30", n: 0.1 + 0.2, options: {}, expected: "£0.30" },
      { rule: "negative savings keep their sign", n: -256.09, options: {}, expected: "-£256.09" },
    ]),
  )("%s", (_rule, { n, options, expected }) => {
    expect(formatPounds(n, options)).toBe(expected);
  });

  it.each(
    byRule([
      { rule: "rates keep their decimals: 5.69%", n: 5.69, expected: "5.69%" },
      { rule: "whole rates have none: 10%", n: 10, expected: "10%" },
      { rule: "one decimal stays one: 7.5%", n: 7.5, expected: "7.5%" },
    ]),
  )("%s", (_rule, { n, expected }) => {
    expect(formatPercent(n)).toBe(expected);
  });

  it.each(
    byRule([
      { rule: "a whole number of years is in years: 10 years", months: 120, expected: "10 years" },
      { rule: "one year is singular", months: 12, expected: "1 year" },
      { rule: "a part year is in months: 18 months", months: 18, expected: "18 months" },
      { rule: "under a year is in months", months: 6, expected: "6 months" },
      { rule: "the longest term: 30 years", months: 360, expected: "30 years" },
    ]),
  )("%s", (_rule, { months, expected }) => {
    expect(formatTerm(months)).toBe(expected);
  });
});

describe("representativeExample (D12)", () => {
  it.each(
    byRule([
      {
        rule: "secured: £50,000 over 120 months at 5.69% fixed, 120 instalments, £65,682.09 payable",
        input: { amount: 50_000, months: 120, annualRatePercent: 5.69 },
        expected: {
          amount: 50_000,
          termMonths: 120,
          termYears: 10,
          annualRatePercent: 5.69,
          rateType: "fixed",
          fees: 0,
          numberOfInstalments: 120,
          monthlyPayment: 547.35,
          finalPayment: 547.44,
          totalPayable: 65_682.09,
          totalInterest: 15_682.09,
        },
      },
      {
        rule: "personal: £10,000 over 3 years at 5.69% → 35 × £302.82 and a final £302.70, £10,901.40 payable",
        input: { amount: 10_000, months: 36, annualRatePercent: 5.69 },
        expected: { monthlyPayment: 302.82, finalPayment: 302.7, totalPayable: 10_901.4, totalInterest: 901.4 },
      },
      {
        rule: "bad credit: by monthly rate 0.0074166, £25,000 over 10 years → £315.34",
        input: { amount: 25_000, months: 120, monthlyRate: 0.0074166 },
        expected: { monthlyPayment: 315.34, totalPayable: 37_840.43, annualRatePercent: 8.89992 },
      },
    ]),
  )("%s", (_rule, { input, expected }) => {
    expect(representativeExample(input)).toMatchObject(expected);
  });

  it.each([
    { amount: 50_000, months: 120, annualRatePercent: 5.69 },
    { amount: 10_000, months: 36, annualRatePercent: 5.69 },
    { amount: 85_000, months: 180, annualRatePercent: 6.84 },
    { amount: 1_234_567, months: 300, annualRatePercent: 7.74 },
  ])("instalments add up to the total payable to the penny: £$amount over $months months", (input) => {
    const example = representativeExample(input);
    const pence =
      Math.round(example.monthlyPayment * 100) * (example.numberOfInstalments - 1) +
      Math.round(example.finalPayment * 100);
    expect(pence).toBe(Math.round(example.totalPayable * 100));
  });
});

describe("amount inputs (spec 5: digits only; commas stripped and shown grouped)", () => {
  it.each(
    byRule([
      { rule: "commas stripped: '50,000' → 50000", text: "50,000", value: 50_000 },
      { rule: "pound sign and spaces stripped: '£ 25 000' → 25000", text: "£ 25 000", value: 25_000 },
      { rule: "pasted pence are dropped, not multiplied: '£10,000.00' → 10000", text: "£10,000.00", value: 10_000 },
      { rule: "letters dropped: '12k' → 12", text: "12k", value: 12 },
      { rule: "empty → undefined (not entered)", text: "", value: undefined },
      { rule: "no digits → undefined (not entered)", text: "£,", value: undefined },
      { rule: "'0' is an amount of 0", text: "0", value: 0 },
    ]),
  )("%s", (_rule, { text, value }) => {
    expect(parseWholePounds(text)).toBe(value);
  });

  it.each(
    byRule([
      { rule: "shown grouped: 2500000 → '2,500,000'", n: 2_500_000, text: "2,500,000" },
      { rule: "small amounts ungrouped: 999 → '999'", n: 999, text: "999" },
      { rule: "nothing entered → ''", n: undefined, text: "" },
    ]),
  )("%s", (_rule, { n, text }) => {
    expect(formatGrouped(n)).toBe(text);
  });
});
