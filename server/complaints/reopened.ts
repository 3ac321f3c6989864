import { sql } from "drizzle-orm";
import { complaintLetters, complaints } from "../platform/db/schema";

// Read by the complaints list, Today and the person page alike.

/**
 * Whether a complaint is open again after its answer. Reopening takes the answer back
 * (its time) and keeps the letter, so an open complaint with no answer that was sent a
 * summary resolution or a final response was reopened. Read by the letters' index.
 */
export const reopenedSql = sql<boolean>`(
  ${complaints.closedAt} is null and ${complaints.respondedAt} is null and exists (
    select 1 from ${complaintLetters}
    where ${complaintLetters.complaintId} = ${complaints.id}
      and ${complaintLetters.kind} in ('summary-resolution', 'final-response')
  )
)`.mapWith(Boolean);
