import { formatPercent, formatPounds, formatTerm, loanCost, toPence } from "./finance";
import type { LenderProduct } from "./lender-products";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  type CreditHistory,
  EMPLOYMENT_STATUSES,
  type HomeownerStatus,
  isOptionValue,
  LOAN_PURPOSES,
  type LoanPurpose,
  optionLabel,
  QUICK_AGE_BANDS,
} from "./options";
import { INDICATIVE_TERM_MONTHS, loanToValue, roundLtv } from "./rates";

// The lender panel held against a lead (DECISIONS D22): for each live product, either
// the borrower's rate, payment and total for the amount and a term that fits, or the
// first reason it does not fit, in words an adviser can say on the phone. Pure: the
// route loads the products and the lead; nothing here reads a clock or a database.

/** What the forms asked, as the lead tables store it (a quick-check enquiry may lack some). */
export interface LeadAnswers {
  loanAmount: number;
  propertyValue: number | null;
  mortgageBalance: number | null;
  homeownerStatus: string | null;
  loanPurpose: string | null;
  creditHistory: string | null;
  employmentStatus: string | null;
  monthlyIncome: number | null;
  /** An age band of either form ("61-70", "over-65"), or null when not asked. */
  age: string | null;
}

export interface ProductFit {
  product: LenderProduct;
  /** The LTV rounded as the lead page shows it (null for a hand-off with no property value). */
  ltv: number | null;
  ratePercent: number;
  termMonths: number;
  monthlyPayment: number;
  /** Every repayment and the lender's fee. */
  totalPayable: number;
  feePounds: number;
}

export interface ProductMiss {
  product: LenderProduct;
  reason: string;
}

export interface PanelMatch {
  /** Best rate first; then the lower payment; then the lender's name. */
  fits: ProductFit[];
  /** In the panel's order, each with its first failing reason. */
  misses: ProductMiss[];
}

/**
 * The youngest a borrower in each age band can be, in whole years: the age at the end
 * of a term is judged from it, so a product is not ruled out for a borrower who may be
 * young enough (the adviser confirms the date of birth). Both forms' bands.
 */
export const YOUNGEST_IN_AGE_BAND: Record<string, number> = {
  "under-50": 18,
  "50-60": 50,
  "61-70": 61,
  "71-80": 71,
  "over-80": 81,
  "50-65": 50,
  "over-65": 66,
};

const ageLabel = (age: string) =>
  isOptionValue(AGE_BANDS, age) ? optionLabel(AGE_BANDS, age) : optionLabel(QUICK_AGE_BANDS, age);

/** "fair credit", "unsure credit": how a reason names the credit history (the main form's labels). */
const creditWords = (credit: CreditHistory) => `${optionLabel(CREDIT_HISTORIES, credit).toLowerCase()} credit`;

const pct = (n: number) => formatPercent(n);
const pounds = (n: number) => formatPounds(n);

/** The LTV the criteria are held against: the domain's formula, rounded as shown (2 places). */
export function leadLtv(answers: LeadAnswers): number | null {
  const ltv = loanToValue({
    loanAmount: answers.loanAmount,
    propertyValue: answers.propertyValue ?? undefined,
    mortgageBalance: answers.mortgageBalance ?? undefined,
    homeownerStatus: (answers.homeownerStatus ?? undefined) as HomeownerStatus | undefined,
    loanPurpose: (answers.loanPurpose ?? undefined) as LoanPurpose | undefined,
  });
  return ltv === null ? null : roundLtv(ltv);
}

type Outcome = { fits: false; reason: string } | { fits: true; fit: ProductFit };

