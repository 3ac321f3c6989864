import type { SiteConfig } from "../../app/config.server";
import { dayInWords } from "../../app/domain/calendar-day";
import { complaintReference } from "../../app/domain/complaint-form";
import { ukClock } from "../../app/domain/uk-time";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";

// The handler's reminder a week before a complaint's eight weeks end (DECISIONS D26): its
// reference, the day and a link; no name or words (it may be read on a lock screen, or
// land in a shared inbox).

export function complaintReminderEmail(
  site: SiteConfig,
  to: string,
  complaint: { id: string; finalResponseBy: Date },
): MailMessage {
  const reference = complaintReference(complaint.id);
  // The deadline is a UK midnight: the day it closes is the one before.
  const day = dayInWords(ukClock(new Date(complaint.finalResponseBy.getTime() - 1)).day);
  return renderEmail(site, {
    to,
    subject: `Complaint ${reference}: final response due by the end of ${day}`,
    heading: `One week left for complaint ${reference}`,
    paragraphs: [
      `The final response to complaint ${reference} is due by the end of ${day}, eight weeks after it came in. If it cannot be answered by then, send a holding response saying why and when it will be.`,
      { label: "Open the complaint in the console", url: `${site.siteUrl}/staff/complaints/${complaint.id}` },
    ],
  });
}
