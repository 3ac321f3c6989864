import type { SiteConfig } from "../../app/config.server";
import { formatDay, formatTime } from "../../app/domain/date-format";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";

// The operations address's email when a health check is raised or cleared (decision 451):
// what is watched, what is wrong (or that it is well again), when, and the console's page
// that shows the health strip. Nothing of a person: the checks count, they name no one.

export interface HealthChange {
  title: string;
  detail: string;
  change: "raised" | "cleared";
  at: Date;
}

export function healthAlertEmail(site: SiteConfig, to: string, alert: HealthChange): MailMessage {
  const when = `${formatDay(alert.at)} at ${formatTime(alert.at)}`;
  const raised = alert.change === "raised";
  return renderEmail(site, {
    to,
    subject: raised ? `Alert: ${alert.title}: ${alert.detail}` : `Cleared: ${alert.title} is well again`,
    heading: raised ? `${alert.title}: needs looking at` : `${alert.title}: well again`,
    paragraphs: [
      raised
        ? `${alert.detail} Seen ${when} (UK time). You will be emailed once more when it clears.`
        : `${alert.detail} Cleared ${when} (UK time).`,
      { label: "See the health strip in the console", url: `${site.siteUrl}/staff/team` },
    ],
  });
}
