import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * A staff member's enrolment and sign-in as plain form posts to a running server, as a
 * browser without script sends them. Authenticator codes are made per 30-second time
 * step and each is used once: the enrolment takes the current step's code, the
 * sign-in the next step's (still accepted, and never the same code twice).
 */

const TOTP_PERIOD_MS = 30_000;

/** The code an authenticator app shows for `key` (the enrolment page's base32 key) at `step`. */
export const codeAt = (key: string, step: number) => createOTP(base32.decode(key)).hotp(step);

export const currentStep = (now = Date.now()) => Math.floor(now / TOTP_PERIOD_MS);

const formPost = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

/** The cookies a response set, as the next request's Cookie header (cleared ones left out). */
export const cookiesSet = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c && !c.endsWith("="))
    .join("; ");

export interface EnrolledStaff {
  email: string;
  password: string;
  /** The authenticator key the enrolment page printed (base32). */
  key: string;
  /** The time step whose code finished the enrolment: a sign-in uses a later one. */
  usedStep: number;
}

/**
 * Follows the one-time link (`/staff/enrol?token=…`, as `npm run staff -- add` prints
 * it): the password step, then the authenticator step with the code for now.
 */
export async function enrolStaff(
  baseUrl: string,
  enrolPath: string,
  email: string,
  password: string,
): Promise<EnrolledStaff> {
  // Posted to the link itself, as the page's forms post: its loader reads the token too.
  const link = new URL(enrolPath, baseUrl);
  const token = link.searchParams.get("token") ?? "";
  const passwordStep = await fetch(link, formPost({ token, intent: "password", password, confirm: password }));
  const page = await passwordStep.text();
  const key = /data-testid="totp-key"[^>]*>([^<]+)</.exec(page)?.[1]?.trim();
  if (passwordStep.status !== 200 || !key)
    throw new Error(`the enrolment's password step answered ${passwordStep.status}`);
  const usedStep = currentStep();
  const codeStep = await fetch(link, formPost({ token, intent: "code", code: await codeAt(key, usedStep) }));
  if (codeStep.status !== 302) throw new Error(`the enrolment's code step answered ${codeStep.status}`);
  return { email, password, key, usedStep };
}

/**
 * Signs in at /staff/sign-in with email, password and the code of the step after the
 * last one used; answers the session's Cookie header.
 */
export async function signInStaff(baseUrl: string, staff: EnrolledStaff): Promise<string> {
  const step = Math.max(currentStep(), staff.usedStep + 1);
  const response = await fetch(
    `${baseUrl}/staff/sign-in`,
    formPost({ email: staff.email, password: staff.password, code: await codeAt(staff.key, step) }),
  );
  if (response.status !== 302) throw new Error(`the staff sign-in answered ${response.status}`);
  staff.usedStep = step;
  return cookiesSet(response);
}
