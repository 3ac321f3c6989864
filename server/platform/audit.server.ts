import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../../app/domain/audit-actions";
import type { LeadLookup } from "../../app/domain/inbox-filter";
import type { LeadKind } from "../../app/domain/leads";
import type { Database } from "./db/client";
import { microsecondText } from "./db/rows";
import { auditLog } from "./db/schema";

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
  /** One lead by its id, or every lead whose id starts with a reference. */
  lead?: LeadLookup;
  action?: AuditAction;
  /** Keyset: rows older than this one. */
  before?: AuditCursor;
}

/** Where a page ends: its last row's time to the microsecond (`microsecondText`), and its id. */
export interface AuditCursor {
  at: string;
  id: number;
}

// Years from 2000: the log is younger, and PostgreSQL has no year 0 (JS does).
const CURSOR = /^(2\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z~(\d{1,10})$/;

/** The cursor as the page's "older" link carries it. */
export const auditCursorText = (cursor: AuditCursor) => `${cursor.at}~${cursor.id}`;

/** A cursor from a link, or undefined for anything that is not one this page wrote. */
export function parseAuditCursor(text: string | null): AuditCursor | undefined {
  const match = CURSOR.exec(text ?? "");
  if (!match?.[1] || !match[3]) return undefined;
  const id = Number(match[3]);
  // A real moment (no 30 February) and an id the column can hold.
  const moment = new Date(`${match[1]}Z`);
  const valid = !Number.isNaN(moment.getTime()) && moment.toISOString().startsWith(match[1]);
  return valid && id <= 2_147_483_647 ? { at: `${match[1]}${match[2] ?? ""}Z`, id } : undefined;
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest rows first, by keyset, with the filters that combine. */
export async function auditEntries(db: Database, filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.lead?.by === "id") conditions.push(eq(auditLog.leadId, filter.lead.id));
  if (filter.lead?.by === "reference") {
    // The reference is the id's first 8 characters: a range on the uuid.
    const low = `${filter.lead.prefix}-0000-0000-0000-000000000000`;
    const high = `${filter.lead.prefix}-ffff-ffff-ffff-ffffffffffff`;
    conditions.push(sql`${auditLog.leadId} between ${low}::uuid and ${high}::uuid`);
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.before) {
    conditions.push(sql`(${auditLog.at}, ${auditLog.id}) < (${filter.before.at}::timestamptz, ${filter.before.id})`);
  }
  const rows = await db
    .select({
      ...getTableColumns(auditLog),
      cursorAt: microsecondText(auditLog.at),
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ cursorAt: _, ...row }) => row);
  const last = rows[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { at: last.cursorAt, id: last.id } : null };
}
