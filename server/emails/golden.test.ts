import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { enquiryIndicativeFigures, quoteIndicativeFigures } from "../../app/domain/rates";
import { contactSchema, enquirySchema, quoteSchema } from "../../app/domain/schemas";
import { validEnquiry, validQuote } from "../../tests/support/leads";
import type { MailMessage } from "../platform/mail";
import { letterTemplate } from "../../app/domain/complaint-letters";
import { callbackConfirmationEmail, callbackNotificationEmail } from "./callback";
import { complaintLetterEmail } from "./complaint-letter";
import { complaintReminderEmail } from "./complaint-reminder";
import { contactCopyEmail, contactNotificationEmail } from "./contact";
import { enquiryConfirmationEmail, enquiryNotificationEmail } from "./enquiry";
import { healthAlertEmail } from "./health-alert";
import { quoteConfirmationEmail, quoteNotificationEmail } from "./quote";
import { callbackReminderEmail } from "./reminder";
import { resetPasswordMessage } from "./reset-password";
import { staffLinkEmail } from "./staff-link";
import { verifyEmailMessage } from "./verify-email";

// Every email the site sends, word for word, against the copy kept beside this file in
// golden/ (a regulated business's letters: a changed word should be a reviewed change).
// When a change is meant, `npx vitest run server/emails/golden.test.ts -u` writes the new
// copy, and the diff shows what a borrower or the broker will now read.

const site = readConfig({ NODE_ENV: "test" }).site;
const leadInbox = "leads@harbourside-loans.example";
const createdAt = new Date("2026-11-24T10:15:00Z");

const quote = quoteSchema.parse(
  validQuote({ email: "jane.smith@example.com", landing_page_url: "https://www.example.com/loans?utm_source=ads" }),
);
const savedQuote = {
  id: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
  createdAt,
  quote,
  figures: quoteIndicativeFigures(quote),
};
const enquiry = enquirySchema.parse(validEnquiry({ email: "jane.smith@example.com", creditHistory: "good" }));
const savedEnquiry = {
  id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
  createdAt,
  enquiry,
  figures: enquiryIndicativeFigures(enquiry),
};
const contact = {
  id: "c0ffee00-1234-4abc-8def-0123456789ab",
  ...contactSchema.parse({
    name: "Jane Smith",
    email: "jane.smith@example.com",
    phone: "07700 900123",
    subject: "Question about my enquiry",
    message: "Could you call me after 5pm?\nThank you.",
  }),
};
// The same leads with their other answers: an age given, and no figure the rate table could give.
const noFigures = { ltv_ratio: null, indicative_rate: null, monthly_payment: null };
const savedQuoteWithout = { ...savedQuote, quote: { ...quote, age: "61-70" as const }, figures: noFigures };
const savedEnquiryWithout = { ...savedEnquiry, enquiry: { ...enquiry, age: "over-65" as const }, figures: noFigures };
const recipient = { to: "jane.smith@example.com", name: "  Jane   Smith " };
// A slot in winter (GMT) and one in summer (BST): the email says the UK time either way.
const winterSlot = { kind: "slot" as const, at: new Date("2026-12-01T10:00:00Z") };
const summerSlot = { kind: "slot" as const, at: new Date("2026-07-01T08:00:00Z") };
const soonest = { kind: "soonest" as const };
const callbackLead = { id: savedQuote.id, to: "jane.smith@example.com", firstName: "Jane" };

// A complaint's letters as their templates draft them (the handler edits them before sending).
const complaint = {
  reference: "C-7F3A21",
  name: "Jane Smith",
  receivedDay: "2026-11-27",
  handlerName: "Ann Adviser",
  finalResponseDay: "2027-01-22",
};
const letter = (kind: Parameters<typeof letterTemplate>[0], outcome?: Parameters<typeof letterTemplate>[3]) =>
  complaintLetterEmail(site, "jane.smith@example.com", letterTemplate(kind, site, complaint, outcome));

