import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADS_CONVERSION_ID } from "../support/e2e-paths";

/** Hosts that serve analytics or advertising: none may be contacted before consent (D8). */
const TRACKING_HOSTS =
  /googletagmanager\.com|google-analytics\.com|doubleclick\.net|googleadservices\.com|googlesyndication\.com|analytics\.google\.com|www\.google\.com\/(pagead|ads)/;
const TRACKING_COOKIES = /^(_ga|_gid|_gat|_gcl)/;

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on Harbourside Loans" });

/** Records every request the context makes to a tracking host, and answers it locally. */
async function watchTracking(context: BrowserContext) {
  const seen: string[] = [];
  await context.route(TRACKING_HOSTS, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ body: "window.__fakeGoogleTagLoaded = true;", contentType: "text/javascript" });
  });
  return seen;
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "consent");
}

test.describe("before consent", () => {
  test("no request to any advertising or analytics host, no tracking cookie, no event", async ({ context, page }) => {
    const seen = await watchTracking(context);
    for (const path of [
      "/",
      "/loans",
      "/contact-us",
      "/about-us",
      "/thank-you?ref=quote-before-consent",
      "/cookie-policy",
    ]) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The thank-you page's conversion watcher has run and chose not to fire: only
      // then does "nothing was requested" mean anything.
      if (path.startsWith("/thank-you")) await expect(page.locator("[data-ad-conversion][data-watching]")).toHaveCount(1);
    }
    expect(seen).toEqual([]);
    expect((await context.cookies()).filter((c) => TRACKING_COOKIES.test(c.name) || c.name === "consent")).toEqual([]);
    expect(await page.evaluate(() => ({ dataLayer: "dataLayer" in window, gtag: "gtag" in window }))).toEqual({
      dataLayer: false,
      gtag: false,
    });
  });

  test("the banner is hidden in the server's HTML: every visitor gets the same page, and nothing shifts", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<section id="consent-banner"[^>]* hidden=""/);
  });
});

test.describe("the banner", () => {
  test("offers accept, reject and choose, with reject as easy as accept", async ({ page }) => {
    await page.goto("/");
    const accept = banner(page).getByRole("button", { name: "Accept all" });
    const reject = banner(page).getByRole("button", { name: "Reject non-essential" });
    await expect(accept).toBeVisible();
    await expect(reject).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Choose cookies" })).toBeVisible();
    // Same weight: same classes, same size.
    expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThan(1);
  });

  test("'Reject non-essential' is remembered for a year and the banner stays away", async ({ context, page }) => {
    const seen = await watchTracking(context);
    await page.goto("/loans");
    await banner(page).getByRole("button", { name: "Reject non-essential" }).click();
    await expect(banner(page)).toHaveCount(0);
    const cookie = await consentCookie(context);
    expect(decodeURIComponent(cookie?.value ?? "")).toBe("v1|analytics:0|advertising:0");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    expect(cookie?.sameSite).toBe("Lax");
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(banner(page)).toHaveCount(0);
    await page.goto("/thank-you?ref=quote-rejected");
    await expect(page.locator("[data-ad-conversion][data-watching]")).toHaveCount(1);
    expect(seen).toEqual([]);
  });

  test("'Choose cookies' has nothing pre-ticked and saves exactly what was chosen", async ({ context, page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Choose cookies" }).click();
    const analytics = banner(page).getByRole("checkbox", { name: /Analytics cookies/ });
    const advertising = banner(page).getByRole("checkbox", { name: /Advertising cookies/ });
    await expect(analytics).not.toBeChecked();
    await expect(advertising).not.toBeChecked();
    await analytics.check();
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(decodeURIComponent((await consentCookie(context))?.value ?? "")).toBe("v1|analytics:1|advertising:0");
  });

  test("works by keyboard, without trapping focus, and can be changed from the footer", async ({ context, page }) => {
    await page.goto("/about-us");
    await expect(banner(page)).toBeVisible();
    // The banner comes first after the skip link, and Tab moves on past it into the page.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("link", { name: "Cookie policy" })).toBeFocused();
    // 'Choose cookies' is read in the banner's sentence, so it comes next (decision 172).
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Choose cookies" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Reject non-essential" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);

    const settings = page.getByRole("button", { name: "Cookie settings" });
    await settings.focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("heading", { name: "Cookies on Harbourside Loans" })).toBeFocused();
    await expect(banner(page).getByRole("checkbox", { name: /Analytics cookies/ })).not.toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Reject non-essential" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("checkbox", { name: /Analytics cookies/ })).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Save my choices" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
    await expect(settings).toBeFocused();
    expect(decodeURIComponent((await consentCookie(context))?.value ?? "")).toBe("v1|analytics:1|advertising:0");

    // Escape closes the reopened settings without changing anything.
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    await expect(settings).toBeFocused();
  });

  test("withdrawing consent removes analytics and advertising cookies", async ({ context, page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await context.addCookies([
      { name: "_ga", value: "GA1.1.1", url: page.url() },
      { name: "_gcl_au", value: "1.1.1", url: page.url() },
    ]);
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await banner(page).getByRole("button", { name: "Reject non-essential" }).click();
    await expect
      .poll(async () => (await context.cookies()).map((c) => c.name).filter((n) => TRACKING_COOKIES.test(n)))
      .toEqual([]);
  });

  test("has no axe violations, closed and with its choices open", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Choose cookies" }).click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await context.close();
  });
});

