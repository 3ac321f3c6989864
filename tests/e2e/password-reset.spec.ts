import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { confirmedAccount as confirmedAccountAs, linkIn } from "../support/accounts";
import { waitForMail } from "../support/mailbox";

// Password reset (issue 12): "Forgot your password?" on /auth, a one-time link by email
// (read from the SMTP sink), a new password that ends every other session.

const OLD_PASSWORD = "Harbour-42";
const NEW_PASSWORD = "Quayside-lantern-7";
let counter = 0;
const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

const confirmedAccount = (request: APIRequestContext, email: string) =>
  confirmedAccountAs(request, email, OLD_PASSWORD);

test("a borrower who forgot their password sets a new one from the emailed link, and other sessions end", async ({
  page,
  browser,
  request,
}) => {
  // Five password hashings (sign-up, two sign-ins, the reset, the check of the old one): slow on a busy machine.
  test.setTimeout(60_000);
  const email = newEmail("reset");
  await confirmedAccount(request, email);

  // Another device, signed in with the old password.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/auth");
  await otherPage.getByLabel("Email").fill(email);
  await otherPage.getByLabel("Password", { exact: true }).fill(OLD_PASSWORD);
  await otherPage.getByRole("button", { name: "Sign In" }).click();
  await expect(otherPage).toHaveURL(/\/account$/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("If an account uses that email address")).toBeVisible();

  const mail = await waitForMail(email, "Set a new password");
  const link = linkIn(mail.raw, /https?:\/\/\S+?\/api\/auth\/reset-password\/[\w-]+\?callbackURL=[\w%.-]+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A common password is refused, saying why.
  await page.getByLabel(/New password/).fill("password123");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This password is too common")).toBeVisible();

  await page.getByLabel(/New password/).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth\?passwordReset=1$/);
  await expect(page.getByText("Your new password is set")).toBeVisible();

  // The other device is signed out.
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/auth\?from=%2Faccount$/);
  await other.close();

  // The old password no longer works; the new one does.
  expect((await request.post("/api/auth/sign-in/email", { data: { email, password: OLD_PASSWORD } })).status()).toBe(
    401,
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("That link has expired or was already used")).toBeVisible();
});

test("asking for a link never says whether the email has an account", async ({ page }) => {
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(newEmail("nobody"));
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("If an account uses that email address")).toBeVisible();
});
