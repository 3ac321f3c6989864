import type { BankHolidayNation } from "./callbacks";
import { type ComplaintLetter, type ComplaintTimes, complaintClock, type OmbudsmanResult } from "./complaints";

// A complaint's stage (docs/decisions/430): read from what has been done to it, never
// stored apart, so it moves the moment a letter is sent, the complaint is closed,
// reopened or referred. With it, the one day that is due next, from the one clock
// (complaintClock), and the clock's lines as the page lists them. Pure: `now` is passed in.

export const COMPLAINT_STAGES = {
  received: "Received",
  acknowledged: "Acknowledged",
  "summary-resolution-sent": "Summary resolution sent",
  "holding-sent": "Holding letter sent",
  "final-response-sent": "Final response sent",
  referred: "Referred to the Ombudsman",
  closed: "Closed",
  reopened: "Reopened",
} as const;
export type ComplaintStage = keyof typeof COMPLAINT_STAGES;

/** What the stage is read from: the complaint's times, its referral, and the kinds of the letters it was sent, oldest first. */
export interface StageFacts extends ComplaintTimes {
  referredAt: Date | null;
  ombudsmanResult: OmbudsmanResult | null;
  letters: readonly ComplaintLetter[];
}

const RESPONSES: readonly ComplaintLetter[] = ["summary-resolution", "final-response"];

/**
 * Where a complaint stands. A referral the Ombudsman has not yet decided outranks all
 * else; a closed complaint is closed (by its summary resolution, when that was its last
 * answer); an open one that had an answer it no longer has was reopened (reopening takes
 * the answer back) until it is answered again; then the final response, the holding
 * letter, the acknowledgement, in that order.
 */
export function complaintStage(facts: StageFacts): ComplaintStage {
  if (facts.referredAt && facts.ombudsmanResult === "pending") return "referred";
  const lastResponse = facts.letters.filter((kind) => RESPONSES.includes(kind)).at(-1) ?? null;
  if (facts.closedAt) return lastResponse === "summary-resolution" ? "summary-resolution-sent" : "closed";
  if (facts.respondedAt) return "final-response-sent";
  if (lastResponse) return "reopened";
  if (facts.holdingSentAt) return "holding-sent";
  if (facts.acknowledgedAt) return "acknowledged";
  return "received";
}

/** The one thing due next, by the end of a UK day: its deadline (midnight at that day's close), and whether it has passed. */
export interface NextDue {
  what: "acknowledgement" | "final-response";
  by: Date;
  overdue: boolean;
}

/**
 * The next letter due and its deadline: the acknowledgement until it is sent, then the
 * final response until it (or a summary resolution) is sent or a holding letter has
 * answered the eight weeks; a reopened complaint owes its final response again, on the
 * clock that runs from when it came in. Nothing once closed.
 */
export function nextDue(facts: StageFacts, now: Date, nation: BankHolidayNation): NextDue | null {
  if (facts.closedAt) return null;
  const clock = complaintClock(facts.receivedAt, nation);
  const due = (what: NextDue["what"], by: Date): NextDue => ({ what, by, overdue: now.getTime() >= by.getTime() });
  if (!facts.acknowledgedAt) return due("acknowledgement", clock.acknowledgeBy);
  const stage = complaintStage(facts);
  if (stage === "reopened" || (!facts.respondedAt && !facts.holdingSentAt))
    return due("final-response", clock.finalResponseBy);
  return null;
}

/** A line of the complaint's clock: something done, at its moment, or a deadline still ahead of it, by the end of its day. */
export type ClockLine = { kind: "done"; label: string; at: Date } | { kind: "deadline"; label: string; at: Date };

/**
 * The clock as the page lists it: what was done, when, and only the deadlines that still
 * bind. Once the acknowledgement is sent it is listed as sent, not as due; the summary
 * resolution's window and the eight weeks' marks go once an answer or a holding letter is.
 */
export function clockLines(facts: StageFacts, nation: BankHolidayNation): ClockLine[] {
  const clock = complaintClock(facts.receivedAt, nation);
  const done = (label: string, at: Date | null): ClockLine[] => (at ? [{ kind: "done", label, at }] : []);
  const deadline = (label: string, at: Date): ClockLine => ({ kind: "deadline", label, at });
  const stage = complaintStage(facts);
  const awaiting = !facts.closedAt && (stage === "reopened" || (!facts.respondedAt && !facts.holdingSentAt));
  const lastResponse = facts.letters.filter((kind) => RESPONSES.includes(kind)).at(-1);
  return [
    ...(facts.acknowledgedAt
      ? done("Acknowledged", facts.acknowledgedAt)
      : facts.closedAt
        ? []
        : [deadline("Acknowledgement due by", clock.acknowledgeBy)]),
    ...done("Holding letter sent", facts.holdingSentAt),
    ...done(
      lastResponse === "summary-resolution" ? "Summary resolution sent" : "Final response sent",
      facts.respondedAt,
    ),
    ...(awaiting && !facts.respondedAt && !facts.holdingSentAt && stage !== "reopened"
      ? [deadline("A summary resolution may close it until", clock.summaryResolutionBy)]
      : []),
    ...(awaiting
      ? [
          deadline("Four weeks run to", clock.halfWayAt),
          deadline("The eighth week begins after", clock.reminderAt),
          deadline("Final response due by", clock.finalResponseBy),
        ]
      : []),
    ...done("Closed", facts.closedAt),
  ];
}

/**
 * The facts once a letter is sent at `at`, as sending records it (the acknowledgement's
 * first moment kept; a summary resolution closes the complaint): for the check step to
 * say where the complaint will then stand.
 */
export function afterLetter(facts: StageFacts, kind: ComplaintLetter, at: Date): StageFacts {
  const letters = [...facts.letters, kind];
  switch (kind) {
    case "acknowledgement":
      return { ...facts, letters, acknowledgedAt: facts.acknowledgedAt ?? at };
    case "holding":
      return { ...facts, letters, holdingSentAt: at };
    case "summary-resolution":
      return { ...facts, letters, respondedAt: at, closedAt: at, acknowledgedAt: facts.acknowledgedAt ?? at };
    case "final-response":
      return { ...facts, letters, respondedAt: at };
  }
}
