// How many guesses a password would take an attacker who tries likely passwords first,
// in the manner of zxcvbn (Wheeler, "zxcvbn: Low-Budget Password Strength Estimation",
// USENIX Security 2016): the password is covered by the cheapest run of patterns (words
// from ranked lists, the person's and the firm's own names, repeats, sequences, rows of
// keys, years, anything else character by character), and the guesses are what that
// run costs. Pure: the ranked lists and the keyboards are brought by the caller (the
// server reads zxcvbn-ts's maintained lists; see server/common-passwords.ts).

/** Each list's words, lower-cased, most used first: a word's rank is its place, from 1. */
export type RankedLists = Record<string, ReadonlyMap<string, number>>;
/** A keyboard: each key's neighbours, as zxcvbn-ts's adjacency graphs give them (null for none). */
export type Keyboard = Readonly<Record<string, readonly (string | null)[]>>;

export interface StrengthLists {
  ranked: RankedLists;
  keyboards: Readonly<Record<string, Keyboard>>;
}

export type PatternKind = "word" | "own-name" | "repeat" | "sequence" | "keys" | "year" | "characters";

export interface Pattern {
  kind: PatternKind;
  /** First and last index of the characters it covers. */
  i: number;
  j: number;
  token: string;
  guesses: number;
}

export interface Strength {
  guesses: number;
  /** zxcvbn's score: 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  /** The cheapest run of patterns that covers the password. */
  patterns: Pattern[];
}

/** Only the first characters are judged: past this, a password is long enough to be strong on length alone. */
const JUDGED_LENGTH = 64;
const BRUTEFORCE_CARDINALITY = 10;
const MIN_GUESSES_BEFORE_GROWING_SEQUENCE = 10_000;
const MIN_SUBMATCH_GUESSES_SINGLE_CHAR = 10;
const MIN_SUBMATCH_GUESSES_MULTI_CHAR = 50;
const REFERENCE_YEAR = 2026;
const MIN_YEAR_SPACE = 20;
/** The user inputs' list: the firm's names and the person's own. */
export const OWN_NAMES = "own-names";

const factorial = (n: number) => {
  let f = 1;
  for (let k = 2; k <= n; k++) f *= k;
  return f;
};

function choose(n: number, k: number) {
  if (k > n) return 0;
  if (k === 0) return 1;
  let r = 1;
  for (let d = 1; d <= k; d++) r = (r * (n - k + d)) / d;
  return r;
}

/** How many ways the word's capitals could have been placed (zxcvbn's uppercase variations). */
function capitalVariations(token: string) {
  const upper = [...token].filter((c) => c !== c.toLowerCase()).length;
  const lower = [...token].filter((c) => c !== c.toUpperCase()).length;
  if (upper === 0) return 1;
  const first = token[0] ?? "";
  const last = token[token.length - 1] ?? "";
  const onlyFirst = first !== first.toLowerCase() && upper === 1;
  const onlyLast = last !== last.toLowerCase() && upper === 1;
  if (onlyFirst || onlyLast || lower === 0) return 2;
  let variations = 0;
  for (let k = 1; k <= Math.min(upper, lower); k++) variations += choose(upper + lower, k);
  return Math.max(variations, 1);
}

/** Every word of the ranked lists found in the password, forwards and reversed. */
function words(password: string, ranked: RankedLists): Pattern[] {
  const lower = password.toLowerCase();
  const reversed = [...lower].reverse().join("");
  const found: Pattern[] = [];
  const n = lower.length;
  for (const [list, ranks] of Object.entries(ranked)) {
    const kind: PatternKind = list === OWN_NAMES ? "own-name" : "word";
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) {
        const token = password.slice(i, j + 1);
        const rank = ranks.get(lower.slice(i, j + 1));
        if (rank !== undefined) found.push({ kind, i, j, token, guesses: rank * capitalVariations(token) });
        const backwards = ranks.get(reversed.slice(n - 1 - j, n - i));
        if (backwards !== undefined && j > i) {
          found.push({ kind, i, j, token, guesses: backwards * capitalVariations(token) * 2 });
        }
      }
    }
  }
  return found;
}

/**
 * Runs of one character or one block repeated (`aaaa`, `abcabc`), each costing its block
 * times its count: at each place the shortest block that repeats, then on past the run.
 */
