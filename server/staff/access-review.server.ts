import { and, desc, gte, inArray, isNotNull } from "drizzle-orm";
import type { AuditAction } from "../../app/domain/audit-actions";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

// The access review (DECISIONS D25, docs/decisions/274): for each member, what they
// exported, erased and changed over the last 90 days, read from the audit log (views and
// sign-ins left out: the log itself holds those). One page a compliance officer prints.

export const REVIEW_DAYS = 90;

/** The actions the review reads, by what they are. */
export const REVIEW_ACTIONS = {
  exported: ["leads.export", "campaigns.export", "conversions.export", "data.access"],
  erased: ["data.erasure"],
  changed: [
    "lead.status",
    "lead.note",
    "lead.assign",
    "lead.call",
    "lead.next-action",
    "lead.case",
    "lead.case-commission",
    "panel.product-added",
    "panel.product-changed",
    "panel.product-retired",
    "team.member-added",
    "team.link-sent",
    "team.roles-changed",
    "team.member-disabled",
    "team.member-enabled",
  ],
} as const satisfies Record<string, readonly AuditAction[]>;

export interface ReviewEntry {
  at: Date;
  action: AuditAction;
  /** The rows of an export, when the row says. */
  rows: number | null;
}

export interface MemberReview {
  actorId: string;
  actorName: string;
  exported: ReviewEntry[];
  erased: ReviewEntry[];
  /** Each kind of change with how many times. */
  changed: { action: AuditAction; count: number }[];
}

const rowsOf = (detail: unknown) => {
  const rows = typeof detail === "object" && detail !== null && "rows" in detail ? detail.rows : null;
  return typeof rows === "number" ? rows : null;
};

/** Every member who exported, erased or changed something since `now` less 90 days, by name. */
export async function accessReview(db: Database, now = new Date()): Promise<MemberReview[]> {
  const since = new Date(now.getTime() - REVIEW_DAYS * 86_400_000);
  const actions: AuditAction[] = [...REVIEW_ACTIONS.exported, ...REVIEW_ACTIONS.erased, ...REVIEW_ACTIONS.changed];
  const rows = await db
    .select({
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(gte(auditLog.at, since), isNotNull(auditLog.actorId), inArray(auditLog.action, actions)))
    .orderBy(desc(auditLog.at));
  const byMember = new Map<string, MemberReview>();
  for (const row of rows) {
    const id = row.actorId as string;
    let review = byMember.get(id);
    if (!review) {
      review = { actorId: id, actorName: row.actorName ?? "", exported: [], erased: [], changed: [] };
      byMember.set(id, review);
    }
    const action = row.action as AuditAction;
    const entry = { at: row.at, action, rows: rowsOf(row.detail) };
    if ((REVIEW_ACTIONS.exported as readonly string[]).includes(action)) review.exported.push(entry);
    else if ((REVIEW_ACTIONS.erased as readonly string[]).includes(action)) review.erased.push(entry);
    else {
      const kind = review.changed.find((c) => c.action === action);
      if (kind) kind.count++;
      else review.changed.push({ action, count: 1 });
    }
  }
  return [...byMember.values()].sort((a, b) => a.actorName.localeCompare(b.actorName));
}
