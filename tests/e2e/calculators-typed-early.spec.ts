import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  badCreditCalculator,
  homeImprovementCalculator,
  schoolFeesCalculator,
  securedLoanCalculator,
} from "../../app/domain/calculators";
import { formatPounds } from "../../app/domain/finance";
import { islandHydrated } from "../support/islands";

// Issue 28, "Figures that do not match what was typed" (decision 167): a calculator starts
// from what is on the page when its script arrives; the school fees amount is the fee; an
// amount outside the limits is refused beside its box, with the limit, with and without script.

const pounds = (n: number) => formatPounds(n, { pence: true });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "consent", value: encodeURIComponent("v1|analytics:0|advertising:0"), url: baseURL ?? "http://127.0.0.1" },
  ]);
});

/** Holds the page's script files until the returned function is called. */
async function holdScript(page: Page) {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

/** Opens the page with its script held: the calculator is the server's form until `release`. */
async function openHeld(page: Page, path: string) {
  const release = await holdScript(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(path, { waitUntil: "commit" });
  return {
    errors,
    /** Lets the script in and waits until React has hydrated the calculator. */
    async arrive() {
      release();
      await islandHydrated(page);
    },
  };
}

test.describe("typed before the script came: the script starts from what is on the page", () => {
  test("debt consolidation: 20,000 of cards is a loan of £31,000 at £905.00 a month", async ({ page }) => {
    const held = await openHeld(page, "/debt-consolidation");
    await page.getByLabel("Credit card debt").fill("20000");
    await held.arrive();
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await page.getByRole("button", { name: "Calculate", exact: true }).click();
    await expect(calculator.getByText("One loan of £31,000", { exact: false })).toBeVisible();
    await expect(calculator.getByText("£905.00 a month")).toBeVisible();
    await expect(calculator.getByText("One loan of £26,000", { exact: false })).toHaveCount(0);
    // And it goes on live from there.
    await page.getByLabel("Store cards").fill("0");
    await expect(calculator.getByText("One loan of £28,000", { exact: false })).toBeVisible();
    expect(held.errors).toEqual([]);
  });

  test("secured loan: £75,000 over 15 years, pressed after the script came", async ({ page }) => {
    const held = await openHeld(page, "/secured-homeowner-loan");
    await page.getByLabel("Loan amount").fill("75000");
    await page.getByLabel("Loan term").selectOption("15");
    await held.arrive();
    await page.getByRole("button", { name: "Calculate Payments" }).click();
    const calculator = page.getByRole("region", { name: "Calculate your repayments" });
    await expect(calculator.getByText("£75,000 over 15 years", { exact: false })).toBeVisible();
    await expect(calculator.getByText(pounds(securedLoanCalculator(75_000, 15).monthlyPayment))).toBeVisible();
    expect(held.errors).toEqual([]);
  });

  test("homeowner: £75,000 over 15 years is £628.85 a month", async ({ page }) => {
    const held = await openHeld(page, "/homeowner-loan-calculator");
    await page.getByLabel("Loan amount").fill("75000");
    await page.getByLabel("Loan term (years)").fill("15");
    await held.arrive();
    await page.getByRole("button", { name: "Calculate My Payments" }).click();
    const calculator = page.getByRole("region", { name: "Homeowner loan calculator" });
    await expect(calculator.getByText("£628.85")).toBeVisible();
    await expect(calculator.getByText("£113,192.61")).toBeVisible();
    expect(held.errors).toEqual([]);
  });

  test("bad credit: £40,000 over 20 years", async ({ page }) => {
    const held = await openHeld(page, "/bad-credit-homeowner-loan");
    await page.getByLabel("Loan amount").selectOption("40000");
    await page.getByLabel("Loan term").selectOption("20");
    await held.arrive();
    await page.getByRole("button", { name: "Calculate Monthly Payment" }).click();
    const calculator = page.getByRole("region", { name: "Estimate your monthly payment" });
    await expect(calculator.getByText("£40,000 over 20 years", { exact: false })).toBeVisible();
    await expect(calculator.getByText(pounds(badCreditCalculator(40_000, 20).monthlyPayment))).toBeVisible();
    expect(held.errors).toEqual([]);
  });

  test("school fees: a school, year group and term chosen first fill the fee and the amount", async ({ page }) => {
    const held = await openHeld(page, "/school-fees-loan");
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Eton College" });
    await page.getByLabel("Year group").selectOption({ label: "Secondary" });
    await page.getByLabel("Loan term").fill("12");
    await held.arrive();
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("49194");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("49194");
    await expect(page.getByLabel("Loan term")).toHaveValue("12");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(49_194, 12).monthlyPayment))).toBeVisible();
    expect(held.errors).toEqual([]);
  });

  test("home improvement: a project, £30,000 and 7 years", async ({ page }) => {
    const held = await openHeld(page, "/home-improvement-loan");
    await page.getByLabel("Project type").selectOption({ label: "Loft conversion" });
    await page.getByLabel("Loan amount").fill("30,000");
    await page.getByLabel("Loan term").selectOption("7");
    await held.arrive();
    const calculator = page.getByRole("region", { name: "Home improvement loan calculator" });
    const cost = homeImprovementCalculator("30000", 7);
    await expect(calculator.getByText(pounds(cost?.monthlyPayment ?? 0))).toBeVisible();
    await expect(calculator.getByText("£30,000 over 7 years", { exact: false })).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Check Eligibility »" })).toHaveAttribute("href", "/apply");
    expect(held.errors).toEqual([]);
  });
});

