import { expect, test } from "@playwright/test";
import { SITEMAP_PATHS } from "../../app/content/public-routes";

// D17: a claim a reader could check is printed only when configuration supplies it with
// its source; the browser tests' server configures none, so none is printed. No badges.

for (const path of SITEMAP_PATHS) {
  test(`${path} makes no unsourced rating or panel-size claim, and shows no security badge`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/Rated \d(\.\d)?\/5|rate us \d/);
    expect(html).not.toMatch(/\d+\+ lenders|\d+\+ loans/);
    expect(html).not.toContain("SSL secured");
  });
}
