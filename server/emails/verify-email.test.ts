import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { VERIFY_EMAIL_SUBJECT, verifyEmailMessage } from "./verify-email";

const site = readConfig({ NODE_ENV: "test" }).site;
const url = "https://loans.example/api/auth/verify-email?token=a.b.c&callbackURL=%2Fauth%3Fconfirmed%3D1";

describe("the confirmation email", () => {
  const message = verifyEmailMessage(site, { to: "jane@example.com", name: "<b>Jane</b> Doe", url });

  it("is addressed to the new account, with its subject", () => {
    expect(message.to).toBe("jane@example.com");
    expect(message.subject).toBe(VERIFY_EMAIL_SUBJECT);
  });

  it("carries the link as a button in HTML and as a bare address in the text", () => {
    const escaped = url.replace(/&/g, "&amp;");
    expect(message.html).toContain(`<a href="${escaped}"`);
    expect(message.html).toContain(">Confirm my email address</a>");
    expect(message.text).toContain(url);
    expect(message.text).toContain("24 hours");
  });

  it("escapes what the visitor typed", () => {
    expect(message.html).toContain("Welcome, &lt;b&gt;Jane&lt;/b&gt;.");
    expect(message.html).not.toContain("<b>");
  });

  it("ends with the firm's regulatory footer", () => {
    expect(message.text).toContain("credit broker, not a lender");
  });
});
