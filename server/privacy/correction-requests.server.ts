import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { BankHolidayNation } from "../../app/domain/callbacks";
import { type AccountDetails, dataRequestDueBy, dataRequestReference } from "../../app/domain/data-requests";
import type { AccountUser } from "../borrowers/accounts.server";
import type { Database } from "../platform/db/client";
import { dataRequests, profiles, staffMembers, users } from "../platform/db/schema";
import { writeAudit } from "../platform/audit.server";
import type { StaffActor } from "../staff/session.server";

// A borrower putting right what the firm holds about them (UK GDPR article 16, DECISIONS
// D29): their account's own name and phone changed by themselves, and anything else asked
// for in their words as a correction request, which the console lists among the data
// requests with the day the privacy policy's month runs out. The audit rows name the
// request, never its words.

/** Changes the account's own name and phone, as the borrower corrected them. */
export async function correctAccountDetails(db: Database, user: AccountUser, details: AccountDetails) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: `${details.firstName} ${details.lastName}` })
      .where(eq(users.id, user.id));
    await tx
      .insert(profiles)
      .values({ userId: user.id, ...details })
      .onConflictDoUpdate({ target: profiles.userId, set: details });
  });
}

/** Records a correction request from the account; answers its reference and when it is due. */
export async function askForCorrection(
  db: Database,
  user: AccountUser & { name: string },
  details: string,
  { nation, now = new Date() }: { nation: BankHolidayNation; now?: Date },
): Promise<{ reference: string; dueBy: Date }> {
  const dueBy = dataRequestDueBy(now, nation);
  const [row] = await db
    .insert(dataRequests)
    .values({ kind: "correction", userId: user.id, name: user.name, email: user.email, details, dueBy, createdAt: now })
    .returning({ id: dataRequests.id });
  const reference = dataRequestReference(row?.id ?? "");
  await writeAudit(db, { action: "data.correction-asked", actor: null, detail: { reference } });
  return { reference, dueBy };
}

export interface DataRequestRow {
  id: string;
  reference: string;
  receivedAt: Date;
  name: string;
  email: string;
  details: string;
  dueBy: Date;
  answeredAt: Date | null;
  answeredByName: string | null;
  /** The account it was asked from. */
  userId: string;
}

const columns = {
  id: dataRequests.id,
  userId: dataRequests.userId,
  receivedAt: dataRequests.createdAt,
  name: dataRequests.name,
  email: dataRequests.email,
  details: dataRequests.details,
  dueBy: dataRequests.dueBy,
  answeredAt: dataRequests.answeredAt,
  answeredByName: staffMembers.name,
};

/** How many correction requests the console's page lists at once. */
export const DATA_REQUESTS_PAGE_SIZE = 50;

/**
 * Page `page` (from 1) of the correction requests: those still to answer first, soonest
 * due first, then the answered ones, newest answered first; with how many are open in all
 * and whether a later page has more. Offset pages: the list is short-lived work, answered
 * within a month, so a page past the first is rare and cheap.
 */
export async function dataRequestsToShow(db: Database, page = 1, size = DATA_REQUESTS_PAGE_SIZE) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(dataRequests)
      .leftJoin(staffMembers, eq(staffMembers.id, dataRequests.answeredBy))
      .orderBy(
        sql`${dataRequests.answeredAt} is not null`,
        sql`case when ${dataRequests.answeredAt} is null then ${dataRequests.dueBy} end`,
        desc(dataRequests.answeredAt),
        asc(dataRequests.id),
      )
      .limit(size + 1)
      .offset((page - 1) * size),
    db.select({ open: count() }).from(dataRequests).where(isNull(dataRequests.answeredAt)),
  ]);
  const shown = rows.slice(0, size).map((row): DataRequestRow => ({ ...row, reference: dataRequestReference(row.id) }));
  return {
    open: shown.filter((row) => row.answeredAt === null),
    answered: shown.filter((row) => row.answeredAt !== null),
    openCount: Number(counted?.open ?? 0),
    page,
    more: rows.length > size,
  };
}

/** Marks a request answered, once: false when there is no such request still open. */
export async function answerDataRequest(db: Database, actor: StaffActor, id: string, now = new Date()) {
  if (!z.uuid().safeParse(id).success) return false;
  const answered = await db
    .update(dataRequests)
    .set({ answeredAt: now, answeredBy: actor.id })
    .where(and(eq(dataRequests.id, id), isNull(dataRequests.answeredAt)))
    .returning({ id: dataRequests.id });
  if (answered.length === 0) return false;
  await writeAudit(db, { action: "data.request-answered", actor, detail: { reference: dataRequestReference(id) } });
  return true;
}
