import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer, jobMessageId, mailFileJobId } from "./mail";

// Without SMTP_URL, mail is written as .eml files a developer can open: each message
// whole, in a folder made when first needed, named by when it went and its message id.

const root = mkdtempSync(path.join(tmpdir(), "mail-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the .eml folder mailer", () => {
  it("writes each message whole, from the site's address, into a folder it makes", async () => {
    const mailDir = path.join(root, "not-yet", "made");
    const mailer = createMailer({ mailDir, from: "Harbourside Loans <hello@harbourside-loans.example>" });
    await mailer.verify();
    await mailer.send(
      {
        to: "jane@example.com",
        replyTo: "hello@harbourside-loans.example",
        subject: "We have received your loan enquiry",
        text: "Thank you, Jane.\nLine two.",
        html: "<p>Thank you, Jane.</p>",
      },
      "<lead:3f2a/confirmation@harbourside-loans.example>",
    );
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-_lead_3f2a_confirmation_harbourside-loans.example_\.eml$/,
    );
    const eml = readFileSync(path.join(mailDir, file ?? ""), "utf8");
    expect(eml).toContain("From: Harbourside Loans <hello@harbourside-loans.example>");
    expect(eml).toContain("To: jane@example.com");
    expect(eml).toContain("Reply-To: hello@harbourside-loans.example");
    expect(eml).toContain("Subject: We have received your loan enquiry");
    expect(eml).toContain("Message-ID: <lead:3f2a/confirmation@harbourside-loans.example>");
    expect(eml).toContain("Thank you, Jane.\nLine two.");
    expect(eml).toContain("<p>Thank you, Jane.</p>");
    expect(eml).not.toContain("\r\n");
    mailer.close();
  });
});

describe("the job a mail file was written for", () => {
  it.each([
    ["2026-11-01T10-00-00-000Z-_job-42_outbox_.eml", 42],
    ["2026-11-01T10-00-00-000Z-_job-123456789012345_outbox_.eml", 123456789012345],
    ["2026-11-01T10-00-00-000Z-_job-42_outbox_.eml.bak", null],
    ["2026-11-01T10-00-00-000Z-_job-_outbox_.eml", null],
    ["2026-11-01T10-00-00-000Z-_job-4x2_outbox_.eml", null],
    ["notes.txt", null],
    [`${"-_job-1".repeat(5_000)}x`, null],
  ])("%s is job %s", (name, jobId) => {
    expect(mailFileJobId(name)).toBe(jobId);
  });

  it("reads the name the mailer writes", () => {
    expect(mailFileJobId(`2026-11-01T10-00-00-000Z-${jobMessageId(7).replace(/[^\w.-]/g, "_")}.eml`)).toBe(7);
  });
});
