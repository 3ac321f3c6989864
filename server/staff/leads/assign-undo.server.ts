import { isLeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { BULK_MAX, type BulkResult, type ListedLead } from "./bulk.server";
import { assignLead } from "./leads.server";
import { listedLeadsNow } from "./listed-leads.server";
import type { StaffActor } from "../session.server";

// The undo of an assignment (DECISIONS D31): each lead assigned goes back to the adviser it
// had (or to no one), at the version the assignment left it, so a lead someone changed
// since is skipped and named, never overwritten. The undo is posted as one line a lead,
// "kind:id:version:assignee" ("none" for no one).

/** A lead to put back: at the version its assignment left it, to the adviser it had. */
export interface AssignmentUndo extends ListedLead {
  assigneeId: string | null;
}

export const UNDO_NONE = "none";

export const undoLine = (u: AssignmentUndo) => `${u.kind}:${u.id}:${u.version}:${u.assigneeId ?? UNDO_NONE}`;

/** The undo lines a form posted, each lead once, at most a page; anything not shaped as one is left out. */
export function readUndoLines(values: FormDataEntryValue[]): AssignmentUndo[] {
  const seen = new Map<string, AssignmentUndo>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    const [kind, id, version, assignee] = value.split(":");
    if (!isLeadKind(kind) || !id || !assignee || !/^\d{1,9}$/.test(version ?? "")) continue;
    seen.set(`${kind}:${id}`, {
      kind,
      id,
      version: Number(version),
      assigneeId: assignee === UNDO_NONE ? null : assignee,
    });
  }
  return [...seen.values()].slice(0, BULK_MAX);
}

/**
 * Who had each listed lead, read before assigning them: a lead assigned at the version the
 * list showed had then the assignee read here (a change between the two makes the
 * assignment stale, and it is skipped).
 */
export async function assigneesBefore(db: Database, leads: readonly ListedLead[]) {
  const now = await listedLeadsNow(db, leads);
  return new Map(
    now
      .filter((lead) => leads.some((l) => l.kind === lead.kind && l.id === lead.id && l.version === lead.version))
      .map((lead) => [`${lead.kind}:${lead.id}`, { id: lead.assigneeId, name: lead.assigneeName }]),
  );
}

/** The undo of the assigned leads: each at the version after its assignment, back to whom it had. */
export function undoOf(
  leads: readonly ListedLead[],
  before: Map<string, { id: string | null }>,
  skipped: BulkResult["skipped"],
): AssignmentUndo[] {
  return leads.flatMap((lead) => {
    const had = before.get(`${lead.kind}:${lead.id}`);
    if (!had || skipped.some((s) => s.kind === lead.kind && s.id === lead.id)) return [];
    return [{ ...lead, version: lead.version + 1, assigneeId: had.id }];
  });
}

/** Puts each lead back; one changed since (or no longer held) is skipped and the rest go on. */
export async function undoAssignments(
  db: Database,
  actor: StaffActor,
  undo: readonly AssignmentUndo[],
): Promise<BulkResult> {
  const result: BulkResult = { changed: 0, skipped: [] };
  for (const lead of undo) {
    const outcome = await assignLead(db, actor, { ...lead, undo: true });
    if (outcome.ok) result.changed += 1;
    else result.skipped.push({ kind: lead.kind, id: lead.id, reason: outcome.reason });
  }
  return result;
}
