import type { SiteConfig } from "../../app/config.server";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";

/** Who a link email goes to, and the one-time link it carries. */
export interface LinkRecipient {
  to: string;
  /** The account's name as typed; the greeting uses its first word. */
  name: string;
  url: string;
}

export interface LinkEmailContent {
  subject: string;
  /** "Welcome", "Hello": the first line, with the first name after it when there is one. */
  greeting: string;
  /** What the link does, ending with "open this link:". */
  intro: string;
  /** The button's words. */
  action: string;
  /** After the link: how long it works and what to do if it was not them. */
  notes: string[];
}

/**
 * An account email whose point is one link (confirming an address, setting a new
 * password): the shared layout, with the link as a button and a bare address in the
 * HTML part and as a bare address in the text part.
 */
export function linkEmail(site: SiteConfig, { to, name, url }: LinkRecipient, content: LinkEmailContent): MailMessage {
  const firstName = name.trim().split(/\s+/)[0] ?? "";
  return renderEmail(site, {
    to,
    subject: content.subject,
    heading: firstName ? `${content.greeting}, ${firstName}.` : `${content.greeting}.`,
    paragraphs: [content.intro, { label: content.action, url }, ...content.notes],
  });
}
