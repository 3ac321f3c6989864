// The promotion figures as every page reads them (DECISIONS D27, docs/decisions/470): their
// shape, the figures the code holds, and an example's printed rate. Every page loads this in
// the browser (the footer's example reads it), so it holds nothing else: an example costed is
// example-cost.ts, "rates from" rates-from.ts; the console's check, form fields and version
// rules are promotions.ts, which re-exports all three.

import { loanCostAtMonthlyRate } from "./finance";
import {
  BAD_CREDIT_MONTHLY_RATE,
  DEFAULT_RATE_TABLE,
  HEADLINE_APR,
  HOME_IMPROVEMENT_REPRESENTATIVE_APR,
  HOMEOWNER_CALCULATOR_APR,
  type RateTableBand,
} from "./rates";

/** Whether an example's rate is a nominal annual rate or a monthly one (the bad credit page). */
export type RateBasis = "annual" | "monthly";

/** The terms of a representative example: what is borrowed, over how long, at what borrowing rate. */
export interface ExampleTerms {
  amount: number;
  months: number;
  annualRatePercent: number;
}

/** The inputs of one representative example: what the finance module computes the rest from. */
export interface ExampleInputs {
  amount: number;
  months: number;
  /** Percent a year (annual) or a month (monthly). */
  ratePercent: number;
  rateBasis: RateBasis;
  /** Arrangement and broker fees, pounds. The finance module computes examples without fees, so 0. */
  fees: number;
}

/**
 * The examples a version holds: one per loan page and its calculator; the headline one
 * also prints in every footer. promotions.ts lists them in order (EXAMPLE_KEYS).
 */
export type ExampleKey =
  | "headline"
  | "homeowner"
  | "badCredit"
  | "schoolFees"
  | "homeImprovement"
  | "debtConsolidation";

export interface PanelClaim {
  /** "20+" */
  size: string;
  source: string;
}

export interface RatingClaim {
  /** "4.8" out of 5 */
  score: string;
  count: number;
  site: string;
  url: string;
  date: string;
}

/** Claims a reader could check, each with its source (docs/decisions/100): null when not made. */
export interface PromotionClaims {
  lenderPanel: PanelClaim | null;
  rating: RatingClaim | null;
}

export interface PromotionFigures {
  rateTable: RateTableBand[];
  examples: Record<ExampleKey, ExampleInputs>;
  claims: PromotionClaims;
}

const annual = (amount: number, months: number, ratePercent: number): ExampleInputs => ({
  amount,
  months,
  ratePercent,
  rateBasis: "annual",
  fees: 0,
});

/**
 * The figures the code held before promotions were versioned, exactly: what the site
 * shows until a version is approved. Claims came from configuration (decision 100), so
 * the caller passes them.
 */
export function defaultPromotionFigures(
  claims: PromotionClaims = { lenderPanel: null, rating: null },
): PromotionFigures {
  return {
    rateTable: DEFAULT_RATE_TABLE.map((band) => ({ ...band, rates: { ...band.rates } })),
    examples: {
      headline: annual(50_000, 120, HEADLINE_APR),
      homeowner: annual(75_000, 180, HOMEOWNER_CALCULATOR_APR),
      // Quoted by its monthly rate: 0.74166% a month is the 0.0074166 the page always used.
      badCredit: {
        amount: 25_000,
        months: 120,
        ratePercent: BAD_CREDIT_MONTHLY_RATE * 100,
        rateBasis: "monthly",
        fees: 0,
      },
      schoolFees: annual(25_000, 120, HEADLINE_APR),
      homeImprovement: annual(50_000, 60, HOME_IMPROVEMENT_REPRESENTATIVE_APR),
      debtConsolidation: annual(26_000, 60, HEADLINE_APR),
    },
    claims: {
      lenderPanel: claims.lenderPanel ? { ...claims.lenderPanel } : null,
      rating: claims.rating ? { ...claims.rating } : null,
    },
  };
}

/** The nominal annual rate (percent) an example's inputs mean, as the pages print it. */
export function exampleAnnualRate(inputs: Pick<ExampleInputs, "ratePercent" | "rateBasis">): number {
  return inputs.rateBasis === "monthly"
    ? loanCostAtMonthlyRate({ amount: 1, monthlyRate: inputs.ratePercent / 100, months: 1 }).annualRatePercent
    : inputs.ratePercent;
}
