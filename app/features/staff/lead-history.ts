import { type CallbackChoice, callbackRequestWords } from "~/domain/callback-choice";
import type { TimelineEvent } from "~/domain/lead-work";

// A lead's timeline as the adviser reads it (issue 29, decision 202): its arrival, each
// of the borrower's choices of when to be called, each email sent about it (with its
// text) and the staff's changes, oldest first. Pure: the route passes in what is stored.

export interface SentEmail {
  subject: string;
  to: string;
  /** The email's plain-text body, as sent. */
  text: string;
  sentAt: string;
}

export type HistoryEntry =
  | { key: string; at: string; type: "arrival"; title: string }
  | { key: string; at: string; type: "borrower"; title: string }
  | { key: string; at: string; type: "email"; title: string; email: SentEmail }
  | { key: string; at: string; type: "staff"; event: TimelineEvent<string> };

export interface HistoryInput {
  /** When the lead arrived and what it is ("Quote"). */
  arrival: { at: string; kindLabel: string };
  /**
   * The borrower's call-back choice as stored on the lead now, and when they made it;
   * null when they have not chosen. Shown only for a lead whose timeline has no
   * `callback-chosen` event (its choice was made before each one was kept, decision 245).
   */
  borrowerChoice: { choice: CallbackChoice<string>; at: string } | null;
  emails: SentEmail[];
  /** The lead's events: the staff's, and the borrower's `callback-chosen` ones. */
  staff: TimelineEvent<string>[];
}

/** The choice a `callback-chosen` event carries, as the next action it set; null for any other event. */
export function chosenCallback(event: TimelineEvent<string>): CallbackChoice<string> | null {
  if (event.type !== "callback-chosen") return null;
  if (event.nextActionKind === "call-back" && event.nextActionAt) return { kind: "slot", at: event.nextActionAt };
  return event.nextActionKind === "call-soonest" ? { kind: "soonest" } : null;
}

const borrowerEntry = (key: string, at: string, choice: CallbackChoice<string>) => ({
  key,
  at,
  type: "borrower" as const,
  title: `The borrower asked to be called ${callbackRequestWords(
    choice.kind === "slot" ? { kind: "slot", at: new Date(choice.at) } : choice,
  )}`,
});

/** The emails of a lead that went: sent, and not a reminder held back because its call-back moved. */
export function sentEmailsOf(
  emails: {
    subject: string;
    to: string;
    text: string;
    status: string;
    skipped: boolean;
    sentAt: string | Date | null;
  }[],
): SentEmail[] {
  return emails.flatMap((m) =>
    m.status === "done" && m.sentAt && !m.skipped
      ? [{ subject: m.subject, to: m.to, text: m.text, sentAt: new Date(m.sentAt).toISOString() }]
      : [],
  );
}

/** Same-moment entries keep this order: the lead, then what the borrower did, then emails, then staff. */
const ORDER: Record<HistoryEntry["type"], number> = { arrival: 0, borrower: 1, email: 2, staff: 3 };

export function leadHistory({ arrival, borrowerChoice, emails, staff }: HistoryInput): HistoryEntry[] {
  const chosen = staff.flatMap((event) => {
    const choice = chosenCallback(event);
    return choice ? [borrowerEntry(`borrower-${event.id}`, event.at, choice)] : [];
  });
  const entries: HistoryEntry[] = [
    { key: "arrival", at: arrival.at, type: "arrival", title: `${arrival.kindLabel} received` },
    ...chosen,
    ...(chosen.length === 0 && borrowerChoice
      ? [borrowerEntry("borrower-choice", borrowerChoice.at, borrowerChoice.choice)]
      : []),
    ...emails.map((email, i) => ({
      key: `email-${i}`,
      at: email.sentAt,
      type: "email" as const,
      title: `Email sent to ${email.to}: ${email.subject}`,
      email,
    })),
    ...staff
      .filter((event) => event.type !== "callback-chosen")
      .map((event) => ({ key: `staff-${event.id}`, at: event.at, type: "staff" as const, event })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
    .sort((a, b) => a.time - b.time || ORDER[a.entry.type] - ORDER[b.entry.type] || a.index - b.index)
    .map(({ entry }) => entry);
}
