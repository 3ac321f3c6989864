// What the audit log records (DECISIONS D14): one name per kind of action, and how the
// console labels it.

export const AUDIT_ACTIONS = [
  "staff.sign-in",
  "staff.sign-in-failed",
  "lead.view",
  "person.view",
  "lead.status",
  "lead.note",
  "lead.assign",
  "lead.call",
  "lead.next-action",
  "lead.case",
  "lead.case-commission",
  "leads.export",
  "campaigns.export",
  "conversions.export",
  "retention.run",
  "data.lookup",
  "data.access",
  "data.erasure",
  "account.deleted",
  "panel.product-added",
  "panel.product-changed",
  "panel.product-retired",
  "complaint.recorded",
  "complaint.view",
  "complaint.letter",
  "complaint.closed",
  "complaint.reopened",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "staff.sign-in": "Signed in",
  "staff.sign-in-failed": "Failed sign-in",
  "lead.view": "Viewed a lead",
  "person.view": "Viewed everything from one person",
  "lead.status": "Changed a status",
  "lead.note": "Added a note",
  "lead.assign": "Assigned a lead",
  "lead.call": "Logged a call",
  "lead.next-action": "Planned a next action",
  "lead.case": "Moved a case with a lender on",
  "lead.case-commission": "Changed a case's commission",
  "leads.export": "Exported leads",
  "campaigns.export": "Exported the campaign report",
  "conversions.export": "Exported offline conversions for Google Ads",
  "retention.run": "Deleted data past its retention period",
  "data.lookup": "Looked up what is held about a person",
  "data.access": "Answered an access request",
  "data.erasure": "Answered an erasure request",
  "account.deleted": "A borrower deleted their account",
  "panel.product-added": "Added a lender product",
  "panel.product-changed": "Changed a lender product",
  "panel.product-retired": "Retired a lender product",
  "complaint.recorded": "Recorded a complaint",
  "complaint.view": "Viewed a complaint",
  "complaint.letter": "Sent a complaint's letter",
  "complaint.closed": "Closed a complaint",
  "complaint.reopened": "Reopened a complaint",
};

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
