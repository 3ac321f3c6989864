import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("renders the hero and badge in the server's HTML, before any script", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Homeowner Loans £10k - £2.5m");
    expect(html).toContain("Borrow against your home");
    expect(html).toContain("Looking for a Personal Loan?");
    expect(html).toContain('rel="canonical"');
    expect(html).toContain('property="og:title"');
  });

  test("shows the computed representative example and the repossession warning", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("120 monthly instalments of £547.35").first()).toBeVisible();
    await expect(page.getByText("Total amount payable £65,682.09").first()).toBeVisible();
    await expect(page.getByText("Your home may be repossessed if you do not keep up repayments").first()).toBeVisible();
  });

  test("'Get a Personal Loan Quote »' goes to the quick check", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Get a Personal Loan Quote »" })).toHaveAttribute(
      "href",
      "/apply-personal",
    );
  });

  test("records the landing page once per browser session", async ({ page }) => {
    await page.goto("/?utm_source=test");
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("landingPageUrl")))
      .toContain("/?utm_source=test");
    await page.goto("/about-us");
    expect(await page.evaluate(() => sessionStorage.getItem("landingPageUrl"))).toContain("/?utm_source=test");
  });

  test("has no accessibility violations", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await context.close();
  });

  test("the phone menu opens by keyboard and lists every navigation link", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByRole("banner").locator("summary", { hasText: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(nav).toBeVisible();
    for (const label of [
      "Home",
      "Personal Loans",
      "Homeowner Loans",
      "Business Loans",
      "Bridging Loans",
      "Contact Us",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
  });
});

test.describe("unknown paths", () => {
  test("answer 404 with a way home, and log the path to the console", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => messages.some((m) => m.includes("/no-such-page"))).toBe(true);
  });
});
