import { describe, expect, it } from "vitest";
import type { PatternKind } from "../../app/domain/password-strength";
import { ownNameWords, passwordStrength } from "./common-passwords";

// How guessable a staff password is (decision 295): zxcvbn-ts's estimator on its own lists
// and keyboards, with the firm's names and the member's as the own names a guesser tries first.

const OWN = ["Harbourside Loans", "Harbourside Finance Ltd", "Ann Adviser", "ann.adviser@firm.example"];

describe("how guessable a password is", () => {
  it.each<[string, number, PatternKind]>([
    ["aaaaaaaaaaaa", 0, "repeat"],
    ["abcabcabcabc", 0, "repeat"],
    ["qwertyuiopasdfgh", 1, "word"],
    ["zxcvbnm,./", 1, "keys"],
    ["iloveyou1234", 1, "word"],
    ["harbourside1", 0, "own-name"],
    ["Harbourside Loans", 0, "own-name"],
    ["Harbourside Finance Ltd", 0, "own-name"],
    ["snaoledisruobrah", 0, "own-name"],
    ["abcdefghijklmn", 0, "sequence"],
    ["AnnAdviser1990", 0, "own-name"],
    ["AnnAdviser1990", 0, "year"],
    ["annadviserannadviser", 0, "own-name"],
  ])("%j scores %i, through a %s", (password, score, kind) => {
    const strength = passwordStrength(password, OWN);
    expect(strength.score).toBe(score);
    expect(strength.patterns.map((p) => p.kind)).toContain(kind);
  });

  it.each(["Quay-side-ledger-42", "Harbour-lantern-42", "correct horse battery staple", "x9#Lq2!vR7$m"])(
    "%j scores 3 or more",
    (password) => {
      expect(passwordStrength(password, OWN).score).toBeGreaterThanOrEqual(3);
    },
  );

  it("covers the whole password with its patterns, in order", () => {
    const { patterns } = passwordStrength("iloveyou1234", OWN);
    expect(patterns.map((p) => p.token).join("")).toBe("iloveyou1234");
  });

  it("judges only the first 64 characters, however long the password", () => {
    const long = "Quiet-orbit-tulip-91-".repeat(6);
    expect(passwordStrength(long, OWN).guesses).toBe(passwordStrength(long.slice(0, 64), OWN).guesses);
  });

  it("knows a name whole, run together, an address's part before the @, each longer word, and any two run together", () => {
    const words = ownNameWords(["Ann Adviser", "ann.adviser@firm.example", null, ""]);
    expect(words).toEqual(expect.arrayContaining(["annfirm", "adviserann", "exampleann"]));
    expect(words).toEqual(
      expect.arrayContaining([
        "ann adviser",
        "annadviser",
        "adviser",
        "ann",
        "ann.adviser@firm.example",
        "annadviserfirmexample",
        "ann.adviser",
        "firm",
        "example",
      ]),
    );
  });
});

// Ann Owner at Harbourside (decision 379): every part of her name and the firm's names and
// domain are the scorer's own words, in any order, joined or apart, with years and symbols.
const ANN = [
  "Harbourside Loans",
  "Harbourside Finance Ltd",
  "harbourside-loans.co.uk",
  "Ann Owner",
  "ann@harbourside-loans.co.uk",
];

describe("a staff password for Ann at Harbourside", () => {
  it.each<[string, "refused" | "taken"]>([
    ["annharbourside2026", "refused"],
    ["AnnHarbourside2026", "refused"],
    ["harbourside2026ann", "refused"],
    ["ann-harbourside-2026", "refused"],
    ["Ann.Owner.2026!", "refused"],
    ["ownerloans2026", "refused"],
    ["financeann2026!", "refused"],
    ["HarbourSideLoans!!", "refused"],
    ["Quay-side-ledger-42", "taken"],
    ["Harbour-lantern-42", "taken"],
    ["ann-likes-velvet-otters", "taken"],
    ["x9#Lq2!vR7$m", "taken"],
  ])("%j is %s", (password, verdict) => {
    const strength = passwordStrength(password, ANN);
    if (verdict === "refused") {
      expect(strength.score).toBeLessThan(3);
      expect(strength.patterns.map((p) => p.kind)).toContain("own-name");
    } else {
      expect(strength.score).toBeGreaterThanOrEqual(3);
    }
  });
});
