import { isCalendarDay } from "./calendar-day";
import { CALLBACK_SLOT_MINUTES, NEXT_ACTION_KINDS, type NextActionKind } from "./callback-choice";
import type { CorrectionChange } from "./lead-corrections";
import type { LeadStatus } from "./leads";
import { ukClock, ukInstant } from "./uk-time";
import { type FormRead, formRead, formRefused } from "./form-read";

// An adviser's work on one lead (docs/decisions/190): the calls they log, the next action
// they plan, and why a lead is closed. Pure and small: the lead page, the Today page and
// the server read these rules from here; the clock is always passed in.

/**
 * What a lead's timeline records. `callback-chosen` is the borrower's own (no actor): the
 * call-back time they chose, as the next action it set (`call-back` at the slot's start,
 * or `call-soonest` with no time). `case` is a move of the lead's case with a lender.
 * `message` is an email or a letter an adviser logged (sent or received outside the site).
 */
export const LEAD_EVENT_TYPES = [
  "status",
  "note",
  "assignment",
  "call",
  "next-action",
  "callback-chosen",
  "case",
  "correction",
  "message",
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

/** One event in a lead's history: a Date on the server, its ISO text on the staff page. */
export interface TimelineEvent<At = Date> {
  id: number;
  at: At;
  type: LeadEventType;
  actorName: string | null;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  note: string | null;
  assigneeName: string | null;
  /** A call's outcome. */
  outcome: CallOutcome | null;
  /** Why the lead was declined or withdrawn. */
  reason: CloseReason | null;
  /** The next action a call or an adviser set: null for none. */
  nextActionKind: NextActionKind | null;
  nextActionAt: At | null;
  /** A correction's fields with their old and new values (type "correction"). */
  changes?: CorrectionChange[] | null;
  /** A logged email or letter's way and direction (type "message"). */
  channel?: MessageChannel | null;
}

// ---------------------------------------------------------------- emails and letters

/** An email or a letter an adviser logs, as quick as a call: which way it went, and a line on it. */
export const MESSAGE_CHANNELS = ["email-sent", "email-received", "letter-sent", "letter-received"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  "email-sent": "Email sent to them",
  "email-received": "Email from them",
  "letter-sent": "Letter sent to them",
  "letter-received": "Letter from them",
};

export const isMessageChannel = (value: unknown): value is MessageChannel =>
  typeof value === "string" && (MESSAGE_CHANNELS as readonly string[]).includes(value);

// ---------------------------------------------------------------- calls

export const CALL_OUTCOMES = ["spoke", "no-answer", "voicemail", "wrong-number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  spoke: "Spoke to them",
  "no-answer": "No answer",
  voicemail: "Left a voicemail",
  "wrong-number": "Wrong number",
};

export const isCallOutcome = (value: unknown): value is CallOutcome =>
  typeof value === "string" && (CALL_OUTCOMES as readonly string[]).includes(value);

/**
 * The status a call moves a lead to: speaking to a new lead's borrower makes it
 * "contacted"; any other outcome, or a lead already past "new", stays where it is.
 */
export function statusAfterCall(status: LeadStatus, outcome: CallOutcome): LeadStatus {
  return status === "new" && outcome === "spoke" ? "contacted" : status;
}

// ---------------------------------------------------------------- next actions

/** The kinds an adviser plans: "as soon as possible" is the borrower's, or a new lead's, never planned for a time. */
export const PLANNED_ACTION_KINDS = NEXT_ACTION_KINDS.filter(
  (kind): kind is Exclude<NextActionKind, "call-soonest"> => kind !== "call-soonest",
);

/** How far ahead a next action may be planned. */
export const NEXT_ACTION_MAX_DAYS = 366;

export const NEXT_ACTION_PROBLEMS = {
  kind: "Choose what the next action is, or no next action",
  day: "Enter the day as a date, such as 2026-12-01",
  time: "Enter the time as hours and minutes, such as 14:30",
  gap: "That time does not happen in the UK that day: the clocks go forward an hour at 1:00. Choose another time",
  past: "That time has already passed: choose a time from now on",
  far: "Choose a time within the next year",
  closed: "This lead is closed, so it takes no next action: reopen it first",
} as const;

export type NextActionInput = { kind?: unknown; day?: unknown; time?: unknown };
/** A next action read: none, or its kind and time; or the one problem, at its field, with what was typed. */
export type NextActionRead = FormRead<{ kind: NextActionKind; at: Date } | null, NextActionValues, NextActionField>;
export type NextActionField = "kind" | "day" | "time";
export type NextActionValues = Record<NextActionField, string>;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * The next action an adviser posted (a kind, a day and a time, UK time) at `now`: none
 * when the kind is empty; otherwise a time from the start of this minute on, within
 * the next year, that the UK clock shows that day (not in the hour skipped in March).
 */
export function readNextAction(input: NextActionInput, now: Date): NextActionRead {
  const typed: NextActionValues = {
    kind: typeof input.kind === "string" ? input.kind : "",
    day: typeof input.day === "string" ? input.day : "",
    time: typeof input.time === "string" ? input.time : "",
  };
  const refuse = (field: NextActionField, problem: string) =>
    formRefused<NextActionValues, NextActionField>({ [field]: problem }, typed);
  const kind = typeof input.kind === "string" ? input.kind : "";
  if (kind === "" || kind === "none") return formRead(null);
  if (!(PLANNED_ACTION_KINDS as readonly string[]).includes(kind)) {
    return refuse("kind", NEXT_ACTION_PROBLEMS.kind);
  }
  const day = typeof input.day === "string" ? input.day.trim() : "";
  if (!isCalendarDay(day)) return refuse("day", NEXT_ACTION_PROBLEMS.day);
  const time = TIME.exec(typeof input.time === "string" ? input.time.trim() : "");
  if (!time) return refuse("time", NEXT_ACTION_PROBLEMS.time);
  const minutes = Number(time[1]) * 60 + Number(time[2]);
  const at = ukInstant(day, minutes);
  const shown = ukClock(at);
  if (shown.day !== day || shown.minutes !== minutes)
    return refuse("time", NEXT_ACTION_PROBLEMS.gap);
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (at.getTime() < startOfMinute) return refuse("time", NEXT_ACTION_PROBLEMS.past);
  if (at.getTime() > now.getTime() + NEXT_ACTION_MAX_DAYS * 86_400_000) {
    return refuse("day", NEXT_ACTION_PROBLEMS.far);
  }
  return formRead({ kind: kind as NextActionKind, at });
}

/** A next action's time as the form's two fields show it, UK time: `{ day: "2026-12-01", time: "09:05" }`. */
export function nextActionFields(at: Date): { day: string; time: string } {
  const { day, minutes } = ukClock(at);
  return {
    day,
    time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
  };
}

// ---------------------------------------------------------------- the Today list

/** How long a planned action stays "due now" after its time: a call-back slot's hour. */
export const DUE_NOW_MINUTES = CALLBACK_SLOT_MINUTES;

export type DueState = "overdue" | "due-now" | "later-today";

export const DUE_STATE_LABELS: Record<DueState, string> = {
  overdue: "Overdue",
  "due-now": "Due now",
  "later-today": "Later today",
};

/**
 * Where a planned action due today stands at `now`: later today before its time, due
 * now from its time for an hour (a call-back's slot), overdue after that.
 */
export function dueState(at: Date, now: Date): DueState {
  const late = now.getTime() - at.getTime();
  if (late < 0) return "later-today";
  return late < DUE_NOW_MINUTES * 60_000 ? "due-now" : "overdue";
}

/** The instant today (the UK day at `now`) ends: the Today list's planned actions are those before it. */
export function endOfUkDay(now: Date): Date {
  const { day } = ukClock(now);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return ukInstant(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), 0);
}

