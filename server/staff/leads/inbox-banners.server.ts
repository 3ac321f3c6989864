import { and, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client";
import { complaints, dataRequests } from "../../platform/db/schema";

// The banner a list's row carries when its lead's person has an open complaint or an open
// correction request (decision 420): the same rule as the lead page's header strip (a
// complaint about the lead or from its email address; a request from its email address),
// asked once for a page of rows. Both read the open rows only, by their partial indexes
// (`complaints_open_idx`, `data_requests_open_idx`): open ones are few whatever the history.

/** What a row says of its person: the open complaint's day received, the request's day due. */
export interface PersonBanner {
  /** When the oldest open complaint was received, or null. */
  complaintSince: Date | null;
  /** When the soonest open correction request is due, or null. */
  correctionDue: Date | null;
}

/** The banner of each lead that has one, by lead id; a lead without one is not in the map. */
export async function personBannersOf(
  db: Database,
  leads: readonly { id: string; email: string }[],
): Promise<Map<string, PersonBanner>> {
  const found = new Map<string, PersonBanner>();
  if (leads.length === 0) return found;
  const emails = [...new Set(leads.map((l) => l.email.trim().toLowerCase()).filter(Boolean))];
  const ids = [...new Set(leads.map((l) => l.id))];
  const [complaintRows, requestRows] = await Promise.all([
    db
      .select({ leadId: complaints.leadId, email: complaints.email, receivedAt: complaints.receivedAt })
      .from(complaints)
      .where(
        and(
          isNull(complaints.closedAt),
          emails.length > 0
            ? or(
                inArray(complaints.leadId, ids),
                sql`lower(${complaints.email}) in (${sql.join(
                  emails.map((e) => sql`${e}`),
                  sql`, `,
                )})`,
              )
            : inArray(complaints.leadId, ids),
        ),
      ),
    emails.length > 0
      ? db
          .select({ email: dataRequests.email, dueBy: dataRequests.dueBy })
          .from(dataRequests)
          .where(
            and(
              isNull(dataRequests.answeredAt),
              sql`${dataRequests.kind} = 'correction'`,
              sql`lower(${dataRequests.email}) in (${sql.join(
                emails.map((e) => sql`${e}`),
                sql`, `,
              )})`,
            ),
          )
      : [],
  ]);
  const earlier = (a: Date | null, b: Date) => (a === null || b < a ? b : a);
  for (const lead of leads) {
    const email = lead.email.trim().toLowerCase();
    let complaintSince: Date | null = null;
    let correctionDue: Date | null = null;
    for (const c of complaintRows) {
      if (c.leadId === lead.id || (email && c.email?.trim().toLowerCase() === email)) {
        complaintSince = earlier(complaintSince, c.receivedAt);
      }
    }
    for (const r of requestRows) {
      if (email && r.email.trim().toLowerCase() === email) correctionDue = earlier(correctionDue, r.dueBy);
    }
    if (complaintSince || correctionDue) found.set(lead.id, { complaintSince, correctionDue });
  }
  return found;
}
