import type { SiteConfig } from "../../app/config.server";
import type { LetterDraft } from "../../app/domain/complaint-letters";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";

/**
 * A complaint's letter as the handler wrote it (app/domain/complaint-letters.ts): its
 * paragraphs as they stand, in the site's email layout.
 */
export function complaintLetterEmail(site: SiteConfig, to: string, letter: LetterDraft): MailMessage {
  const paragraphs = letter.body
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return renderEmail(site, {
    to,
    subject: letter.subject,
    heading: letter.subject,
    paragraphs,
  });
}
