import { describe, expect, it } from "vitest";
import { builtOnOwnWords, OWN_NAMES, type PatternKind, patternKind, strengthOf } from "./password-strength";

// zxcvbn's judgement read in the password rules' terms: each kind of part its estimator
// names, and a whole result.

describe("a part of zxcvbn's guess", () => {
  it("names the owner's own words as zxcvbn-ts names its user inputs' list", () => {
    expect(OWN_NAMES).toBe("userInputs");
  });

  it.each<[string, string | undefined, PatternKind]>([
    ["dictionary", OWN_NAMES, "own-name"],
    ["dictionary", "passwords-common", "word"],
    ["dictionary", "diceware-common", "word"],
    ["wordSequence", undefined, "word"],
    ["spatial", undefined, "keys"],
    ["repeat", undefined, "repeat"],
    ["sequence", undefined, "sequence"],
    ["regex", undefined, "year"],
    ["date", undefined, "year"],
    ["bruteforce", undefined, "characters"],
    ["separator", undefined, "characters"],
    ["a matcher added later", undefined, "characters"],
  ])("%s (%s) is %s", (pattern, dictionaryName, kind) => {
    expect(patternKind({ pattern, i: 0, j: 0, token: "x", dictionaryName })).toBe(kind);
  });

  it("reads a whole result: its guesses, score and each part in order", () => {
    expect(
      strengthOf({
        guesses: 17_000,
        score: 1,
        sequence: [
          { pattern: "dictionary", dictionaryName: OWN_NAMES, i: 0, j: 10, token: "harbourside" },
          { pattern: "bruteforce", i: 11, j: 11, token: "1" },
        ],
      }),
    ).toEqual({
      guesses: 17_000,
      score: 1,
      patterns: [
        { kind: "own-name", i: 0, j: 10, token: "harbourside" },
        { kind: "characters", i: 11, j: 11, token: "1" },
      ],
    });
  });
});

describe("a password built on its owner's own words (decision 379)", () => {
  const OWN = ["ann", "owner", "harbourside", "loans"];
  it.each<[string, string[] | null]>([
    ["annharbourside2026", ["ann", "harbourside"]],
    ["harbourside2026ann", ["harbourside", "ann"]],
    ["Ann-Owner-2026!", ["Ann", "Owner"]],
    ["harbourside-xyz-2026", ["harbourside"]],
    ["harbourside-otter-2026", null],
    ["velvet-otters-42", null],
    ["loansloansloans1", ["loans", "loans", "loans"]],
  ])("%j: %j", (password, tokens) => {
    expect(builtOnOwnWords(password, OWN)?.map((p) => p.token) ?? null).toEqual(tokens);
  });

  it("leaves out own words too short to be words", () => {
    expect(builtOnOwnWords("al-2026-otters", ["al"])).toBeNull();
    expect(builtOnOwnWords("xy-2026-!!", ["xy"])).toBeNull();
  });
});
