import type { TimelineEvent } from "~/domain/lead-work";

// A lead's timeline as the adviser reads it (issue 29, decision 202): its arrival, the
// borrower's own choice of when to be called, each email sent about it (with its text)
// and the staff's changes, oldest first. Pure: the route passes in what is stored.

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
   * The borrower's call-back choice as stored now, and when they made it (only the
   * latest choice is kept, decision 173); null when they have not chosen.
   */
  borrowerChoice: { label: string; at: string } | null;
  emails: SentEmail[];
  staff: TimelineEvent<string>[];
}

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
  const entries: HistoryEntry[] = [
    { key: "arrival", at: arrival.at, type: "arrival", title: `${arrival.kindLabel} received` },
    ...(borrowerChoice
      ? [
          {
            key: "borrower-choice",
            at: borrowerChoice.at,
            type: "borrower" as const,
            title: `The borrower asked to be called: ${borrowerChoice.label}`,
          },
        ]
      : []),
    ...emails.map((email, i) => ({
      key: `email-${i}`,
      at: email.sentAt,
      type: "email" as const,
      title: `Email sent to ${email.to}: ${email.subject}`,
      email,
    })),
    ...staff.map((event) => ({ key: `staff-${event.id}`, at: event.at, type: "staff" as const, event })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
    .sort((a, b) => a.time - b.time || ORDER[a.entry.type] - ORDER[b.entry.type] || a.index - b.index)
    .map(({ entry }) => entry);
}
