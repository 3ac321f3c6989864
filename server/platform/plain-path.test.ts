import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainPath, PLAIN_PATH_LIMIT } from "./plain-path";

// The path check run on every GET and HEAD before any route (server/platform/fast-static.ts).

describe("isPlainPath", () => {
  it.each([
    ["/", true],
    ["/debt-consolidation", true],
    ["/assets/app-abc123.js", true],
    ["/images/og/home.png", true],
    ["/a_b-c.d/e", true],
    ["/staff/lenders/0b9f6a2e-7c1d-4e8f-9a3b-5c6d7e8f9a0b", true],
    ["/sitemap.xml", true],
    ["/a..", true],
    ["/a/", true], // the trailing slash is judged by the caller
    ["", false],
    ["debt-consolidation", false],
    ["//evil.example", false],
    ["/a//b", false],
    ["/.env", false],
    ["/a/.git/config", false],
    ["/..", false],
    ["/a/../b", false],
    ["/%2e%2e/etc/passwd", false],
    ["/a b", false],
    ["/caf\u00e9", false],
    ["/a\u0000", false],
    ["/staff/lenders/0b9f6a2e-7c1d-4e8f-9a3b-5c6d7e8f9a0b'", false],
    [`/${"a".repeat(26)}!`, false],
    [`/${"a".repeat(100_000)}'`, false],
    [`/${"a/".repeat(50_000)}'`, false],
    [`/${"a".repeat(PLAIN_PATH_LIMIT - 1)}`, true],
    [`/${"a".repeat(PLAIN_PATH_LIMIT)}`, false],
  ])("%j is plain: %s", (path, plain) => {
    expect(isPlainPath(path)).toBe(plain);
  });

  it("agrees with the expression it replaced on every short path", () => {
    // The expression this replaced, as the oracle: safe here, on at most 15 characters.
    // eslint-disable-next-line regexp/no-super-linear-backtracking
    const replaced = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/?)*$/;
    const character = fc.constantFrom("/", ".", "a", "Z", "0", "_", "-", "'", "%", " ", "é");
    fc.assert(
      fc.property(fc.array(character, { maxLength: 14 }), fc.boolean(), (chars, slash) => {
        const path = (slash ? "/" : "") + chars.join("");
        expect(isPlainPath(path)).toBe(replaced.test(path));
      }),
      { numRuns: 20_000 },
    );
  });
});
