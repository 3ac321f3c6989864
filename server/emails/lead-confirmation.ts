import type { SiteConfig } from "../../app/config.server";
import { CLAIMS } from "../../app/domain/claims";
import { formatPounds, REPOSSESSION_WARNING } from "../../app/domain/finance";
import type { MailMessage } from "../platform/mail";
import { renderEmail } from "./layout";
import { leadReference } from "./lead-details";

export interface LeadConfirmation {
  id: string;
  to: string;
  firstName: string;
  loanAmount: number;
  /** The purpose as the borrower chose it, e.g. "Home improvements". */
  purpose: string;
  /** What they filled in, e.g. "eligibility check". */
  formName: string;
}

/**
 * The borrower's confirmation of a homeowner-loan lead, from either form: the reference
 * the thank-you page and the adviser quote, what happens next, and the repossession
 * warning. It repeats only what they told us (amount and purpose), never the indicative
 * rate: that is for the adviser to explain once the lenders have looked.
 */
export function leadConfirmationEmail(site: SiteConfig, lead: LeadConfirmation): MailMessage {
  const reference = leadReference(lead.id);
  return renderEmail(site, {
    to: lead.to,
    subject: `We have received your loan enquiry (reference ${reference})`,
    heading: `Thank you, ${lead.firstName}.`,
    paragraphs: [
      `We have received your ${lead.formName} for a loan of ${formatPounds(lead.loanAmount)} for ${lead.purpose.toLowerCase()}. Your reference is ${reference}.`,
      `What happens next: one of our advisers will call you on the number you gave us within ${CLAIMS.approvalHours} hours (${site.openingHours}). They will go through your circumstances, compare the loans available from our panel of lenders and explain your options. There is nothing to pay to apply.`,
      "If another time suits you better, choose it on the page you saw after sending your enquiry, or in your account if you have one. We will email you to confirm it.",
      "Checking your eligibility has not affected your credit score. A lender will only make a full credit search if you decide to apply.",
      `If you did not make this enquiry, or you would rather we did not contact you, reply to this email or call us on ${site.phone}.`,
      REPOSSESSION_WARNING,
    ],
  });
}
