// The maths behind the six calculators of spec section 9. Pages own the inputs and the
// "show nothing until pressed" behaviour; every figure they show comes from here (D2).

import { MAIN_LOAN_ABOVE_MAX, MAIN_LOAN_BELOW_HOMEOWNER_MIN } from "./messages";
import { type LoanCost, loanCost, loanCostAtMonthlyRate, toPence } from "./finance";
import { SCHOOL_FEES_AMOUNT_RANGE, type School, type SchoolYearGroup, schoolFee } from "./options";
import {
  BAD_CREDIT_MONTHLY_RATE,
  HEADLINE_APR,
  HOME_IMPROVEMENT_REPRESENTATIVE_APR,
  HOMEOWNER_CALCULATOR_APR,
  HOMEOWNER_MAX_LOAN,
  HOMEOWNER_MIN_LOAN,
  PERSONAL_MIN_LOAN,
} from "./rates";

/**
 * The firm arranges secured loans from £10,000: a calculator shows no secured figure
 * for less (it would promote a loan nobody here arranges), and points to the personal
 * loan check instead.
 */
export function isBelowSecuredMinimum(amount: number): boolean {
  return amount < HOMEOWNER_MIN_LOAN;
}

/**
 * What a calculator does with a loan amount (issue 28): a secured figure only from
 * £10,000 to the most it can arrange; from £1,000 to £9,999 the pointer to the personal-loan
 * check (partners lend £1,000 to £50,000); and for less than £1,000 (0 included) or more
 * than the most, a message beside the box saying the limit, and no figure.
 */
export type CalculatorAmountFit = { fit: "secured" } | { fit: "personal-loan" } | { fit: "refused"; message: string };

/** The most a calculator quotes, and what it says above it. */
export interface CalculatorMaximum {
  amount: number;
  message: string;
}

/** A secured loan's most: £2,500,000 (spec section 9). */
export const SECURED_MAXIMUM: CalculatorMaximum = { amount: HOMEOWNER_MAX_LOAN, message: MAIN_LOAN_ABOVE_MAX };

export function calculatorAmountFit(amount: number, maximum: CalculatorMaximum = SECURED_MAXIMUM): CalculatorAmountFit {
  if (amount < PERSONAL_MIN_LOAN) return { fit: "refused", message: MAIN_LOAN_BELOW_HOMEOWNER_MIN };
  if (isBelowSecuredMinimum(amount)) return { fit: "personal-loan" };
  if (amount > maximum.amount) return { fit: "refused", message: maximum.message };
  return { fit: "secured" };
}

/** An amount typed in whole pounds ("49,194" or "49194"), or null when the text is not one. */
export function parseWholePounds(text: string): number | null {
  const cleaned = text.replace(/,/g, "").trim();
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
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
export function securedLoanCalculator(amount: number, years: number, annualRatePercent = HEADLINE_APR): LoanCost {
  return loanCost({ amount, annualRatePercent, months: years * 12 });
}

/** /homeowner-loan-calculator: fixed 5.9%. */
export function homeownerCalculator(
  amount: number,
  years: number,
  annualRatePercent = HOMEOWNER_CALCULATOR_APR,
): LoanCost {
  return loanCost({ amount, annualRatePercent, months: years * 12 });
}

/** /bad-credit-homeowner-loan: quoted by its monthly rate (about 8.9% a year). */
export function badCreditCalculator(amount: number, years: number, monthlyRate = BAD_CREDIT_MONTHLY_RATE): LoanCost {
  return loanCostAtMonthlyRate({ amount, monthlyRate, months: years * 12 });
}

/** /school-fees-loan: 5.69%. */
export function schoolFeesCalculator(amount: number, years: number, annualRatePercent = HEADLINE_APR): LoanCost {
  return loanCost({ amount, annualRatePercent, months: years * 12 });
}

/** The most the school fees page lends (spec section 9: £10k to £500k). */
export const SCHOOL_FEES_MAXIMUM: CalculatorMaximum = {
  amount: SCHOOL_FEES_AMOUNT_RANGE.max,
  message: "Our maximum loan for school fees is £500,000",
};

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

/** The home improvement amount box: commas stripped, nothing else (spec section 5); null when not a number. */
export function parseHomeImprovementAmount(amountText: string): number | null {
  const text = amountText.replace(/,/g, "").trim();
  const amount = text === "" ? Number.NaN : Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/**
 * /home-improvement-loan: 7.74%, the amount typed as text with commas allowed.
 * Null when the text is not a positive amount (nothing to show).
 */
export function homeImprovementCalculator(
  amountText: string,
  years: number,
  annualRatePercent = HOME_IMPROVEMENT_REPRESENTATIVE_APR,
): LoanCost | null {
  const amount = parseHomeImprovementAmount(amountText);
  if (amount === null || amount <= 0) return null;
  return loanCost({ amount, annualRatePercent, months: years * 12 });
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
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(cleaned)) return null;
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

export function debtConsolidationSaving(
  debts: Debts,
  annualRatePercent = HEADLINE_APR,
  months = CONSOLIDATION_TERM_MONTHS,
): DebtConsolidationSaving {
  const totalDebt = debts.creditCards + debts.personalLoans + debts.storeCards;
  const currentPence = toPence(
    debts.creditCards * CURRENT_PAYMENT_SHARES.creditCards +
      debts.personalLoans * CURRENT_PAYMENT_SHARES.personalLoans +
      debts.storeCards * CURRENT_PAYMENT_SHARES.storeCards,
  );
  const newLoan = loanCost({
    amount: totalDebt,
    annualRatePercent,
    months,
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
