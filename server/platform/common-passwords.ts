import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { JUDGED_LENGTH, strengthOf } from "../../app/domain/password-strength";

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
 * ("ann adviser", "annadviser"), an address's part before the @ likewise, and each
 * word of three letters or more.
 */
export function ownNameWords(names: readonly (string | null | undefined)[]): string[] {
  const forms = names.flatMap((name) => {
    const whole = (name ?? "").trim().toLowerCase();
    if (!whole) return [];
    const local = whole.includes("@") ? [whole.slice(0, whole.indexOf("@"))] : [];
    return [whole, ...local].flatMap((form) => [form, form.replace(/[^\p{L}\p{N}]+/gu, "")]);
  });
  const words = forms.flatMap((form) => form.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3));
  return [...new Set([...forms, ...words].filter(Boolean))];
}

/**
 * How guessable a password is (zxcvbn, read by app/domain/password-strength.ts) to someone
 * who tries the common passwords and words first, and knows `ownNames`: the firm's brand
 * and company names, the person's own name and email address.
 */
export function passwordStrength(password: string, ownNames: readonly (string | null | undefined)[]) {
  return strengthOf(zxcvbn().check(password, ownNameWords(ownNames)));
}
