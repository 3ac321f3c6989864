import { expect, test } from "@playwright/test";

// Decision 138: a hydrated page paints before it asks for any of its modules, whether
// prerendered at build (/apply) or drawn for the request with a nonce (/auth).

for (const path of ["/apply", "/auth"]) {
  test(`${path} paints before any of its modules is asked for, then starts React`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    const modules = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      );
    await expect.poll(async () => (await modules()).length).toBeGreaterThan(5);
    const paint = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    expect(Math.min(...(await modules()))).toBeGreaterThanOrEqual(paint);
    await expect(page.locator("html[data-react]")).toBeAttached();
    expect(errors).toEqual([]);
  });
}
