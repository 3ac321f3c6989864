import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { type EmailContent, renderEmail, renderEmailHtml } from "./layout";

const site = readConfig({ NODE_ENV: "test" }).site;

const content = (word: string): EmailContent => ({
  to: "jane@example.com",
  subject: `Subject & ${word}`,
  heading: `Thank you, ${word}.`,
  paragraphs: [`It's <${word}> "quoted"`, { label: `Go & ${word}`, url: `https://loans.example/?a=1&b=${word}` }, "After."],
  details: [
    ["Name", `${word} <Smith>`],
    ["Landing page", `https://www.example.com/?utm_source=${word}&x='y'`],
  ],
});

const fresh = (c: EmailContent, footer: string[]) =>
  renderEmailHtml({
    subject: c.subject,
    brandName: site.brandName,
    heading: c.heading,
    paragraphs: c.paragraphs,
    details: c.details ?? [],
    footer,
  });

describe("renderEmail", () => {
  it("writes the same HTML as rendering the components afresh, for each email of a shape", () => {
    for (const word of ["Jane", "O'Brien & \u{E000}0\u{E001}", ""]) {
      const message = renderEmail(site, content(word));
      const footer = message.text.split("\n--\n")[1]?.split("\n") ?? [];
      expect(footer).toHaveLength(2);
      expect(message.html).toBe(fresh(content(word), footer));
    }
  });

  it("writes the plain-text part from the same words: paragraphs, links as bare addresses, details as lines", () => {
    const message = renderEmail(site, content("Jane"));
    expect(message.text).toBe(
      [
        "Thank you, Jane.",
        "",
        `It's <Jane> "quoted"`,
        "",
        "https://loans.example/?a=1&b=Jane",
        "",
        "After.",
        "",
        "Name: Jane <Smith>",
        "Landing page: https://www.example.com/?utm_source=Jane&x='y'",
        "",
        "--",
        `${site.brandName} is a trading style of ${site.companyName}, authorised and regulated by the Financial Conduct Authority (firm reference ${site.fcaFirmReference}). We are a credit broker, not a lender. Registered office: ${site.registeredAddress}.`,
        `${site.phone} · ${site.contactEmail}`,
      ].join("\n"),
    );
  });

  it("sends replies to the firm unless the email names someone else", () => {
    expect(renderEmail(site, content("Jane")).replyTo).toBe(site.contactEmail);
    expect(renderEmail(site, { ...content("Jane"), replyTo: "pat@example.com" }).replyTo).toBe("pat@example.com");
  });

  it("is fluid: no fixed width, the card at most 600 px", () => {
    const { html } = renderEmail(site, content("Jane"));
    expect(html).not.toMatch(/width="\d+"/);
    expect(html).toContain("max-width:600px;width:100%");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  });
});