function repeats(password: string, lists: StrengthLists): Pattern[] {
  const found: Pattern[] = [];
  const n = password.length;
  for (let i = 0; i < n - 1; ) {
    let run: Pattern | null = null;
    for (let size = 1; size <= (n - i) / 2 && !run; size++) {
      const block = password.slice(i, i + size);
      let count = 1;
      while (password.slice(i + count * size, i + (count + 1) * size) === block) count++;
      if (count < 2) continue;
      const j = i + count * size - 1;
      const base = size === 1 ? MIN_SUBMATCH_GUESSES_SINGLE_CHAR + 1 : estimate(block, lists).guesses;
      run = { kind: "repeat", i, j, token: password.slice(i, j + 1), guesses: base * count };
    }
    if (run) {
      found.push(run);
      i = run.j + 1;
    } else i++;
  }
  return found;
}

/** Runs of characters a constant step apart (`abcd`, `9753`, `zyx`). */
function sequences(password: string): Pattern[] {
  const found: Pattern[] = [];
  const n = password.length;
  let start = 0;
  const emit = (i: number, j: number, delta: number) => {
    if (j - i < 2 || Math.abs(delta) > 5 || delta === 0) return;
    const token = password.slice(i, j + 1);
    const first = token[0] ?? "";
    let base: number;
    if ("aAzZ019".includes(first)) base = 4;
    else if (/\d/.test(first)) base = 10;
    else base = 26;
    found.push({ kind: "sequence", i, j, token, guesses: base * (delta > 0 ? 1 : 2) * token.length });
  };
  if (n < 3) return found;
  let delta = (password.codePointAt(1) ?? 0) - (password.codePointAt(0) ?? 0);
  for (let k = 2; k < n; k++) {
    const step = (password.codePointAt(k) ?? 0) - (password.codePointAt(k - 1) ?? 0);
    if (step !== delta) {
      emit(start, k - 1, delta);
      start = k - 1;
      delta = step;
    }
  }
  emit(start, n - 1, delta);
  return found;
}

/** Runs of neighbouring keys on a keyboard (`qwerty`, `asdfgh`, `7410`), with their turns and shifted keys. */
function keyRuns(password: string, keyboards: StrengthLists["keyboards"]): Pattern[] {
  const found: Pattern[] = [];
  const n = password.length;
  for (const graph of Object.values(keyboards)) {
    const keys = Object.keys(graph);
    const degree = keys.reduce((sum, key) => sum + (graph[key]?.filter(Boolean).length ?? 0), 0) / keys.length;
    for (let i = 0; i < n - 2; ) {
      let j = i;
      let turns = 0;
      let shifted = 0;
      let lastDirection = -1;
      for (;;) {
        const here = password[j] ?? "";
        const next = password[j + 1];
        const neighbours = graph[here];
        if (next === undefined || !neighbours) break;
        const direction = neighbours.findIndex((pair) => pair?.includes(next));
        if (direction === -1) break;
        if ((neighbours[direction]?.indexOf(next) ?? 0) === 1) shifted++;
        if (direction !== lastDirection) turns++;
        lastDirection = direction;
        j++;
      }
      if (j - i >= 2) {
        const token = password.slice(i, j + 1);
        found.push({ kind: "keys", i, j, token, guesses: keyGuesses(token.length, turns, shifted, keys.length, degree) });
        i = j + 1;
      } else i++;
    }
  }
  return found;
}

function keyGuesses(length: number, turns: number, shifted: number, starts: number, degree: number) {
  let guesses = 0;
  for (let l = 2; l <= length; l++) {
    for (let t = 1; t <= Math.min(turns, l - 1); t++) guesses += choose(l - 1, t - 1) * starts * degree ** t;
  }
  if (shifted > 0) {
    const unshifted = length - shifted;
    if (unshifted === 0) guesses *= 2;
    else {
      let variations = 0;
      for (let k = 1; k <= Math.min(shifted, unshifted); k++) variations += choose(shifted + unshifted, k);
      guesses *= variations;
    }
  }
  return guesses;
}

/** Years from 1900 to 2099, costed by their distance from now. */
function years(password: string): Pattern[] {
  const found: Pattern[] = [];
  for (let i = 0; i + 4 <= password.length; i++) {
    const token = password.slice(i, i + 4);
    if (!/^(?:19|20)\d\d$/.test(token)) continue;
    const guesses = Math.max(Math.abs(Number(token) - REFERENCE_YEAR), MIN_YEAR_SPACE);
    found.push({ kind: "year", i, j: i + 3, token, guesses });
  }
  return found;
}

