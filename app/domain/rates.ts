// Lending limits and the indicative-rate table (spec section 9) saved with each quote.

import { loanCost } from "./finance";
import type {
  AgeBand,
  CreditHistory,
  HomeownerStatus,
  LoanPurpose,
  QuickAgeBand,
  QuickHomeownerStatus,
  QuickLoanPurpose,
} from "./options";

export const INDICATIVE_TERM_MONTHS = 60;
export const HOMEOWNER_MIN_LOAN = 10_000;
export const HOMEOWNER_MAX_LOAN = 2_500_000;
export const TENANT_MIN_LOAN = 1_000;
export const PERSONAL_MIN_LOAN = 1_000;
export const PERSONAL_MAX_LOAN = 50_000;
export const MIN_PROPERTY_VALUE = 50_000;
/** At or below this, personal-loan-sized requests go to partner A (D4). */
export const REDIRECT_LOWER_LIMIT = 25_000;
/** At or below this (and above the lower limit), requests go to partner B (D4). */
export const REDIRECT_UPPER_LIMIT = 50_000;
export const HEADLINE_APR = 5.69;
export const HOMEOWNER_CALCULATOR_APR = 5.9;
export const BAD_CREDIT_MONTHLY_RATE = 0.0074166;
export const HOME_IMPROVEMENT_REPRESENTATIVE_APR = 7.74;

export interface RateBand {
  /** Highest loan-to-value (percent) the band accepts. */
  maxLtv: number;
  /** Largest loan (pounds) the band accepts. */
  maxLoan: number;
  /** Annual rate, percent. */
  rate: number;
}

// Ordered by LTV; each band's loan limit is no higher than the one above it.
export const RATE_BANDS: readonly RateBand[] = [
  { maxLtv: 60, maxLoan: 1_000_000, rate: 5.69 },
  { maxLtv: 65, maxLoan: 1_000_000, rate: 5.99 },
  { maxLtv: 70, maxLoan: 1_000_000, rate: 6.49 },
  { maxLtv: 75, maxLoan: 1_000_000, rate: 6.84 },
  { maxLtv: 85, maxLoan: 500_000, rate: 7.5 },
  { maxLtv: 90, maxLoan: 75_000, rate: 8.79 },
  { maxLtv: 95, maxLoan: 50_000, rate: 10 },
];

/** The credit histories the table gives a rate for; any other answer gets none. */
export const RATED_CREDIT_HISTORIES = ["excellent", "good", "unsure"] as const satisfies readonly CreditHistory[];
export type RatedCreditHistory = (typeof RATED_CREDIT_HISTORIES)[number];

/** A band of the promoted rate table (D27): its LTV cap, its loan limit, a rate for each rated credit history. */
export interface RateTableBand {
  maxLtv: number;
  maxLoan: number;
  rates: Record<RatedCreditHistory, number>;
}

/** The table as the code holds it: the promotion figures' default until a version is approved (D27). */
export const DEFAULT_RATE_TABLE: readonly RateTableBand[] = RATE_BANDS.map((band) => ({
  maxLtv: band.maxLtv,
  maxLoan: band.maxLoan,
  rates: { excellent: band.rate, good: band.rate, unsure: band.rate },
}));

/**
 * Percent of the property's value the borrowing would take, or null without a value.
 * Outright owners have no mortgage (D3); a tenant buying a property with £50,000 or
 * more is borrowing against the property being bought, so no existing balance counts.
 */
export function loanToValue(input: {
  loanAmount: number;
  mortgageBalance?: number | undefined;
  propertyValue?: number | undefined;
  homeownerStatus?: HomeownerStatus | undefined;
  loanPurpose?: LoanPurpose | undefined;
}): number | null {
  const { loanAmount, propertyValue, homeownerStatus, loanPurpose } = input;
  if (!propertyValue || propertyValue <= 0 || !Number.isFinite(propertyValue)) return null;
  const tenantPurchase = homeownerStatus === "tenant" && loanPurpose === "property-purchase" && loanAmount >= 50_000;
  const balance = homeownerStatus === "outright" || tenantPurchase ? 0 : Math.max(0, input.mortgageBalance ?? 0);
  // Multiply before dividing: 30,000 / 50,000 × 100 is 60.00000000000001 the other way.
  return ((loanAmount + balance) * 100) / propertyValue;
}

/**
 * The first band whose LTV cap and loan limit both hold. Because limits only fall as
 * LTV rises, a loan too big for its own LTV band is too big for every band after it:
 * LTV 50 with a £2m loan gets no rate, not a higher one.
 */
export function rateForLtv(
  ltv: number,
  loanAmount: number,
  creditHistory: RatedCreditHistory = "good",
  table: readonly RateTableBand[] = DEFAULT_RATE_TABLE,
): number | null {
  const band = table.find((b) => ltv <= b.maxLtv && loanAmount <= b.maxLoan);
  return band?.rates[creditHistory] ?? null;
}

const isRatedCreditHistory = (value: CreditHistory | undefined): value is RatedCreditHistory =>
  (RATED_CREDIT_HISTORIES as readonly string[]).includes(value ?? "");

