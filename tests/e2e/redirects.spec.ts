import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// The configured defaults (app/config.server.ts); nothing leaves the machine: both
// partner hosts are answered by the test.
const PARTNER_A = "https://partner-a.example/personal-loan-application";
const PARTNER_B = "https://partner-b.example/personal-loans";
const PARTNER_B_WITH_PARAMS = `${PARTNER_B}?utm_source=harbourside&utm_medium=referral&utm_campaign=personal-loans`;

async function fakePartners(context: BrowserContext) {
  await context.route(/^https:\/\/partner-[ab]\.example\//, (route) =>
    route.fulfill({ body: "<!doctype html><title>Partner</title><h1>Partner site</h1>", contentType: "text/html" }),
  );
}

const T0 = new Date("2026-01-05T09:00:00Z");

/**
 * The page's clock, stopped before the page loads: time moves only when the test says
 * (an installed clock otherwise keeps pace with the real one, and a busy machine would
 * see the countdown move on by itself).
 */
async function stopClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
}

/** Opens a redirect page with the clock under the test's control, once its timer runs. */
async function openWithClock(page: Page, path: string) {
  await stopClock(page);
  await page.goto(path);
  await expect(page.locator("[data-counting]")).toBeVisible();
}

test.beforeEach(async ({ context }) => fakePartners(context));

