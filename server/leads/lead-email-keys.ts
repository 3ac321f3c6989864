import type { LeadKind } from "../../app/domain/leads";

/**
 * The outbox keys each kind of lead's emails are queued under: the broker's
 * notification, then the sender's own copy, then (quotes and quick-check enquiries) the
 * broker's note and the borrower's confirmation of the call-back time they chose, each
 * replaced by the next choice, and last the adviser's reminder at a call-back's time,
 * replaced by the next call-back's. Written with the lead, found again by the staff console,
 * an access request, erasure and the retention job, so one list.
 */
const EMAIL_KEYS: Record<LeadKind, (id: string) => [notification: string, copy: string, ...later: string[]]> = {
  quote: (id) => [`quote-notify:${id}`, `quote-confirm:${id}`, ...callbackKeys("quote", id), reminderKey("quote", id)],
  "personal-enquiry": (id) => [
    `enquiry-notify:${id}`,
    `enquiry-confirm:${id}`,
    ...callbackKeys("enquiry", id),
    reminderKey("personal-enquiry", id),
  ],
  contact: (id) => [`contact:${id}:notification`, `contact:${id}:copy`, reminderKey("contact", id)],
};

/**
 * The key of a lead's call-back reminder: one per lead, so the lists above name it. The
 * time it reminds of is in its payload; a reminder for a new time replaces it.
 */
export function reminderKey(kind: LeadKind, id: string): string {
  return kind === "contact" ? `contact:${id}:reminder` : `${kind === "quote" ? "quote" : "enquiry"}-reminder:${id}`;
}

function callbackKeys(prefix: string, id: string): [notification: string, confirmation: string] {
  return [`${prefix}-callback-notify:${id}`, `${prefix}-callback-confirm:${id}`];
}

/** The outbox keys of the emails queued for a lead (its staff notification and its sender's copy first). */
export const leadEmailKeys = (kind: LeadKind, id: string) => EMAIL_KEYS[kind](id);

/** The keys of a lead's call-back emails: the broker's note, then the borrower's confirmation. */
export const callbackEmailKeys = (kind: "quote" | "personal-enquiry", id: string) =>
  callbackKeys(kind === "quote" ? "quote" : "enquiry", id);
