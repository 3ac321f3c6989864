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

/** Letters left over, besides the owner's own words, below which a password is built on those words alone. */
export const OWN_WORDS_LEFTOVER = 4;

/**
 * The owner's own words a password is built on, when they, digits and symbols make up all
 * of it but fewer than four letters ("harbourside2026ann", "ann-harbourside-2026"); else
 * null. zxcvbn counts each part as a new guess, so three own words and a year can reach
 * its "safely unguessable"; a guesser who knows the names tries those first (decision 379).
 */
export function builtOnOwnWords(password: string, ownWords: readonly string[]): Pattern[] | null {
  const lower = password.toLowerCase();
  const taken = new Array<boolean>(lower.length).fill(false);
  const found: Pattern[] = [];
  const longestFirst = [...new Set(ownWords.map((w) => w.toLowerCase()))]
    .filter((w) => /^[\p{L}\p{N}]{3,}$/u.test(w))
    .sort((a, b) => b.length - a.length);
  for (const word of longestFirst) {
    let at = lower.indexOf(word);
    while (at !== -1) {
      if (!taken.slice(at, at + word.length).some(Boolean)) {
        taken.fill(true, at, at + word.length);
        found.push({ kind: "own-name", i: at, j: at + word.length - 1, token: password.slice(at, at + word.length) });
      }
      at = lower.indexOf(word, at + 1);
    }
  }
  if (found.length === 0) return null;
  const leftover = [...lower].filter((c, i) => !taken[i] && /\p{L}/u.test(c)).length;
  return leftover < OWN_WORDS_LEFTOVER ? found.sort((a, b) => a.i - b.i) : null;
}
