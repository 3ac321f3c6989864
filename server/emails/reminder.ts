import type { SiteConfig } from "../../app/config.server";
import { formatPounds } from "../../app/domain/finance";
import type { LeadKind } from "../../app/domain/leads";
import { formatDay, formatTime } from "../../app/domain/date-format";
import type { MailMessage } from "../platform/mail";
import { consoleLeadUrl } from "./callback";
import { renderEmail } from "./layout";
import { leadReference } from "./lead-details";

// The adviser's reminder at a call-back's time (DECISIONS D21): the reference, the amount
// and the time, and a link to the lead; no name, phone or email (it may be read on a
// phone's lock screen, or land in a shared inbox).

export interface CallbackReminder {
  kind: LeadKind;
  id: string;
  /** The call-back's time (the lead's next action). */
  at: Date;
  /** The amount asked for; null for a contact message. */
  loanAmount: number | null;
}

/** "Tue 1 Dec 2026 at 10am", UK time (the domain's one formatter). */
export function reminderTime(at: Date): string {
  return `${formatDay(at)} at ${formatTime(at)}`;
}

/** The reminder sent to `to` (the lead's adviser, or the leads inbox when nobody has it). */
export function callbackReminderEmail(site: SiteConfig, to: string, lead: CallbackReminder): MailMessage {
  const reference = leadReference(lead.id);
  const time = formatTime(lead.at);
  const amount = lead.loanAmount === null ? null : formatPounds(lead.loanAmount);
  return renderEmail(site, {
    to,
    subject: `Call back now: ${reference} at ${time}`,
    heading: `Time to call back ${reference}`,
    paragraphs: [
      `The call-back for lead ${reference}${amount ? ` (${amount})` : ""} is due now: ${reminderTime(lead.at)} (UK time).`,
      { label: "Open the lead in the console", url: consoleLeadUrl(site, lead.kind, lead.id) },
      "If the call-back has been moved, the lead page shows the new time; you will be reminded again then.",
    ],
  });
}
