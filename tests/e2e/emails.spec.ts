import { expect, test } from "@playwright/test";
import { readConfig } from "../../app/config.server";
import { formatPounds, REPOSSESSION_WARNING } from "../../app/domain/finance";
import { leadReference } from "../../app/domain/leads";
import { enquiryIndicativeFigures, quoteIndicativeFigures } from "../../app/domain/rates";
import { contactSchema, enquirySchema, quoteSchema } from "../../app/domain/schemas";
import { contactCopyEmail, contactNotificationEmail } from "../../server/emails/contact";
import { enquiryConfirmationEmail, enquiryNotificationEmail } from "../../server/emails/enquiry";
import { quoteConfirmationEmail, quoteNotificationEmail } from "../../server/emails/quote";
import { resetPasswordMessage } from "../../server/emails/reset-password";
import { verifyEmailMessage } from "../../server/emails/verify-email";
import type { MailMessage } from "../../server/platform/mail";
import { validEnquiry, validQuote } from "../support/leads";

// Every email the site sends, built by the server's own builders from sample answers,
// opened in Chromium as a 390 px wide phone: nothing wider than the screen, body text at
// least 16 px (the regulatory small print at least 14 px), and a plain-text part that
// carries the same key facts as the HTML. The samples carry the long unbroken strings a
// borrower may type (an address, a campaign URL) that would otherwise push an email wide.

const PHONE_WIDTH = 390;
test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

const site = readConfig({ NODE_ENV: "test" }).site;
const leadInbox = "leads@harbourside-loans.example";
const longEmail = "jane.alexandra.smith-worthington.household@broadband-provider-of-somewhere.example.co.uk";
const longUrl = `https://www.example.com/homeowner-loans/compare?utm_source=newsletter_november&utm_medium=email&utm_campaign=${"x".repeat(120)}`;
const createdAt = new Date("2026-11-24T10:15:00Z");

const quote = quoteSchema.parse(validQuote({ email: longEmail, landing_page_url: longUrl }));
const savedQuote = {
  id: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
  createdAt,
  quote,
  figures: quoteIndicativeFigures(quote),
};
const enquiry = enquirySchema.parse(validEnquiry({ email: longEmail, landingPageUrl: longUrl, creditHistory: "good" }));
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
    email: longEmail,
    phone: "07700 900123",
    subject: "Question about my enquiry",
    message: `Could you call me after 5pm? My reference was on ${longUrl} somewhere.`,
  }),
};
const verifyUrl = `https://loans.example/api/auth/verify-email?token=${"eyJhbGciOiJIUzI1NiJ9".repeat(8)}&callbackURL=%2Fauth%3Fconfirmed%3D1`;
const resetUrl = `https://loans.example/api/auth/reset-password/${"k3Yx".repeat(10)}?callbackURL=%2Fauth%2Freset-password`;

/** The 60-month payment as the emails print it (the samples are chosen to have one). */
function monthlyPayment(payment: number | null) {
  if (payment === null) throw new Error("the sample should have an indicative rate");
  return formatPounds(payment, { pence: true });
}

/** Each email, and the facts a reader must find in both its HTML and its plain text. */
const EMAILS: { name: string; message: MailMessage; facts: string[] }[] = [
  {
    name: "the broker's copy of an eligibility check",
    message: quoteNotificationEmail(site, leadInbox, savedQuote),
    facts: [
      leadReference(savedQuote.id),
      savedQuote.id,
      "£50,000",
      "£250,000",
      "£100,000",
      "60%",
      monthlyPayment(savedQuote.figures.monthly_payment),
      longEmail,
      longUrl,
    ],
  },
  {
    name: "the borrower's confirmation of an eligibility check",
    message: quoteConfirmationEmail(site, savedQuote),
    facts: [leadReference(savedQuote.id), "£50,000", REPOSSESSION_WARNING, site.phone],
  },
  {
    name: "the broker's copy of a quick check",
    message: enquiryNotificationEmail(site, leadInbox, savedEnquiry),
    facts: [
      leadReference(savedEnquiry.id),
      savedEnquiry.id,
      "£40,000",
      "£300,000",
      "53.33%",
      monthlyPayment(savedEnquiry.figures.monthly_payment),
      longEmail,
      longUrl,
    ],
  },
  {
    name: "the borrower's confirmation of a quick check",
    message: enquiryConfirmationEmail(site, savedEnquiry),
    facts: [leadReference(savedEnquiry.id), "£40,000", REPOSSESSION_WARNING],
  },
  {
    name: "the broker's copy of a contact message",
    message: contactNotificationEmail(site, leadInbox, contact),
    facts: [contact.id, contact.message, longEmail, contact.phone],
  },
  {
    name: "the sender's copy of a contact message",
    message: contactCopyEmail(site, contact),
    facts: [contact.id, contact.message, site.phone],
  },
  {
    name: "the email confirming a new account",
    message: verifyEmailMessage(site, { to: longEmail, name: "Jane Smith", url: verifyUrl }),
    facts: [verifyUrl, "24 hours"],
  },
  {
    name: "the password-reset email",
    message: resetPasswordMessage(site, { to: longEmail, name: "Jane Smith", url: resetUrl }),
    facts: [resetUrl, "one hour"],
  },
];

/** The regulatory small print every email ends with. */
const isSmallPrint = (text: string) =>
  text.startsWith(`${site.brandName} is a trading style of`) || text === `${site.phone} · ${site.contactEmail}`;

for (const { name, message, facts } of EMAILS) {
  test(`${name} fits a phone, in readable text, with a plain-text part`, async ({ page }) => {
    await page.setContent(message.html);

    const layout = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const wide = [...document.body.querySelectorAll("*")]
        .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
        .map((el) => `${el.tagName.toLowerCase()} ${Math.round(el.getBoundingClientRect().width)} px`);
      const texts: { text: string; size: number }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.replace(/\s+/g, " ").trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.getClientRects().length === 0) continue;
        texts.push({ text, size: Number.parseFloat(getComputedStyle(parent).fontSize) });
      }
      return { viewport, scrollWidth: document.documentElement.scrollWidth, wide, texts };
    });
    expect(layout.viewport).toBe(PHONE_WIDTH);
    expect(layout.wide, "elements wider than the phone").toEqual([]);
    expect(layout.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);

    const tooSmall = layout.texts.filter(({ text, size }) => size < (isSmallPrint(text) ? 14 : 16));
    expect(tooSmall, "text smaller than 16 px (14 px for the small print)").toEqual([]);
    expect(layout.texts.filter(({ text }) => isSmallPrint(text))).toHaveLength(2);

    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees, not every text node
    const shown = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    for (const fact of facts) expect(shown, "the HTML part").toContain(fact.replace(/\s+/g, " "));

    expect(message.text.trim().length).toBeGreaterThan(0);
    expect(message.text).not.toMatch(/<(p|table|a|div|br)\b/);
    for (const fact of facts) expect(message.text, "the plain-text part").toContain(fact);
    expect(message.text).toContain("We are a credit broker, not a lender.");
  });
}
