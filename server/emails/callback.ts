import type { SiteConfig } from "../../app/config.server";
import { type CallbackChoice, describeCallback } from "../../app/domain/callback-choice";
import type { LeadKind } from "../../app/domain/leads";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";
import { leadReference } from "./lead-details";

// The emails that follow a borrower's choice of when to be called (DECISIONS D21): their
// own confirmation of the time, and the broker's note of it with a link to the lead.

/** Where a lead opens in the staff console; a signed-out adviser is taken through sign-in and back. */
export const consoleLeadUrl = (site: SiteConfig, kind: LeadKind, id: string) =>
  `${site.siteUrl}/staff/leads/${kind}/${id}`;

/**
 * What a new lead's notification says of the call: the borrower chooses on the page after
 * sending, so at first it is "as soon as possible"; a choice sends its own note.
 */
export const NEW_LEAD_CALL =
  "Call as soon as possible: the borrower has not chosen a time yet. If they choose one, on the thank-you page or in their account, you will get an email saying when.";
export const NEW_LEAD_CALL_BACK = "As soon as possible (no time chosen yet)";

export interface CallbackConfirmation {
  id: string;
  to: string;
  firstName: string;
  choice: CallbackChoice;
}

/** The borrower's confirmation of the time they chose, or that we will call as soon as we can. */
export function callbackConfirmationEmail(site: SiteConfig, lead: CallbackConfirmation): MailMessage {
  const reference = leadReference(lead.id);
  const when =
    lead.choice.kind === "slot"
      ? `We will call you on ${describeCallback(lead.choice)} (UK time), on the number you gave us.`
      : `We will call you as soon as we can, on the number you gave us, within our opening hours (${site.openingHours}).`;
  return renderEmail(site, {
    to: lead.to,
    subject: `When we will call you (reference ${reference})`,
    heading: `Thank you, ${lead.firstName}.`,
    paragraphs: [
      `${when} Your reference is ${reference}.`,
      "If you have an account with us, you can change the time in your account. Otherwise, reply to this email or call us and we will change it for you.",
      `If you did not ask for this call, reply to this email or call us on ${site.phone}.`,
    ],
  });
}

/**
 * The broker's note that a borrower chose when to be called: the reference and the time,
 * and a link to the lead, nothing more (the lead page has the rest).
 */
export function callbackNotificationEmail(
  site: SiteConfig,
  leadInbox: string,
  lead: { kind: LeadKind; id: string; choice: CallbackChoice },
): MailMessage {
  const reference = leadReference(lead.id);
  const when = describeCallback(lead.choice);
  return renderEmail(site, {
    to: leadInbox,
    subject: `Call-back time for ${reference}: ${when}`,
    heading: "A borrower has chosen when to be called",
    paragraphs: [
      lead.choice.kind === "slot"
        ? `The borrower of lead ${reference} asked to be called on ${when} (UK time). Their next action now says so.`
        : `The borrower of lead ${reference} asked to be called as soon as possible. Their next action now says so.`,
      { label: "Open the lead in the console", url: consoleLeadUrl(site, lead.kind, lead.id) },
    ],
  });
}
