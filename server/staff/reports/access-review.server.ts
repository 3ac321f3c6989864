import { and, desc, gte, inArray } from "drizzle-orm";
import type { AuditAction } from "../../../app/domain/audit-actions";
import { type Permission, type Role, rolesHolding, storedRoles } from "../../../app/domain/permissions";
import type { Database } from "../../platform/db/client";
import { auditLog, promotionVersions, staffMembers } from "../../platform/db/schema";

// The access review (DECISIONS D25, D32, docs/decisions/274 and 340): for each member,
// what they exported, erased and changed over the last 90 days, read from the audit log
// (views and sign-ins left out: the log itself holds those). It flags what the rule of
// a second person cannot stop by itself: a role change applied by a single administrator
// alone, and a member who approved the work of the one who gave them the role, or erased
// a person, within 7 days of being given it. One page a compliance officer prints.

export const REVIEW_DAYS = 90;
/** How soon after being given a role an approval or an erasure is flagged. */
export const FLAG_DAYS = 7;
const DAY_MS = 86_400_000;

/** The actions the review reads, by what they are. */
export const REVIEW_ACTIONS = {
  exported: ["leads.export", "campaigns.export", "conversions.export", "data.access"],
  erased: ["data.erasure"],
  changed: [
    "lead.status",
    "lead.note",
    "lead.note-undone",
    "lead.assign",
    "lead.call",
    "lead.message",
    "lead.next-action",
    "lead.case",
    "lead.case-commission",
    "panel.product-added",
    "panel.product-changed",
    "panel.product-retired",
    "team.member-added",
    "team.link-sent",
    "team.roles-changed",
    "team.roles-asked",
    "team.roles-confirmed",
    "team.roles-refused",
    "team.member-disabled",
    "team.member-enabled",
    "promotion.drafted",
    "promotion.approved",
  ],
} as const satisfies Record<string, readonly AuditAction[]>;

export interface ReviewEntry {
  at: Date;
  action: AuditAction;
  /** The rows of an export, when the row says. */
  rows: number | null;
}

/**
 * What the review flags for a member to be looked at: a role change they applied alone
 * (the firm had one administrator), or an approval or erasure of theirs soon after being
 * given the role that allows it, with who gave it.
 */
export type ReviewFlag =
  | { kind: "alone"; at: Date; memberName: string; roles: Role[] }
  | { kind: "approved" | "erased"; at: Date; givenAt: Date; givenBy: string[]; roles: Role[] };

export interface MemberReview {
  actorId: string;
  actorName: string;
  exported: ReviewEntry[];
  erased: ReviewEntry[];
  /** Each kind of change with how many times. */
  changed: { action: AuditAction; count: number }[];
  flags: ReviewFlag[];
}

const rowsOf = (detail: unknown) => {
  const rows = typeof detail === "object" && detail !== null && "rows" in detail ? detail.rows : null;
  return typeof rows === "number" ? rows : null;
};

type Detail = Record<string, unknown>;
const detailOf = (detail: unknown): Detail => (typeof detail === "object" && detail !== null ? (detail as Detail) : {});

/** A role given: to whom, which roles, when, and by whom (the one who asked and the one who confirmed). */
interface Grant {
  memberId: string;
  roles: Role[];
  at: Date;
  givers: string[];
}

const GRANTS: readonly AuditAction[] = ["team.member-added", "team.roles-changed", "team.roles-confirmed"];

function grantOf(row: { at: Date; actorId: string | null; action: string; detail: unknown }): Grant | null {
  const d = detailOf(row.detail);
  if (!GRANTS.includes(row.action as AuditAction) || typeof d.memberId !== "string") return null;
  const from = row.action === "team.member-added" ? [] : storedRoles(Array.isArray(d.from) ? d.from : []);
  const to = storedRoles(Array.isArray(d.to ?? d.roles) ? ((d.to ?? d.roles) as unknown[]) : []);
  const roles = to.filter((role) => !from.includes(role));
  const givers = [row.actorId, typeof d.askedBy === "string" ? d.askedBy : null].filter((id): id is string => !!id);
  return roles.length > 0 ? { memberId: d.memberId, roles, at: row.at, givers } : null;
}

