import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { loanCost } from "./finance";
import { commissionFor, type LeadAnswers, matchPanel, matchProduct, noPanelMatch } from "./lender-matching";
import {
  EMPTY_PRODUCT_FORM,
  type LenderCriteria,
  type LenderProduct,
  lenderCriteriaSchema,
  productFormValues,
  readProductForm,
} from "./lender-products";
import { CREDIT_HISTORIES, EMPLOYMENT_STATUSES } from "./options";

// The lender panel against a lead (DECISIONS D22): each criterion just in and just out,
// each credit history, a panel with nothing that fits, a retired product, and the
// broker's commission to the penny.

const criteria = (over: Partial<LenderCriteria> = {}): LenderCriteria => ({
  minLoan: 10_000,
  maxLoan: 100_000,
  minTermMonths: 36,
  maxTermMonths: 300,
  maxLtvByCredit: { excellent: 85, good: 80, fair: 75, poor: 65, unsure: 70 },
  employment: ["employed-full-time", "employed-part-time", "self-employed", "retired"],
  minMonthlyIncome: 1_500,
  maxAgeAtEnd: 75,
  excludedPurposes: ["business-purposes"],
  rateBands: [
    { upToLtv: 60, ratePercent: 6.49 },
    { upToLtv: 75, ratePercent: 7.25 },
    { upToLtv: 85, ratePercent: 8.9 },
  ],
  feePounds: 495,
  commissionPercent: 2,
  commissionFixedPounds: 0,
  ...over,
});

const product = (over: Partial<LenderProduct> = {}, c: Partial<LenderCriteria> = {}): LenderProduct => ({
  id: "p1",
  lender: "Example Lender A",
  productName: "Homeowner plus",
  kind: "second-charge",
  retired: false,
  criteria: criteria(c),
  ...over,
});

/** £30,000 on a £200,000 home with £100,000 owed: LTV 65%. */
const lead = (over: Partial<LeadAnswers> = {}): LeadAnswers => ({
  loanAmount: 30_000,
  propertyValue: 200_000,
  mortgageBalance: 100_000,
  homeownerStatus: "mortgage",
  loanPurpose: "home-improvements",
  creditHistory: "good",
  employmentStatus: "employed-full-time",
  monthlyIncome: 3_000,
  age: "50-60",
  ...over,
});

const reasonOf = (answers: LeadAnswers, p: LenderProduct = product()) => {
  const outcome = matchProduct(answers, p);
  return outcome.fits ? "fits" : outcome.reason;
};