export type NoRateReason =
  | "missing-details"
  | "credit-history"
  | "outright-owner-age"
  | "outright-owner-amount"
  | "tenant-property-purchase"
  | "no-property-value"
  | "outside-rate-table";

export interface IndicativeQuoteAnswers {
  homeownerStatus?: HomeownerStatus | undefined;
  loanAmount?: number | undefined;
  loanPurpose?: LoanPurpose | undefined;
  creditHistory?: CreditHistory | undefined;
  propertyValue?: number | undefined;
  mortgageBalance?: number | undefined;
  age?: AgeBand | undefined;
}

export type IndicativeQuote =
  | { ltv: number; rate: number; monthlyPayment: number }
  | { ltv: number | null; rate: null; reason: NoRateReason };

/** The indicative rate and 60-month payment saved with a quote, or why there is none. */
export function indicativeQuote(
  answers: IndicativeQuoteAnswers,
  table: readonly RateTableBand[] = DEFAULT_RATE_TABLE,
): IndicativeQuote {
  const { homeownerStatus, loanAmount, loanPurpose, creditHistory, age } = answers;
  if (loanAmount === undefined || !Number.isFinite(loanAmount) || loanAmount <= 0) {
    return { ltv: null, rate: null, reason: "missing-details" };
  }
  const ltv = loanToValue({ ...answers, loanAmount });
  const none = (reason: NoRateReason): IndicativeQuote => ({ ltv, rate: null, reason });

  if (!isRatedCreditHistory(creditHistory)) return none("credit-history");
  if (homeownerStatus === "outright") {
    if (age !== "under-50") return none("outright-owner-age");
    if (loanAmount > 50_000) return none("outright-owner-amount");
  }
  if (homeownerStatus === "tenant" && loanPurpose === "property-purchase" && loanAmount >= 50_001) {
    return none("tenant-property-purchase");
  }
  if (ltv === null) return none("no-property-value");
  const rate = rateForLtv(ltv, loanAmount, creditHistory, table);
  if (rate === null) return none("outside-rate-table");
  const { monthlyPayment } = loanCost({
    amount: loanAmount,
    annualRatePercent: rate,
    months: INDICATIVE_TERM_MONTHS,
  });
  return { ltv, rate, monthlyPayment };
}

/** LTV as stored and shown: 2 decimal places. Bands are chosen on the exact figure. */
export function roundLtv(ltv: number): number {
  return Math.round(ltv * 100) / 100;
}

export interface QuoteIndicativeFigures {
  ltv_ratio: number | null;
  indicative_rate: number | null;
  monthly_payment: number | null;
}

/**
 * The figures the server stores with a validated quote, recomputed from its answers:
 * whatever the browser sent for them is advisory only.
 */
export function quoteIndicativeFigures(
  quote: {
    homeowner_status: HomeownerStatus;
    loan_amount: number;
    loan_purpose: LoanPurpose;
    credit_history: CreditHistory;
    property_value: number;
    mortgage_balance: number;
    age?: AgeBand | undefined;
  },
  table: readonly RateTableBand[] = DEFAULT_RATE_TABLE,
): QuoteIndicativeFigures {
  const result = indicativeQuote(
    {
      homeownerStatus: quote.homeowner_status,
      loanAmount: quote.loan_amount,
      loanPurpose: quote.loan_purpose,
      creditHistory: quote.credit_history,
      propertyValue: quote.property_value,
      mortgageBalance: quote.mortgage_balance,
      age: quote.age,
    },
    table,
  );
  return storedFigures(result);
}

/**
 * The same figures for a quick-check homeowner enquiry, so the broker's email for
 * either form carries LTV and the indicative rate. The quick check's age bands are
 * coarser (50–65, over 65); only "under 50" means the same, and only it is rated for
 * outright owners. Outright owners are not asked their property's value there, so
 * their LTV is not known.
 */
export function enquiryIndicativeFigures(
  enquiry: {
    homeownerStatus: QuickHomeownerStatus;
    loanAmount: number;
    loanPurpose: QuickLoanPurpose;
    creditHistory: CreditHistory;
    propertyValue?: number | undefined;
    mortgageBalance?: number | undefined;
    age?: QuickAgeBand | undefined;
  },
  table: readonly RateTableBand[] = DEFAULT_RATE_TABLE,
): QuoteIndicativeFigures {
  return storedFigures(
    indicativeQuote(
      {
        homeownerStatus: enquiry.homeownerStatus,
        loanAmount: enquiry.loanAmount,
        loanPurpose: enquiry.loanPurpose,
        creditHistory: enquiry.creditHistory,
        propertyValue: enquiry.propertyValue,
        mortgageBalance: enquiry.mortgageBalance,
        age: enquiry.age === "under-50" ? "under-50" : undefined,
      },
      table,
    ),
  );
}

function storedFigures(result: IndicativeQuote): QuoteIndicativeFigures {
  return {
    ltv_ratio: result.ltv === null ? null : roundLtv(result.ltv),
    indicative_rate: result.rate,
    monthly_payment: result.rate === null ? null : result.monthlyPayment,
  };
}
