import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The common passwords (about 49,000, most used first) from zxcvbn-ts's maintained
 * list, lower-cased: a password on it is refused however it is capitalised.
 */
const COMMON_PASSWORDS = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password);
