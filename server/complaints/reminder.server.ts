import { eq } from "drizzle-orm";
import type { Database } from "../platform/db/client";
import { complaints } from "../platform/db/schema";
import type { MailMessage } from "../platform/mail";

// A complaint's handler is reminded a week before its eight weeks end (DECISIONS D26):
// an outbox job queued with the complaint, due at the start of the eighth week, that
// sends only if the complaint still awaits its response by then.

export type ComplaintReminderPayload = MailMessage & { complaintId: string };

declare module "../platform/outbox" {
  interface JobPayloads {
    /** A complaint's handler reminded a week before its eight weeks end: sent only while it still awaits its response. */
    "complaint-reminder": ComplaintReminderPayload;
  }
}

/** Open, with neither a response nor a holding response sent. */
export async function complaintAwaitsResponse(db: Database, complaintId: string): Promise<boolean> {
  const [row] = await db
    .select({
      closedAt: complaints.closedAt,
      respondedAt: complaints.respondedAt,
      holdingSentAt: complaints.holdingSentAt,
    })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  return row !== undefined && row.closedAt === null && row.respondedAt === null && row.holdingSentAt === null;
}

export function complaintReminderMessage(payload: ComplaintReminderPayload): MailMessage {
  const { complaintId: _complaintId, ...message } = payload;
  return message;
}