describe("each criterion at its boundary", () => {
  it.each(
    byRule([
      { rule: "the smallest loan is in", answers: lead({ loanAmount: 10_000, mortgageBalance: 0 }), expected: "fits" },
      {
        rule: "a pound below the smallest loan is out",
        answers: lead({ loanAmount: 9_999, mortgageBalance: 0 }),
        expected: "£9,999 is below this product's smallest loan of £10,000",
      },
      { rule: "the largest loan is in", answers: lead({ loanAmount: 100_000, mortgageBalance: 0 }), expected: "fits" },
      {
        rule: "a pound above the largest loan is out",
        answers: lead({ loanAmount: 100_001, mortgageBalance: 0 }),
        expected: "£100,001 is above this product's largest loan of £100,000",
      },
      {
        rule: "an excluded purpose is out",
        answers: lead({ loanPurpose: "business-purposes" }),
        expected: "This product does not lend for business purposes",
      },
      { rule: "a purpose not given is not held against it", answers: lead({ loanPurpose: null }), expected: "fits" },
      {
        rule: "an employment type not accepted is out",
        answers: lead({ employmentStatus: "student" }),
        expected: "This product does not accept student borrowers",
      },
      {
        rule: "employment not given is out when only some are accepted",
        answers: lead({ employmentStatus: null }),
        expected: "Employment was not given, and this product accepts only some kinds",
      },
      { rule: "the least income is in", answers: lead({ monthlyIncome: 1_500 }), expected: "fits" },
      {
        rule: "a pound under the least income is out",
        answers: lead({ monthlyIncome: 1_499 }),
        expected: "Monthly income £1,499 is below this product's least of £1,500",
      },
      {
        rule: "income not given is out when a least income is set",
        answers: lead({ monthlyIncome: null }),
        expected: "Monthly income was not given; this product needs at least £1,500",
      },
      // Good credit: up to 80%. £60,000 + £100,000 on £200,000 is 80%; £60,001 is 80.0005% → 80% shown, in.
      { rule: "LTV at the credit history's limit is in", answers: lead({ loanAmount: 60_000 }), expected: "fits" },
      {
        rule: "LTV a hundredth over the limit is out",
        answers: lead({ loanAmount: 60_020 }),
        expected: "LTV 80.01% is above this product's 80% for good credit",
      },
      {
        rule: "no property value: a second charge cannot know the LTV",
        answers: lead({ propertyValue: null }),
        expected: "No property value was given, so the LTV is not known",
      },
      // Aged 61 – 70 (61 at the youngest), limit 75: 14 years is the longest term.
      {
        rule: "an age band young enough for the shortest term is in",
        answers: lead({ age: "71-80" }),
        expected: "fits",
      },
      {
        rule: "an age band past the age limit by the end of the shortest term is out",
        answers: lead({ age: "over-80" }),
        expected:
          "Aged over 80, the borrower would be past this product's highest age of 75 at the end of its shortest term (3 years)",
      },
      { rule: "no age given is not held against it", answers: lead({ age: null }), expected: "fits" },
    ]),
  )("%s", (_rule, { answers, expected }) => {
    expect(reasonOf(answers)).toBe(expected);
  });

  it("takes a term that ends exactly at the age limit, and one month more is out", () => {
    // Youngest 71 (71 – 80), limit 75: 48 months ends at 75.
    expect(reasonOf(lead({ age: "71-80" }), product({}, { minTermMonths: 48 }))).toBe("fits");
    expect(reasonOf(lead({ age: "71-80" }), product({}, { minTermMonths: 49 }))).toMatch(
      /past this product's highest age/,
    );
    expect(reasonOf(lead({ age: "71-80" }), product({}, { maxAgeAtEnd: null }))).toBe("fits");
  });

  it("gives the rate of the first band that holds the LTV, both edges of a band", () => {
    const rate = (loanAmount: number) => {
      const o = matchProduct(lead({ loanAmount, creditHistory: "excellent" }), product());
      return o.fits ? o.fit.ratePercent : o.reason;
    };
    expect(rate(20_000)).toBe(6.49); // LTV 60%
    expect(rate(20_020)).toBe(7.25); // LTV 60.01%
    expect(rate(50_000)).toBe(7.25); // LTV 75%
    expect(rate(50_020)).toBe(8.9); // LTV 75.01%
  });

  it("refuses an LTV within the credit limit but above every rate band", () => {
    const p = product({}, { rateBands: [{ upToLtv: 70, ratePercent: 7 }] });
    expect(reasonOf(lead({ loanAmount: 50_000 }), p)).toBe("LTV 75% is above this product's highest rate band (70%)");
  });
});

describe("each credit history", () => {
  // £50,000 + £100,000 on £200,000: LTV 75%.
  it.each(
    byRule([
      { rule: "excellent, limit 85%: in", creditHistory: "excellent", expected: "fits" },
      { rule: "good, limit 80%: in", creditHistory: "good", expected: "fits" },
      { rule: "fair, limit 75%: in at 75%", creditHistory: "fair", expected: "fits" },
      {
        rule: "poor, limit 65%: out",
        creditHistory: "poor",
        expected: "LTV 75% is above this product's 65% for poor credit",
      },
      {
        rule: "unsure, limit 70%: out",
        creditHistory: "unsure",
        expected: "LTV 75% is above this product's 70% for unsure credit",
      },
      {
        rule: "not given is held to the unsure limit",
        creditHistory: null,
        expected: "LTV 75% is above this product's 70% for unsure credit",
      },
    ]),
  )("%s", (_rule, { creditHistory, expected }) => {
    expect(reasonOf(lead({ loanAmount: 50_000, creditHistory }))).toBe(expected);
  });

  it("says so when a product lends to no one with that credit history", () => {
    const p = product({}, { maxLtvByCredit: { excellent: 85, good: 80, fair: 75, poor: null, unsure: 70 } });
    expect(reasonOf(lead({ creditHistory: "poor" }), p)).toBe(
      "This product does not lend to borrowers with poor credit",
    );
  });

  it("the first failing reason wins: amount before LTV", () => {
    expect(reasonOf(lead({ loanAmount: 200_000, creditHistory: "poor" }))).toBe(
      "£200,000 is above this product's largest loan of £100,000",
    );
  });

  it("covers every credit history the forms ask about", () => {
    expect(Object.keys(criteria().maxLtvByCredit).sort()).toEqual(CREDIT_HISTORIES.map((c) => c.value).sort());
  });
});

