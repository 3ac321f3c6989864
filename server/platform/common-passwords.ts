import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { builtOnOwnWords, JUDGED_LENGTH, type Strength, strengthOf } from "../../app/domain/password-strength";

/**
 * The common passwords (about 49,000, most used first) from zxcvbn-ts's maintained
 * list, lower-cased: a password on it is refused however it is capitalised.
 */
const COMMON_PASSWORDS = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password);

let estimator: ZxcvbnFactory | undefined;
/** zxcvbn-ts's estimator on its maintained lists and keyboards, made once, the first time a password is judged. */
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: JUDGED_LENGTH });
  return estimator;
};

/**
 * What a password built on these names would hold: each name whole and run together
 * ("ann adviser", "annadviser"), an address's part before the @ likewise, each word of
 * three letters or more, and any two of those words run together ("annharbourside"): a
 * guesser who knows the names tries them in pairs, and zxcvbn, which counts each part of
 * a password as a new guess, would otherwise rate three own words and a year "safely
 * unguessable" (decision 379).
 */
export function ownNameWords(names: readonly (string | null | undefined)[]): string[] {
  const forms = names.flatMap((name) => {
    const whole = (name ?? "").trim().toLowerCase();
    if (!whole) return [];
    const local = whole.includes("@") ? [whole.slice(0, whole.indexOf("@"))] : [];
    return [whole, ...local].flatMap((form) => [form, form.replace(/[^\p{L}\p{N}]+/gu, "")]);
  });
  const words = [...new Set(forms.flatMap((form) => form.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)))];
  const pairs = words.flatMap((first) => words.filter((second) => second !== first).map((second) => first + second));
  return [...new Set([...forms, ...words, ...pairs].filter(Boolean))];
}

/**
 * How guessable a password is (zxcvbn, read by app/domain/password-strength.ts) to someone
 * who tries the common passwords and words first, and knows `ownNames`: the firm's brand
 * and company names, the person's own name and email address.
 */
export function passwordStrength(password: string, ownNames: readonly (string | null | undefined)[]): Strength {
  const words = ownNameWords(ownNames);
  const strength = strengthOf(zxcvbn().check(password, words));
  // Own words with only digits and symbols between them: as guessable as the words (decision 379).
  const own = builtOnOwnWords(password.slice(0, JUDGED_LENGTH), words);
  if (!own) return strength;
  const besides = strength.patterns.filter((p) => own.every((o) => p.j < o.i || p.i > o.j));
  return { ...strength, score: 0, patterns: [...own, ...besides].sort((a, b) => a.i - b.i) };
}