/**
 * The grant, within `FLAG_DAYS` before `at`, of a role holding `permission` to `memberId`,
 * by one of `givers` (any giver when none are named).
 */
function recentGrant(grants: readonly Grant[], memberId: string, at: Date, permission: Permission, givers?: string[]) {
  const holders = rolesHolding(permission);
  return grants.find(
    (g) =>
      g.memberId === memberId &&
      g.at <= at &&
      at.getTime() - g.at.getTime() <= FLAG_DAYS * DAY_MS &&
      g.roles.some((role) => holders.includes(role)) &&
      (!givers || g.givers.some((id) => givers.includes(id))),
  );
}

/** Every member who exported, erased or changed something since `now` less 90 days, by name. */
export async function accessReview(db: Database, now = new Date()): Promise<MemberReview[]> {
  const since = new Date(now.getTime() - REVIEW_DAYS * DAY_MS);
  // A week further back: a role given then counts for what was done at the window's start.
  const grantsSince = new Date(since.getTime() - FLAG_DAYS * DAY_MS);
  const actions: AuditAction[] = [...REVIEW_ACTIONS.exported, ...REVIEW_ACTIONS.erased, ...REVIEW_ACTIONS.changed];
  const [rows, staff] = await Promise.all([
    db
      .select({
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName: auditLog.actorName,
        action: auditLog.action,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .where(and(gte(auditLog.at, grantsSince), inArray(auditLog.action, actions)))
      .orderBy(desc(auditLog.at)),
    db.select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers),
  ]);
  const names = new Map(staff.map((m) => [m.id, m.name]));
  const grants = rows.map(grantOf).filter((g): g is Grant => g !== null);
  const approved = rows.filter((r) => r.action === "promotion.approved").map((r) => Number(detailOf(r.detail).version));
  const versions = approved.some(Number.isSafeInteger)
    ? await db
        .select({ id: promotionVersions.id, draftedBy: promotionVersions.draftedBy })
        .from(promotionVersions)
        .where(inArray(promotionVersions.id, approved.filter(Number.isSafeInteger)))
    : [];
  const drafters = new Map(versions.map((v) => [v.id, v.draftedBy]));
  const byMember = new Map<string, MemberReview>();
  for (const row of rows) {
    if (row.at < since || !row.actorId) continue;
    const id = row.actorId;
    let review = byMember.get(id);
    if (!review) {
      review = { actorId: id, actorName: row.actorName ?? "", exported: [], erased: [], changed: [], flags: [] };
      byMember.set(id, review);
    }
    const action = row.action as AuditAction;
    const d = detailOf(row.detail);
    const entry = { at: row.at, action, rows: rowsOf(row.detail) };
    if ((REVIEW_ACTIONS.exported as readonly string[]).includes(action)) review.exported.push(entry);
    else if ((REVIEW_ACTIONS.erased as readonly string[]).includes(action)) review.erased.push(entry);
    else {
      const kind = review.changed.find((c) => c.action === action);
      if (kind) kind.count++;
      else review.changed.push({ action, count: 1 });
    }
    if (d.alone === true && typeof d.memberId === "string") {
      const roles = storedRoles(Array.isArray(d.to ?? d.roles) ? ((d.to ?? d.roles) as unknown[]) : []);
      review.flags.push({ kind: "alone", at: row.at, memberName: names.get(d.memberId) ?? "", roles });
    }
    const drafter = action === "promotion.approved" ? drafters.get(Number(d.version)) : undefined;
    const grant =
      action === "data.erasure"
        ? recentGrant(grants, id, row.at, "data.erase")
        : drafter
          ? recentGrant(grants, id, row.at, "promotions.approve", [drafter])
          : undefined;
    if (grant) {
      review.flags.push({
        kind: action === "data.erasure" ? "erased" : "approved",
        at: row.at,
        givenAt: grant.at,
        givenBy: grant.givers.map((giver) => names.get(giver) ?? ""),
        roles: grant.roles,
      });
    }
  }
  return [...byMember.values()].sort((a, b) => a.actorName.localeCompare(b.actorName));
}
