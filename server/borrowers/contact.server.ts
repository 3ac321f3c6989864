import { z } from "zod";
import { CONTACT_FIELDS, CONTACT_FORM_PROBLEM, type ContactFormReply } from "../../app/domain/contact-form";
import { isHoneypotFilled } from "../../app/domain/honeypot";
import { sanitiseContact } from "../../app/domain/sanitise";
import { contactSchema, issuesToFieldErrors } from "../../app/domain/schemas";
import { readFormPost } from "../platform/form-post.server";
import type { ServerContext } from "../platform/services";
import { contactMessages } from "../platform/db/schema";
import { contactCopyEmail, contactNotificationEmail } from "../emails/contact";
import { leadEmailKeys } from "../leads/lead-email-keys";
import { reportLeadStored } from "../platform/metrics";
import { enqueue } from "../platform/outbox";
import { hit, RATE_LIMITS, scaled, TOO_MANY_REQUESTS } from "../platform/rate-limit";
import { isFromOurPages } from "../platform/security";
import type { Services } from "../platform/services";

// The contact form's message (spec section 4, DECISIONS D1): stored, and the broker's
// notification and the sender's copy queued as outbox jobs in the same transaction.
// The JSON API (server/api/contact.ts) and the contact page's own action both store
// through here.

/** Cleans before checking, as the browser does (spec section 5); the honeypot is stripped. */
export const contactBody = z.preprocess(sanitiseContact, contactSchema);

export async function storeContactMessage(
  { config, db, log, kickOutbox }: Pick<Services, "config" | "db" | "log" | "kickOutbox">,
  message: z.output<typeof contactSchema>,
) {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    if (!row) throw new Error("contact message was not stored");
    const stored = { ...message, id: row.id };
    const [notificationKey, copyKey] = leadEmailKeys("contact", row.id);
    await enqueue(tx, "mail", contactNotificationEmail(config.site, config.mail.leadInbox, stored), {
      dedupeKey: notificationKey,
    });
    await enqueue(tx, "mail", contactCopyEmail(config.site, stored), { dedupeKey: copyKey });
    return row.id;
  });
  log.info({ contactMessageId: id }, "contact message stored");
  reportLeadStored("contact");
  kickOutbox();
  return id;
}

export type ContactFormOutcome = { sent: true } | { sent: false; status: number; reply: ContactFormReply };

/**
 * The contact page's action: the form as a browser posts it before any script runs.
 * From our pages only, within the contact limit per address, honeypot checked (a robot
 * is told it was sent); then stored, or answered with what the visitor wrote and what
 * to fix, for the page to draw again.
 */
export async function contactFormAction(context: ServerContext, request: Request): Promise<ContactFormOutcome> {
  const posted = await readFormPost(request);
  const fields = posted.ok ? Object.fromEntries([...posted.form].filter(([, value]) => typeof value === "string")) : {};
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, String(fields[field] ?? "")]),
  ) as ContactFormReply["values"];
  const refuse = (status: number, problem: string, errors: ContactFormReply["errors"] = {}): ContactFormOutcome => ({
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
  if (isHoneypotFilled(fields)) return { sent: true };

  const parsed = contactBody.safeParse(fields);
  if (!parsed.success) {
    const errors: ContactFormReply["errors"] = {};
    for (const { path, message } of issuesToFieldErrors(parsed.error)) errors[path as keyof typeof errors] ??= message;
    return refuse(400, CONTACT_FORM_PROBLEM, errors);
  }
  await storeContactMessage(context, parsed.data);
  return { sent: true };
}
