import { and, desc, eq, sql } from "drizzle-orm";
import { type LeadUndo, leadUndo } from "../../../app/domain/lead-undo";
import type { LeadKind, LeadStatus } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { leadEvents } from "../../platform/db/schema";
import { writeAudit } from "../../platform/audit.server";
import { changeStatus } from "./leads.server";
import type { StaffActor } from "../session.server";

// The undo of a lead's last status move or note (DECISIONS D31), offered in the notice that
// says it was saved and beside it in the activity, until anything else is done to the lead.
// A status move goes back through the same change as any move, at the version it left, so a
// lead changed since is refused as stale; a note is taken off only while it is the lead's
// latest entry. Not timed: the undo lasts until the next change, however long that is.

/** What the member may undo on the lead now, or null. */
export async function undoableOf(
  db: Database,
  lead: { id: string; status: LeadStatus },
  viewerId: string,
): Promise<LeadUndo | null> {
  const [latest] = await db
    .select({
      id: leadEvents.id,
      type: leadEvents.type,
      actorId: leadEvents.actorId,
      fromStatus: leadEvents.fromStatus,
      toStatus: leadEvents.toStatus,
      note: leadEvents.note,
    })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, lead.id))
    .orderBy(desc(leadEvents.at), desc(leadEvents.id))
    .limit(1);
  return leadUndo(latest, lead.status, viewerId);
}

export type UndoOutcome = { ok: true; kind: LeadUndo["kind"] } | { ok: false; reason: "stale" | "not-found" };

/**
 * Undoes `eventId` on the lead, at `version` (the version the page showed): refused as stale
 * when it is no longer what the member may undo (something was done since, or it was undone).
 */
export async function undoLast(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string; version: number; status: LeadStatus },
  eventId: number,
): Promise<UndoOutcome> {
  const undo = await undoableOf(db, lead, actor.id);
  if (!undo || undo.eventId !== eventId) return { ok: false, reason: "stale" };
  if (undo.kind === "status") {
    const outcome = await changeStatus(db, actor, { ...lead, to: undo.back, undoFrom: undo.from });
    if (outcome.ok) return { ok: true, kind: "status" };
    return { ok: false, reason: outcome.reason === "not-found" ? "not-found" : "stale" };
  }
  const removed = await db.transaction(async (tx) => {
    // Only while it is still the lead's latest entry: one written since keeps it.
    const rows = await tx
      .delete(leadEvents)
      .where(
        and(
          eq(leadEvents.id, eventId),
          eq(leadEvents.leadId, lead.id),
          eq(leadEvents.type, "note"),
          eq(leadEvents.actorId, actor.id),
          sql`not exists (select 1 from ${leadEvents} later where later.lead_id = ${lead.id} and later.id > ${eventId})`,
        ),
      )
      .returning({ id: leadEvents.id });
    // The audit row says a note was taken off, not what it said.
    if (rows.length > 0)
      await writeAudit(tx, { action: "lead.note-undone", actor, lead: { kind: lead.kind, id: lead.id } });
    return rows.length > 0;
  });
  return removed ? { ok: true, kind: "note" } : { ok: false, reason: "stale" };
}
