import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { RESET_PASSWORD_SUBJECT, resetPasswordMessage } from "./reset-password";
import { VERIFY_EMAIL_SUBJECT, verifyEmailMessage } from "./verify-email";

const site = readConfig({ NODE_ENV: "test" }).site;
const url = "https://loans.example/api/auth/verify-email?token=a.b.c&callbackURL=%2Fauth%3Fconfirmed%3D1";
const escaped = url.replace(/&/g, "&amp;");

/** The HTML part's words, as a reader sees them. */
const wordsOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#8202;|&#8203;/g, "")
    .replace(/\s+/g, " ");

describe.each([
  {
    email: "the confirmation email",
    build: verifyEmailMessage,
    subject: VERIFY_EMAIL_SUBJECT,
    greeting: "Welcome",
    action: "Confirm my email address",
    lasts: "24 hours",
  },
  {
    email: "the password-reset email",
    build: resetPasswordMessage,
    subject: RESET_PASSWORD_SUBJECT,
    greeting: "Hello",
    action: "Set a new password",
    lasts: "once, for one hour",
  },
])("$email", ({ build, subject, greeting, action, lasts }) => {
  const message = build(site, { to: "jane@example.com", name: "<b>Jane</b> Doe", url });

  it("is addressed to the account, with its subject, and replies reach the firm", () => {
    expect(message.to).toBe("jane@example.com");
    expect(message.subject).toBe(subject);
    expect(message.replyTo).toBe(site.contactEmail);
  });

  it("carries the link as a button and a bare address in HTML, and as a bare address in the text", () => {
    expect(message.html).toContain(`<a href="${escaped}"`);
    expect(wordsOf(message.html)).toContain(` ${action} `);
    expect(wordsOf(message.html)).toContain(`Or copy this address into your browser: ${escaped}`);
    expect(message.text.split("\n")).toContain(url);
    expect(message.text).toContain(lasts);
  });

  it("greets by first name, escaping what the visitor typed", () => {
    expect(message.html).toContain(`${greeting}, &lt;b&gt;Jane&lt;/b&gt;.`);
    expect(message.html).not.toContain("<b>");
    expect(message.text.startsWith(`${greeting}, <b>Jane</b>.\n`)).toBe(true);
    expect(build(site, { to: "jane@example.com", name: "  ", url }).text.startsWith(`${greeting}.\n`)).toBe(true);
  });

  it("ends with the firm's regulatory footer", () => {
    expect(message.text).toContain("credit broker, not a lender");
    expect(wordsOf(message.html)).toContain("credit broker, not a lender");
  });
});
