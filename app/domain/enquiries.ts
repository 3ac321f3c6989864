import type { EnquirySummary } from "./leads";
import { optionLabel, QUICK_LOAN_TYPES } from "./options";

/** An enquiry as the borrower's account names it: the eligibility check, or the loan asked about. */
export function enquiryTitle(enquiry: EnquirySummary) {
  if (enquiry.kind === "quote") return "Homeowner loan eligibility check";
  return `${optionLabel(QUICK_LOAN_TYPES, enquiry.loanType)} enquiry`;
}
