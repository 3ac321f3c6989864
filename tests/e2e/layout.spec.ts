import { expect, type Page, test } from "@playwright/test";
import { confirmedAccount } from "../support/accounts";
import { wrappedLabels } from "../support/layout";
import { skipCookieBanner } from "../support/step-forms";

// Issue 13's measure of every route on a phone and a desktop is in site.spec.ts, beside
// its axe check (one page load for both); here, the cookie banner and the header.

test("the cookie banner's buttons keep their labels on one line on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Reject non-essential" })).toBeVisible();
  expect(await wrappedLabels(page)).toEqual([]);
  await context.close();
});

/**
 * The header's visible controls (the brand, 'Sign in' or 'Account', the menu, the
 * eligibility button), each measured by its box and the text it draws (text can spill
 * out of a box squeezed too narrow): the ones that overlap another, run off the screen,
 * or take two lines.
 */
function headerClashes(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector("header > div");
    if (!bar) return ["no header"];
    const width = document.documentElement.clientWidth;
    const items = [...bar.querySelectorAll<HTMLElement>("a, summary")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // A closed disclosure's contents keep a box in Chromium but are not drawn.
        const folded = element.tagName !== "SUMMARY" && element.closest("details:not([open])");
        return box.width > 0 && box.height > 0 && !folded && !element.closest(".sr-only, nav");
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        let [left, right, top, bottom] = [box.left, box.right, box.top, box.bottom];
        const lines = new Set<number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text kept for screen readers only (a 1 px box) is not drawn.
          const parent = node.parentElement;
          if (!parent || parent.closest(".sr-only") || parent.getBoundingClientRect().width <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width === 0 || rect.height === 0) continue;
            lines.add(Math.round(rect.top / 4));
            left = Math.min(left, rect.left);
            right = Math.max(right, rect.right);
            top = Math.min(top, rect.top);
            bottom = Math.max(bottom, rect.bottom);
          }
        }
        const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 30);
        return { label, left, right, top, bottom, lines: lines.size };
      });
    const problems: string[] = [];
    for (const item of items) {
      if (item.lines > 1) problems.push(`"${item.label}" takes ${item.lines} lines`);
      if (item.left < 0 || item.right > width) problems.push(`"${item.label}" runs off the screen`);
    }
    for (const [i, a] of items.entries()) {
      for (const b of items.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        if (!apart) problems.push(`"${a.label}" overlaps "${b.label}"`);
      }
    }
    return items.length >= 2 ? problems : [...problems, `only ${items.length} controls found`];
  });
}

test.describe("the header on a phone (issue 28)", () => {
  const PASSWORD = "Harbour-42-header";
  for (const signedIn of [false, true]) {
    for (const width of [320, 360, 390, 412]) {
      test(`at ${width} px, signed ${signedIn ? "in" : "out"}, nothing in the header overlaps or wraps`, async ({
        browser,
      }, testInfo) => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        // Signed in first: the account API asks for an Origin once the context holds any cookie.
        if (signedIn) {
          const email = `header-${width}-${Date.now()}@example.com`;
          await confirmedAccount(context.request, email, PASSWORD);
          const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
          expect(signIn.status()).toBe(200);
        }
        await skipCookieBanner(context);
        const page = await context.newPage();
        for (const path of ["/", "/apply"]) {
          await page.goto(path);
          await page.evaluate(() => document.fonts.ready);
          const banner = page.getByRole("banner");
          // The header has learnt the session (header-session.ts) before it is measured.
          await expect(
            banner.locator(`[data-account="${signedIn ? "signed-out" : "signed-in"}"]`).first(),
          ).toHaveAttribute("hidden", "");
          await testInfo.attach(`header-${width}-${signedIn ? "in" : "out"}${path.replace(/\//g, "_")}.png`, {
            body: await banner.screenshot(),
            contentType: "image/png",
          });
          expect(await headerClashes(page), `${path} at ${width} px`).toEqual([]);
          // The account's way in is on the screen: in the bar, or on a phone in the menu.
          const menu = banner.locator("summary", { hasText: "Menu" });
          if (await menu.isVisible()) await menu.click();
          const account = signedIn
            ? banner.getByRole("link", { name: "Your account" })
            : banner.getByRole("link", { name: "Sign in" });
          await expect(account).toBeVisible();
          expect(await headerClashes(page), `${path} at ${width} px, menu open`).toEqual([]);
        }
        await context.close();
      });
    }
  }
});
