import { expect, type Page } from "@playwright/test";
import { nextCode } from "./authenticator";

// A staff member in the browser, through the console's own pages: the one-time link's
// password and authenticator steps, then the sign-in, each code from the test's
// authenticator (used once). Answers the authenticator's key, for the codes after.

export const STAFF_PASSWORD = "Quay-side-ledger-42";

export async function enrolAndSignIn(page: Page, link: string, email: string): Promise<string> {
  await page.goto(link);
  await page.getByLabel("New password").fill(STAFF_PASSWORD);
  await page.getByLabel("The same password again").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByTestId("totp-key").textContent()) ?? "";
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(key));
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?enrolled=1$/);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(key));
  await page.getByRole("button", { name: "Sign in" }).click();
  return key;
}
