import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { SiteConfig } from "../../app/config.server";
import { type Role, storedRoles } from "../../app/domain/permissions";
import { type NewMember, TEAM_PROBLEMS } from "../../app/domain/team-form";
import type { Database } from "../platform/db/client";
import { staffMembers, staffRoleRequests } from "../platform/db/schema";
import { staffLinkEmail } from "../emails/staff-link";
import { enqueue } from "../platform/outbox";
import {
  disableMember,
  ENROL_LINK_HOURS,
  lastAdministrator,
  listStaff,
  type StaffMember,
  startEnrolment,
} from "./accounts.server";
import { writeAudit } from "../platform/audit.server";
import type { StaffActor } from "./session.server";

// The team, kept by administrators at /staff/team (DECISIONS D25, docs/decisions/273):
// adding a member (their one-time link emailed to their own address through the outbox,
// never shown: DECISIONS D32), a new link, roles, disabling and enabling. Each change is
// an audit row naming who made it and which member (by id: the row holds no address);
// never one that leaves no enabled administrator. A member's own roles, and any grant of
// Compliance or Administrator, wait for a second administrator's confirmation where the
// firm has one (docs/decisions/340).

export type TeamOutcome<T = object> = ({ ok: true } & T) | { ok: false; field?: string; problem: string };

/** The one-time link's address, as the email carries it (never the page: DECISIONS D32). */
export const enrolUrl = (site: Pick<SiteConfig, "siteUrl">, token: string) =>
  `${site.siteUrl}/staff/enrol?token=${token}`;

/** The link emailed to the member through the outbox, in the transaction that made it. */
const emailLink = (
  tx: Pick<Database, "insert">,
  site: SiteConfig,
  member: { email: string; name: string },
  token: string,
  renewed: boolean,
) =>
  enqueue(
    tx,
    "mail",
    staffLinkEmail(
      site,
      { to: member.email, name: member.name, url: enrolUrl(site, token) },
      { hours: ENROL_LINK_HOURS, renewed },
    ),
  );

/** The roles whose grant always waits for a second administrator (DECISIONS D32). */
export const GUARDED_ROLES: readonly Role[] = ["compliance", "administrator"];

/**
 * Whether changing `memberId`'s roles from `from` to `to`, asked by `actorId`, waits for a
 * second administrator: their own roles, or a grant of Compliance or Administrator.
 */
export function needsSecondAdministrator(
  actorId: string,
  memberId: string,
  from: readonly Role[],
  to: readonly Role[],
) {
  return actorId === memberId || to.some((role) => GUARDED_ROLES.includes(role) && !from.includes(role));
}

/** A change of roles waiting for a second administrator. */
export interface RoleRequest {
  roles: Role[];
  askedBy: { id: string; name: string };
  askedAt: Date;
}

export type TeamMember = StaffMember & { request: RoleRequest | null };

export async function teamMembers(db: Database): Promise<TeamMember[]> {
  const [members, requests] = await Promise.all([listStaff(db), db.select().from(staffRoleRequests)]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const byMember = new Map(requests.map((r) => [r.memberId, r]));
  return members.map((m) => {
    const r = byMember.get(m.id);
    const request = r
      ? {
          roles: storedRoles(r.roles),
          askedBy: { id: r.askedBy, name: names.get(r.askedBy) ?? "" },
          askedAt: r.askedAt,
        }
      : null;
    return { ...m, request };
  });
}

/** Whether the firm has one enabled administrator alone: their changes then need no second (DECISIONS D32). */
export const soleAdministrator = (members: readonly StaffMember[]) =>
  members.filter((m) => !m.disabled && m.roles.includes("administrator")).length === 1;

/** Whether disabling this member would leave the firm no enabled administrator. */
export const isLastAdministrator = (members: readonly StaffMember[], memberId: string) =>
  soleAdministrator(members) &&
  members.some((m) => m.id === memberId && !m.disabled && m.roles.includes("administrator"));

/** A member as the team page draws them. */
export const teamMemberView = (m: TeamMember) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  roles: m.roles,
  enrolled: m.enrolled,
  disabled: m.disabled,
  lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
  request: m.request
    ? { roles: m.request.roles, askedBy: m.request.askedBy, askedAt: m.request.askedAt.toISOString() }
    : null,
});

