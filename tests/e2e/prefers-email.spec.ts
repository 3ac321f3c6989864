import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CALL_IF_YOU_WOULD_LIKE, EMAIL_INSTEAD } from "../../app/domain/needs";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { overflowing } from "../support/layout";
import { validQuote } from "../support/leads";
import { axeViolations, hydratedControl, skipCookieBanner, uniqueEmail } from "../support/step-forms";

// "Prefers email" heard (issue 54; DECISIONS D28): a borrower who asks to be contacted by
// email reads, at once, on the thank-you page and in their account, that we will email them
// instead; the call-back offer becomes theirs to take. The next steps come first, before
// the forms. At 320, 390 and 412 px the page fits.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

async function sentQuote(page: Page, email: string) {
  const sent = await page.request.post("/api/quotes", { data: validQuote({ email }) });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

const top = async (page: Page, name: string) =>
  (await page.getByRole("heading", { name, exact: true }).boundingBox())?.y ?? Number.NaN;

for (const script of [true, false]) {
  test(`the thank-you page hears "Prefers email" at once, ${script ? "with" : "without"} script`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: script });
    await skipCookieBanner(context);
    const page = await context.newPage();
    const id = await sentQuote(page, uniqueEmail("prefers-email"));
    await page.goto(`/thank-you?ref=${id}`);
    const steps = page.getByRole("region", { name: "Your next steps" });
    await expect(steps).toContainText("We call you");
    // The next steps come first, before the call-back form and the question of what would help.
    expect(await top(page, "Your next steps")).toBeLessThan(await top(page, "When we will call you"));
    expect(await top(page, "Your next steps")).toBeLessThan(await top(page, "Help us to help you (optional)"));

    const needs = page.getByRole("region", { name: "Help us to help you (optional)" });
    await needs.getByLabel("Contact me by email rather than by phone").check();
    await needs.getByRole("button", { name: "Save what would help" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have noted what would help you" })).toBeVisible();
    await expect(steps).toContainText("We email you");
    await expect(steps).toContainText(EMAIL_INSTEAD);
    await expect(steps).not.toContainText("We call you");
    const offer = page.getByRole("region", { name: "How we will contact you" });
    await expect(offer).toContainText(`${EMAIL_INSTEAD}.`);
    await expect(offer).toContainText(CALL_IF_YOU_WOULD_LIKE);
    await expect(page.getByRole("heading", { name: "When we will call you" })).toHaveCount(0);
    if (script) expect(await axeViolations(page)).toEqual([]);
    for (const width of [320, 390, 412]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await overflowing(page);
      expect(overflow.found, `/thank-you at ${width} px`).toEqual([]);
    }
    await context.close();
  });
}

test("the account says 'We will email you instead' for an enquiry whose borrower asked for email", async ({
  page,
  request,
}: {
  page: Page;
  request: APIRequestContext;
}) => {
  const email = uniqueEmail("prefers-email-account");
  const password = "Harbour-42-email";
  await confirmedAccount(request, email, password);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: ORIGIN },
  });
  expect(signIn.status()).toBe(200);
  await sentQuote(page, email);
  await page.goto("/account");
  await hydratedControl(page, "#needs form button[type=submit]");
  const callbacks = page.getByRole("region", { name: "When we will call you" });
  await expect(callbacks).toContainText("we will call you as soon as we can");
  const needs = page.getByRole("region", { name: "What would help when we speak to you" });
  await needs.getByLabel("Contact me by email rather than by phone").check();
  await needs.getByRole("button", { name: "Save what would help" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(callbacks).toContainText(`${EMAIL_INSTEAD}.`);
  await expect(callbacks).toContainText("If you would like a call, choose a time here.");
  await expect(callbacks).not.toContainText("we will call you as soon as we can");
});
