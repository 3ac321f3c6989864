import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../platform/mail";
import { type LinkRecipient, linkEmail } from "./link-email";

export const RESET_PASSWORD_SUBJECT = "Set a new password";

/** The one-time link to set a new password (one hour). */
export function resetPasswordMessage(site: SiteConfig, recipient: LinkRecipient): MailMessage {
  return linkEmail(site, recipient, {
    subject: RESET_PASSWORD_SUBJECT,
    greeting: "Hello",
    intro: `Someone, hopefully you, asked to set a new password for your ${site.brandName} account. To choose one, open this link:`,
    action: "Set a new password",
    notes: [
      "The link works once, for one hour. Setting a new password signs you out on every device.",
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
}
