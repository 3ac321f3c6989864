// What the sign-in and sign-up forms say beside each field (DECISIONS D24): every
// problem at once, in the order of the form, for the error summary and the field
// messages. The server reads the forms with these (server/borrowers/accounts.server.ts).

import { ENTER_PASSWORD, EMAIL_INVALID } from "./account-messages";

export const SIGN_IN_FIELDS = ["email", "password"] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

export const SIGN_UP_FIELDS = ["firstName", "lastName", "email", "password"] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

export type AccountField = SignInField | SignUpField;

/** A form's problems by field; the keys follow the form's order. */
export type FieldErrors<F extends string = AccountField> = Partial<Record<F, string>>;

/**
 * Sign-in's own checks before any account is looked up: a field left empty. An address
 * typed but malformed gets the same answer as a wrong password, as before.
 */
export function signInProblems(email: string, password: string): FieldErrors<SignInField> {
  const problems: FieldErrors<SignInField> = {};
  if (email.trim() === "") problems.email = EMAIL_INVALID;
  if (password === "") problems.password = ENTER_PASSWORD;
  return problems;
}

/** Issues (a schema's, say) as one message per field, the first for each, in the form's order. */
export function firstErrorByField<F extends string>(
  fields: readonly F[],
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const issue = issues.find((candidate) => candidate.path[0] === field);
    if (issue) errors[field] = issue.message;
  }
  return errors;
}