test.describe("/loanswarehouse-redirect (partner B)", () => {
  test("counts down from 10 and then goes to the partner with source, medium and campaign", async ({ page }) => {
    await openWithClock(page, "/loanswarehouse-redirect");
    await expect(page.getByRole("heading", { name: "Redirecting to Our Partner", level: 1 })).toBeVisible();
    for (const tick of ["Loan Comparison Service", "Multiple Lender Options", "Quick Decision Process"]) {
      await expect(page.getByText(tick)).toBeVisible();
    }
    await expect(page.getByText("Redirecting in 10 seconds...")).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(page.getByText("Redirecting in 9 seconds...")).toBeVisible();
    await page.clock.runFor(8_000);
    await expect(page.getByText("Redirecting in 1 second...")).toBeVisible();
    await expect(page).toHaveURL(/\/loanswarehouse-redirect$/);
    await page.clock.runFor(1_000);
    await page.waitForURL(PARTNER_B_WITH_PARAMS);
  });

  test("'Continue to' goes at once, by a real link", async ({ page }) => {
    await openWithClock(page, "/loanswarehouse-redirect");
    const link = page.getByRole("link", { name: "Continue to Loans Warehouse" });
    await expect(link).toHaveAttribute("href", PARTNER_B_WITH_PARAMS);
    await link.click();
    await page.waitForURL(PARTNER_B_WITH_PARAMS);
  });

  test("'Cancel & Go Back' stops the countdown and goes back", async ({ page }) => {
    await stopClock(page);
    await page.goto("/about-us");
    // As a link followed from there: the page names it as the referrer.
    await page.goto("/loanswarehouse-redirect", { referer: page.url() });
    await expect(page.locator("[data-counting]")).toBeVisible();
    await page.clock.runFor(4_000);
    await expect(page.getByText("Redirecting in 6 seconds...")).toBeVisible();
    await page.getByRole("button", { name: "Cancel & Go Back" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.clock.runFor(20_000);
    await expect(page).toHaveURL(/\/about-us$/);
  });

  test("cancel goes home when the page opened in a new tab, with nothing to go back to", async ({ page }) => {
    await page.goto("/about-us");
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate(() => window.open("/loanswarehouse-redirect")),
    ]);
    await expect(tab.locator("[data-counting]")).toBeVisible();
    await tab.getByRole("button", { name: "Cancel & Go Back" }).click();
    await expect(tab).toHaveURL(/\/$/);
    await expect(tab.getByRole("heading", { level: 1 })).toContainText("Borrow against your home");
  });

  test("cancel goes home from a tab whose history holds only a blank page", async ({ page }) => {
    // A new tab: its history has the browser's own blank page before ours.
    await page.goto("about:blank");
    await page.goto("/loanswarehouse-redirect");
    await expect(page.locator("[data-counting]")).toBeVisible();
    await page.getByRole("button", { name: "Cancel & Go Back" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Borrow against your home");
  });
});

test.describe("/creditec-redirect (partner A)", () => {
  test("counts down from 10 and then goes to the partner's personal-loan form", async ({ page }) => {
    await openWithClock(page, "/creditec-redirect");
    await expect(page.getByText("Redirecting in 10 seconds...")).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(page.getByText("Redirecting in 5 seconds...")).toBeVisible();
    await page.clock.runFor(5_000);
    await page.waitForURL(PARTNER_A);
  });

  test("Continue goes at once", async ({ page }) => {
    await openWithClock(page, "/creditec-redirect");
    await expect(page.getByRole("link", { name: "Continue", exact: true })).toHaveAttribute("href", PARTNER_A);
    await page.getByRole("link", { name: "Continue", exact: true }).click();
    await page.waitForURL(PARTNER_A);
  });

  test("'Cancel and Go Back' stops the countdown and goes back", async ({ page }) => {
    await stopClock(page);
    await page.goto("/loans");
    await page.goto("/creditec-redirect", { referer: page.url() });
    await expect(page.locator("[data-counting]")).toBeVisible();
    await page.getByRole("button", { name: "Cancel and Go Back" }).click();
    await expect(page).toHaveURL(/\/loans$/);
    await page.clock.runFor(20_000);
    await expect(page).toHaveURL(/\/loans$/);
  });

  test("the Continue link works before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await fakePartners(context);
    const page = await context.newPage();
    await page.goto("/creditec-redirect");
    await page.getByRole("link", { name: "Continue", exact: true }).click();
    await page.waitForURL(PARTNER_A);
    await context.close();
  });
});

test.describe("after a client-side transition from a form page (React renders the page)", () => {
  /** What the eligibility forms do: navigate within the app, without a page load. */
  async function navigateInApp(page: Page, path: string) {
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      path,
    );
  }

  test("the countdown runs and redirects to partner B", async ({ page }) => {
    await stopClock(page);
    await page.goto("/apply-personal");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await navigateInApp(page, "/loanswarehouse-redirect");
    await expect(page.getByRole("heading", { name: "Redirecting to Our Partner" })).toBeVisible();
    await expect(page.locator("[data-counting]")).toBeVisible();
    await page.clock.runFor(4_000);
    await expect(page.getByText("Redirecting in 6 seconds...")).toBeVisible();
    await page.clock.runFor(6_000);
    await page.waitForURL(PARTNER_B_WITH_PARAMS);
  });

  test("'Cancel and Go Back' returns to the form page", async ({ page }) => {
    await stopClock(page);
    await page.goto("/apply-personal");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await navigateInApp(page, "/creditec-redirect");
    await expect(page.locator("[data-counting]")).toBeVisible();
    await page.getByRole("button", { name: "Cancel and Go Back" }).click();
    await expect(page).toHaveURL(/\/apply-personal$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(page).toHaveURL(/\/apply-personal$/);
  });
});

test("both redirect pages have no axe violations", async ({ browser }) => {
  const context = await browser.newContext();
  await fakePartners(context);
  const page = await context.newPage();
  // A running clock: axe waits on timers of its own.
  await page.clock.install();
  for (const path of ["/creditec-redirect", "/loanswarehouse-redirect"]) {
    await page.goto(path);
    await expect(page.locator("[data-counting]")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  }
  await context.close();
});

// Issue 26, item 4: the trailing-slash redirect once answered `//evil.example/` with
// `Location: //evil.example`, and Chromium followed it (and kept the 301) to that host.
test("a path with a trailing slash never takes the browser to another site", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  for (const form of [
    "//evil.example/",
    "/.//evil.example/",
    "///evil.example/",
    "/%5Cevil.example/",
    "/\\evil.example/",
    "/staff/..//evil.example/",
    "/%2F%2Fevil.example/",
    "/\\/evil.example/",
    "//evil.example/?next=1",
  ]) {
    // `.example` never resolves: a browser sent there fails to load, and says where it went.
    const failure = await page.goto(`${origin}${form}`).then(
      () => undefined,
      (error: Error) => error.message.split("\n")[0],
    );
    expect(failure ?? new URL(page.url()).origin, form).toBe(origin);
  }
});
