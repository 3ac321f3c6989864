import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../platform/mail";
import { type LinkRecipient, linkEmail } from "./link-email";

// A staff member's one-time link from the team page (DECISIONS D25): to set up their
// console account, or to set it up again after a lost phone. It names no borrower.

export const staffLinkSubject = (site: SiteConfig, renewed: boolean) =>
  renewed ? `Set up your ${site.brandName} staff account again` : `Your ${site.brandName} staff account`;

/** The link `/staff/enrol?token=…`, valid once for `hours`; `renewed` when it replaces an account's old sign-in. */
export function staffLinkEmail(
  site: SiteConfig,
  recipient: LinkRecipient,
  { hours, renewed }: { hours: number; renewed: boolean },
): MailMessage {
  return linkEmail(site, recipient, {
    subject: staffLinkSubject(site, renewed),
    greeting: renewed ? "Hello" : "Welcome",
    intro: renewed
      ? `An administrator has sent you a new link for the ${site.brandName} staff console: your old password and authenticator no longer work. To choose a new password and set up your authenticator app again, open this link:`
      : `An administrator has made you an account on the ${site.brandName} staff console. To choose a password and set up an authenticator app, open this link:`,
    action: renewed ? "Set up your account again" : "Set up your account",
    notes: [
      `The link works once, for ${hours} hours. You will need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password or the like).`,
      "If you did not expect this, tell the firm's administrator and do not open the link.",
    ],
  });
}
