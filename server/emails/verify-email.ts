import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../mail";
import { renderEmail } from "./layout";

export const VERIFY_EMAIL_SUBJECT = "Please confirm your email address";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The confirmation email sent after sign-up (DECISIONS D6): the shared layout, with the
 * link as a button in the HTML part and as a bare URL in the text part.
 */
export function verifyEmailMessage(
  site: SiteConfig,
  { to, name, url }: { to: string; name: string; url: string },
): MailMessage {
  const firstName = name.trim().split(/\s+/)[0] ?? "";
  const message = renderEmail(site, {
    to,
    subject: VERIFY_EMAIL_SUBJECT,
    heading: firstName ? `Welcome, ${firstName}.` : "Welcome.",
    paragraphs: [
      `Thank you for creating an account with ${site.brandName}. Please confirm your email address by opening this link:`,
      url,
      "The link works for 24 hours. Once your address is confirmed you can sign in and see the enquiries you have made with us.",
      "If you did not create an account, you can ignore this email: nothing more will happen.",
    ],
  });
  // The layout escapes every paragraph; turn the link's paragraph into a real link.
  const escaped = escapeHtml(url);
  const html = message.html.replace(
    `<p style="margin:0 0 12px">${escaped}</p>`,
    `<p style="margin:16px 0 20px"><a href="${escaped}" style="display:inline-block;background:#0f7360;color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">Confirm my email address</a></p><p style="margin:0 0 12px;font-size:13px;color:#475569;word-break:break-all">Or copy this address into your browser: ${escaped}</p>`,
  );
  return { ...message, html };
}
