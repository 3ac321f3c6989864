// One email rule for inline checks and schemas, so a form never passes one and fails the other.

import { EMAIL_MAX_LENGTH } from "./field-limits";

/**
 * Zod's own email pattern (zod/v4/core's `regexes.email`), kept here so the inline
 * checks need no zod (a page that only checks an email should not download it); the
 * schemas hand it to `z.email({ pattern })`, and a test holds it equal to zod's.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmail(raw: string): boolean {
  const email = raw.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
