import { createHash, randomBytes } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { hashPassword, type PasswordHashing, verifyPassword } from "../platform/password-hash";

// What a staff member proves themselves with (DECISIONS D14, D20): a password kept as a
// scrypt hash, an authenticator's TOTP secret kept encrypted with AUTH_SECRET (the
// formats better-auth uses, so the hashes and secrets made before staff had tables of
// their own still verify), and random tokens kept only as hashes.

/** RFC 6238's time step. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code from the step before or after now is accepted too (a phone's clock drifts). */
export const TOTP_WINDOW_STEPS = 1;

/** The time step a moment falls in. */
export const totpStep = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/**
 * A new TOTP secret: 32 random characters whose UTF-8 bytes are the key, as better-auth's
 * two-factor plugin made them, so one format serves the secrets of before and after.
 */
export function newTotpSecret() {
  return generateRandomString(32);
}

const keyBytes = (secret: string) => new TextEncoder().encode(secret);

/** The secret as the authenticator app is given it: base32, no padding. */
export const totpKey = (secret: string) => base32.encode(keyBytes(secret), { padding: false });

/** The code an authenticator shows at a time step. */
export function totpCode(secret: string, step: number) {
  return createOTP(keyBytes(secret)).hotp(step);
}

/** The otpauth:// address an authenticator app reads from a QR code. */
export function totpUri(secret: string, { issuer, account }: { issuer: string; account: string }) {
  return createOTP(keyBytes(secret)).url(issuer, account);
}

/**
 * The time step the code belongs to, if it is the code of a step within the window
 * around now and later than `lastStep` (the last one accepted), else null: a code is
 * good once, and never after a later one (RFC 6238, section 5.2).
 */
export async function acceptedStep(
  secret: string,
  code: string,
  { now, lastStep }: { now: number; lastStep: number | null },
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  let matched: number | null = null;
  // Every step in the window is computed, matched or not, so the time taken tells nothing.
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    if ((await totpCode(secret, step)) === code && matched === null) matched = step;
  }
  if (matched === null || (lastStep !== null && matched <= lastStep)) return null;
  return matched;
}

export const encryptSecret = (authSecret: string, secret: string) =>
  symmetricEncrypt({ key: authSecret, data: secret });
export const decryptSecret = (authSecret: string, stored: string) =>
  symmetricDecrypt({ key: authSecret, data: stored });

export const hashStaffPassword = (password: string, hashing: PasswordHashing) => hashPassword(password, hashing);

/**
 * Whether the password is the one hashed. With no hash (no such member, or not enrolled
 * yet) a hash of nothing in particular is checked instead, so an unknown address costs
 * the same time as a known one.
 */
export async function passwordMatches(hash: string | null | undefined, password: string, hashing: PasswordHashing) {
  const matched = await verifyPassword(hash ?? (await decoyHash(hashing)), password, hashing);
  return Boolean(hash) && matched;
}

const decoys: Partial<Record<PasswordHashing, Promise<string>>> = {};
const decoyHash = (hashing: PasswordHashing) => {
  decoys[hashing] ??= hashPassword(randomBytes(16).toString("hex"), hashing);
  return decoys[hashing];
};

/** A new random token for a cookie or link, and the hash the database keeps of it. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
