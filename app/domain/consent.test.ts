import { describe, expect, it } from "vitest";
import { ACCEPT_ALL, advertisingConsent, REJECT_NON_ESSENTIAL, serialiseConsent } from "./consent";

const cookie = (value: string) => `theme=dark; consent=${encodeURIComponent(value)}; other=1`;

describe("advertising consent kept with a lead (DECISIONS D23)", () => {
  it.each([
    ["accepted all", cookie(serialiseConsent(ACCEPT_ALL)), true],
    ["advertising only", cookie(serialiseConsent({ analytics: false, advertising: true })), true],
    ["rejected non-essential", cookie(serialiseConsent(REJECT_NON_ESSENTIAL)), false],
    ["analytics only", cookie(serialiseConsent({ analytics: true, advertising: false })), false],
    ["no Cookie header", undefined, false],
    ["no consent cookie", "theme=dark", false],
    ["an older policy's cookie", cookie("v0|analytics:1|advertising:1"), false],
    ["an unreadable cookie", "consent=%E0%A4%A", false],
    ["a cookie of another shape", cookie("v1|analytics:1|advertising:yes"), false],
  ])("%s: %s", (_name, header, expected) => {
    expect(advertisingConsent(header)).toBe(expected);
  });
});
