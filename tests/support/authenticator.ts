import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

// An authenticator app for tests: the codes a phone would show for the key an enrolment
// page printed. The console takes each code once (DECISIONS D20), so it hands out each
// time step's code once, as a person would wait for the next code after using one.

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);
const lastUsed = new Map<string, number>();

/**
 * A code not given out before for this key: the current step's, or the next step's (the
 * console accepts a step either side of now). Past that it waits for the clock, as a
 * person waits for the app's next code; only a third sign-in within one step does.
 */
export async function nextCode(key: string): Promise<string> {
  const step = Math.max(stepNow(), (lastUsed.get(key) ?? Number.NEGATIVE_INFINITY) + 1);
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
  lastUsed.set(key, step);
  return createOTP(base32.decode(key)).hotp(step);
}

/** A six-digit code the console will refuse for this key now (none of the codes it would accept). */
export async function wrongCode(key: string): Promise<string> {
  const otp = createOTP(base32.decode(key));
  const near = await Promise.all([-1, 0, 1, 2].map((offset) => otp.hotp(stepNow() + offset)));
  return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code)) ?? "555555";
}
