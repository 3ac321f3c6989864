// One email rule for inline checks and schemas, so a form never passes one and fails the other.

import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254;

/** Zod's own email pattern, which `z.email()` in the schemas also uses. */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

export function isEmail(raw: string): boolean {
  const email = raw.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
