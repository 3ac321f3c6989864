import { desc, eq, inArray, or, sql } from "drizzle-orm";
import type { CaseStage } from "../../../app/domain/lead-cases";
import type { LeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { complaints, dataRequests, leadCases, leadNeeds, lenderProducts } from "../../platform/db/schema";
import { reopenedSql } from "../../complaints/reopened";
import type { PersonKey } from "./people.server";

// What else is held about a person, for the person page (decision 410): their complaints
// (by their email, or made about one of their leads), their data and correction requests
// (by their email, or asked from one of their accounts), the cases of their leads, and
// which of their leads hold a needs record. Each read by an index: complaints by
// lower(email) and lead_id, requests by user_id (and lower(email) among their handful of
// rows), cases by lead_id, needs by (lead_kind, lead_id).

export interface PersonComplaint {
  id: string;
  receivedAt: Date;
  name: string;
  acknowledgedAt: Date | null;
  respondedAt: Date | null;
  holdingSentAt: Date | null;
  closedAt: Date | null;
  reopened: boolean;
  lead: { kind: LeadKind; id: string } | null;
}

export interface PersonRequest {
  id: string;
  kind: string;
  receivedAt: Date;
  dueBy: Date;
  answeredAt: Date | null;
  userId: string;
}

export interface PersonCase {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  stage: CaseStage;
  lender: string;
  product: string;
  applicationSentAt: Date;
}

export interface PersonRecords {
  complaints: PersonComplaint[];
  requests: PersonRequest[];
  cases: PersonCase[];
  /** The ids of the leads that hold a needs record (told to roles that may not read it). */
  needsHeld: string[];
}

/** How many of each are read: the person page shows a person, not a register. */
export const PERSON_RECORDS_LIMIT = 50;

export async function personRecordsOf(
  db: Database,
  key: PersonKey,
  leads: readonly { kind: LeadKind; id: string }[],
  accountIds: readonly string[],
): Promise<PersonRecords> {
  const email = key.email.trim().toLowerCase();
  const leadIds = leads.map((l) => l.id);
  const byLead = leadIds.length > 0 ? inArray(complaints.leadId, leadIds) : undefined;
  const byEmail = email ? sql`lower(${complaints.email}) = ${email}` : undefined;
  const complaintWhere = byLead && byEmail ? or(byLead, byEmail) : (byLead ?? byEmail);
  const requestWhere = or(
    accountIds.length > 0 ? inArray(dataRequests.userId, [...accountIds]) : undefined,
    email ? sql`lower(${dataRequests.email}) = ${email}` : undefined,
  );
  const [complaintRows, requestRows, caseRows, needsRows] = await Promise.all([
    complaintWhere
      ? db
          .select({
            id: complaints.id,
            receivedAt: complaints.receivedAt,
            name: complaints.name,
            acknowledgedAt: complaints.acknowledgedAt,
            respondedAt: complaints.respondedAt,
            holdingSentAt: complaints.holdingSentAt,
            closedAt: complaints.closedAt,
            reopened: reopenedSql,
            leadKind: complaints.leadKind,
            leadId: complaints.leadId,
          })
          .from(complaints)
          .where(complaintWhere)
          .orderBy(desc(complaints.receivedAt), desc(complaints.id))
          .limit(PERSON_RECORDS_LIMIT)
      : [],
    requestWhere
      ? db
          .select({
            id: dataRequests.id,
            kind: dataRequests.kind,
            receivedAt: dataRequests.createdAt,
            dueBy: dataRequests.dueBy,
            answeredAt: dataRequests.answeredAt,
            userId: dataRequests.userId,
          })
          .from(dataRequests)
          .where(requestWhere)
          .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id))
          .limit(PERSON_RECORDS_LIMIT)
      : [],
    leadIds.length > 0
      ? db
          .select({
            id: leadCases.id,
            leadKind: leadCases.leadKind,
            leadId: leadCases.leadId,
            stage: leadCases.stage,
            lender: lenderProducts.lender,
            product: lenderProducts.productName,
            applicationSentAt: leadCases.applicationSentAt,
          })
          .from(leadCases)
          .innerJoin(lenderProducts, eq(lenderProducts.id, leadCases.productId))
          .where(inArray(leadCases.leadId, leadIds))
          .orderBy(desc(leadCases.applicationSentAt), desc(leadCases.id))
          .limit(PERSON_RECORDS_LIMIT)
      : [],
    leadIds.length > 0
      ? db
          .select({ kind: leadNeeds.leadKind, id: leadNeeds.leadId })
          .from(leadNeeds)
          .where(inArray(leadNeeds.leadId, leadIds))
      : [],
  ]);
  const isPersons = (kind: string, id: string) => leads.some((l) => l.kind === kind && l.id === id);
  return {
    complaints: complaintRows.map(({ leadKind, leadId, ...c }) => ({
      ...c,
      lead: leadKind && leadId ? { kind: leadKind, id: leadId } : null,
    })),
    requests: requestRows,
    cases: caseRows.filter((c) => isPersons(c.leadKind, c.leadId)),
    needsHeld: needsRows.filter((n) => isPersons(n.kind, n.id)).map((n) => n.id),
  };
}
