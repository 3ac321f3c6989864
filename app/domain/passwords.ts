// Password rules for every account (DECISIONS D6, issue 12): long enough for the kind of
// account, not too long to hash, and not one of the passwords attackers try first; and
// for staff, who see every lead, hard to guess as a whole (decision 295). The lists are
// large, so the caller brings the checks (the server reads maintained lists from npm;
// see server/platform/common-passwords.ts).

import type { PatternKind, Strength } from "./password-strength";

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
 * The least zxcvbn score a staff password must reach: 3, "safely unguessable", at least
 * 10^8 guesses by an attacker who tries words, names, keyboard rows and the like first.
 */
export const MIN_STAFF_PASSWORD_SCORE = 3;

/** Why a password falls short, by the pattern that makes it easiest to guess, first match wins. */
const GUESSABLE_BECAUSE: [PatternKind, string][] = [
  ["own-name", "it is built on the firm's name, or your own name or email address"],
  ["repeat", "it repeats characters or a group of them (like aaaa or abcabc)"],
  ["keys", "it follows a row of keys on the keyboard (like qwerty or asdfgh)"],
  ["sequence", "it runs in order (like abcd or 1234)"],
  ["word", "it is built from common passwords or words"],
  ["year", "years are among the first things tried"],
];

/** The reason beside the field for a password that is too easy to guess. */
export function tooEasyToGuess(strength: Pick<Strength, "patterns">): string {
  const kinds = new Set(strength.patterns.map((p) => p.kind));
  const because = GUESSABLE_BECAUSE.find(([kind]) => kinds.has(kind))?.[1] ?? "it is too short for its kind of characters";
  return `This password is too easy to guess: ${because}. Try three or four words that have nothing to do with you or the firm.`;
}

type Checks =
  | { kind: "borrower"; isCommon: (password: string) => boolean }
  | {
      kind: "staff";
      isCommon: (password: string) => boolean;
      /** How guessable the password is, with the firm's and the member's own names in mind. */
      strength: (password: string) => Pick<Strength, "score" | "patterns">;
    };

/**
 * What is wrong with a new password for this kind of account, in words for the person
 * choosing it, or null when it will do. Length counts characters, not UTF-16 units.
 */
export function passwordProblem(password: string, checks: Checks): string | null {
  const { kind, isCommon } = checks;
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH[kind]) return passwordTooShort(MIN_PASSWORD_LENGTH[kind]);
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  if (isCommon(password.normalize("NFKC").toLowerCase())) return PASSWORD_TOO_COMMON;
  if (checks.kind === "staff") {
    const strength = checks.strength(password.normalize("NFKC"));
    if (strength.score < MIN_STAFF_PASSWORD_SCORE) return tooEasyToGuess(strength);
  }
  return null;
}
