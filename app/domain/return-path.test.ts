import { describe, expect, it } from "vitest";
import { judgeCallbackUrl, judgeReturnPath } from "./return-path";

describe("a return path is judged after decoding and normalising", () => {
  it.each([
    ["/account", "/account"],
    ["/", "/"],
    ["/homeowner-loan-calculator?amount=50000#result", "/homeowner-loan-calculator?amount=50000#result"],
    ["/a/../account", "/account"],
    ["/./loans", "/loans"],
    ["/auth?confirmed=1&from=%2Faccount", "/auth?confirmed=1&from=%2Faccount"],
  ])("accepts a path on this site: %s -> %s", (raw, expected) => {
    expect(judgeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ["another origin", "https://evil.example/steal"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["a dot segment before //", "/.//evil.example"],
    ["two dots before //", "/..//evil.example"],
    ["a segment and two dots before //", "/a/..//evil.example"],
    ["an encoded dot before //", "/%2e//evil.example"],
    ["encoded dots before //", "/%2e%2e//evil.example"],
    ["upper-case encoded dots", "/%2E%2E//evil.example"],
    ["encoded slashes", "/%2f%2fevil.example"],
    ["an encoded backslash", "/%5cevil.example"],
    ["doubly encoded slashes", "/%252f%252fevil.example"],
    ["a tab inside //", "/\t/evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "account"],
    ["empty", ""],
    ["a NUL", "/\u0000x"],
    ["a malformed escape", "/%zz"],
    ["too long", `/${"a".repeat(3000)}`],
  ])("refuses %s: %s", (_, raw) => {
    expect(judgeReturnPath(raw)).toBeNull();
  });
});

describe("a callback URL for the account emails stays on the site", () => {
  const site = "https://loans.example";
  it.each([
    ["/auth?confirmed=1", "/auth?confirmed=1"],
    ["https://loans.example/auth?confirmed=1", "/auth?confirmed=1"],
  ])("accepts %s", (raw, expected) => {
    expect(judgeCallbackUrl(raw, site)).toBe(expected);
  });

  it.each([
    "https://evil.example/auth",
    "http://loans.example/auth",
    "https://loans.example.evil.example/",
    "https://loans.example/.//evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "//evil.example",
  ])("refuses %s", (raw) => {
    expect(judgeCallbackUrl(raw, site)).toBeNull();
  });
});
