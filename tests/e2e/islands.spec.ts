import { expect, type Page, test } from "@playwright/test";

// Decision 142: an island (a calculator, the contact form) hydrates when it comes near the
// viewport or is first touched, not at load, and its React DOM is the very file the
// hydrated pages use, so a borrower who goes on to a form does not download it again.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The site's script files the page has fetched so far. */
function scripts(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/.+\.js$/.test(path)),
  );
}

/** Which of these files is React DOM (the only one that names its root containers so). */
async function reactDom(page: Page, files: string[]) {
  const found: string[] = [];
  for (const file of files) {
    if ((await (await page.request.get(file)).text()).includes("__reactContainer$")) found.push(file);
  }
  return found;
}

/** Whether React has hydrated the island's controls (they carry React's own keys). */
function hydrated(page: Page, island: string) {
  return page.evaluate(
    (name) =>
      [...document.querySelectorAll(`[data-island="${name}"] input, [data-island="${name}"] button`)].some((control) =>
        Object.keys(control).some((key) => key.startsWith("__react")),
      ),
    island,
  );
}

test("a calculator below the fold hydrates as the borrower scrolls near it, with the React DOM /apply uses", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/debt-consolidation");
  await page.waitForLoadState("networkidle");
  expect(await hydrated(page, "debt-consolidation")).toBe(false);
  const atLoad = await scripts(page);
  expect(atLoad.length).toBeGreaterThan(0); // the island's own small script
  expect(await reactDom(page, atLoad)).toEqual([]);

  await page.locator('[data-island="debt-consolidation"]').scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(page, "debt-consolidation")).toBe(true);
  const islandReactDom = await reactDom(page, await scripts(page));
  expect(islandReactDom).toHaveLength(1);
  // Live again: the figures follow the boxes.
  await page.getByLabel("Credit card debt").fill("20000");
  await expect(page.getByText("£905.00 a month")).toBeVisible();

  await page.goto("/apply");
  await expect(page.locator("html[data-react]")).toBeAttached();
  expect(await reactDom(page, await scripts(page))).toEqual(islandReactDom);
  expect(errors).toEqual([]);
});

test("an island not yet near the viewport hydrates at the first touch", async ({ page }) => {
  await page.goto("/contact-us");
  await page.waitForLoadState("networkidle");
  expect(await hydrated(page, "contact-form")).toBe(false);
  // A pointer pressed on the form, without scrolling it nearer.
  await page.evaluate(() =>
    document
      .querySelector('[data-island="contact-form"] input')
      ?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })),
  );
  await expect.poll(() => hydrated(page, "contact-form")).toBe(true);
});
