import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import qrcode from "qrcode-generator";
import { isEmail } from "../../app/domain/email";
import { passwordProblem } from "../../app/domain/passwords";
import { type Role, storedRoles } from "../../app/domain/permissions";
import { sanitiseName } from "../../app/domain/sanitise";
import { isCommonPassword, passwordStrength } from "../platform/common-passwords";
import type { Database } from "../platform/db/client";
import type { PasswordHashing } from "../platform/password-hash";
import { staffEnrolments, staffMembers, staffSessions } from "../platform/db/schema";
import { writeAudit } from "../platform/audit.server";
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  hashStaffPassword,
  newToken,
  newTotpSecret,
  tokenHash,
  totpKey,
  totpUri,
} from "./credentials";

// Staff accounts (DECISIONS D14, D20, D25): made by an administrator on the team page
// (team.server.ts) or from the command line (server/cli.ts), never by sign-up, in tables
// of their own. A one-time link's page sets the password and enrols an authenticator
// app; disabling ends every session at once. A lost password or phone is a new link: a
// new enrolment. There is always an enabled administrator.

/** How long an enrolment link works. */
export const ENROL_LINK_HOURS = 24;

export class StaffAccountError extends Error {}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  enrolled: boolean;
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

/**
 * The command's `add` (server/commands.ts): makes a staff member, an administrator
 * (DECISIONS D25: the command is for the first administrator and for recovery), or starts
 * an existing one again: a new password and a new authenticator are needed, every session
 * and older link ends, a disabled member is enabled, and they keep their roles with the
 * Administrator's added. Answers the enrolment token for the link.
 */
export async function addStaff(
  db: Database,
  input: { email: string; name: string; roles?: Role[] },
  now = new Date(),
): Promise<{ token: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const name = sanitiseName(input.name);
  if (!isEmail(email)) throw new StaffAccountError(`Not an email address: ${input.email}`);
  if (!name) throw new StaffAccountError("Give the staff member's full name.");
  const given = input.roles ?? (["administrator"] as Role[]);

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffMembers.id, roles: staffMembers.roles })
      .from(staffMembers)
      .where(eq(staffMembers.email, email));
    const staffId = existing?.id ?? randomUUID();
    const roles = storedRoles([...(existing?.roles ?? []), ...given]);
    if (existing) {
      await tx.update(staffMembers).set({ name, roles }).where(eq(staffMembers.id, staffId));
    } else {
      await tx.insert(staffMembers).values({ id: staffId, email, name, roles });
    }
    const token = await startEnrolment(tx, staffId, now);
    await writeAudit(tx, {
      action: existing ? "team.link-sent" : "team.member-added",
      actor: null,
      detail: { memberId: staffId, roles, by: "command" },
    });
    return { token, created: !existing };
  });
}

/**
 * A new one-time link for a member: their password and authenticator stop working, every
 * session and older link ends, and a disabled member is enabled. Answers the link's token.
 */
export async function startEnrolment(tx: Pick<Database, "update" | "delete" | "insert">, staffId: string, now: Date) {
  const link = newToken();
  await tx
    .update(staffMembers)
    .set({
      passwordHash: null,
      totpSecret: null,
      enrolledAt: null,
      totpLastStep: null,
      codeFailures: 0,
      codesLockedUntil: null,
      disabledAt: null,
    })
    .where(eq(staffMembers.id, staffId));
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
  await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, staffId));
  await tx.insert(staffEnrolments).values({
    tokenHash: link.hash,
    staffId,
    expiresAt: new Date(now.getTime() + ENROL_LINK_HOURS * 60 * 60 * 1000),
  });
  return link.token;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.name));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    roles: storedRoles(r.roles),
    enrolled: r.enrolledAt !== null,
    disabled: r.disabledAt !== null,
    lastSignInAt: r.lastSignInAt,
    createdAt: r.createdAt,
  }));
}

/**
 * The command's `disable`: stops a staff member signing in and ends their sessions and
 * links now; never the last enabled administrator.
 */
export async function disableStaff(db: Database, email: string, now = new Date()) {
  const normalised = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, normalised));
    if (!member) throw new StaffAccountError(`No staff member has the address ${normalised}.`);
    if (await lastAdministrator(tx, member.id)) throw new StaffAccountError(LAST_ADMINISTRATOR_COMMAND);
    await disableMember(tx, member.id, now);
    await writeAudit(tx, {
      action: "team.member-disabled",
      actor: null,
      detail: { memberId: member.id, by: "command" },
    });
  });
}

export const LAST_ADMINISTRATOR_COMMAND =
  "That is the last enabled administrator: make another with `npm run staff -- add` first.";

/** Disabled now: no sign-in, every session and link ended. */
export async function disableMember(tx: Pick<Database, "update" | "delete">, staffId: string, now: Date) {
  await tx.update(staffMembers).set({ disabledAt: now }).where(eq(staffMembers.id, staffId));
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
  await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, staffId));
}

/**
 * Whether `staffId` is the only enabled administrator, so that disabling them or taking
 * the role would leave none (DECISIONS D25). The enabled administrators' rows are locked
 * first, in one order, so two such changes at once are judged one after the other: two
 * administrators each removing the other cannot both pass.
 */
