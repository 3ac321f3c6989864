import { CALLBACK_SLOT_MINUTES } from "~/domain/callback-choice";
import { formatDateTime, formatWindow } from "~/domain/date-format";
import type { LeadView } from "../lead-view";

// The one next action the lead page's header shows (issue 50): what, and when. A call-back
// at the hour the borrower chose is that next action, said as the hour ("Call back: Tue 1
// Dec 2026, 10am to 11am, the hour they chose"), never a second line beside it.

export interface NextActionLine {
  what: string;
  when: string;
}

export function nextActionLine(lead: Pick<LeadView, "nextAction" | "callbackAt">): NextActionLine | null {
  const next = lead.nextAction;
  if (!next) return null;
  if (next.kind === "call-soonest") return { what: next.label, when: `waiting since ${formatDateTime(next.at)}` };
  if (next.kind === "call-back" && lead.callbackAt !== null && Date.parse(lead.callbackAt) === Date.parse(next.at)) {
    return { what: next.label, when: `${formatWindow(next.at, CALLBACK_SLOT_MINUTES)}, the hour they chose` };
  }
  return { what: next.label, when: formatDateTime(next.at) };
}
