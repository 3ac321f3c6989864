/**
 * The field people never see and robots fill in (DECISIONS D7). Every public form
 * carries it; a submission with anything in it is answered as if it had succeeded, and
 * nothing is stored or sent.
 */
export const HONEYPOT_FIELD = "website";

/** Whether a submitted body (parsed JSON or form fields) has something in the honeypot. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}
