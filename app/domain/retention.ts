// How long the firm keeps what (DECISIONS D11, D15): the one place the periods live.
// The privacy policy prints them from here and the daily retention job
// (server/privacy/retention.ts) deletes by them, so the promise and the practice cannot drift.

export const RETENTION = {
  /** A lead whose loan completed: from completion (the FCA's record-keeping period). */
  completedLeadYears: 6,
  /** Any other lead: from its last activity (a status change, a note, an assignment). */
  otherLeadYears: 2,
  /** A message through the contact form: from its last activity. */
  contactMessageYears: 2,
  /** A borrower account whose email address was never confirmed: from sign-up. */
  unconfirmedAccountDays: 30,
  /** A complaint and its letters: from its closing (DISP 1.9.1R), an erasure request notwithstanding. */
  complaintYears: 3,
  /** A correction request sent from /account: from its answer (the account's deletion takes it sooner). */
  correctionRequestYears: 2,
  /** The staff console's audit log: from the action. */
  auditYears: 6,
  /** Analytics data, where a visitor agreed to analytics cookies (kept by the analytics provider). */
  analyticsMonths: 26,
} as const;

/** `date` moved back by whole calendar years (29 February goes to 1 March). */
function yearsBefore(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

const DAY_MS = 86_400_000;

/**
 * The moments before which each kind of data is due for deletion, at `now`. A record
 * is due when its own moment is at or before the cutoff: a lead completed exactly six
 * years ago goes today.
 */
export function retentionCutoffs(now: Date) {
  return {
    completedLeads: yearsBefore(now, RETENTION.completedLeadYears),
    otherLeads: yearsBefore(now, RETENTION.otherLeadYears),
    contactMessages: yearsBefore(now, RETENTION.contactMessageYears),
    unconfirmedAccounts: new Date(now.getTime() - RETENTION.unconfirmedAccountDays * DAY_MS),
    answeredCorrectionRequests: yearsBefore(now, RETENTION.correctionRequestYears),
    auditRows: yearsBefore(now, RETENTION.auditYears),
  };
}

export type RetentionCutoffs = ReturnType<typeof retentionCutoffs>;

/** What the retention job deletes, each with how the dry run names it. */
export const RETENTION_KINDS = {
  completedLeads: "Completed leads",
  otherLeads: "Other leads",
  contactMessages: "Contact messages",
  unconfirmedAccounts: "Unconfirmed accounts",
  expiredSessions: "Expired sessions",
  expiredVerifications: "Expired verification links",
  accountEmails: "Sent account emails",
  closedComplaints: "Complaints closed 3 years ago",
  answeredCorrectionRequests: "Correction requests answered 2 years ago",
  auditRows: "Audit rows",
} as const;

export type RetentionKind = keyof typeof RETENTION_KINDS;
