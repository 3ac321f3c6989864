// The maths behind the six calculators of spec section 9. Pages own the inputs and the
// "show nothing until pressed" behaviour; every figure they show comes from here (D2).

import { type LoanCost, loanCost, loanCostAtMonthlyRate, toPence } from "./finance";
import { type School, type SchoolYearGroup, schoolFee } from "./options";
import {
  BAD_CREDIT_MONTHLY_RATE,
  HEADLINE_APR,
  HOME_IMPROVEMENT_REPRESENTATIVE_APR,
  HOMEOWNER_CALCULATOR_APR,
  HOMEOWNER_MIN_LOAN,
} from "./rates";

/**
 * The firm arranges secured loans from £10,000: a calculator shows no secured figure
 * for less (it would promote a loan nobody here arranges), and points to the personal
 * loan check instead.
 */
export function isBelowSecuredMinimum(amount: number): boolean {
  return amount < HOMEOWNER_MIN_LOAN;
}

/** Each calculator's starting inputs (spec section 3 "Calculator local inputs"). */
export const CALCULATOR_DEFAULTS = {
  securedLoan: { amount: 50_000, years: 10 },
  homeowner: { amount: 50_000, years: 10 },
  debtConsolidation: { creditCards: 15_000, personalLoans: 8_000, storeCards: 3_000 },
  badCredit: { amount: 25_000, years: 10 },
  schoolFees: { amount: 25_000, years: 10 },
  homeImprovement: { amountText: "50000", years: 10 },
} as const;

/** /secured-homeowner-loan: 5.69% over 5 to 25 years. */
export function securedLoanCalculator(amount: number, years: number): LoanCost {
  return loanCost({ amount, annualRatePercent: HEADLINE_APR, months: years * 12 });
}

/** /homeowner-loan-calculator: fixed 5.9%. */
export function homeownerCalculator(amount: number, years: number): LoanCost {
  return loanCost({ amount, annualRatePercent: HOMEOWNER_CALCULATOR_APR, months: years * 12 });
}

/** /bad-credit-homeowner-loan: quoted by its monthly rate (about 8.9% a year). */
export function badCreditCalculator(amount: number, years: number): LoanCost {
  return loanCostAtMonthlyRate({ amount, monthlyRate: BAD_CREDIT_MONTHLY_RATE, months: years * 12 });
}

/** /school-fees-loan: 5.69%. */
export function schoolFeesCalculator(amount: number, years: number): LoanCost {
  return loanCost({ amount, annualRatePercent: HEADLINE_APR, months: years * 12 });
}

/** Amount used when a school's fee for the year group is unknown (0). */
export const SCHOOL_FEES_FALLBACK_AMOUNT = 25_000;

/**
 * What choosing a school and year group fills in: the estimated annual fees and the
 * loan amount (that fee, or £25,000 when unknown). Null for "Other": the parent types.
 */
export function schoolFeesSelection(
  school: School,
  yearGroup: SchoolYearGroup,
): { estimatedAnnualFees: number; loanAmount: number } | null {
  if (school === "other") return null;
  const fee = schoolFee(school, yearGroup);
  return { estimatedAnnualFees: fee, loanAmount: fee > 0 ? fee : SCHOOL_FEES_FALLBACK_AMOUNT };
}

/**
 * /home-improvement-loan: 7.74%, the amount typed as text with commas allowed.
 * Null when the text is not a positive amount (nothing to show).
 */
export function homeImprovementCalculator(amountText: string, years: number): LoanCost | null {
  const text = amountText.replace(/,/g, "").trim();
  const amount = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return loanCost({ amount, annualRatePercent: HOME_IMPROVEMENT_REPRESENTATIVE_APR, months: years * 12 });
}

// ── Debt consolidation ────────────────────────────────────────────────────────

/** Assumed minimum payments as a share of each balance (labelled APRs 21%, 15%, 29%). */
export const CURRENT_PAYMENT_SHARES = {
  creditCards: 0.03,
  personalLoans: 0.025,
  storeCards: 0.035,
} as const;
export const CONSOLIDATION_TERM_MONTHS = 60;

/**
 * A money field as typed: "£" and commas stripped, empty is 0, anything else that is
 * not a plain non-negative number is null, meaning "ignore this keystroke".
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.replace(/[£,]/g, "").trim();
  if (cleaned === "") return 0;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned);
}

export interface Debts {
  creditCards: number;
  personalLoans: number;
  storeCards: number;
}

export interface DebtConsolidationSaving {
  totalDebt: number;
  /** What the debts cost a month now, at the assumed payment shares. */
  currentMonthlyPayment: number;
  /** One loan for the total at 5.69% over 60 months. */
  newLoan: LoanCost;
  /** Negative when consolidating would cost more each month. */
  monthlySaving: number;
  annualSaving: number;
}

export function debtConsolidationSaving(debts: Debts): DebtConsolidationSaving {
  const totalDebt = debts.creditCards + debts.personalLoans + debts.storeCards;
  const currentPence = toPence(
    debts.creditCards * CURRENT_PAYMENT_SHARES.creditCards +
      debts.personalLoans * CURRENT_PAYMENT_SHARES.personalLoans +
      debts.storeCards * CURRENT_PAYMENT_SHARES.storeCards,
  );
  const newLoan = loanCost({
    amount: totalDebt,
    annualRatePercent: HEADLINE_APR,
    months: CONSOLIDATION_TERM_MONTHS,
  });
  const savingPence = currentPence - toPence(newLoan.monthlyPayment);
  return {
    totalDebt,
    currentMonthlyPayment: currentPence / 100,
    newLoan,
    monthlySaving: savingPence / 100,
    annualSaving: (savingPence * 12) / 100,
  };
}
