import { describe, expect, it } from "vitest";
import { authPath, DEFAULT_AFTER_SIGN_IN, returnPath, safeReturnPath } from "./return-to";

describe("the page to return to after sign-in", () => {
  it.each([
    ["/account", "/account"],
    ["/homeowner-loan-calculator?amount=50000#result", "/homeowner-loan-calculator?amount=50000#result"],
  ])("accepts a path on this site: %s", (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example/steal",
    "/\\evil.example",
    "javascript:alert(1)",
    "account",
    "",
    "/auth",
    "/auth?from=/account",
    // the home page is where visits start, not a page to return to (decision 171)
    "/",
    "/?utm_source=x",
    "/\u0000x",
    // issue 12: paths that become //evil.example once dot segments are resolved
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    `/${"a".repeat(3000)}`,
  ])("refuses anything else: %s", (from) => {
    expect(safeReturnPath(from)).toBeNull();
  });

  it("reads a location object from navigation state", () => {
    expect(safeReturnPath({ pathname: "/loans", search: "?a=1", hash: "" })).toBe("/loans?a=1");
    expect(safeReturnPath({ pathname: "//evil.example" })).toBeNull();
    expect(safeReturnPath({ nope: true })).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it("takes the first acceptable candidate, else the account page", () => {
    expect(returnPath(null, "https://evil.example", "/account")).toBe("/account");
    expect(returnPath({ pathname: "/loans" }, "/account")).toBe("/loans");
    expect(returnPath(undefined, null)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(returnPath("/")).toBe("/account");
    expect(DEFAULT_AFTER_SIGN_IN).toBe("/account");
  });

  it("builds /auth links that carry the page to come back to", () => {
    expect(authPath("/account")).toBe("/auth?from=%2Faccount");
    expect(authPath("/auth")).toBe("/auth");
    expect(authPath("/")).toBe("/auth");
    expect(authPath(null, { tab: "sign-up" })).toBe("/auth?tab=sign-up");
    expect(authPath("https://evil.example")).toBe("/auth");
  });
});
