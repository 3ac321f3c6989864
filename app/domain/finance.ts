// The one place payments, totals and interest are computed (DECISIONS D2): every figure
// on a page, calculator or saved quote comes from here, never from typed copy.

import { formatDecimal } from "./number-format";

export interface LoanCost {
  /** Amount of credit in pounds. */
  amount: number;
  months: number;
  /** Nominal annual rate: the monthly rate × 12, as a percentage. */
  annualRatePercent: number;
  /** Each monthly repayment, rounded to pence. */
  monthlyPayment: number;
  /** Exact payment × months, rounded to pence (not the rounded payment × months). */
  totalPayable: number;
  totalInterest: number;
}

/** APR / 12 / 100: the spec's calculators treat the advertised rate as nominal (D2). */
export function monthlyRate(annualRatePercent: number): number {
  return annualRatePercent / 12 / 100;
}

/** The standard fixed-rate amortising repayment, unrounded. */
export function amortisedPayment(principal: number, monthlyRate: number, months: number): number {
  if (!Number.isInteger(months) || months <= 0) {
    throw new RangeError(`A loan term must be a whole number of months above 0, got ${months}`);
  }
  if (monthlyRate === 0) return principal / months;
  return (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
}

export function loanCost(input: { amount: number; annualRatePercent: number; months: number }): LoanCost {
  return costOf(input.amount, monthlyRate(input.annualRatePercent), input.months, input.annualRatePercent);
}

/** For products quoted by a monthly rate (the bad credit calculator's 0.0074166). */
export function loanCostAtMonthlyRate(input: { amount: number; monthlyRate: number; months: number }): LoanCost {
  // Rounded to 6 places only to hide float noise (0.0074166 × 1200 = 8.899920000000002).
  const annual = Math.round(input.monthlyRate * 1200 * 1e6) / 1e6;
  return costOf(input.amount, input.monthlyRate, input.months, annual);
}

function costOf(amount: number, rate: number, months: number, annualRatePercent: number): LoanCost {
  const payment = amortisedPayment(amount, rate, months);
  // Pence integers, so totals and differences do not drift by a penny.
  const paymentPence = toPence(payment);
  const totalPence = toPence(payment * months);
  return {
    amount,
    months,
    annualRatePercent,
    monthlyPayment: paymentPence / 100,
    totalPayable: totalPence / 100,
    totalInterest: (totalPence - toPence(amount)) / 100,
  };
}

/** Pounds to whole pence, rounding half up. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function roundToPence(pounds: number): number {
  return toPence(pounds) / 100;
}

/**
 * The true annual rate a nominal monthly rate compounds to, as a percentage.
 * Not used for any displayed figure while D2's nominal convention stands; it is here so
 * the APR/APRC shown beside a representative example can be checked.
 */
export function effectiveAnnualRatePercent(monthlyRate: number): number {
  return ((1 + monthlyRate) ** 12 - 1) * 100;
}

/**
 * "£547.35", "£65,682.09", "£50,000".
 * pence: true always shows pence, false rounds to whole pounds; left out, pence are
 * shown only when the amount has some (so £50,000 but £547.35).
 */
export function formatPounds(n: number, options: { pence?: boolean } = {}): string {
  const showPence = options.pence ?? toPence(n) % 100 !== 0;
  return showPence
    ? formatDecimal(roundToPence(n), { minimumFractionDigits: 2, maximumFractionDigits: 2, prefix: "£" })
    : formatDecimal(n, { maximumFractionDigits: 0, prefix: "£" });
}

/** "10 years", "1 year", "18 months": a term as the copy writes it, in years when whole. */
export function formatTerm(months: number): string {
  const years = months / 12;
  if (Number.isInteger(years)) return `${years} year${years === 1 ? "" : "s"}`;
  return `${months} months`;
}

/**
 * A whole-pounds input as typed or pasted ("£10,000", "10000.00"): pence are dropped,
 * then anything but digits; undefined when no digits remain (the field is empty).
 */
export function parseWholePounds(text: string): number | undefined {
  const digits = (text.split(".")[0] ?? "").replace(/\D/g, "");
  return digits === "" ? undefined : Number(digits);
}

/** "50,000": how an amount input shows its value while the borrower types. */
export function formatGrouped(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? "" : formatDecimal(n, { maximumFractionDigits: 0 });
}

/** "5.69%", "10%": rates as the table and the copy write them. */
export function formatPercent(n: number, maximumFractionDigits = 2): string {
  return `${formatDecimal(n, { maximumFractionDigits })}%`;
}

// ── Representative examples (D12) ─────────────────────────────────────────────

export const REPOSSESSION_WARNING =
  "Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.";
export const SECURED_DEBT_CONSOLIDATION_WARNING = "Think carefully before securing other debts against your home.";

export interface RepresentativeExample {
  /** Total amount of credit. */
  amount: number;
  termMonths: number;
  /** termMonths / 12; may be fractional for odd terms. */
  termYears: number;
  /** The borrowing rate (nominal annual, D2), also the advertised representative rate. */
  annualRatePercent: number;
  rateType: "fixed";
  /** Arrangement, broker or other charges: we advertise none. */
  fees: 0;
  numberOfInstalments: number;
  monthlyPayment: number;
  /**
   * The last instalment, absorbing the pence lost to rounding, so that
   * (instalments − 1) × monthlyPayment + finalPayment = totalPayable exactly.
   */
  finalPayment: number;
  totalPayable: number;
  totalInterest: number;
}

/**
 * Every figure a CONC 3.5.5R / MCOB 3A.5 representative example needs, from one
 * computation, so the example printed beside a rate can never disagree with it.
 */
export function representativeExample(
  input: { amount: number; months: number } & ({ annualRatePercent: number } | { monthlyRate: number }),
): RepresentativeExample {
  const cost =
    "monthlyRate" in input
      ? loanCostAtMonthlyRate({ amount: input.amount, monthlyRate: input.monthlyRate, months: input.months })
      : loanCost({ amount: input.amount, annualRatePercent: input.annualRatePercent, months: input.months });
  const finalPence = toPence(cost.totalPayable) - toPence(cost.monthlyPayment) * (cost.months - 1);
  return {
    amount: cost.amount,
    termMonths: cost.months,
    termYears: cost.months / 12,
    annualRatePercent: cost.annualRatePercent,
    rateType: "fixed",
    fees: 0,
    numberOfInstalments: cost.months,
    monthlyPayment: cost.monthlyPayment,
    finalPayment: finalPence / 100,
    totalPayable: cost.totalPayable,
    totalInterest: cost.totalInterest,
  };
}