const characters = (password: string, i: number, j: number): Pattern => {
  const length = j - i + 1;
  const minimum = length === 1 ? MIN_SUBMATCH_GUESSES_SINGLE_CHAR + 1 : MIN_SUBMATCH_GUESSES_MULTI_CHAR + 1;
  return {
    kind: "characters",
    i,
    j,
    token: password.slice(i, j + 1),
    guesses: Math.max(BRUTEFORCE_CARDINALITY ** length, minimum),
  };
};

/** A pattern's own guesses, never fewer than any few characters would take (zxcvbn's floor for a part). */
function partGuesses(pattern: Pattern, whole: number) {
  if (pattern.kind === "characters") return pattern.guesses;
  const length = pattern.j - pattern.i + 1;
  if (length >= whole) return Math.max(pattern.guesses, 1);
  return Math.max(pattern.guesses, length === 1 ? MIN_SUBMATCH_GUESSES_SINGLE_CHAR : MIN_SUBMATCH_GUESSES_MULTI_CHAR);
}

export function scoreOf(guesses: number): Strength["score"] {
  if (guesses < 1e3 + 5) return 0;
  if (guesses < 1e6 + 5) return 1;
  if (guesses < 1e8 + 5) return 2;
  if (guesses < 1e10 + 5) return 3;
  return 4;
}

/**
 * The cheapest way to guess the password: of every run of patterns that covers it, the
 * one whose count of guesses (the product of its patterns', times the orders they could
 * come in, plus a floor for each added part) is least.
 */
export function estimate(password: string, lists: StrengthLists): Strength {
  const text = Array.from(password).slice(0, JUDGED_LENGTH).join("");
  const n = text.length;
  if (n === 0) return { guesses: 1, score: 0, patterns: [] };
  const patterns = [
    ...words(text, lists.ranked),
    ...repeats(text, lists),
    ...sequences(text),
    ...keyRuns(text, lists.keyboards),
    ...years(text),
  ];
  const endingAt: Pattern[][] = Array.from({ length: n }, () => []);
  for (const p of patterns) endingAt[p.j]?.push(p);

  // best[k].get(l): the least product of guesses covering text[0..k] with l patterns, and how.
  const best: Map<number, { product: number; pattern: Pattern }>[] = Array.from({ length: n }, () => new Map());
  const total = (product: number, l: number) => factorial(l) * product + MIN_GUESSES_BEFORE_GROWING_SEQUENCE ** (l - 1);
  const consider = (pattern: Pattern, l: number, product: number) => {
    const known = best[pattern.j]?.get(l);
    if (known && known.product <= product) return;
    // A longer run that costs no less than a shorter one already found is never better.
    for (const [shorter, other] of best[pattern.j] ?? []) {
      if (shorter <= l && total(other.product, shorter) <= total(product, l)) return;
    }
    best[pattern.j]?.set(l, { product, pattern });
  };
  for (let k = 0; k < n; k++) {
    const candidates = [...(endingAt[k] ?? [])];
    for (let i = 0; i <= k; i++) candidates.push(characters(text, i, k));
    for (const pattern of candidates) {
      const own = partGuesses(pattern, n);
      if (pattern.i === 0) {
        consider(pattern, 1, own);
        continue;
      }
      for (const [l, before] of best[pattern.i - 1] ?? []) {
        // Two runs of characters side by side are one run.
        if (pattern.kind === "characters" && before.pattern.kind === "characters") continue;
        consider(pattern, l + 1, before.product * own);
      }
    }
  }

  let guesses = Number.POSITIVE_INFINITY;
  let length = 0;
  for (const [l, { product }] of best[n - 1] ?? []) {
    const g = total(product, l);
    if (g < guesses) {
      guesses = g;
      length = l;
    }
  }
  const run: Pattern[] = [];
  for (let k = n - 1, l = length; k >= 0 && l > 0; l--) {
    const step = best[k]?.get(l);
    if (!step) break;
    run.unshift(step.pattern);
    k = step.pattern.i - 1;
  }
  return { guesses, score: scoreOf(guesses), patterns: run };
}
