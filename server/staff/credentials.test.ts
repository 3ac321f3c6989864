import { describe, expect, it } from "vitest";
import { acceptedStep, newTotpSecret, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, totpCode, totpStep } from "./credentials";
import { staffReturnPath } from "./session.server";

// The authenticator code a staff member signs in with (RFC 6238): six digits, a step
// either side of now, and each good once (a code seen before, or one older than the
// last accepted, is refused: a code read over a shoulder cannot be used again).
describe("acceptedStep", () => {
  const secret = newTotpSecret();
  const now = 1_795_600_000_000;
  const current = totpStep(now);
  const codeAt = (step: number) => totpCode(secret, step);

  it.each([
    ["now's code", 0, null, 0],
    ["the step before (a slow phone)", -TOTP_WINDOW_STEPS, null, -TOTP_WINDOW_STEPS],
    ["the step after (a fast phone)", TOTP_WINDOW_STEPS, null, TOTP_WINDOW_STEPS],
    ["outside the window, before", -TOTP_WINDOW_STEPS - 1, null, null],
    ["outside the window, after", TOTP_WINDOW_STEPS + 1, null, null],
    ["the code last accepted, again", 0, 0, null],
    ["a code older than the last accepted", -1, 0, null],
    ["a code newer than the last accepted", 0, -1, 0],
  ] as const)("%s", async (_rule, offset, lastOffset, expected) => {
    const code = await codeAt(current + offset);
    const lastStep = lastOffset === null ? null : current + lastOffset;
    expect(await acceptedStep(secret, code, { now, lastStep })).toBe(expected === null ? null : current + expected);
  });

  it("takes six digits and nothing else around them", async () => {
    const code = await codeAt(current);
    for (const typed of [`${code}0`, `0${code}`, `${code} `, ` ${code}`, code.slice(1), `${code}\n`]) {
      expect(await acceptedStep(secret, typed, { now, lastStep: null }), JSON.stringify(typed)).toBeNull();
    }
  });

  it("is another secret's code refused", async () => {
    const code = await totpCode(newTotpSecret(), current);
    const accepted = await acceptedStep(secret, code, { now, lastStep: null });
    // One chance in a million that the two secrets agree at this step.
    expect(accepted === null || (await codeAt(current)) === code).toBe(true);
  });

  it("counts steps of thirty seconds", () => {
    expect(TOTP_PERIOD_SECONDS).toBe(30);
    expect(totpStep(59_999)).toBe(1);
    expect(totpStep(60_000)).toBe(2);
  });
});

// Where a signed-in staff member is sent after sign-in: a page of the console, never
// anywhere else (an open redirect would carry a fresh session's trust to another site).
describe("staffReturnPath", () => {
  it.each([
    ["/staff", "/staff"],
    [
      "/staff/leads/quote/0a610d4f-570b-4e04-be7b-91057152c68c",
      "/staff/leads/quote/0a610d4f-570b-4e04-be7b-91057152c68c",
    ],
    ["/staff?status=new", "/staff?status=new"],
    ["/staffing", "/staff"],
    ["/account", "/staff"],
    ["/x/staff/today", "/staff"],
    ["//evil.example/staff", "/staff"],
    ["https://evil.example/staff", "/staff"],
    ["", "/staff"],
    [42, "/staff"],
    [undefined, "/staff"],
  ])("%j goes to %s", (from, expected) => {
    expect(staffReturnPath(from)).toBe(expected);
  });
});
