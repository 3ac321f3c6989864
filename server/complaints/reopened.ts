import { sql } from "drizzle-orm";

// Read by the complaints list, Today, the person page and the complainant's account alike.

/**
 * Whether a complaint is open again after its answer. Reopening takes the answer back
 * (its time) and keeps the letter, so an open complaint with no answer that was sent a
 * summary resolution or a final response was reopened. Read by the letters' index.
 *
 * Written with the tables named: in a query of the complaints table alone Drizzle writes
 * its columns unqualified, and inside the subquery "id" would be the letter's own.
 */
export const reopenedSql = sql<boolean>`(
  "complaints"."closed_at" is null and "complaints"."responded_at" is null and exists (
    select 1 from "complaint_letters"
    where "complaint_letters"."complaint_id" = "complaints"."id"
      and "complaint_letters"."kind" in ('summary-resolution', 'final-response')
  )
)`.mapWith(Boolean);
