import type { SiteConfig } from "../../app/config.server";
import { CLAIMS } from "../../app/domain/claims";
import { formatPounds } from "../../app/domain/finance";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  optionLabel,
} from "../../app/domain/options";
import type { QuoteIndicativeFigures } from "../../app/domain/rates";
import type { Quote } from "../../app/domain/schemas";
import type { MailMessage } from "../platform/mail";
import { consoleLeadUrl, NEW_LEAD_CALL, NEW_LEAD_CALL_BACK } from "./callback";
import { renderEmail } from "./layout";
import { leadConfirmationEmail } from "./lead-confirmation";
import { formatSubmittedAt, indicativeFigureRows, leadReference, money, orNotGiven } from "./lead-details";

export interface SavedQuote {
  id: string;
  createdAt: Date;
  quote: Quote;
  figures: QuoteIndicativeFigures;
}

/** The broker's copy of a new lead: every answer, the computed figures, reply goes to the borrower. */
export function quoteNotificationEmail(site: SiteConfig, leadInbox: string, saved: SavedQuote): MailMessage {
  const { id, quote, figures } = saved;
  const purpose = optionLabel(LOAN_PURPOSES, quote.loan_purpose);
  return renderEmail(site, {
    to: leadInbox,
    replyTo: quote.email,
    subject: `New eligibility check ${leadReference(id)}: ${formatPounds(quote.loan_amount)} ${purpose.toLowerCase()}`,
    heading: "A new eligibility check has come in",
    paragraphs: [
      `Submitted ${formatSubmittedAt(saved.createdAt)} through the eligibility check. The borrower was told an adviser will call within ${CLAIMS.approvalHours} hours.`,
      NEW_LEAD_CALL,
      "Replying to this email writes to the borrower.",
      { label: "Open the lead in the console", url: consoleLeadUrl(site, "quote", id) },
    ],
    details: [
      ["Reference", `${leadReference(id)} (quote ${id})`],
      ["Call back", NEW_LEAD_CALL_BACK],
      ["Name", `${quote.first_name} ${quote.last_name}`],
      ["Email", quote.email],
      ["Phone", quote.phone],
      ["Homeowner status", optionLabel(HOMEOWNER_STATUSES, quote.homeowner_status)],
      ["Loan amount", formatPounds(quote.loan_amount)],
      ["Loan purpose", purpose],
      ["Property value", money(quote.property_value)],
      ["Mortgage balance", money(quote.mortgage_balance)],
      ["Age", orNotGiven(quote.age && optionLabel(AGE_BANDS, quote.age))],
      ["Monthly income", money(quote.monthly_income)],
      [
        "Employment status",
        orNotGiven(quote.employment_status && optionLabel(EMPLOYMENT_STATUSES, quote.employment_status)),
      ],
      ["Credit history", optionLabel(CREDIT_HISTORIES, quote.credit_history)],
      ...indicativeFigureRows(figures),
      ["Landing page", orNotGiven(quote.landing_page_url)],
    ],
  });
}

/** The borrower's confirmation: their reference and what happens next. */
export function quoteConfirmationEmail(site: SiteConfig, saved: SavedQuote): MailMessage {
  const { id, quote } = saved;
  return leadConfirmationEmail(site, {
    id,
    to: quote.email,
    firstName: quote.first_name,
    loanAmount: quote.loan_amount,
    purpose: optionLabel(LOAN_PURPOSES, quote.loan_purpose),
    formName: "eligibility check",
  });
}
