import { INBOX_PAGE_SIZE } from "../../../app/domain/inbox-filter";
import type { CloseReason } from "../../../app/domain/lead-work";
import { isLeadKind, type LeadKind, type LeadStatus } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { assignLead, type ChangeOutcome, changeStatus } from "./leads.server";
import type { StaffActor } from "../session.server";

// Many leads changed at once from the inbox (docs/decisions/301): each lead by the same
// change the lead page makes (its own transaction, timeline entry and audit row), at the
// version the list showed, so a lead someone changed meanwhile is skipped and named, never
// overwritten.

/** A lead as the list showed it: posted as "kind:id:version". */
export interface ListedLead {
  kind: LeadKind;
  id: string;
  version: number;
}

/** A page of the inbox: what a manager ticks is on the page shown, so a post with more is refused (docs/decisions/335). */
export const BULK_MAX = INBOX_PAGE_SIZE;

/** The listed leads a form posted, each once; anything not shaped as one is left out. */
export function readListed(values: FormDataEntryValue[]): ListedLead[] {
  const seen = new Map<string, ListedLead>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    const [kind, id, version] = value.split(":");
    if (!isLeadKind(kind) || !id || !/^\d{1,9}$/.test(version ?? "")) continue;
    seen.set(`${kind}:${id}`, { kind, id, version: Number(version) });
  }
  return [...seen.values()];
}

/** Where the ticked leads download from (app/routes/staff.export_.ticked.tsx), as the list showed them. */
export function tickedExportPath(leads: readonly ListedLead[]) {
  const params = new URLSearchParams(leads.map((l) => ["lead", `${l.kind}:${l.id}:${l.version}`]));
  return `/staff/export/ticked?${params}`;
}

export type BulkChange =
  | { kind: "assign"; assigneeId: string | null }
  | { kind: "status"; to: LeadStatus; reason: CloseReason | null; note: string };

export type SkipReason = Exclude<ChangeOutcome, { ok: true }>["reason"];

export interface BulkResult {
  changed: number;
  skipped: { kind: LeadKind; id: string; reason: SkipReason }[];
}

/** Makes the change to each lead in turn; one refused is skipped and the rest go on. */
export async function changeMany(
  db: Database,
  actor: StaffActor,
  leads: readonly ListedLead[],
  change: BulkChange,
): Promise<BulkResult> {
  const result: BulkResult = { changed: 0, skipped: [] };
  for (const lead of leads) {
    const outcome =
      change.kind === "assign"
        ? await assignLead(db, actor, { ...lead, assigneeId: change.assigneeId })
        : await changeStatus(db, actor, { ...lead, to: change.to, reason: change.reason, note: change.note });
    if (outcome.ok) result.changed += 1;
    else result.skipped.push({ kind: lead.kind, id: lead.id, reason: outcome.reason });
  }
  return result;
}
