import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { estimate, OWN_NAMES, type PatternKind, type StrengthLists, scoreOf } from "./password-strength";

// The guess counts of zxcvbn's model, on zxcvbn-ts's own lists and keyboards, with the
// firm's names and a member's as the own names a guesser would try first.

const ranks = (words: string[]) => new Map(words.map((word, place) => [word.toLowerCase(), place + 1] as const));
const lists: StrengthLists = {
  ranked: {
    passwords: ranks(dictionary["passwords-common"] as string[]),
    words: ranks(dictionary["diceware-common"] as string[]),
    [OWN_NAMES]: ranks(["harbourside loans", "harbourside", "loans", "harbourside finance ltd", "finance", "ann adviser", "ann", "adviser"]),
  },
  keyboards: adjacencyGraphs as unknown as StrengthLists["keyboards"],
};

describe("how guessable a password is", () => {
  it.each<[string, number, PatternKind]>([
    ["aaaaaaaaaaaa", 0, "repeat"],
    ["abcabcabcabc", 0, "repeat"],
    ["qwertyuiopasdfgh", 1, "word"],
    ["zxcvbnm,./", 1, "keys"],
    ["iloveyou1234", 1, "word"],
    ["harbourside1", 1, "own-name"],
    ["Harbourside Loans", 0, "own-name"],
    ["Harbourside Finance Ltd", 1, "own-name"],
    ["snaoledisruobrah", 1, "own-name"],
    ["abcdefghijklmn", 0, "sequence"],
    ["AnnAdviser1990", 3, "own-name"],
    ["annadviserannadviser", 1, "repeat"],
  ])("%j scores %i, through a %s", (password, score, kind) => {
    const strength = estimate(password, lists);
    expect(strength.score).toBe(score);
    expect(strength.patterns.map((p) => p.kind)).toContain(kind);
  });

  it.each(["Quay-side-ledger-42", "Harbour-lantern-42", "correct horse battery staple", "x9#Lq2!vR7$m"])(
    "%j scores 3 or more",
    (password) => {
      expect(estimate(password, lists).score).toBeGreaterThanOrEqual(3);
    },
  );

  it("covers the whole password with its patterns, in order", () => {
    const { patterns } = estimate("iloveyou1234", lists);
    expect(patterns.map((p) => p.token).join("")).toBe("iloveyou1234");
    expect(patterns.map((p) => [p.i, p.j])).toEqual([
      [0, 7],
      [8, 11],
    ]);
  });

  it("judges only the first 64 characters, however long the password", () => {
    const long = `${"Quiet-orbit-tulip-91-".repeat(6)}`;
    expect(estimate(long, lists).guesses).toBe(estimate(long.slice(0, 64), lists).guesses);
  });

  it("scores by zxcvbn's thresholds", () => {
    expect([1e3 + 4, 1e3 + 5, 1e6 + 5, 1e8 + 4, 1e8 + 5, 1e10 + 5].map(scoreOf)).toEqual([0, 1, 2, 2, 3, 4]);
  });
});