/** How many enabled administrators there are besides `actorId`: none, and no second is asked for. */
async function administratorsBesides(tx: Pick<Database, "select">, actorId: string) {
  const rows = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(
      and(
        isNull(staffMembers.disabledAt),
        ne(staffMembers.id, actorId),
        sql`'administrator' = any(${staffMembers.roles})`,
      ),
    );
  return rows.length;
}

/** Stores the change as waiting (one a member: a new one replaces the last), with its audit row. */
async function askForRoles(
  tx: Pick<Database, "insert">,
  actor: StaffActor,
  memberId: string,
  from: Role[],
  roles: Role[],
  now: Date,
) {
  await tx
    .insert(staffRoleRequests)
    .values({ memberId, roles, askedBy: actor.id, askedAt: now })
    .onConflictDoUpdate({ target: staffRoleRequests.memberId, set: { roles, askedBy: actor.id, askedAt: now } });
  await writeAudit(tx, { action: "team.roles-asked", actor, detail: { memberId, from, to: roles } });
}

/**
 * Adds a member with a one-time link, emailed to them. Compliance and Administrator, where
 * another administrator could confirm them, wait for that confirmation: the member starts
 * with the other roles asked for (or none).
 */
export async function addMember(
  db: Database,
  site: SiteConfig,
  actor: StaffActor,
  member: NewMember,
  now = new Date(),
): Promise<TeamOutcome<{ waiting: Role[] }>> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, member.email));
    if (taken) return { ok: false, field: "email", problem: TEAM_PROBLEMS.taken };
    const id = randomUUID();
    const guarded = needsSecondAdministrator(actor.id, id, [], member.roles);
    const pending = guarded && (await administratorsBesides(tx, actor.id)) > 0;
    const roles = pending ? member.roles.filter((role) => !GUARDED_ROLES.includes(role)) : member.roles;
    await tx.insert(staffMembers).values({ id, email: member.email, name: member.name, roles });
    const token = await startEnrolment(tx, id, now);
    await emailLink(tx, site, member, token, false);
    await writeAudit(tx, {
      action: "team.member-added",
      actor,
      detail: { memberId: id, roles, ...(guarded && !pending ? { alone: true } : {}) },
    });
    if (pending) await askForRoles(tx, actor, id, roles, member.roles, now);
    return { ok: true, waiting: pending ? member.roles.filter((role) => GUARDED_ROLES.includes(role)) : [] };
  });
}

async function memberOf(tx: Pick<Database, "select">, id: string) {
  const [row] = await tx
    .select({
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      roles: staffMembers.roles,
      disabledAt: staffMembers.disabledAt,
    })
    .from(staffMembers)
    .where(eq(staffMembers.id, id));
  return row;
}

/**
 * A new one-time link (a lost phone): the member's password and authenticator stop
 * working and their sessions end at once; a disabled member is enabled again. Emailed to
 * the member's own address alone.
 */
export async function sendNewLink(
  db: Database,
  site: SiteConfig,
  actor: StaffActor,
  memberId: string,
  now = new Date(),
): Promise<TeamOutcome<{ name: string }>> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    const token = await startEnrolment(tx, member.id, now);
    await emailLink(tx, site, member, token, true);
    await writeAudit(tx, { action: "team.link-sent", actor, detail: { memberId: member.id } });
    return { ok: true, name: member.name };
  });
}

/**
 * The member's roles, all at once; never the last enabled administrator's Administrator
 * role. Their own roles, or a grant of Compliance or Administrator, wait for a second
 * administrator where the firm has one (`pending`); a change made at once replaces any
 * that was waiting.
 */