describe("the figures of a product that fits", () => {
  it("prices the amount at the band's rate over the term the lead page uses, the fee on top", () => {
    const o = matchProduct(lead(), product());
    expect(o.fits).toBe(true);
    if (!o.fits) return;
    const cost = loanCost({ amount: 30_000, annualRatePercent: 7.25, months: 60 });
    expect(o.fit).toMatchObject({ ltv: 65, ratePercent: 7.25, termMonths: 60, monthlyPayment: cost.monthlyPayment });
    expect(o.fit.monthlyPayment).toBe(597.58);
    expect(o.fit.totalPayable).toBe(Math.round((cost.totalPayable + 495) * 100) / 100);
  });

  it("moves the term into the product's range, and shortens it for the age limit", () => {
    const term = (p: LenderProduct, age: string | null = null) => {
      const o = matchProduct(lead({ age }), p);
      return o.fits ? o.fit.termMonths : o.reason;
    };
    expect(term(product({}, { minTermMonths: 84 }))).toBe(84);
    expect(term(product({}, { maxTermMonths: 48 }))).toBe(48);
    expect(term(product({}, { maxAgeAtEnd: 74 }), "71-80")).toBe(36);
  });

  it("rates a partner hand-off with no property value by its first band", () => {
    const o = matchProduct(lead({ propertyValue: null }), product({ kind: "partner-hand-off" }));
    expect(o.fits && o.fit.ratePercent).toBe(6.49);
    expect(o.fits && o.fit.ltv).toBeNull();
  });
});

describe("the panel", () => {
  const a = product({ id: "a", lender: "Example Lender A" }, { rateBands: [{ upToLtv: 85, ratePercent: 7.9 }] });
  const b = product({ id: "b", lender: "Example Lender B" }, { rateBands: [{ upToLtv: 85, ratePercent: 6.9 }] });
  const c = product({ id: "c", lender: "Example Lender C" }, { minLoan: 50_000 });

  it("lists what fits best rate first, and what does not with its reason", () => {
    const match = matchPanel(lead(), [a, b, c]);
    expect(match.fits.map((f) => f.product.id)).toEqual(["b", "a"]);
    expect(match.misses).toEqual([{ product: c, reason: "£30,000 is below this product's smallest loan of £50,000" }]);
  });

  it("never matches a retired product, even one that would fit best", () => {
    const retired = { ...b, retired: true };
    const match = matchPanel(lead(), [a, retired]);
    expect(match.fits.map((f) => f.product.id)).toEqual(["a"]);
    expect(match.misses).toEqual([]);
  });

  it("marks a lead no live product fits; not one when the panel is empty or all retired", () => {
    expect(noPanelMatch(lead({ loanAmount: 5_000 }), [a, b, c])).toBe(true);
    expect(matchPanel(lead({ loanAmount: 5_000 }), [a, b, c]).fits).toEqual([]);
    expect(noPanelMatch(lead(), [a, c])).toBe(false);
    expect(noPanelMatch(lead({ loanAmount: 5_000 }), [])).toBe(false);
    expect(noPanelMatch(lead(), [{ ...a, retired: true }])).toBe(false);
    expect(noPanelMatch(lead({ loanAmount: 5_000 }), [{ ...a, retired: true }, c])).toBe(true);
  });
});

describe("commission", () => {
  it.each(
    byRule([
      { rule: "a percentage only", percent: 2, fixed: 0, amount: 30_000, expected: 600 },
      { rule: "a fixed sum only", percent: 0, fixed: 250, amount: 30_000, expected: 250 },
      { rule: "both", percent: 1.5, fixed: 99.99, amount: 40_000, expected: 699.99 },
      { rule: "a half penny rounds up", percent: 1.5, fixed: 0, amount: 10_001, expected: 150.02 },
      { rule: "under a half penny rounds down", percent: 1.15, fixed: 0, amount: 10_001, expected: 115.01 },
      { rule: "hundredths of a per cent are exact", percent: 0.05, fixed: 0, amount: 10, expected: 0.01 },
      { rule: "an amount with pence", percent: 2.5, fixed: 10, amount: 12_345.67, expected: 318.64 },
      { rule: "none", percent: 0, fixed: 0, amount: 50_000, expected: 0 },
    ]),
  )("%s", (_rule, { percent, fixed, amount, expected }) => {
    expect(commissionFor({ commissionPercent: percent, commissionFixedPounds: fixed }, amount)).toBe(expected);
  });
});

