// How guessable a password is, in the terms the password rules give their reasons in
// (./passwords.ts). The guessing is zxcvbn's (Wheeler, USENIX Security 2016), run by the
// server with zxcvbn-ts's estimator and maintained lists (server/platform/common-passwords.ts);
// here, its judgement is read: the score, and each part of the cheapest way to guess the
// password named by the kind of pattern it is.

export type PatternKind = "word" | "own-name" | "repeat" | "sequence" | "keys" | "year" | "characters";

export interface Pattern {
  kind: PatternKind;
  /** First and last index of the characters it covers. */
  i: number;
  j: number;
  token: string;
}

export interface Strength {
  guesses: number;
  /** zxcvbn's score: 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  /** The cheapest run of patterns that covers the password. */
  patterns: Pattern[];
}

/** Only the first characters are judged: past this, a password is long enough to be strong on length alone. */
export const JUDGED_LENGTH = 64;

/** zxcvbn's name for the list of the owner's own words (its user inputs). */
export const OWN_NAMES = "userInputs";

/** One part of zxcvbn's guess, as its estimator gives it (`ZxcvbnResult["sequence"]`). */
export interface ZxcvbnMatch {
  pattern: string;
  i: number;
  j: number;
  token: string;
  dictionaryName?: string;
}

/** What a part of zxcvbn's guess is, in the rules' terms: a dictionary word is the owner's own name or a common word. */
export function patternKind(match: ZxcvbnMatch): PatternKind {
  switch (match.pattern) {
    case "dictionary":
      return match.dictionaryName === OWN_NAMES ? "own-name" : "word";
    case "wordSequence":
      return "word";
    case "spatial":
      return "keys";
    case "repeat":
      return "repeat";
    case "sequence":
      return "sequence";
    case "regex":
    case "date":
      return "year";
    default:
      return "characters";
  }
}

/** zxcvbn's judgement (`ZxcvbnResult`) as the password rules read it. */
export function strengthOf(result: {
  guesses: number;
  score: Strength["score"];
  sequence: readonly ZxcvbnMatch[];
}): Strength {
  return {
    guesses: result.guesses,
    score: result.score,
    patterns: result.sequence.map((match) => ({
      kind: patternKind(match),
      i: match.i,
      j: match.j,
      token: match.token,
    })),
  };
}
