import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SiteConfig } from "../../app/config.server";
import { isEmail } from "../../app/domain/email";
import { EMAIL_MAX_LENGTH } from "../../app/domain/field-limits";
import { ROLES_PROBLEMS, type Role, storedRoles } from "../../app/domain/permissions";
import { sanitiseName } from "../../app/domain/sanitise";
import type { Database } from "../db/client";
import { staffMembers } from "../db/schema";
import { staffLinkEmail } from "../emails/staff-link";
import { enqueue } from "../outbox";
import {
  disableMember,
  ENROL_LINK_HOURS,
  lastAdministrator,
  listStaff,
  type StaffMember,
  startEnrolment,
} from "./accounts.server";
import { writeAudit } from "./audit.server";
import type { StaffActor } from "./session.server";

// The team, kept by administrators at /staff/team (DECISIONS D25, docs/decisions/273):
// adding a member (their one-time link shown once and emailed through the outbox), a new
// link, roles, disabling and enabling. Each change is an audit row naming who made it and
// which member (by id: the row holds no address); never one that leaves no enabled
// administrator.

export const TEAM_PROBLEMS = {
  name: "Enter the member's full name.",
  email: "Enter a work email address, like ann@yourfirm.co.uk.",
  taken: "A member already has this email address: send them a new link from the list instead.",
  member: "That member is not on the team: reload the page.",
  ...ROLES_PROBLEMS,
} as const;

export type TeamOutcome<T = object> = ({ ok: true } & T) | { ok: false; field?: string; problem: string };

export interface NewMember {
  email: string;
  name: string;
  roles: Role[];
}

/** The one-time link's address, as the page shows it and the email carries it. */
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

export async function teamMembers(db: Database): Promise<StaffMember[]> {
  return listStaff(db);
}

/** A member as the team page draws them. */
export const teamMemberView = (m: StaffMember) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  roles: m.roles,
  enrolled: m.enrolled,
  disabled: m.disabled,
  lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
});

/** The name and address as typed, read: each problem beside its field. */
export function readNewMember(fields: { name: string; email: string }) {
  const problems: Record<string, string> = {};
  const name = sanitiseName(fields.name);
  const email = fields.email.trim().toLowerCase();
  if (!name) problems.name = TEAM_PROBLEMS.name;
  if (!isEmail(email) || email.length > EMAIL_MAX_LENGTH) problems.email = TEAM_PROBLEMS.email;
  return { name, email, problems };
}

/** Adds a member with their roles and a one-time link, emailed to them; answers the link's token. */
export async function addMember(
  db: Database,
  site: SiteConfig,
  actor: StaffActor,
  member: NewMember,
  now = new Date(),
): Promise<TeamOutcome<{ token: string }>> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, member.email));
    if (taken) return { ok: false, field: "email", problem: TEAM_PROBLEMS.taken };
    const id = randomUUID();
    await tx.insert(staffMembers).values({ id, email: member.email, name: member.name, roles: member.roles });
    const token = await startEnrolment(tx, id, now);
    await emailLink(tx, site, member, token, false);
    await writeAudit(tx, { action: "team.member-added", actor, detail: { memberId: id, roles: member.roles } });
    return { ok: true, token };
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
 * working and their sessions end at once; a disabled member is enabled again. Emailed,
 * and answered to be shown once.
 */
export async function sendNewLink(
  db: Database,
  site: SiteConfig,
  actor: StaffActor,
  memberId: string,
  now = new Date(),
): Promise<TeamOutcome<{ token: string; name: string }>> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    const token = await startEnrolment(tx, member.id, now);
    await emailLink(tx, site, member, token, true);
    await writeAudit(tx, { action: "team.link-sent", actor, detail: { memberId: member.id } });
    return { ok: true, token, name: member.name };
  });
}

/** The member's roles, all at once; never the last enabled administrator's Administrator role. */
export async function changeRoles(
  db: Database,
  actor: StaffActor,
  memberId: string,
  roles: Role[],
): Promise<TeamOutcome> {
  return db.transaction(async (tx) => {
    const last = await lastAdministrator(tx, memberId);
    const member = await memberOf(tx, memberId);
    if (!member) return { ok: false, problem: TEAM_PROBLEMS.member };
    if (last && !roles.includes("administrator")) {
      return { ok: false, field: "roles", problem: TEAM_PROBLEMS.lastAdministrator };
    }
    const from = storedRoles(member.roles);
    await tx.update(staffMembers).set({ roles }).where(eq(staffMembers.id, member.id));
    await writeAudit(tx, { action: "team.roles-changed", actor, detail: { memberId: member.id, from, to: roles } });
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
