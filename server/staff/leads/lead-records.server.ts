import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { LeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { auditLog, complaints, dataRequests, leadNeeds } from "../../platform/db/schema";

// What else is held about a lead's person, for the lead page's banners and its activity
// feed (issue 50): the complaints made about the lead or from its email address, the
// data requests asked from its email address, and the changes to its needs record (who
// and when, never what). Each read by an index: complaints by lead and by lower(email),
// the audit log by lead, data requests by their handful of rows.

export interface LeadComplaint {
  id: string;
  receivedAt: Date;
  closedAt: Date | null;
}

export interface LeadDataRequest {
  id: string;
  kind: string;
  receivedAt: Date;
  dueBy: Date;
  answeredAt: Date | null;
}

export interface LeadNeedsChange {
  at: Date;
  /** "needs.record" (an adviser), "needs.stated" (the borrower), "needs.health-withdrawn". */
  action: string;
  actorName: string | null;
}

export interface LeadRecords {
  complaints: LeadComplaint[];
  dataRequests: LeadDataRequest[];
  needsChanges: LeadNeedsChange[];
  /** Whether the lead has a needs record at all (told to roles that may not read it). */
  needsHeld: boolean;
}

/** How many of each are read: a person with more is a case for the person page. */
const LIMIT = 50;

export async function leadRecordsOf(
  db: Database,
  lead: { kind: LeadKind; id: string; email: string },
): Promise<LeadRecords> {
  const email = lead.email.trim().toLowerCase();
  const [complaintRows, requestRows, needsRows, [held]] = await Promise.all([
    db
      .select({ id: complaints.id, receivedAt: complaints.receivedAt, closedAt: complaints.closedAt })
      .from(complaints)
      .where(
        email
          ? or(eq(complaints.leadId, lead.id), sql`lower(${complaints.email}) = ${email}`)
          : eq(complaints.leadId, lead.id),
      )
      .orderBy(desc(complaints.receivedAt))
      .limit(LIMIT),
    email
      ? db
          .select({
            id: dataRequests.id,
            kind: dataRequests.kind,
            receivedAt: dataRequests.createdAt,
            dueBy: dataRequests.dueBy,
            answeredAt: dataRequests.answeredAt,
          })
          .from(dataRequests)
          .where(sql`lower(${dataRequests.email}) = ${email}`)
          .orderBy(desc(dataRequests.createdAt))
          .limit(LIMIT)
      : [],
    db
      .select({ at: auditLog.at, action: auditLog.action, actorName: auditLog.actorName })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.leadId, lead.id),
          inArray(auditLog.action, ["needs.record", "needs.stated", "needs.health-withdrawn"]),
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(LIMIT),
    db
      .select({ one: sql<number>`1` })
      .from(leadNeeds)
      .where(and(eq(leadNeeds.leadKind, lead.kind), eq(leadNeeds.leadId, lead.id)))
      .limit(1),
  ]);
  return {
    complaints: complaintRows,
    dataRequests: requestRows,
    needsChanges: needsRows.map((r) => ({ at: r.at, action: r.action, actorName: r.actorName })),
    needsHeld: held !== undefined,
  };
}