export async function changeRoles(
  db: Database,
  actor: StaffActor,
  memberId: string,
  roles: Role[],
  now = new Date(),
): Promise<TeamOutcome<{ pending: boolean }>> {
  return db.transaction(async (tx) => {
    const last = await lastAdministrator(tx, memberId);
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    if (last && !roles.includes("administrator")) {
      return { ok: false, field: "roles", problem: TEAM_PROBLEMS.lastAdministrator };
    }
    const from = storedRoles(member.roles);
    const guarded = needsSecondAdministrator(actor.id, member.id, from, roles);
    if (guarded && (await administratorsBesides(tx, actor.id)) > 0) {
      await askForRoles(tx, actor, member.id, from, roles, now);
      return { ok: true, pending: true };
    }
    await tx.update(staffMembers).set({ roles }).where(eq(staffMembers.id, member.id));
    await tx.delete(staffRoleRequests).where(eq(staffRoleRequests.memberId, member.id));
    await writeAudit(tx, {
      action: "team.roles-changed",
      actor,
      detail: { memberId: member.id, from, to: roles, ...(guarded ? { alone: true } : {}) },
    });
    return { ok: true, pending: false };
  });
}

/** The change waiting for `memberId`, locked, or undefined. */
async function waitingRequest(tx: Pick<Database, "select">, memberId: string) {
  const [request] = await tx
    .select()
    .from(staffRoleRequests)
    .where(eq(staffRoleRequests.memberId, memberId))
    .for("update");
  return request;
}

/**
 * Confirms a change another administrator asked for: the member holds the roles asked
 * now. Never the asker's own confirmation, nor one that leaves no enabled administrator.
 */
export async function confirmRoles(db: Database, actor: StaffActor, memberId: string): Promise<TeamOutcome> {
  return db.transaction(async (tx) => {
    const last = await lastAdministrator(tx, memberId);
    const request = await waitingRequest(tx, memberId);
    if (!request) return { ok: false, problem: TEAM_PROBLEMS.noRequest };
    if (request.askedBy === actor.id) return { ok: false, problem: TEAM_PROBLEMS.ownRequest };
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    const roles = storedRoles(request.roles);
    if (last && !roles.includes("administrator")) return { ok: false, problem: TEAM_PROBLEMS.lastAdministrator };
    const from = storedRoles(member.roles);
    await tx.update(staffMembers).set({ roles }).where(eq(staffMembers.id, member.id));
    await tx.delete(staffRoleRequests).where(eq(staffRoleRequests.memberId, member.id));
    await writeAudit(tx, {
      action: "team.roles-confirmed",
      actor,
      detail: { memberId: member.id, from, to: roles, askedBy: request.askedBy },
    });
    return { ok: true };
  });
}

/** Refuses a change another administrator asked for: the member keeps the roles they hold. */
export async function refuseRoles(db: Database, actor: StaffActor, memberId: string): Promise<TeamOutcome> {
  return db.transaction(async (tx) => {
    const request = await waitingRequest(tx, memberId);
    if (!request) return { ok: false, problem: TEAM_PROBLEMS.noRequest };
    if (request.askedBy === actor.id) return { ok: false, problem: TEAM_PROBLEMS.ownRequest };
    const member = await memberOf(tx, memberId);
    await tx.delete(staffRoleRequests).where(eq(staffRoleRequests.memberId, memberId));
    await writeAudit(tx, {
      action: "team.roles-refused",
      actor,
      detail: { memberId, from: storedRoles(member?.roles), to: storedRoles(request.roles), askedBy: request.askedBy },
    });
    return { ok: true };
  });
}

/** Disables a member (their sessions and links end now) or enables one; never the last enabled administrator. */
export async function setEnabled(
  db: Database,
  actor: StaffActor,
  memberId: string,
  enabled: boolean,
  now = new Date(),
): Promise<TeamOutcome> {
  return db.transaction(async (tx) => {
    const last = await lastAdministrator(tx, memberId);
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    if (enabled) {
      await tx.update(staffMembers).set({ disabledAt: null }).where(eq(staffMembers.id, member.id));
    } else {
      if (last) return { ok: false, problem: TEAM_PROBLEMS.lastAdministrator };
      await disableMember(tx, member.id, now);
    }
    await writeAudit(tx, {
      action: enabled ? "team.member-enabled" : "team.member-disabled",
      actor,
      detail: { memberId: member.id },
    });
    return { ok: true };
  });
}
