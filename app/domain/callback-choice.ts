import { formatWindow } from "./date-format";

// A borrower's answer to "when would you like us to call?" (DECISIONS D21), as stored,
// shown and turned into the adviser's next action. Small and pure: pages may import it
// (the slots themselves, with the bank holidays, are callbacks.ts, for the server).

/** Each slot is an hour: wide enough for an adviser's morning, narrow enough to wait in. */
export const CALLBACK_SLOT_MINUTES = 60;
/** The form's value for "as soon as possible". */
export const SOONEST = "soonest";

/** A choice: a Date on the server, its ISO text on a page (`CallbackChoice<string>`). */
export type CallbackChoice<At = Date> = { kind: "soonest" } | { kind: "slot"; at: At };

/**
 * The choice as a borrower and an adviser read it, UK time: "As soon as possible", or
 * "Tue 1 Dec 2026, 10am to 11am".
 */
export function describeCallback(choice: CallbackChoice): string {
  if (choice.kind === "soonest") return "As soon as possible";
  return formatWindow(choice.at, CALLBACK_SLOT_MINUTES);
}

/**
 * The choice as the lead's timeline tells it after "The borrower asked to be called",
 * UK time: "as soon as possible", or "on Thu 26 Nov 2026, 10am to 11am".
 */
export function callbackRequestWords(choice: CallbackChoice): string {
  if (choice.kind === "soonest") return "as soon as possible";
  return `on ${formatWindow(choice.at, CALLBACK_SLOT_MINUTES)}`;
}

/** The stored columns (`callback_choice`, `callback_at`) as a choice; null when the borrower has not chosen. */
export function callbackFromColumns(kind: string | null, at: Date | null): CallbackChoice | null {
  if (kind === "slot" && at) return { kind: "slot", at };
  if (kind === "soonest") return { kind: "soonest" };
  return null;
}

// ---------------------------------------------------------------- the adviser's next action

/**
 * What an adviser does next with a lead (each lead's `next_action_kind`, at
 * `next_action_at`). A new lead starts as "call as soon as possible" at its arrival; a
 * borrower's chosen slot makes it "call back" at that time.
 */
export const NEXT_ACTION_KINDS = ["call-soonest", "call-back", "chase-documents", "reply"] as const;
export type NextActionKind = (typeof NEXT_ACTION_KINDS)[number];

export const NEXT_ACTION_LABELS: Record<NextActionKind, string> = {
  "call-soonest": "Call as soon as possible",
  "call-back": "Call back",
  "chase-documents": "Chase documents",
  reply: "Reply",
};

/**
 * The next action a borrower's choice sets, at `now` (when they chose): a slot is a
 * call-back at its start; "as soon as possible" is a call from the moment they asked, or
 * from the earlier moment already waiting when the lead was waiting for that call anyway.
 */
export function nextActionFor(
  choice: CallbackChoice,
  now: Date,
  current: { kind: string | null; at: Date | null } | null = null,
): { kind: NextActionKind; at: Date } {
  if (choice.kind === "slot") return { kind: "call-back", at: choice.at };
  const waiting = current?.kind === "call-soonest" && current.at && current.at.getTime() < now.getTime();
  return { kind: "call-soonest", at: waiting && current.at ? current.at : now };
}

/** The form's value for a choice: "soonest", or the slot's start as an ISO 8601 UTC instant. */
export const callbackValue = (choice: CallbackChoice) =>
  choice.kind === "soonest" ? SOONEST : choice.at.toISOString();