// Built inside each test, never at load: a mutation run swaps the code between tests.
const EMAILS: [name: string, build: () => MailMessage][] = [
  ["quote-notification", () => quoteNotificationEmail(site, leadInbox, savedQuote)],
  ["quote-confirmation", () => quoteConfirmationEmail(site, savedQuote)],
  ["quote-notification-no-figures", () => quoteNotificationEmail(site, leadInbox, savedQuoteWithout)],
  ["enquiry-notification", () => enquiryNotificationEmail(site, leadInbox, savedEnquiry)],
  ["enquiry-notification-no-figures", () => enquiryNotificationEmail(site, leadInbox, savedEnquiryWithout)],
  ["enquiry-confirmation", () => enquiryConfirmationEmail(site, savedEnquiry)],
  ["callback-confirmation", () => callbackConfirmationEmail(site, { ...callbackLead, choice: winterSlot })],
  ["callback-confirmation-summer", () => callbackConfirmationEmail(site, { ...callbackLead, choice: summerSlot })],
  ["callback-confirmation-soonest", () => callbackConfirmationEmail(site, { ...callbackLead, choice: soonest })],
  [
    "callback-notification",
    () => callbackNotificationEmail(site, leadInbox, { kind: "quote", id: savedQuote.id, choice: winterSlot }),
  ],
  [
    "callback-notification-soonest",
    () =>
      callbackNotificationEmail(site, leadInbox, { kind: "personal-enquiry", id: savedEnquiry.id, choice: soonest }),
  ],
  [
    "callback-reminder",
    () =>
      callbackReminderEmail(site, "adviser@harbourside-loans.example", {
        kind: "quote",
        id: savedQuote.id,
        at: summerSlot.at,
        loanAmount: 35_000,
      }),
  ],
  [
    "callback-reminder-contact",
    () =>
      callbackReminderEmail(site, leadInbox, { kind: "contact", id: contact.id, at: winterSlot.at, loanAmount: null }),
  ],
  ["contact-notification", () => contactNotificationEmail(site, leadInbox, contact)],
  ["contact-copy", () => contactCopyEmail(site, contact)],
  ["complaint-acknowledgement", () => letter("acknowledgement")],
  ["complaint-summary-resolution", () => letter("summary-resolution")],
  ["complaint-final-response", () => letter("final-response", "partly-upheld")],
  ["complaint-final-response-not-upheld", () => letter("final-response", "rejected")],
  ["complaint-holding", () => letter("holding")],
  [
    "health-alert-raised",
    () =>
      healthAlertEmail(site, "ops@harbourside-loans.example", {
        title: "Outbox",
        detail: "Stuck: a job has waited 12 minutes past its time (3 jobs waiting).",
        change: "raised",
        at: createdAt,
      }),
  ],
  [
    "health-alert-cleared",
    () =>
      healthAlertEmail(site, "ops@harbourside-loans.example", {
        title: "Outbox",
        detail: "Working: nothing has waited more than 10 minutes.",
        change: "cleared",
        at: createdAt,
      }),
  ],
  [
    "complaint-reminder",
    () =>
      complaintReminderEmail(site, "ann@harbourside-loans.example", {
        id: "7f3a21c0-1234-4abc-8def-0123456789ab",
        finalResponseBy: new Date("2027-01-23T00:00:00Z"),
      }),
  ],
  [
    "verify-email",
    () => verifyEmailMessage(site, { ...recipient, url: "https://loans.example/api/auth/verify-email?token=t0k3n" }),
  ],
  [
    "reset-password",
    () => resetPasswordMessage(site, { ...recipient, url: "https://loans.example/api/auth/reset-password/t0k3n" }),
  ],
  [
    "staff-link",
    () =>
      staffLinkEmail(
        site,
        { to: "ann@firm.example", name: "Ann Adviser", url: "http://localhost:3000/staff/enrol?token=t0k3n" },
        { hours: 24, renewed: false },
      ),
  ],
  [
    "staff-link-renewed",
    () =>
      staffLinkEmail(
        site,
        { to: "ann@firm.example", name: "Ann Adviser", url: "http://localhost:3000/staff/enrol?token=t0k3n" },
        { hours: 24, renewed: true },
      ),
  ],
];

/** The HTML part as a reader meets it: its words and where each link goes, a block a line. */
function readHtml(html: string) {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(style|head)[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>/gi, "[link $1] ")
    .replace(/<\/(p|h\d|tr|li|div|table)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#8202;|&#8203;|&zwnj;|&nbsp;/g, " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

describe("every email, word for word", () => {
  it.each(EMAILS)("%s", async (name, build) => {
    const message = build();
    const copy = [
      `To: ${message.to}`,
      `Reply-To: ${message.replyTo ?? ""}`,
      `Subject: ${message.subject}`,
      "",
      "--- plain text ---",
      message.text,
      "",
      "--- HTML, as read ---",
      readHtml(message.html),
      "",
    ].join("\n");
    await expect(copy).toMatchFileSnapshot(`golden/${name}.txt`);
  });
});
