import { postLead } from "~/components/step-form/post-lead";
import { type EnquiryPayload, enquiryErrorMessage } from "~/domain/quick-form";

export type EnquiryRequest = EnquiryPayload & { submission_key: string; website: string };

/**
 * Sends the homeowner enquiry to POST /api/enquiries: its id, or the section 8 toast
 * for the server's answer ('Too many requests', 'Invalid ...', anything else).
 */
export async function submitEnquiry(
  enquiry: EnquiryRequest,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const result = await postLead("/api/enquiries", enquiry);
  if (result.ok) return result;
  return { ok: false, message: enquiryErrorMessage(result.kind === "refused" ? result.error : null) };
}
