import type { SiteConfig } from "../../app/config.server";
import { CLAIMS } from "../../app/content/marketing";
import { formatPounds, REPOSSESSION_WARNING } from "../../app/domain/finance";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  optionLabel,
} from "../../app/domain/options";
import { INDICATIVE_TERM_MONTHS, type QuoteIndicativeFigures } from "../../app/domain/rates";
import type { Quote } from "../../app/domain/schemas";
import type { MailMessage } from "../mail";
import { renderEmail } from "./layout";
import { formatSubmittedAt, leadReference, money, orNotGiven, percent } from "./lead-details";

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
      "Replying to this email writes to the borrower.",
    ],
    details: [
      ["Reference", `${leadReference(id)} (quote ${id})`],
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
      ["Loan to value", figures.ltv_ratio === null ? "Not known" : percent(figures.ltv_ratio)],
      [
        "Indicative rate",
        figures.indicative_rate === null ? "None from the rate table" : percent(figures.indicative_rate),
      ],
      [
        `Monthly payment over ${INDICATIVE_TERM_MONTHS} months`,
        figures.monthly_payment === null ? "None" : formatPounds(figures.monthly_payment, { pence: true }),
      ],
      ["Landing page", orNotGiven(quote.landing_page_url)],
    ],
  });
}

/**
 * The borrower's confirmation: what happens next, and the repossession warning. It
 * repeats only what they told us (amount and purpose), never the indicative rate: that
 * is for the adviser to explain once the lenders have looked.
 */
export function quoteConfirmationEmail(site: SiteConfig, saved: SavedQuote): MailMessage {
  const { id, quote } = saved;
  return renderEmail(site, {
    to: quote.email,
    subject: `We have received your loan enquiry (reference ${leadReference(id)})`,
    heading: `Thank you, ${quote.first_name}.`,
    paragraphs: [
      `We have received your eligibility check for a loan of ${formatPounds(quote.loan_amount)} for ${optionLabel(LOAN_PURPOSES, quote.loan_purpose).toLowerCase()}. Your reference is ${leadReference(id)}.`,
      `What happens next: one of our advisers will call you on the number you gave us within ${CLAIMS.approvalHours} hours (${site.openingHours}). They will go through your circumstances, compare the loans available from our panel of ${CLAIMS.lenders} lenders and explain your options. There is nothing to pay to apply.`,
      "Checking your eligibility has not affected your credit score. A lender will only make a full credit search if you decide to apply.",
      `If you did not make this enquiry, or you would rather we did not contact you, reply to this email or call us on ${site.phone}.`,
      REPOSSESSION_WARNING,
    ],
  });
}