/** One product against one lead: the first criterion that fails, in the order an adviser checks them. */
export function matchProduct(answers: LeadAnswers, product: LenderProduct, ltv = leadLtv(answers)): Outcome {
  const c = product.criteria;
  const miss = (reason: string): Outcome => ({ fits: false, reason });
  const amount = answers.loanAmount;

  if (amount < c.minLoan)
    return miss(`${pounds(amount)} is below this product's smallest loan of ${pounds(c.minLoan)}`);
  if (amount > c.maxLoan) return miss(`${pounds(amount)} is above this product's largest loan of ${pounds(c.maxLoan)}`);

  const purpose = answers.loanPurpose;
  if (purpose && (c.excludedPurposes as string[]).includes(purpose))
    return miss(`This product does not lend for ${optionLabel(LOAN_PURPOSES, purpose).toLowerCase()}`);

  const everyEmployment = EMPLOYMENT_STATUSES.every((e) => c.employment.includes(e.value));
  if (!everyEmployment) {
    const employment = answers.employmentStatus;
    if (!employment) return miss("Employment was not given, and this product accepts only some kinds");
    if (!(c.employment as string[]).includes(employment))
      return miss(
        `This product does not accept ${optionLabel(EMPLOYMENT_STATUSES, employment).toLowerCase()} borrowers`,
      );
  }

  if (c.minMonthlyIncome > 0) {
    const income = answers.monthlyIncome;
    if (income === null)
      return miss(`Monthly income was not given; this product needs at least ${pounds(c.minMonthlyIncome)}`);
    if (income < c.minMonthlyIncome)
      return miss(`Monthly income ${pounds(income)} is below this product's least of ${pounds(c.minMonthlyIncome)}`);
  }

  // A lead that did not say its credit history is held to the "unsure" limit.
  const credit: CreditHistory = isOptionValue(CREDIT_HISTORIES, answers.creditHistory)
    ? answers.creditHistory
    : "unsure";
  const limit = c.maxLtvByCredit[credit];
  if (limit === null) return miss(`This product does not lend to borrowers with ${creditWords(credit)}`);
  // A partner hand-off is not secured on the home: without a property value it is rated by its first band.
  if (ltv === null && product.kind === "second-charge")
    return miss("No property value was given, so the LTV is not known");
  if (ltv !== null && ltv > limit)
    return miss(`LTV ${pct(ltv)} is above this product's ${pct(limit)} for ${creditWords(credit)}`);

  const band = ltv === null ? c.rateBands[0] : c.rateBands.find((b) => ltv <= b.upToLtv);
  if (!band) {
    const top = c.rateBands.at(-1)?.upToLtv ?? 0;
    return miss(`LTV ${pct(ltv ?? 0)} is above this product's highest rate band (${pct(top)})`);
  }

  // The term the lead page's figures use, moved into the product's range, and shortened
  // so that the youngest the borrower's age band allows is within the age limit at its end.
  let termMonths = Math.min(Math.max(INDICATIVE_TERM_MONTHS, c.minTermMonths), c.maxTermMonths);
  const youngest = answers.age ? YOUNGEST_IN_AGE_BAND[answers.age] : undefined;
  if (c.maxAgeAtEnd !== null && youngest !== undefined && answers.age) {
    const longest = (c.maxAgeAtEnd - youngest) * 12;
    if (longest < c.minTermMonths)
      return miss(
        `Aged ${ageLabel(answers.age).toLowerCase()}, the borrower would be past this product's highest age of ${c.maxAgeAtEnd} at the end of its shortest term (${formatTerm(c.minTermMonths)})`,
      );
    termMonths = Math.min(termMonths, longest);
  }

  const cost = loanCost({ amount, annualRatePercent: band.ratePercent, months: termMonths });
  return {
    fits: true,
    fit: {
      product,
      ltv,
      ratePercent: band.ratePercent,
      termMonths,
      monthlyPayment: cost.monthlyPayment,
      totalPayable: (toPence(cost.totalPayable) + toPence(c.feePounds)) / 100,
      feePounds: c.feePounds,
    },
  };
}

/** Every live product against a lead; retired products are left out altogether. */
export function matchPanel(answers: LeadAnswers, products: readonly LenderProduct[]): PanelMatch {
  const ltv = leadLtv(answers);
  const fits: ProductFit[] = [];
  const misses: ProductMiss[] = [];
  for (const product of products) {
    if (product.retired) continue;
    const outcome = matchProduct(answers, product, ltv);
    if (outcome.fits) fits.push(outcome.fit);
    else misses.push({ product, reason: outcome.reason });
  }
  fits.sort(
    (a, b) =>
      a.ratePercent - b.ratePercent ||
      a.monthlyPayment - b.monthlyPayment ||
      a.product.lender.localeCompare(b.product.lender, "en-GB"),
  );
  return { fits, misses };
}

/**
 * Whether the inbox marks a lead "No panel match": some product is live and none fits.
 * An empty panel marks nothing (there is nothing to match against).
 */
export function noPanelMatch(answers: LeadAnswers, products: readonly LenderProduct[]): boolean {
  const live = products.filter((p) => !p.retired);
  if (live.length === 0) return false;
  const ltv = leadLtv(answers);
  return live.every((p) => !matchProduct(answers, p, ltv).fits);
}

/**
 * The broker's commission on a loan of `amount` pounds: the product's percentage of the
 * loan, rounded half up to the penny, plus its fixed sum. Computed in whole pence and
 * hundredths of a per cent, so no float ever rounds the wrong way.
 */
export function commissionFor(
  criteria: { commissionPercent: number; commissionFixedPounds: number },
  amount: number,
): number {
  const amountPence = toPence(amount);
  const hundredthsOfPercent = Math.round(criteria.commissionPercent * 100);
  // amountPence × (hundredths / 100) / 100 pence: divide by 10,000 once, rounding half up.
  const percentPence = Math.floor((amountPence * hundredthsOfPercent + 5_000) / 10_000);
  return (percentPence + toPence(criteria.commissionFixedPounds)) / 100;
}

/** The answers of a lead row (quote, quick-check enquiry or inbox row alike); null for one with no amount (a contact message). */
export function leadAnswers(row: {
  loanAmount: number | null;
  propertyValue?: number | null;
  mortgageBalance?: number | null;
  homeownerStatus?: string | null;
  loanPurpose?: string | null;
  creditHistory?: string | null;
  employmentStatus?: string | null;
  monthlyIncome?: number | null;
  age?: string | null;
}): LeadAnswers | null {
  if (row.loanAmount === null) return null;
  return {
    loanAmount: row.loanAmount,
    propertyValue: row.propertyValue ?? null,
    mortgageBalance: row.mortgageBalance ?? null,
    homeownerStatus: row.homeownerStatus ?? null,
    loanPurpose: row.loanPurpose ?? null,
    creditHistory: row.creditHistory ?? null,
    employmentStatus: row.employmentStatus ?? null,
    monthlyIncome: row.monthlyIncome ?? null,
    age: row.age ?? null,
  };
}
