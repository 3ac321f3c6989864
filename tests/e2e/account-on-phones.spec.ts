import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { overflowing } from "../support/layout";
import { validQuote } from "../support/leads";
import { axeViolations, hydratedControl, skipCookieBanner, uniqueEmail } from "../support/step-forms";

// /account on the phones borrowers hold (issue 54): at 320, 390 and 412 px nothing scrolls
// sideways with an enquiry and what would help drawn, health details kept (so the button
// that withdraws that consent, the page's longest label, is there); that label wraps
// inside its button; signing out comes last, not between the account's sections.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

/** A borrower signed in on `page` with one quote sent and health details kept. */
async function accountWithEverything(page: Page, request: APIRequestContext, email: string) {
  const password = "Harbour-42-phones";
  await confirmedAccount(request, email, password);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: ORIGIN },
  });
  expect(signIn.status()).toBe(200);
  const sent = await page.request.post("/api/quotes", { data: validQuote({ email }) });
  expect(sent.status()).toBe(201);
  await page.goto("/account");
  await hydratedControl(page, "#needs form button[type=submit]");
  const needs = page.getByRole("region", { name: "What would help when we speak to you" });
  await needs.getByLabel("Contact me by email rather than by phone").check();
  await needs.getByLabel("Anything about your health we should know (optional)").fill("Hard of hearing");
  await needs.getByLabel(/I agree that you may keep what I have told you about my health/).check();
  await needs.getByRole("button", { name: "Save what would help" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

test("/account fits 320, 390 and 412 px with every section drawn, and signing out comes last", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await accountWithEverything(page, request, uniqueEmail("account-phones"));
  const withdraw = page.getByRole("button", { name: "Withdraw consent and delete my health details" });
  for (const width of [320, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/account");
    await expect(withdraw).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await overflowing(page);
    expect(overflow.found, `/account at ${width} px`).toEqual([]);
    expect(overflow.scrollWidth, `/account at ${width} px`).toBeLessThanOrEqual(width);
    // The button keeps all its words inside itself: its box holds its label.
    const fits = await withdraw.evaluate((button) => button.scrollWidth <= button.clientWidth + 1);
    expect(fits, `the withdraw button's label at ${width} px`).toBe(true);
  }
  expect(await axeViolations(page)).toEqual([]);

  // Signing out is the page's last section: every other section's heading comes before it.
  const headings = await page.locator("main h2").allTextContents();
  expect(headings.at(-1)).toBe("Signing out");
});

test("a correction request sent with script empties its box, so a second press cannot send it twice", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("account-correction");
  const password = "Harbour-42-correct";
  await confirmedAccount(request, email, password);
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: ORIGIN } });
  expect(signIn.status()).toBe(200);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Correct your details" });
  const box = section.getByLabel("What is wrong, and what should it say?");
  // The page is live (hydrated) before typing, so the post goes through the script.
  await hydratedControl(page, "#correction-details");
  await box.fill("My enquiry says I earn £25,000 a year; it is £52,000.");
  await section.getByRole("button", { name: "Ask for a correction" }).click();
  await expect(section.getByRole("status")).toContainText(/^We have your request R-[0-9A-F]{8}\./);
  await expect(box).toHaveValue("");
  await expect(section.getByTestId("correction-requests").getByRole("listitem")).toHaveCount(1);
});
