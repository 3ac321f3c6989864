import { HEADLINE_APR, HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "./rates";

/**
 * The claims the pages and the emails repeat, in one place (spec section 1). Figures
 * that come from the rate table or the loan limits are read from the rates, never
 * retyped.
 */
export const CLAIMS = {
  ratesFrom: HEADLINE_APR,
  minLoan: HOMEOWNER_MIN_LOAN,
  maxLoan: HOMEOWNER_MAX_LOAN,
  approvalHours: 24,
  fundsInDays: 14,
  incomeMultiple: 10,
  averageMonthlySaving: 500,
} as const;
