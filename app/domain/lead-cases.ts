import type { Option } from "./options";

// A lead's case with a lender (DECISIONS D22, issue 30): after contact the adviser sends
// an application to one of the panel's products, the lender makes an offer, and the loan
// completes (the commission is earned then) or the lender declines. Pure: no database,
// no clock.

export const CASE_STAGES = [
  { value: "application-sent", label: "Application sent" },
  { value: "offer-received", label: "Offer received" },
  { value: "completed", label: "Completed" },
  { value: "declined", label: "Declined by the lender" },
] as const satisfies readonly Option[];
export type CaseStage = (typeof CASE_STAGES)[number]["value"];
