import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { validQuote } from "../support/leads";
import { storedRows } from "../support/stored";

// A borrower's own data (UK GDPR articles 15 and 17, issue 11): downloaded from
// /account as one file, and deleted with the account, after which nothing of it is left.

const PASSWORD = "Harbour-lantern-42";

test("a borrower downloads their data, then deletes their account and their enquiries go with it", async ({ page }) => {
  const email = `dsr-${Date.now()}@example.com`;
  await confirmedAccount(page.request, email, PASSWORD, { firstName: "Dana", lastName: "Delete" });
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const quote = await page.request.post("/api/quotes", {
    data: validQuote({ email, first_name: "Dana", last_name: "Delete", submission_key: crypto.randomUUID() }),
  });
  expect(quote.status()).toBe(201);
  const quoteId = String(((await quote.json()) as { id: string }).id);

  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 2, name: "Your data" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download your data" }).click(),
  ]);
  const held = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
  expect(held.account).toMatchObject({ email, emailConfirmed: true, profile: { firstName: "Dana", lastName: "Delete" } });
  expect(held.leads.quotes.map((q: { id: string }) => q.id)).toEqual([quoteId]);
  expect(held.emails.map((m: { subject: string }) => m.subject)).toContain("Please confirm your email address");

  // Deleting needs the box ticked: the browser says so before anything is sent.
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel("I understand my account and my enquiries will be deleted").check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\?deleted=1$/);
  await expect(page.getByText("Your account and the details of your enquiries have been deleted.")).toBeVisible();

  const users = await storedRows<{ email: string }>("users");
  expect(users.filter((u) => u.email === email)).toEqual([]);
  const quotes = await storedRows<{ id: string; email: string }>("quotes");
  expect(quotes.filter((q) => q.id === quoteId || q.email === email)).toEqual([]);
  const jobs = await storedRows<{ dedupe_key: string | null; payload: { to?: string } }>("jobs");
  expect(jobs.filter((j) => j.dedupe_key?.includes(quoteId) || j.payload.to === email)).toEqual([]);
  // Signed out everywhere: the account page sends this browser to sign in.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth/);
});
