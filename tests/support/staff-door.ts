import { base32 } from "@better-auth/utils/base32";
import { totpCode, totpStep } from "../../server/staff/credentials";

// What the in-process tests of the staff door share (staff-accounts, staff-sign-in-rules):
// a password, a fixed moment to count from (never the clock), the authenticator's code
// at any moment, a posted form, and the cookie a sign-in set.

export const PASSWORD = "Quay-side-ledger-42";
export const MINUTE = 60_000;
/** Fifteen seconds into a TOTP step and into every rate-limit window. */
export const T0 = Date.UTC(2026, 10, 25, 10, 0, 15);

/** The code the authenticator shows `steps` time steps after `at`. */
export const codeAt = (key: string, at: number, steps = 0) =>
  totpCode(new TextDecoder().decode(base32.decode(key)), totpStep(at) + steps);

/** The fields as a posted form. */
export function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/** The session cookie a sign-in set, as the next request's Cookie header. */
export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
