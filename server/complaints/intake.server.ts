import {
  COMPLAINT_FORM_PROBLEM,
  type ComplaintErrors,
  type ComplaintValues,
  complaintValues,
  readComplaint,
} from "../../app/domain/complaint-form";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { readFormPost } from "../platform/form-post.server";
import type { ServerContext } from "../platform/services";
import { hit, RATE_LIMITS, scaled, TOO_MANY_REQUESTS } from "../platform/rate-limit";
import { isFromOurPages } from "../platform/security";
import { recordComplaint } from "./complaints.server";

export interface ComplaintFormReply {
  values: ComplaintValues;
  errors: ComplaintErrors;
  problem?: string;
}

export type ComplaintFormOutcome =
  | { sent: true; reference: string | null }
  | { sent: false; status: number; reply: ComplaintFormReply };

/**
 * /make-a-complaint's action: the form as a browser posts it, with or without script.
 * From our pages only, within the contact form's limit per address, honeypot checked (a
 * robot is told it was sent); then recorded and acknowledged, or answered with what the
 * person wrote and what to fix.
 */
export async function complaintFormAction(context: ServerContext, request: Request): Promise<ComplaintFormOutcome> {
  const posted = await readFormPost(request);
  const fields = posted.ok ? Object.fromEntries([...posted.form].filter(([, value]) => typeof value === "string")) : {};
  const values = complaintValues(fields);
  const refuse = (status: number, problem: string, errors: ComplaintErrors = {}): ComplaintFormOutcome => ({
    sent: false,
    status,
    reply: { values, errors, problem },
  });

  if (!isFromOurPages(request, context.config.siteUrl))
    return refuse(403, "This form can only be sent from our own pages");
  if (!posted.ok) return refuse(posted.status, "We could not read the form. Please try again.");
  const limit = scaled(RATE_LIMITS.contact, context.config.rateLimitScale);
  if (!(await hit(context.db, limit, context.clientAddress ?? "unknown")).allowed)
    return refuse(429, TOO_MANY_REQUESTS);
  if (isHoneypotFilled(fields)) return { sent: true, reference: null };

  const read = readComplaint(values, { emailRequired: true });
  if (!read.ok) return refuse(400, COMPLAINT_FORM_PROBLEM, read.problems);
  const { reference } = await recordComplaint(context, {
    details: read.value,
    channel: "web-form",
    receivedAt: new Date(),
    handler: null,
  });
  context.log.info({ complaint: reference }, "complaint recorded");
  return { sent: true, reference };
}