test.describe("the /thank-you conversion (DECISIONS D8)", () => {
  // With no conversion id configured nothing is rendered to fire: tests/integration/server-process.test.ts.
  const conversionId = E2E_ADS_CONVERSION_ID;

  test("fires only after advertising consent, once per enquiry, with the id as transaction_id", async ({
    context,
    page,
  }) => {
    const account = conversionId.split("/")[0];
    const seen = await watchTracking(context);
    await page.goto("/thank-you?ref=quote-123");
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(seen).toEqual([]);

    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect
      .poll(() => seen.some((url) => url.startsWith(`https://www.googletagmanager.com/gtag/js?id=${account}`)))
      .toBe(true);
    const conversions = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((args) => args[0] === "event" && args[1] === "conversion")
          .map((args) => args[2]),
      );
    expect(await conversions()).toEqual([{ send_to: conversionId, transaction_id: "quote-123" }]);
    expect(await page.evaluate(() => window.localStorage.getItem("adConversionsFired"))).toBe('["quote-123"]');

    // The same enquiry again (a reload, the back button): no second conversion.
    const before = seen.length;
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(seen.length).toBe(before);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);

    // A new enquiry counts once more.
    await page.goto("/thank-you?ref=quote-456");
    await expect.poll(async () => (await conversions()).length).toBe(1);
    expect(await conversions()).toEqual([{ send_to: conversionId, transaction_id: "quote-456" }]);
  });

  test("fires after a client-side transition from a form page too, once", async ({ context, page }) => {
    const seen = await watchTracking(context);
    await page.goto("/apply");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    expect(seen).toEqual([]);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/thank-you?ref=quote-in-app"),
    );
    await expect(page.getByRole("heading", { name: "Thank You for Your Enquiry" })).toBeVisible();
    await expect.poll(() => seen.length).toBe(1);
    const events = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[1] === "conversion"),
    );
    expect(events).toEqual([["event", "conversion", { send_to: conversionId, transaction_id: "quote-in-app" }]]);
  });

  test("never fires with advertising refused", async ({ context, page }) => {
    const seen = await watchTracking(context);
    await page.goto("/thank-you?ref=quote-789");
    await banner(page).getByRole("button", { name: "Choose cookies" }).click();
    await banner(page)
      .getByRole("checkbox", { name: /Analytics cookies/ })
      .check();
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(seen).toEqual([]);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });
});
