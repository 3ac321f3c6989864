import type { LeadKind } from "../app/domain/leads";

/**
 * The outbox keys each kind of lead's emails are queued under: the broker's
 * notification, then the sender's own copy. Written with the lead, found again by the
 * staff console, an access request, erasure and the retention job, so one list.
 */
const EMAIL_KEYS: Record<LeadKind, (id: string) => [notification: string, copy: string]> = {
  quote: (id) => [`quote-notify:${id}`, `quote-confirm:${id}`],
  "personal-enquiry": (id) => [`enquiry-notify:${id}`, `enquiry-confirm:${id}`],
  contact: (id) => [`contact:${id}:notification`, `contact:${id}:copy`],
};

/** The outbox keys of the emails queued for a lead (its staff notification and its sender's copy). */
export const leadEmailKeys = (kind: LeadKind, id: string) => EMAIL_KEYS[kind](id);