/** "45 minutes", "1 hour 5 minutes", "3 hours": a wait as an adviser says it. */
export function describeMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (hours === 0) return part(rest, "minute");
  return rest === 0 ? part(hours, "hour") : `${part(hours, "hour")} ${part(rest, "minute")}`;
}

// ---------------------------------------------------------------- closing a lead

/** The statuses that ask why: the broker declines, or the borrower withdraws. */
export type ClosingStatus = Extract<LeadStatus, "declined" | "withdrawn">;
export const isClosingStatus = (status: LeadStatus): status is ClosingStatus =>
  status === "declined" || status === "withdrawn";

/** Why a lead was closed, in the order the console lists them, and how each is labelled. */
export const CLOSE_REASON_LABELS = {
  "no-lender-fits": "No lender on the panel fits",
  affordability: "Cannot afford the repayments",
  "credit-history": "Credit history",
  "not-enough-equity": "Not enough equity in the home",
  "found-elsewhere": "Found a loan elsewhere",
  "no-longer-needed": "No longer needs the loan",
  "costs-too-high": "Rate or costs too high",
  "could-not-reach": "Could not reach the borrower",
  "lender-declined": "The lender declined the application",
  other: "Other (say why in the note)",
} as const satisfies Record<string, string>;
export type CloseReason = keyof typeof CLOSE_REASON_LABELS;
export const CLOSE_REASONS = Object.keys(CLOSE_REASON_LABELS) as CloseReason[];

/**
 * The reasons offered for each closing status, in the order the form lists them. "The
 * lender declined the application" is not offered: only the case's own decline gives it
 * (docs/decisions/230).
 */
export const REASONS_FOR: Record<ClosingStatus, readonly CloseReason[]> = {
  declined: ["no-lender-fits", "affordability", "credit-history", "not-enough-equity", "other"],
  withdrawn: ["found-elsewhere", "no-longer-needed", "costs-too-high", "could-not-reach", "other"],
};

export const CLOSE_REASON_PROBLEMS = {
  reason: "Choose why the lead is closed",
  note: "Say why in the note: the reason is other",
} as const;

/**
 * The reason posted with a status change: none needed unless the lead is being declined
 * or withdrawn; then one of that status's reasons, and "other" only with a note.
 */
export function readCloseReason(
  to: LeadStatus,
  reason: unknown,
  note: string,
): { ok: true; reason: CloseReason | null } | { ok: false; problem: string } {
  if (!isClosingStatus(to)) return { ok: true, reason: null };
  if (typeof reason !== "string" || !(REASONS_FOR[to] as readonly string[]).includes(reason)) {
    return { ok: false, problem: CLOSE_REASON_PROBLEMS.reason };
  }
  if (reason === "other" && note.trim() === "") return { ok: false, problem: CLOSE_REASON_PROBLEMS.note };
  return { ok: true, reason: reason as CloseReason };
}
