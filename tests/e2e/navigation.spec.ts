import { expect, type Page, test } from "@playwright/test";
import { choose, fill, next, skipCookieBanner } from "../support/step-forms";

// Issue 13, defect 1: every navigation to a new page starts at its top; only back and
// forward restore a position. On a phone, where pages are long.

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

async function scrolledToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

test("a footer link from /apply opens the page at its top, and back returns to where the borrower was", async ({ page }) => {
  await page.goto("/apply");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await scrolledToBottom(page);
  await page.locator("footer").getByRole("link", { name: "Terms of business" }).first().click();
  await expect(page).toHaveURL(/\/terms-of-business$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/apply$/);
  // Back restores a position: down the page, not its top (the exact figure depends on
  // how tall the page is once it has settled).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test("a form's redirect to a partner page opens it at its top", async ({ page }) => {
  await page.goto("/apply-personal");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await choose(page, "What kind of loan are you looking for?", "Personal loan");
  await next(page);
  await fill(page, "How much would you like to borrow?", "5000");
  await next(page);
  await choose(page, "What is your residential status?", "Tenant / renting");
  await scrolledToBottom(page);
  await next(page);
  await expect(page).toHaveURL(/\/creditec-redirect$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a step's error summary goes when the step changes, and no toast stays behind (D30)", async ({ page }) => {
  await page.goto("/apply");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  const nextButton = page.getByRole("button", { name: "Next", exact: true });
  await nextButton.press("Enter");
  const stale = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(stale).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await choose(page, "Which of these describes you?", "Homeowner with mortgage");
  await nextButton.click();
  await expect(page.locator("form h2")).toHaveText("Your loan");
  await expect(stale).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});
