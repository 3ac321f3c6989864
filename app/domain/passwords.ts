// Password rules for every account (DECISIONS D6, issue 12): long enough for the kind of
// account, not too long to hash, and not one of the passwords attackers try first. The
// list of common passwords is large, so the caller brings the check (the server reads a
// maintained list from npm; see server/common-passwords.ts).

export type AccountKind = "borrower" | "staff";

/** Borrowers: NCSC/NIST's floor of 8. Staff see every lead: 12. */
export const MIN_PASSWORD_LENGTH: Record<AccountKind, number> = { borrower: 8, staff: 12 };
/** scrypt takes any length, but a cap keeps a hash from costing a request a second. */
export const MAX_PASSWORD_LENGTH = 128;

export const passwordTooShort = (minLength: number) =>
  `Password must be at least ${minLength} characters: longer passwords are much harder to guess`;
export const PASSWORD_TOO_LONG = `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`;
export const PASSWORD_TOO_COMMON =
  "This password is too common: it is on the lists attackers try first. Please choose another.";

/**
 * What is wrong with a new password for this kind of account, in words for the person
 * choosing it, or null when it will do. Length counts characters, not UTF-16 units.
 */
export function passwordProblem(
  password: string,
  { kind, isCommon }: { kind: AccountKind; isCommon: (password: string) => boolean },
): string | null {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH[kind]) return passwordTooShort(MIN_PASSWORD_LENGTH[kind]);
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  if (isCommon(password.normalize("NFKC").toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}
