import { postLead } from "~/components/step-form/post-lead";
import type { LeadKind } from "~/components/step-form/send-lead";
import { type MainFormAnswers, type QuotePayload, toQuotePayload } from "~/domain/main-form";
import { quoteSchema } from "~/domain/schemas";
import {
  MISSING_REQUIRED_FIELDS_PREFIX,
  NO_ID_RETURNED,
  SAVE_FAILED_PREFIX,
  UNKNOWN_ERROR,
  UNREACHABLE,
} from "./messages";

// Loaded together with the lead, as the borrower nears the last step.
export { eligibilityAnswerRows } from "./answers-summary";

/** The fields a quote cannot be saved without (checked again just before sending, spec section 5). */
const REQUIRED_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "phone",
  "loan_purpose",
  "homeowner_status",
  "credit_history",
  "loan_amount",
  "property_value",
] as const satisfies readonly (keyof QuotePayload)[];

export type QuoteRequest = QuotePayload & { submission_key: string; website: string };

/**
 * Sends the quote to POST /api/quotes. The id on success; otherwise the message the
 * 'Submission Failed' toast puts after 'Unable to submit your application: ', or (when
 * the quote may have been stored after all) the server's message on its own.
 */
export async function submitQuote(
  quote: QuoteRequest,
): Promise<{ ok: true; id: string } | { ok: false; message: string; uncertain?: boolean }> {
  const missing = REQUIRED_FIELDS.filter((field) => quote[field] === undefined || quote[field] === "");
  if (missing.length > 0) return { ok: false, message: `${MISSING_REQUIRED_FIELDS_PREFIX}${missing.join(", ")}` };

  const result = await postLead("/api/quotes", quote);
  if (result.ok) return result;
  switch (result.kind) {
    case "no-id":
      return { ok: false, message: NO_ID_RETURNED };
    case "refused":
      return { ok: false, message: `${SAVE_FAILED_PREFIX}${result.error}` };
    case "uncertain":
      // Not "failed to save": it may have been. The server's words, as they are.
      return { ok: false, message: result.error, uncertain: true };
    case "network":
      return { ok: false, message: `${SAVE_FAILED_PREFIX}${UNREACHABLE}` };
    default:
      return { ok: false, message: UNKNOWN_ERROR };
  }
}

/** The eligibility check's lead: a quote (loaded with zod as the borrower nears the end). */
export const quoteLead: LeadKind<MainFormAnswers, QuotePayload> = {
  toPayload: toQuotePayload,
  schema: quoteSchema,
  submit: submitQuote,
};
