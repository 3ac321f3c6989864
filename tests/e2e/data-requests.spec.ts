import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { validQuote } from "../support/leads";
import { expectFitsScreen, PHONE } from "../support/layout";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember, storedRows } from "../support/stored";

// A borrower's own data (UK GDPR articles 15 and 17, issue 11): downloaded from
// /account as one file, and deleted with the account, after which nothing of it is left;
// and corrected (article 16, DECISIONS D29): their own phone at once, anything else asked
// for and answered from the console's data requests.

const PASSWORD = "Harbour-lantern-42";

test("a borrower downloads their data, then deletes their account and their enquiries go with it", async ({ page }) => {
  const email = `dsr-${Date.now()}@example.com`;
  await confirmedAccount(page.request, email, PASSWORD, { firstName: "Dana", lastName: "Delete" });
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(
    200,
  );
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
  expect(held.account).toMatchObject({
    email,
    emailConfirmed: true,
    profile: { firstName: "Dana", lastName: "Delete" },
  });
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

test.describe("without script", () => {
  // Axe needs script in the page: the account page's forms are checked by it in the test above.
  test.use({ javaScriptEnabled: false });

  test("a borrower corrects their phone and asks for a correction from /account; it is listed among the console's data requests and answered there", async ({
    page,
    browser,
  }) => {
    const email = `fix-${Date.now()}@example.com`;
    await confirmedAccount(page.request, email, PASSWORD, { firstName: "Cora", lastName: "Rect" });
    expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(
      200,
    );
    await page.setViewportSize(PHONE);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Correct your details" });
    await expectFitsScreen(page, "/account");

    // Their own phone, refused at the field in the forms' words with what was typed kept, then saved.
    await section.getByLabel("Phone number (optional)").fill("0123");
    await section.getByRole("button", { name: "Save name and phone" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "Please enter a valid UK phone number",
    );
    await expect(section.getByLabel("Phone number (optional)")).toHaveValue("0123");
    await expect(section.getByLabel("Phone number (optional)")).toHaveAttribute("aria-invalid", "true");
    await section.getByLabel("Phone number (optional)").fill("07700 900456");
    await section.getByRole("button", { name: "Save name and phone" }).click();
    await expect(section.getByRole("status")).toHaveText("Your name and phone number are saved.");
    await expect(section.getByLabel("Phone number (optional)")).toHaveValue("07700 900456");

    // Anything else, in their words: refused empty, then sent, with its reference and due day.
    await section.getByRole("button", { name: "Ask for a correction" }).click();
    await expect(section.getByLabel("What is wrong, and what should it say?")).toHaveAccessibleDescription(
      "Tell us what is wrong and what it should say",
    );
    const words = "My enquiry says I earn £25,000 a year; it is £52,000.";
    await section.getByLabel("What is wrong, and what should it say?").fill(words);
    await section.getByRole("button", { name: "Ask for a correction" }).click();
    await expect(section.getByRole("status")).toContainText(
      /^We have your request R-[0-9A-F]{8}\. We will answer it by /,
    );
    const reference = /R-[0-9A-F]{8}/.exec((await section.getByRole("status").textContent()) ?? "")?.[0] as string;
    await expect(section.getByTestId("correction-requests")).toContainText(`${reference}, asked on`);

    // The console lists it among the data requests, with the words, and marks it answered.
    const context = await browser.newContext({ javaScriptEnabled: true });
    const staff = await context.newPage();
    const staffEmail = `cleo.${randomUUID().slice(0, 8)}@firm.example`;
    await enrolAndSignIn(staff, await addStaffMember(staffEmail, "Cleo Compliance", ["compliance"]), staffEmail);
    await expect(staff).toHaveURL(/\/staff$/);
    await staff.goto("/staff/requests");
    const listed = staff.getByTestId("correction-requests").getByRole("listitem").filter({ hasText: reference });
    await expect(listed).toContainText("Cora Rect");
    await expect(listed).toContainText(words);
    await expect(listed).toContainText("Due by the end of");
    expect((await new AxeBuilder({ page: staff }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await listed.getByRole("button", { name: `Mark ${reference} answered` }).click();
    await expect(staff.getByRole("status")).toContainText("The request is marked answered.");
    await expect(staff.getByTestId("correction-requests").getByText(reference)).toHaveCount(0);
    await context.close();

    await page.reload();
    await expect(section.getByTestId("correction-requests")).toContainText(`${reference}, asked on`);
    await expect(section.getByTestId("correction-requests")).toContainText("answered");
  });
});
