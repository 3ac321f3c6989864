import { describe, expect, it } from "vitest";
import type { Strength } from "./password-strength";
import {
  MAX_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_SCORE,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  passwordProblem,
  passwordTooShort,
  tooEasyToGuess,
} from "./passwords";

const common = new Set(["password123", "qwertyuiop", "letmein!"]);
const isCommon = (p: string) => common.has(p);
/** A stand-in judge: passwords starting "weak" score 2 through a repeat, any other 4. */
const strength = (p: string): Pick<Strength, "score" | "patterns"> =>
  p.startsWith("weak")
    ? { score: 2, patterns: [{ kind: "repeat", i: 0, j: p.length - 1, token: p }] }
    : { score: 4, patterns: [] };
const checks = (kind: "borrower" | "staff") => (kind === "staff" ? { kind, isCommon, strength } : { kind, isCommon });

describe("password rules", () => {
  it("need 8 characters for borrowers and 12 for staff", () => {
    expect(MIN_PASSWORD_LENGTH).toEqual({ borrower: 8, staff: 12 });
    expect(MAX_PASSWORD_LENGTH).toBe(128);
  });

  it.each([
    {
      rule: "7 characters: too short for a borrower",
      password: "Abc-123",
      kind: "borrower",
      expected: passwordTooShort(8),
    },
    { rule: "8 characters: enough for a borrower", password: "Abc-1234", kind: "borrower", expected: null },
    {
      rule: "11 characters: too short for staff",
      password: "Abc-1234567",
      kind: "staff",
      expected: passwordTooShort(12),
    },
    { rule: "12 characters: enough for staff", password: "Abc-12345678", kind: "staff", expected: null },
    {
      rule: "length counts characters, not UTF-16 units",
      password: "😀😀😀😀😀😀😀",
      kind: "borrower",
      expected: passwordTooShort(8),
    },
    { rule: "129 characters: too long", password: "a1-".repeat(43), kind: "borrower", expected: PASSWORD_TOO_LONG },
    { rule: "128 characters: kept", password: `${"a1-".repeat(42)}xy`, kind: "borrower", expected: null },
    { rule: "a common password", password: "password123", kind: "borrower", expected: PASSWORD_TOO_COMMON },
    { rule: "a common password in capitals", password: "QWERTYUIOP", kind: "borrower", expected: PASSWORD_TOO_COMMON },
    {
      rule: "a common password in full-width letters (NFKC)",
      password: "ｌｅｔｍｅｉｎ！",
      kind: "borrower",
      expected: PASSWORD_TOO_COMMON,
    },
    {
      rule: "staff: too easy to guess, with the reason",
      password: "weak-but-long-enough",
      kind: "staff",
      expected: tooEasyToGuess({ patterns: [{ kind: "repeat", i: 0, j: 0, token: "" }] }),
    },
    { rule: "borrowers: not judged by strength", password: "weak-but-long-enough", kind: "borrower", expected: null },
  ] as const)("$rule", ({ password, kind, expected }) => {
    expect(passwordProblem(password, checks(kind))).toBe(expected);
  });

  it("ask staff for zxcvbn's score 3", () => {
    expect(MIN_STAFF_PASSWORD_SCORE).toBe(3);
  });

  it.each([
    ["own-name", "the firm's name, or your own name or email address"],
    ["repeat", "repeats characters"],
    ["keys", "a row of keys"],
    ["sequence", "runs in order"],
    ["word", "common passwords or words"],
    ["year", "years"],
    ["characters", "too short"],
  ] as const)("say why a password built on a %s is too easy to guess", (kind, words) => {
    const message = tooEasyToGuess({ patterns: [{ kind, i: 0, j: 0, token: "x" }] });
    expect(message).toMatch(/^This password is too easy to guess: /);
    expect(message).toContain(words);
  });

  it("say why", () => {
    expect(passwordTooShort(8)).toContain("at least 8 characters");
    expect(PASSWORD_TOO_COMMON).toContain("too common");
  });
});
