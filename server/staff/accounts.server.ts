import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import qrcode from "qrcode-generator";
import { isEmail } from "../../app/domain/email";
import { passwordProblem } from "../../app/domain/passwords";
import { sanitiseName } from "../../app/domain/sanitise";
import { isCommonPassword } from "../common-passwords";
import type { Database } from "../db/client";
import { staffEnrolments, staffMembers, staffSessions } from "../db/schema";
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

// Staff accounts (DECISIONS D14, D20): made from the command line (server/cli.ts), never
// by sign-up, in tables of their own. `add` makes the member and a one-time link; the
// link's page sets the password and enrols an authenticator app; `disable` ends every
// session at once. A lost password or phone is `add` again: a new enrolment.

/** How long an enrolment link works. */
export const ENROL_LINK_HOURS = 24;

export class StaffAccountError extends Error {}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  enrolled: boolean;
  disabled: boolean;
  createdAt: Date;
}

/**
 * Makes a staff member, or (for an existing one) starts them again: a new password
 * and a new authenticator are needed, every session and older link ends, and a
 * disabled member is enabled. Answers the enrolment token for the link.
 */
export async function addStaff(
  db: Database,
  input: { email: string; name: string },
  now = new Date(),
): Promise<{ token: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const name = sanitiseName(input.name);
  if (!isEmail(email)) throw new StaffAccountError(`Not an email address: ${input.email}`);
  if (!name) throw new StaffAccountError("Give the staff member's full name.");

  const link = newToken();
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email));
    const staffId = existing?.id ?? randomUUID();
    if (existing) {
      await tx
        .update(staffMembers)
        .set({
          name,
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
    } else {
      await tx.insert(staffMembers).values({ id: staffId, email, name });
    }
    await tx.insert(staffEnrolments).values({
      tokenHash: link.hash,
      staffId,
      expiresAt: new Date(now.getTime() + ENROL_LINK_HOURS * 60 * 60 * 1000),
    });
    return !existing;
  });
  return { token: link.token, created };
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.name));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    enrolled: r.enrolledAt !== null,
    disabled: r.disabledAt !== null,
    createdAt: r.createdAt,
  }));
}

/** Stops a staff member signing in and ends their sessions and links now. */
export async function disableStaff(db: Database, email: string, now = new Date()) {
  const normalised = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .update(staffMembers)
      .set({ disabledAt: now })
      .where(eq(staffMembers.email, normalised))
      .returning({ id: staffMembers.id });
    if (!member) throw new StaffAccountError(`No staff member has the address ${normalised}.`);
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await tx.delete(staffEnrolments).where(eq(staffEnrolments.staffId, member.id));
  });
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
}

/** What is wrong with a new staff password, in words for the person choosing it, or null. */
export const staffPasswordProblem = (password: string) =>
  passwordProblem(password, { kind: "staff", isCommon: isCommonPassword });

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
  const problem = staffPasswordProblem(password);
  if (problem) throw new StaffAccountError(problem);
  const secret = newTotpSecret();
  await db
    .update(staffMembers)
    .set({
      passwordHash: await hashStaffPassword(password),
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
