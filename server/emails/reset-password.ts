import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../mail";
import { renderEmail } from "./layout";

export const RESET_PASSWORD_SUBJECT = "Set a new password";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The one-time link to set a new password (one hour), as a button and as a bare URL. */
export function resetPasswordMessage(
  site: SiteConfig,
  { to, name, url }: { to: string; name: string; url: string },
): MailMessage {
  const firstName = name.trim().split(/\s+/)[0] ?? "";
  const message = renderEmail(site, {
    to,
    subject: RESET_PASSWORD_SUBJECT,
    heading: firstName ? `Hello, ${firstName}.` : "Hello.",
    paragraphs: [
      `Someone, hopefully you, asked to set a new password for your ${site.brandName} account. To choose one, open this link:`,
      url,
      "The link works once, for one hour. Setting a new password signs you out on every device.",
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
  const escaped = escapeHtml(url);
  const html = message.html.replace(
    `<p style="margin:0 0 12px">${escaped}</p>`,
    `<p style="margin:16px 0 20px"><a href="${escaped}" style="display:inline-block;background:#0f7360;color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">Set a new password</a></p><p style="margin:0 0 12px;font-size:13px;color:#475569;word-break:break-all">Or copy this address into your browser: ${escaped}</p>`,
  );
  return { ...message, html };
}
