import { expect, type Page, test } from "@playwright/test";
import { SITEMAP_PATHS } from "../../app/content/public-routes";
import { skipCookieBanner } from "../support/step-forms";

// Issue 13: every route on a phone (390 px) and a desktop (1366 px), photographed into
// the report, with no element wider than the screen and no button label on two lines.

const ROUTES = [
  ...SITEMAP_PATHS,
  "/thank-you",
  "/contact-thankyou",
  "/cannot-help",
  "/creditec-redirect",
  "/loanswarehouse-redirect",
  "/auth",
] as const;

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

/** Visible elements whose right edge passes the viewport's (a sideways scroll on a phone). */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      // Content inside a box that scrolls or clips on its own is not the page's overflow.
      if (element.closest(".sr-only, [aria-hidden='true']") || element.parentElement?.closest("[class*='overflow-x-auto'], [class*='overflow-hidden']")) continue;
      if (box.right > width + 1 || box.left < -1) {
        found.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, found: found.slice(0, 5) };
  });
}

/** Buttons (and links drawn as buttons) whose label takes more than one line. */
function wrappedLabels(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>("button, a.inline-flex.justify-center, [role='button']");
    const wrapped: string[] = [];
    for (const control of controls) {
      if (control.getBoundingClientRect().width === 0 || control.closest(".sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(control);
      const tops = new Set<number>();
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top / 4));
      }
      const label = (control.textContent ?? "").trim();
      if (tops.size > 1 && label) wrapped.push(label.slice(0, 50));
    }
    return wrapped;
  });
}

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const route of ROUTES) {
      test(`${route} fits the screen and keeps each button label on one line`, async ({ page }, testInfo) => {
        await page.clock.install(); // the partner pages' countdown stays put
        await page.goto(route);
        await page.evaluate(() => document.fonts.ready);
        await testInfo.attach(`${viewport.name}${route.replace(/\//g, "_") || "_home"}.png`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: "image/png",
        });
        const overflow = await overflowing(page);
        expect(overflow.found, `wider than ${overflow.width} px`).toEqual([]);
        expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
        expect(await wrappedLabels(page)).toEqual([]);
      });
    }
  });
}

test("the cookie banner's buttons keep their labels on one line on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Reject non-essential" })).toBeVisible();
  expect(await wrappedLabels(page)).toEqual([]);
  await context.close();
});
