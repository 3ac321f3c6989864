import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { AuditAction } from "../../app/domain/audit-actions";
import type { LeadKind } from "../../app/domain/leads";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

// The audit log (DECISIONS D14): who saw or changed which customer's data, and when.
// Rows are only ever added (a database trigger refuses changes). Details hold ids,
// statuses, filters and counts: never a customer's name, email or phone.

export interface AuditEntry {
  action: AuditAction;
  actor: { id: string; name: string } | null;
  lead?: { kind: LeadKind; id: string };
  detail?: Record<string, unknown>;
}

type Executor = Pick<Database, "insert">;

/** Adds one row; give it the transaction of the change it records, so both land or neither. */
export async function writeAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    leadKind: entry.lead?.kind ?? null,
    leadId: entry.lead?.id ?? null,
    detail: entry.detail ?? null,
  });
}

export interface AuditFilter {
  actorId?: string;
  leadId?: string;
  action?: AuditAction;
  /** Keyset: rows older than this one. */
  before?: { at: Date; id: number };
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest rows first, by keyset, with the filters that combine. */
export async function auditEntries(db: Database, filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.leadId) conditions.push(eq(auditLog.leadId, filter.leadId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.before) {
    const { at, id } = filter.before;
    const older = or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, id)));
    if (older) conditions.push(older);
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}
