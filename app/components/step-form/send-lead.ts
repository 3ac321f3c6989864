import type { z } from "zod";
import { type FieldError, issuesToFieldErrors } from "~/domain/schemas";
import type { Submission } from "./session-answers";
import { newSubmissionKey } from "./submission-key";

export { ValidationErrors } from "./validation-errors";

export type SendOutcome =
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "sent"; id: string }
  | { kind: "failed"; message: string }
  /** The lead may have been stored (the server's write got no answer): sending again is safe. */
  | { kind: "uncertain"; message: string };

/** One kind of lead a step form ends in: its payload, the schema the server checks it with, and its endpoint. */
export interface LeadKind<A, P extends object> {
  toPayload(answers: A, landingPageUrl: string | undefined): P;
  schema: z.ZodType;
  /** Sends it: the id, or the message the form's toast shows (`uncertain`: it may have been stored). */
  submit(
    request: P & { submission_key: string; website: string },
  ): Promise<{ ok: true; id: string } | { ok: false; message: string; uncertain?: boolean }>;
}

/**
 * Checks the lead with the schema the server uses, then sends it under one submission
 * key per completed form: the same answers keep their key (a retry after a lost answer
 * stores nothing twice), changed answers get a new one. Loaded (with zod) when the
 * borrower nears the end, not with the page.
 */
export async function sendLead<A, P extends object>(
  lead: LeadKind<A, P>,
  input: {
    answers: A;
    landingPageUrl: string | undefined;
    website: string;
    submission: Submission | undefined;
    remember(submission: Submission): void;
  },
): Promise<SendOutcome> {
  const payload = lead.toPayload(input.answers, input.landingPageUrl);
  const checked = lead.schema.safeParse(payload);
  if (!checked.success) return { kind: "invalid", errors: issuesToFieldErrors(checked.error) };

  const fingerprint = JSON.stringify(payload);
  let key = input.submission?.fingerprint === fingerprint ? input.submission.key : undefined;
  if (!key) {
    key = newSubmissionKey();
    input.remember({ key, fingerprint });
  }
  const result = await lead.submit({ ...payload, submission_key: key, website: input.website });
  if (result.ok) return { kind: "sent", id: result.id };
  return result.uncertain
    ? { kind: "uncertain", message: result.message }
    : { kind: "failed", message: result.message };
}
