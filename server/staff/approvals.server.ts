import { and, count, eq, ne } from "drizzle-orm";
import type { Database } from "../platform/db/client";
import { promotionVersions } from "../platform/db/schema";

/**
 * What waits for this member's approval, for the console's navigation (issue 50): the
 * promotion versions drafted by someone else and not yet decided (four eyes, DECISIONS D27).
 * Read by the versions' status index; a firm has a handful.
 */
export async function approvalsWaiting(db: Database, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionVersions)
    .where(and(eq(promotionVersions.status, "draft"), ne(promotionVersions.draftedBy, memberId)));
  return row?.n ?? 0;
}
