import type { Page } from "@playwright/test";

/**
 * Brings the page's first island near the viewport, where it hydrates (decision 142), and
 * waits until React has hydrated it, so its controls answer input as the script makes them.
 */
export async function islandHydrated(page: Page) {
  await page.locator("[data-island]").first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const control = document.querySelector("[data-island] form button, [data-island] form input");
    return control !== null && Object.keys(control).some((key) => key.startsWith("__react"));
  });
}