describe("the product form", () => {
  const form = (values: Record<string, string | string[]>) =>
    readProductForm(
      (name) => {
        const v = values[name];
        return typeof v === "string" ? v : "";
      },
      (name) => {
        const v = values[name];
        return Array.isArray(v) ? v : [];
      },
    );
  const good: Record<string, string | string[]> = {
    lender: "Example Lender A",
    productName: "Homeowner plus",
    kind: "second-charge",
    minLoan: "£10,000",
    maxLoan: "100000",
    minTermMonths: "36",
    maxTermMonths: "300",
    ltvExcellent: "85",
    ltvGood: "80%",
    ltvFair: "75",
    ltvPoor: "",
    ltvUnsure: "70",
    employment: ["employed-full-time", "self-employed"],
    minMonthlyIncome: "1,500",
    maxAgeAtEnd: "75",
    excludedPurposes: ["business-purposes"],
    band1UpTo: "60",
    band1Rate: "6.49",
    band2UpTo: "85",
    band2Rate: "8.9",
    feePounds: "495",
    commissionPercent: "1.5",
    commissionFixedPounds: "99.99",
  };

  it("reads a good form into a product the stored schema takes, and back", () => {
    const result = form(good);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.criteria).toMatchObject({
      minLoan: 10_000,
      maxLtvByCredit: { excellent: 85, good: 80, fair: 75, poor: null, unsure: 70 },
      employment: ["employed-full-time", "self-employed"],
      rateBands: [
        { upToLtv: 60, ratePercent: 6.49 },
        { upToLtv: 85, ratePercent: 8.9 },
      ],
      commissionFixedPounds: 99.99,
    });
    expect(lenderCriteriaSchema.safeParse(result.value.criteria).success).toBe(true);
    const again = productFormValues(result.value);
    expect(form({ ...again.text, employment: again.employment, excludedPurposes: again.excludedPurposes })).toEqual(
      result,
    );
  });

  it.each(
    byRule<{ rule: string; change: Record<string, string | string[]>; field: string; message: string }>([
      { rule: "no lender", change: { lender: " " }, field: "lender", message: "Enter the lender's name" },
      { rule: "no kind", change: { kind: "bank" }, field: "kind", message: "Choose the kind of product" },
      {
        rule: "not a number",
        change: { minLoan: "ten" },
        field: "minLoan",
        message: "Enter the smallest loan in pounds as a whole number",
      },
      {
        rule: "largest below smallest",
        change: { maxLoan: "9999" },
        field: "maxLoan",
        message: "The largest loan must be at least the smallest",
      },
      {
        rule: "an LTV over 100",
        change: { ltvGood: "101" },
        field: "ltvGood",
        message: "Enter the highest LTV for good credit in per cent between 0 and 100",
      },
      {
        rule: "no employment ticked",
        change: { employment: [] },
        field: "employment",
        message: "Tick at least one employment type this product accepts",
      },
      {
        rule: "bands out of order",
        change: { band2UpTo: "50" },
        field: "band2UpTo",
        message: "Each band's highest LTV must be above the band before it",
      },
      {
        rule: "no band",
        change: { band1UpTo: "", band1Rate: "", band2UpTo: "", band2Rate: "" },
        field: "band1UpTo",
        message: "Enter at least one rate band: its highest LTV and its rate",
      },
      {
        rule: "commission in thousandths",
        change: { commissionPercent: "1.125" },
        field: "commissionPercent",
        message:
          "Enter the commission as a percentage of the loan (0 for none) as a number with at most 2 decimal places",
      },
    ]),
  )("refuses %s beside its field", (_rule, { change, field, message }) => {
    const result = form({ ...good, ...change });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[field]).toBe(message);
  });

  it("starts empty with every employment type accepted", () => {
    expect(EMPTY_PRODUCT_FORM.employment).toEqual(EMPLOYMENT_STATUSES.map((e) => e.value));
  });
});
