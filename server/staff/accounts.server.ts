import { createHash, randomBytes, randomUUID } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, asc, eq } from "drizzle-orm";
import qrcode from "qrcode-generator";
import { isEmail } from "../../app/domain/email";
import { sanitiseName } from "../../app/domain/sanitise";
import type { Database } from "../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import type { StaffAuth } from "./auth";

// Staff accounts (DECISIONS D14): made from the command line (server/cli.ts), never by
// sign-up. `add` makes the account and a one-time link; the link's page sets the
// password and enrols an authenticator app; `disable` ends every session at once.

/** How long an enrolment link works. */
export const ENROL_LINK_HOURS = 24;

export class StaffAccountError extends Error {}

/** The database holds only a hash of an enrolment token: a leaked backup opens nothing. */
const inviteIdentifier = (token: string) => `staff-enrol:${createHash("sha256").update(token).digest("hex")}`;

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
 * and a new authenticator are needed, and a disabled account is enabled. Answers the
 * enrolment token for the link.
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

  const token = randomBytes(32).toString("base64url");
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    if (existing && existing.role !== "staff") {
      throw new StaffAccountError(`${email} is a borrower's account; staff need an address of their own.`);
    }
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      await tx.update(users).set({ name, disabledAt: null, twoFactorEnabled: false }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      await tx.delete(accounts).where(eq(accounts.userId, userId));
      await tx.delete(verifications).where(eq(verifications.value, userId));
    } else {
      await tx.insert(users).values({ id: userId, email, name, role: "staff", emailVerified: true });
    }
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: inviteIdentifier(token),
      value: userId,
      expiresAt: new Date(now.getTime() + ENROL_LINK_HOURS * 60 * 60 * 1000),
    });
    return !existing;
  });
  return { token, created };
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      twoFactorEnabled: users.twoFactorEnabled,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.role, "staff"))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    enrolled: r.twoFactorEnabled,
    disabled: r.disabledAt !== null,
    createdAt: r.createdAt,
  }));
}

/** Stops a staff member signing in and ends their sessions now. */
export async function disableStaff(db: Database, email: string, now = new Date()) {
  const normalised = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ disabledAt: now })
      .where(and(eq(users.email, normalised), eq(users.role, "staff")))
      .returning({ id: users.id });
    if (!user) throw new StaffAccountError(`No staff member has the address ${normalised}.`);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
  });
}

// ---------------------------------------------------------------- enrolment

/** The staff member an unexpired enrolment token belongs to, or null. */
export async function invitedStaff(db: Database, token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ userId: verifications.value, expiresAt: verifications.expiresAt, email: users.email, name: users.name })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, inviteIdentifier(token)), eq(users.role, "staff")));
  if (!row || row.expiresAt <= now) return null;
  return row;
}

export interface AuthenticatorSetup {
  /** The otpauth:// URI an authenticator app reads from the QR code. */
  uri: string;
  /** The same secret in base32, for typing in by hand. */
  key: string;
  /** The URI as a QR code (SVG markup). */
  qrSvg: string;
}

/**
 * Step one of enrolment: sets the password (hashed as better-auth hashes it) and
 * stores a new, unconfirmed TOTP secret, encrypted as better-auth's two-factor plugin
 * keeps it, so its sign-in check reads it unchanged.
 */
export async function setPasswordAndSecret(
  db: Database,
  auth: StaffAuth,
  user: { userId: string; email: string },
  password: string,
): Promise<AuthenticatorSetup> {
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const secret = generateRandomString(32);
  const encrypted = await symmetricEncrypt({ key: context.secretConfig, data: secret });
  // No backup codes: a lost phone is re-enrolled with `npm run staff -- add` (decision 081).
  const noBackupCodes = await symmetricEncrypt({ key: context.secretConfig, data: "[]" });
  await db.transaction(async (tx) => {
    await tx.delete(accounts).where(eq(accounts.userId, user.userId));
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: user.userId,
      providerId: "credential",
      userId: user.userId,
      password: hash,
    });
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.userId));
    await tx.insert(twoFactors).values({
      id: randomUUID(),
      userId: user.userId,
      secret: encrypted,
      backupCodes: noBackupCodes,
      verified: false,
    });
  });
  return authenticatorSetup(context.appName, user.email, secret);
}

function authenticatorSetup(issuer: string, email: string, secret: string): AuthenticatorSetup {
  const uri = createOTP(secret).url(issuer, email);
  const qr = qrcode(0, "M");
  qr.addData(uri);
  qr.make();
  return {
    uri,
    key: base32.encode(new TextEncoder().encode(secret), { padding: false }),
    qrSvg: qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }),
  };
}

/** The authenticator being enrolled, shown again when a code is wrong. */
export async function pendingAuthenticator(
  db: Database,
  auth: StaffAuth,
  user: { userId: string; email: string },
): Promise<AuthenticatorSetup | null> {
  const context = await auth.$context;
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, user.userId), eq(twoFactors.verified, false)));
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  return authenticatorSetup(context.appName, user.email, secret);
}

/**
 * Step two: the first code from the app proves it holds the secret. The enrolment
 * then completes and the link stops working. False when the code is wrong.
 */
export async function confirmAuthenticator(
  db: Database,
  auth: StaffAuth,
  user: { userId: string },
  token: string,
  code: string,
): Promise<boolean> {
  const context = await auth.$context;
  const [row] = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, user.userId), eq(twoFactors.verified, false)));
  if (!row || !/^\d{6}$/.test(code)) return false;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  if (!(await createOTP(secret).verify(code))) return false;
  await db.transaction(async (tx) => {
    await tx.update(twoFactors).set({ verified: true }).where(eq(twoFactors.id, row.id));
    await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.userId));
    await tx.delete(verifications).where(eq(verifications.identifier, inviteIdentifier(token)));
  });
  return true;
}
