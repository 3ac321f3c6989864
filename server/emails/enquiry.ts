import type { SiteConfig } from "../../app/config.server";
import { formatPounds } from "../../app/domain/finance";
import {
  CREDIT_HISTORIES,
  optionLabel,
  QUICK_AGE_BANDS,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_HOMEOWNER_STATUSES,
  QUICK_LOAN_PURPOSES,
} from "../../app/domain/options";
import type { QuoteIndicativeFigures } from "../../app/domain/rates";
import type { Enquiry } from "../../app/domain/schemas";
import type { MailMessage } from "../platform/mail";
import { consoleLeadUrl, NEW_LEAD_CALL, NEW_LEAD_CALL_BACK } from "./callback";
import { renderEmail } from "./layout";
import { leadConfirmationEmail } from "./lead-confirmation";
import { formatSubmittedAt, indicativeFigureRows, leadReference, money, orNotGiven } from "./lead-details";

export interface SavedEnquiry {
  id: string;
  createdAt: Date;
  enquiry: Enquiry;
  figures: QuoteIndicativeFigures;
}

/** The broker's copy of a homeowner-loan enquiry from the quick check: every answer. */
export function enquiryNotificationEmail(site: SiteConfig, leadInbox: string, saved: SavedEnquiry): MailMessage {
  const { id, enquiry, figures } = saved;
  const purpose = optionLabel(QUICK_LOAN_PURPOSES, enquiry.loanPurpose);
  return renderEmail(site, {
    to: leadInbox,
    replyTo: enquiry.email,
    subject: `New quick check enquiry ${leadReference(id)}: ${formatPounds(enquiry.loanAmount)} ${purpose.toLowerCase()}`,
    heading: "A new homeowner loan enquiry has come in",
    paragraphs: [
      `Submitted ${formatSubmittedAt(saved.createdAt)} through the quick eligibility check.`,
      NEW_LEAD_CALL,
      "Replying to this email writes to the borrower.",
      { label: "Open the lead in the console", url: consoleLeadUrl(site, "personal-enquiry", id) },
    ],
    details: [
      ["Reference", `${leadReference(id)} (enquiry ${id})`],
      ["Call back", NEW_LEAD_CALL_BACK],
      ["Name", `${enquiry.firstName} ${enquiry.lastName}`],
      ["Email", enquiry.email],
      ["Phone", enquiry.phone],
      ["Loan type", "Homeowner loan"],
      ["Homeowner status", optionLabel(QUICK_HOMEOWNER_STATUSES, enquiry.homeownerStatus)],
      ["Loan amount", formatPounds(enquiry.loanAmount)],
      ["Loan purpose", purpose],
      ["Property value", money(enquiry.propertyValue)],
      ["Mortgage balance", money(enquiry.mortgageBalance)],
      ["Age", orNotGiven(enquiry.age && optionLabel(QUICK_AGE_BANDS, enquiry.age))],
      ["Monthly income", money(enquiry.monthlyIncome)],
      ["Employment status", optionLabel(QUICK_EMPLOYMENT_STATUSES, enquiry.employmentStatus)],
      ["Credit history", optionLabel(CREDIT_HISTORIES, enquiry.creditHistory)],
      ...indicativeFigureRows(figures),
      ["Landing page", orNotGiven(enquiry.landingPageUrl)],
    ],
  });
}

/** The borrower's confirmation of a quick-check enquiry: the same as the main form's. */
export function enquiryConfirmationEmail(site: SiteConfig, saved: SavedEnquiry): MailMessage {
  const { id, enquiry } = saved;
  return leadConfirmationEmail(site, {
    id,
    to: enquiry.email,
    firstName: enquiry.firstName,
    loanAmount: enquiry.loanAmount,
    purpose: optionLabel(QUICK_LOAN_PURPOSES, enquiry.loanPurpose),
    formName: "quick eligibility check",
  });
}
