import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../platform/mail";
import { type LinkRecipient, linkEmail } from "./link-email";

export const VERIFY_EMAIL_SUBJECT = "Please confirm your email address";

/** The confirmation email sent after sign-up (DECISIONS D6): the link works for 24 hours. */
export function verifyEmailMessage(site: SiteConfig, recipient: LinkRecipient): MailMessage {
  return linkEmail(site, recipient, {
    subject: VERIFY_EMAIL_SUBJECT,
    greeting: "Welcome",
    intro: `Thank you for creating an account with ${site.brandName}. Please confirm your email address by opening this link:`,
    action: "Confirm my email address",
    notes: [
      "The link works for 24 hours. Once your address is confirmed you can sign in and see the enquiries you have made with us.",
      "If you did not create an account, you can ignore this email: nothing more will happen.",
    ],
  });
}