export async function lastAdministrator(tx: Pick<Database, "select">, staffId: string) {
  const administrators = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(isNull(staffMembers.disabledAt), sql`'administrator' = any(${staffMembers.roles})`))
    .orderBy(asc(staffMembers.id))
    .for("update");
  return administrators.length === 1 && administrators[0]?.id === staffId;
}

// ---------------------------------------------------------------- enrolment

export interface Invite {
  staffId: string;
  email: string;
  name: string;
}

/** The staff member an unexpired enrolment token belongs to, or null. */
export async function invitedStaff(db: Database, token: string, now = new Date()): Promise<Invite | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ staffId: staffMembers.id, email: staffMembers.email, name: staffMembers.name })
    .from(staffEnrolments)
    .innerJoin(staffMembers, eq(staffMembers.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, tokenHash(token)),
        gt(staffEnrolments.expiresAt, now),
        isNull(staffMembers.disabledAt),
      ),
    );
  return row ?? null;
}

export interface AuthenticatorSetup {
  /** The otpauth:// URI an authenticator app reads from the QR code. */
  uri: string;
  /** The same secret in base32, for typing in by hand. */
  key: string;
  /** The URI as a QR code (SVG markup). */
  qrSvg: string;
}

export interface Issuer {
  /** What the authenticator app lists the account under. */
  issuer: string;
  authSecret: string;
  /** The firm's brand and company names, which no staff password may be built on. */
  firmNames: readonly string[];
  /** How the password is hashed (the configuration's `passwordHashing`). */
  passwordHashing: PasswordHashing;
}

/** Whose password it is: the firm's brand and company names, and the member. */
export interface PasswordOwner {
  firmNames: readonly string[];
  name: string;
  email: string;
}

/**
 * What is wrong with a new staff password, in words for the person choosing it, or null:
 * the one rule for every account, and hard to guess even for someone who knows the
 * firm's names and the member's (decision 295).
 */
export const staffPasswordProblem = (password: string, owner: PasswordOwner) =>
  passwordProblem(password, {
    kind: "staff",
    isCommon: isCommonPassword,
    strength: (candidate) => passwordStrength(candidate, [...owner.firmNames, owner.name, owner.email]),
  });

/**
 * Step one of enrolment: sets the password (the one rule for every account, DECISIONS
 * D20) and a new, unconfirmed authenticator secret. The caller has checked the password.
 */
export async function setPasswordAndSecret(
  db: Database,
  issuer: Issuer,
  invite: Invite,
  password: string,
): Promise<AuthenticatorSetup> {
  const problem = staffPasswordProblem(password, { firmNames: issuer.firmNames, name: invite.name, email: invite.email });
  if (problem) throw new StaffAccountError(problem);
  const secret = newTotpSecret();
  await db
    .update(staffMembers)
    .set({
      passwordHash: await hashStaffPassword(password, issuer.passwordHashing),
      totpSecret: await encryptSecret(issuer.authSecret, secret),
      enrolledAt: null,
      totpLastStep: null,
    })
    .where(eq(staffMembers.id, invite.staffId));
  return authenticatorSetup(issuer.issuer, invite.email, secret);
}

function authenticatorSetup(issuer: string, email: string, secret: string): AuthenticatorSetup {
  const uri = totpUri(secret, { issuer, account: email });
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  // The library gives its background rect a circle's cx and cy, which HTML's SVG refuses.
  const qrSvg = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }).replace(' cx="0" cy="0"', "");
  return { uri, key: totpKey(secret), qrSvg };
}

async function pendingSecret(db: Database, issuer: Issuer, invite: Invite) {
  const [row] = await db
    .select({ secret: staffMembers.totpSecret })
    .from(staffMembers)
    .where(and(eq(staffMembers.id, invite.staffId), isNull(staffMembers.enrolledAt)));
  return row?.secret ? decryptSecret(issuer.authSecret, row.secret) : null;
}

/** The authenticator being enrolled, shown again when a code is wrong. */
export async function pendingAuthenticator(db: Database, issuer: Issuer, invite: Invite) {
  const secret = await pendingSecret(db, issuer, invite);
  return secret === null ? null : authenticatorSetup(issuer.issuer, invite.email, secret);
}

/**
 * Step two: the first code from the app proves it holds the secret. The enrolment
 * completes, the link stops working, and that code is used: sign-in needs a later one.
 * False when the code is wrong.
 */
export async function confirmAuthenticator(
  db: Database,
  issuer: Issuer,
  invite: Invite,
  token: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const secret = await pendingSecret(db, issuer, invite);
  if (secret === null) return false;
  const step = await acceptedStep(secret, code, { now, lastStep: null });
  if (step === null) return false;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(staffEnrolments)
      .where(and(eq(staffEnrolments.tokenHash, tokenHash(token)), eq(staffEnrolments.staffId, invite.staffId)))
      .returning({ staffId: staffEnrolments.staffId });
    // Two posts of the same link at once: only the first completes it.
    if (!used) return false;
    await tx
      .update(staffMembers)
      .set({ enrolledAt: new Date(now), totpLastStep: step, codeFailures: 0, codesLockedUntil: null })
      .where(eq(staffMembers.id, invite.staffId));
    return true;
  });
}

/** The news of roles, shown once: cleared as the page that shows it is drawn. */
export async function clearRolesNews(db: Database, staffId: string) {
  await db.update(staffMembers).set({ rolesNews: false }).where(eq(staffMembers.id, staffId));
}
