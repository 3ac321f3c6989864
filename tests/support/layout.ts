import { expect, type Page, test } from "@playwright/test";

/** The two screens every route is measured on (issue 13): a phone and a desktop. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

/** Visible elements whose right edge passes the viewport's (a sideways scroll on a phone). */
export function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      // Inside a closed <details> an element keeps a box in Chromium, laid out where it
      // would be: not on the screen, so not the page's overflow.
      if (!element.checkVisibility()) continue;
      // Content inside a box that scrolls or clips on its own is not the page's overflow.
      if (
        element.closest(".sr-only, [aria-hidden='true']") ||
        element.parentElement?.closest("[class*='overflow-x-auto'], [class*='overflow-hidden']")
      )
        continue;
      if (box.right > width + 1 || box.left < -1) {
        found.push(
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, found: found.slice(0, 5) };
  });
}

/** Buttons (and links drawn as buttons) whose label takes more than one line. */
export function wrappedLabels(page: Page) {
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

/**
 * The page, at the viewport it has now, is no wider than the screen and keeps each
 * button's label on one line. With E2E_SCREENSHOTS set, a full-page photograph goes into
 * the report as well (`E2E_SCREENSHOTS=1 npx playwright test site --reporter=html`).
 */
export async function expectFitsScreen(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  if (process.env.E2E_SCREENSHOTS) {
    await test
      .info()
      .attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  }
  const overflow = await overflowing(page);
  expect(overflow.found, `${name}: wider than ${overflow.width} px`).toEqual([]);
  expect(overflow.scrollWidth, name).toBeLessThanOrEqual(overflow.width);
  expect(await wrappedLabels(page), name).toEqual([]);
}
