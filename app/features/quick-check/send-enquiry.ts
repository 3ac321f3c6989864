import type { Submission } from "~/components/step-form/session-answers";
import { newSubmissionKey } from "~/components/step-form/submission-key";
import { type QuickFormAnswers, toEnquiryPayload } from "~/domain/quick-form";
import { enquirySchema, type FieldError, issuesToFieldErrors } from "~/domain/schemas";
import { submitEnquiry } from "./api";

export { ValidationErrors } from "~/components/step-form/validation-errors";

export type SendOutcome =
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "sent"; id: string }
  | { kind: "failed"; message: string };

/**
 * Checks the enquiry with the server's schema and sends it under one submission key
 * per completed form (kept for retries of the same answers). Loaded near the end.
 */
export async function sendEnquiry(input: {
  answers: QuickFormAnswers;
  landingPageUrl: string | undefined;
  website: string;
  submission: Submission | undefined;
  remember(submission: Submission): void;
}): Promise<SendOutcome> {
  const payload = toEnquiryPayload(input.answers, input.landingPageUrl);
  const checked = enquirySchema.safeParse(payload);
  if (!checked.success) return { kind: "invalid", errors: issuesToFieldErrors(checked.error) };

  const fingerprint = JSON.stringify(payload);
  let key = input.submission?.fingerprint === fingerprint ? input.submission.key : undefined;
  if (!key) {
    key = newSubmissionKey();
    input.remember({ key, fingerprint });
  }
  const result = await submitEnquiry({ ...payload, submission_key: key, website: input.website });
  return result.ok ? { kind: "sent", id: result.id } : { kind: "failed", message: result.message };
}