test.describe("school fees: the amount is the fee, and the slider starts at the minimum", () => {
  test("with script, Eton College secondary sets the amount to £49,194, not £49,000", async ({ page }) => {
    await page.goto("/school-fees-loan");
    await islandHydrated(page);
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Eton College" });
    await page.getByLabel("Year group").selectOption({ label: "Secondary" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("49194");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("49194");
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    await expect(calculator.getByText("£49,194 over 10 years", { exact: false })).toBeVisible();
    // The slider moves the amount in £1,000 steps, from the £10,000 the page lends from.
    const slider = page.getByRole("slider", { name: "Loan amount slider" });
    await expect(slider).toHaveAttribute("min", "10000");
    await slider.fill("10000");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("10000");
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toHaveCount(0);
    await expect(calculator.getByText(pounds(schoolFeesCalculator(10_000, 10).monthlyPayment))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("without script, the amount box says £10,000 to £500,000 and refuses more than £500,000", async ({
    browser,
    baseURL,
  }) => {
    const context = await noScript(browser, baseURL);
    const page = await context.newPage();
    await page.goto("/school-fees-loan");
    const amount = page.getByLabel("Loan amount", { exact: true });
    await expect(amount).toHaveAccessibleDescription("£10,000 to £500,000");
    await amount.fill("500001");
    await send(page, "Calculate");
    await expect(amount).toHaveValue("500001");
    await expect(amount).toHaveAccessibleDescription(/Our maximum loan for school fees is £500,000/);
    await expect(page.getByText("Monthly payment", { exact: true })).toHaveCount(0);
    await context.close();
  });
});

test.describe("an amount outside the limits is refused beside its box, with the limit", () => {
  const CASES = [
    { path: "/secured-homeowner-loan", button: "Calculate Payments", region: "Calculate your repayments" },
    { path: "/homeowner-loan-calculator", button: "Calculate My Payments", region: "Homeowner loan calculator" },
    { path: "/home-improvement-loan", button: "Calculate", region: "Home improvement loan calculator" },
  ];
  const LIMITS = [
    { typed: "2500001", message: "Our maximum loan is £2,500,000" },
    { typed: "0", message: "Our minimum loan is £10,000" },
  ];

  for (const { path, button, region } of CASES) {
    test(`${path}, with script`, async ({ page }) => {
      await page.goto(path);
      await islandHydrated(page);
      const amount = page.getByLabel("Loan amount", { exact: true });
      const calculator = page.getByRole("region", { name: region });
      for (const { typed, message } of LIMITS) {
        await amount.fill(typed);
        await page.getByRole("button", { name: button, exact: true }).click();
        await expect(amount).toHaveAccessibleDescription(new RegExp(message));
        await expect(amount).toHaveAttribute("aria-invalid", "true");
        await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
        await expect(calculator.getByText("Please enter a loan amount.")).toHaveCount(0);
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`${path}, without script`, async ({ browser, baseURL }) => {
      const context = await noScript(browser, baseURL);
      const page = await context.newPage();
      await page.goto(path);
      const amount = page.getByLabel("Loan amount", { exact: true });
      const calculator = page.getByRole("region", { name: region });
      for (const { typed, message } of LIMITS) {
        await amount.fill(typed);
        await send(page, button);
        await expect(amount).toHaveValue(typed);
        await expect(amount).toHaveAccessibleDescription(new RegExp(message));
        await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
      }
      await context.close();
    });
  }

  test("debt consolidation: debts of more than £2,500,000 get the limit, not a quote", async ({ page }) => {
    await page.goto("/debt-consolidation");
    await islandHydrated(page);
    await page.getByLabel("Credit card debt").fill("2500000");
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await expect(calculator.getByText("Our maximum loan is £2,500,000", { exact: false })).toBeVisible();
    await expect(calculator.getByText("One loan of", { exact: false })).toHaveCount(0);
  });
});

async function noScript(browser: import("@playwright/test").Browser, baseURL: string | undefined) {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([
    { name: "consent", value: encodeURIComponent("v1|analytics:0|advertising:0"), url: baseURL ?? "http://127.0.0.1" },
  ]);
  return context;
}

/** Presses the form's button and waits for the page the server draws for what was sent. */
async function send(page: Page, button: string) {
  await Promise.all([page.waitForURL(/\?/), page.getByRole("button", { name: button, exact: true }).click()]);
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
