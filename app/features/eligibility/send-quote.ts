import type { Submission } from "~/components/step-form/session-answers";
import { newSubmissionKey } from "~/components/step-form/submission-key";
import { type MainFormAnswers, toQuotePayload } from "~/domain/main-form";
import { type FieldError, issuesToFieldErrors, quoteSchema } from "~/domain/schemas";
import { submitQuote } from "./api";

export { ValidationErrors } from "~/components/step-form/validation-errors";

export type SendOutcome =
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "sent"; id: string }
  | { kind: "failed"; message: string };

/**
 * Checks the quote with the schema the server uses, then sends it under one
 * submission key per completed form: the same answers keep their key (a retry after a
 * lost answer stores nothing twice), changed answers get a new one. Loaded (with zod)
 * when the borrower nears the end, not with the page.
 */
export async function sendQuote(input: {
  answers: MainFormAnswers;
  landingPageUrl: string | undefined;
  website: string;
  submission: Submission | undefined;
  remember(submission: Submission): void;
}): Promise<SendOutcome> {
  const payload = toQuotePayload(input.answers, input.landingPageUrl);
  const checked = quoteSchema.safeParse(payload);
  if (!checked.success) return { kind: "invalid", errors: issuesToFieldErrors(checked.error) };

  const fingerprint = JSON.stringify(payload);
  let key = input.submission?.fingerprint === fingerprint ? input.submission.key : undefined;
  if (!key) {
    key = newSubmissionKey();
    input.remember({ key, fingerprint });
  }
  const result = await submitQuote({ ...payload, submission_key: key, website: input.website });
  return result.ok ? { kind: "sent", id: result.id } : { kind: "failed", message: result.message };
}
