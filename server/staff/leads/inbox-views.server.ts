import { and, asc, eq, sql } from "drizzle-orm";
import { inboxSearchParams, parseInboxFilter } from "../../../app/domain/inbox-filter";
import { type InboxViewName, readViewName, SAVED_VIEWS_MAX } from "../../../app/domain/inbox-views";
import type { Database } from "../../platform/db/client";
import { staffSavedViews } from "../../platform/db/schema";

// A member's own views of the inbox (decision 422): saved by name from the list as it is
// filtered, kept in the database so they follow the member to any device, listed beside
// the four views every member has. The query kept is the filter's, read and written
// again by the inbox's own parser: never its search text (which may name a borrower),
// never a page cursor.

export interface SavedView {
  id: number;
  name: string;
  query: string;
}

/** The member's views, by name. */
export async function savedViewsOf(db: Database, staffId: string): Promise<SavedView[]> {
  return db
    .select({ id: staffSavedViews.id, name: staffSavedViews.name, query: staffSavedViews.query })
    .from(staffSavedViews)
    .where(eq(staffSavedViews.staffId, staffId))
    .orderBy(asc(staffSavedViews.name))
    .limit(SAVED_VIEWS_MAX);
}

/** The query a view keeps of a list's: the filter and the order, without search text or page. */
export function viewQuery(list: string): string {
  const filter = parseInboxFilter(new URLSearchParams(list));
  return inboxSearchParams({ ...filter, q: undefined, after: undefined }).toString();
}

export type SaveViewOutcome = { ok: true; name: InboxViewName } | { ok: false; problem: string };

/** Saves the list's view under the name (a view of the same name is replaced); at most SAVED_VIEWS_MAX. */
export async function saveView(db: Database, staffId: string, name: unknown, list: string): Promise<SaveViewOutcome> {
  const read = readViewName(name);
  if (!read.ok) return read;
  const query = viewQuery(list);
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(staffSavedViews)
      .where(and(eq(staffSavedViews.staffId, staffId), sql`${staffSavedViews.name} <> ${read.name}`));
    if (Number(count?.n ?? 0) >= SAVED_VIEWS_MAX) {
      return { ok: false as const, problem: `Keep at most ${SAVED_VIEWS_MAX} views: remove one first.` };
    }
    await tx
      .insert(staffSavedViews)
      .values({ staffId, name: read.name, query })
      .onConflictDoUpdate({ target: [staffSavedViews.staffId, staffSavedViews.name], set: { query } });
    return { ok: true as const, name: read.name };
  });
}

/** Removes one of the member's views (another member's is never reached). */
export async function removeView(db: Database, staffId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const removed = await db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, id), eq(staffSavedViews.staffId, staffId)))
    .returning({ id: staffSavedViews.id });
  return removed.length > 0;
}
