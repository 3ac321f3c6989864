import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../mail";

export interface EmailContent {
  to: string;
  subject: string;
  /** The first line, e.g. "Thank you, Jane." */
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Label and value pairs shown as a table (a lead's answers). */
  details?: [label: string, value: string][];
  replyTo?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * Every email the site sends, in one readable shape: an HTML body that survives mail
 * clients (tables, inline styles) and the same words as plain text, both ending with
 * the firm's regulatory footer.
 */
export function renderEmail(site: SiteConfig, content: EmailContent): MailMessage {
  const footer = `${site.brandName} is a trading style of ${site.companyName}, authorised and regulated by the Financial Conduct Authority (firm reference ${site.fcaFirmReference}). We are a credit broker, not a lender. Registered office: ${site.registeredAddress}.`;
  const rows = (content.details ?? [])
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;color:#0f172a">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1b3a5e;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(site.brandName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${rows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">${rows}</table>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;line-height:1.5;color:#64748b;border-top:1px solid #e2e8f0">${escapeHtml(footer)}<br>${escapeHtml(site.phone)} · ${escapeHtml(site.contactEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details ?? []).map(([label, value]) => `${label}: ${value}`),
    "",
    "--",
    footer,
    `${site.phone} · ${site.contactEmail}`,
  ].join("\n");
  return {
    to: content.to,
    subject: content.subject,
    html,
    text,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
}
