import { describe, expect, it } from "vitest";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  passwordProblem,
  passwordTooShort,
} from "./passwords";

const common = new Set(["password123", "qwertyuiop", "letmein!"]);
const isCommon = (p: string) => common.has(p);

describe("password rules", () => {
  it("need 8 characters for borrowers and 12 for staff", () => {
    expect(MIN_PASSWORD_LENGTH).toEqual({ borrower: 8, staff: 12 });
    expect(MAX_PASSWORD_LENGTH).toBe(128);
  });

  it.each([
    { rule: "7 characters: too short for a borrower", password: "Abc-123", kind: "borrower", expected: passwordTooShort(8) },
    { rule: "8 characters: enough for a borrower", password: "Abc-1234", kind: "borrower", expected: null },
    { rule: "11 characters: too short for staff", password: "Abc-1234567", kind: "staff", expected: passwordTooShort(12) },
    { rule: "12 characters: enough for staff", password: "Abc-12345678", kind: "staff", expected: null },
    { rule: "length counts characters, not UTF-16 units", password: "😀😀😀😀😀😀😀", kind: "borrower", expected: passwordTooShort(8) },
    { rule: "129 characters: too long", password: "a1-".repeat(43), kind: "borrower", expected: PASSWORD_TOO_LONG },
    { rule: "128 characters: kept", password: `${"a1-".repeat(42)}xy`, kind: "borrower", expected: null },
    { rule: "a common password", password: "password123", kind: "borrower", expected: PASSWORD_TOO_COMMON },
    { rule: "a common password in capitals", password: "QWERTYUIOP", kind: "borrower", expected: PASSWORD_TOO_COMMON },
    { rule: "a common password in full-width letters (NFKC)", password: "ｌｅｔｍｅｉｎ！", kind: "borrower", expected: PASSWORD_TOO_COMMON },
  ] as const)("$rule", ({ password, kind, expected }) => {
    expect(passwordProblem(password, { kind, isCommon })).toBe(expected);
  });

  it("say why", () => {
    expect(passwordTooShort(8)).toContain("at least 8 characters");
    expect(PASSWORD_TOO_COMMON).toContain("too common");
  });
});
