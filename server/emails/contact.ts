import type { SiteConfig } from "../../app/config.server";
import type { Contact } from "../../app/domain/schemas";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";

/** What the broker's inbox receives for a contact-form message; replies go to the sender. */
export function contactNotificationEmail(
  site: SiteConfig,
  leadInbox: string,
  message: Contact & { id: string },
): MailMessage {
  return renderEmail(site, {
    to: leadInbox,
    replyTo: message.email,
    subject: `Website message: ${message.subject}`,
    heading: `New message from ${message.name}`,
    paragraphs: [
      "Someone has written to us through the contact form. Reply to this email to answer them directly; we promise a reply within 24 hours on working days.",
      message.message,
    ],
    details: [
      ["Name", message.name],
      ["Email", message.email],
      ["Phone", message.phone],
      ["Subject", message.subject],
      ["Reference", message.id],
    ],
  });
}

/** The sender's copy of what they wrote (the thank-you panel promises it). */
export function contactCopyEmail(site: SiteConfig, message: Contact & { id: string }): MailMessage {
  return renderEmail(site, {
    to: message.email,
    subject: `We have received your message: ${message.subject}`,
    heading: `Thank you, ${message.name}.`,
    paragraphs: [
      `Thank you for getting in touch with ${site.brandName}. One of our team will reply within 24 hours on working days (${site.openingHours}).`,
      `If your question is urgent, please call us on ${site.phone}.`,
      "Here is a copy of your message for your records:",
      message.message,
    ],
    details: [
      ["Subject", message.subject],
      ["Phone", message.phone],
      ["Reference", message.id],
    ],
  });
}
