import { postLead } from "~/components/step-form/post-lead";
import type { LeadKind } from "~/components/step-form/send-lead";
import { type EnquiryPayload, enquiryErrorMessage, type QuickFormAnswers, toEnquiryPayload } from "~/domain/quick-form";
import { enquirySchema } from "~/domain/schemas";

// Loaded together with the lead, as the borrower nears the last step.
export { quickAnswerRows } from "./answers-summary";

export type EnquiryRequest = EnquiryPayload & { submission_key: string; website: string };

/**
 * Sends the homeowner enquiry to POST /api/enquiries: its id, or the section 8 toast
 * for the server's answer ('Too many requests', 'Invalid ...', anything else), or the
 * server's message when the enquiry may have been stored after all.
 */
export async function submitEnquiry(
  enquiry: EnquiryRequest,
): Promise<{ ok: true; id: string } | { ok: false; message: string; uncertain?: boolean }> {
  const result = await postLead("/api/enquiries", enquiry);
  if (result.ok) return result;
  // It may have been stored: the server's words, not 'Failed to submit enquiry'.
  if (result.kind === "uncertain") return { ok: false, message: result.error, uncertain: true };
  return { ok: false, message: enquiryErrorMessage(result.kind === "refused" ? result.error : null) };
}

/** The quick check's lead: a homeowner-loan enquiry (loaded with zod near the end). */
export const enquiryLead: LeadKind<QuickFormAnswers, EnquiryPayload> = {
  toPayload: toEnquiryPayload,
  schema: enquirySchema,
  submit: submitEnquiry,
};
