import { expect, type Page, test } from "@playwright/test";
import { REJECT_NON_ESSENTIAL, serialiseConsent } from "../../app/domain/consent";
import { DESKTOP, expectFitsScreen, PHONE } from "../support/layout";
import { axeViolations } from "../support/step-forms";

/** Every route of the spec's route table (section 2). */
const ROUTES = [
  "/",
  "/loans",
  "/apply",
  "/loan-application",
  "/apply-personal",
  "/auth",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/homeowner-loan-calculator",
  "/secured-homeowner-loan",
  "/about-us",
  "/contact-us",
  "/contact-thankyou",
  "/cookie-policy",
  "/terms-of-business",
  "/privacy-policy",
  "/thank-you",
  "/creditec-redirect",
  "/loanswarehouse-redirect",
  "/cannot-help",
  "/debt-consolidation",
  "/bad-credit-homeowner-loan",
  "/school-fees-loan",
  "/home-improvement-loan",
  "/google-ads",
];

const HEADER_LINKS = ["Home", "Personal Loans", "Homeowner Loans", "Business Loans", "Bridging Loans", "Contact Us"];

test.describe("every route", () => {
  for (const route of ROUTES) {
    test(`${route} answers 200 with a title, a description and one main heading in its HTML`, async ({ request }) => {
      const response = await request.get(route, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html.match(/<h1[\s>]/g)?.length).toBe(1);
      expect(html).toContain("a credit broker, not a lender");
    });
  }

  // Once a path the file check took exponential time over: the server stopped answering anything (decision 261).
  test("a path ending in a character the file check refuses is answered at once, and the server goes on answering", async ({
    request,
  }) => {
    for (const [path, status] of [
      [`/${"debt-consolidation".repeat(4)}!`, 404],
      [`/loans/0b9f6a2e-7c1d-4e8f-9a3b-5c6d7e8f9a0b'`, 404],
      // The console sends a stranger to its sign-in page first.
      [`/staff/lenders/0b9f6a2e-7c1d-4e8f-9a3b-5c6d7e8f9a0b'`, 302],
    ] as const) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(status);
      expect((await request.get("/healthz")).status()).toBe(200);
    }
  });

  test("every page has its own title", async ({ request }) => {
    const titles = await Promise.all(
      ROUTES.filter((r) => r !== "/loan-application").map(
        async (r) => /<title>([^<]+)<\/title>/.exec(await (await request.get(r)).text())?.[1],
      ),
    );
    expect(new Set(titles).size).toBe(titles.length);
  });
});

/**
 * Each route once in the browser: as a first-time visitor meets it (the script running,
 * the cookie banner showing), axe finds nothing; then, the banner answered, the page fits
 * a desktop and a phone with each button's label on one line (issue 13). One page load
 * serves all three checks.
 */
test.describe("accessibility and layout", () => {
  for (const route of ROUTES) {
    test(`${route} has no axe violations and fits a desktop and a phone`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      // The partner pages' countdown would leave for a partner: stand in for it.
      await context.route(/^https:\/\/partner-[ab]\.example\//, (r) =>
        r.fulfill({ body: "<title>partner</title>", contentType: "text/html" }),
      );
      const page = await context.newPage();
      await page.clock.install(); // the countdown stays put
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Hydrated, with the cookie banner showing: it is part of what is checked.
      const banner = page.getByRole("region", { name: /^Cookies on / });
      await expect(banner).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await banner.getByRole("button", { name: "Reject non-essential" }).click();
      await expect(banner).toBeHidden();
      await expectFitsScreen(page, `desktop${route.replace(/\//g, "_")}`);
      await page.setViewportSize(PHONE);
      await expectFitsScreen(page, `phone${route.replace(/\//g, "_")}`);
      await context.close();
    });
  }
});

test.describe("navigation", () => {
  test("every header link leads somewhere real", async ({ page, request }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const label of HEADER_LINKS) {
      const href = await nav.getByRole("link", { name: label, exact: true }).getAttribute("href");
      expect(href, label).toBeTruthy();
      if (href?.startsWith("/")) expect((await request.get(href)).status(), `${label} → ${href}`).toBe(200);
      else expect(href, label).toMatch(/^https:\/\//);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Check Eligibility »" })).toHaveAttribute(
      "href",
      "/apply",
    );
  });

  test("every internal footer link answers 200", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = await page
      .getByRole("contentinfo")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const internal = [...new Set(hrefs.filter((h) => h.startsWith("/")))];
    expect(internal.length).toBeGreaterThan(8);
    for (const href of internal) expect((await request.get(href)).status(), href).toBe(200);
  });

  test("the logo goes home", async ({ page }) => {
    await page.goto("/about-us");
    await page.getByRole("banner").getByRole("link", { name: /home$/ }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  /** The accessible names of the first `count` elements Tab reaches from the top of the page. */
  async function tabOrder(page: Page, count: number) {
    const order: string[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press("Tab");
      order.push(
        await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          return focused?.getAttribute("aria-label") ?? focused?.textContent?.trim() ?? "";
        }),
      );
    }
    return order;
  }

  test("keyboard focus runs skip link, logo, navigation, then the call to action", async ({
    page,
    context,
    baseURL,
  }) => {
    // A returning visitor: their cookie choice is on record, so no banner.
    await context.addCookies([{ name: "consent", value: serialiseConsent(REJECT_NON_ESSENTIAL), url: baseURL }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const order = await tabOrder(page, 9);
    expect(order[0]).toBe("Skip to content");
    expect(order[1]).toMatch(/home$/);
    expect(order.slice(2, 8)).toEqual(HEADER_LINKS);
    expect(order[8]).toBe("Check Eligibility »");
  });

  test("a first-time visitor meets the cookie choice straight after the skip link", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("region", { name: /^Cookies on / })).toBeVisible();
    const order = await tabOrder(page, 6);
    expect(order).toEqual([
      "Skip to content",
      "Cookie policy",
      // read in the banner's sentence, beside the policy (decision 172)
      "Choose cookies",
      "Accept all",
      "Reject non-essential",
      expect.stringMatching(/home$/),
    ]);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
