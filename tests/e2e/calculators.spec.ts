import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  badCreditCalculator,
  debtConsolidationSaving,
  homeImprovementCalculator,
  homeownerCalculator,
  schoolFeesCalculator,
  securedLoanCalculator,
} from "../../app/domain/calculators";
import { formatPounds } from "../../app/domain/finance";
import { islandHydrated } from "../support/islands";

const pounds = (n: number) => formatPounds(n, { pence: true });

/** A visitor who has already made their cookie choice, so the banner is not in the way. */
async function withConsentChosen(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: "consent", value: encodeURIComponent("v1|analytics:0|advertising:0"), url: baseURL ?? "http://127.0.0.1" },
  ]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await withConsentChosen(context, baseURL);
});

const PAGES = [
  {
    path: "/homeowner-loan-calculator",
    heading: "Homeowner Loan Calculator",
    copy: ["How the figures work", "£628.85 a month", "£113,192.61", "About Harbourside Loans"],
  },
  {
    path: "/secured-homeowner-loan",
    heading: "Secured Homeowner Loans",
    copy: ["How a secured loan works", "What is a secured homeowner loan?", "£703.12", "Check Eligibility »"],
  },
  {
    path: "/debt-consolidation",
    heading: "Debt Consolidation Loans for Homeowners",
    copy: [
      "Think carefully before securing other debts against your home.",
      "Debt in the UK",
      "Before and after",
      "£498.91 a month",
    ],
  },
  {
    path: "/bad-credit-homeowner-loan",
    heading: "Bad Credit Homeowner Loans",
    copy: [
      "Experian (0 to 999)",
      "Equifax (0 to 1000)",
      "TransUnion (0 to 710)",
      "Remortgage with cash out",
      "Guarantor loans",
    ],
  },
  {
    path: "/school-fees-loan",
    heading: "School Fees Loans",
    copy: ["How a home equity line of credit works", "£56.90", "Eton College"],
  },
  {
    path: "/home-improvement-loan",
    heading: "Home Improvement Loans",
    copy: ["Meet your specialist", "Loft conversion", "£1,007.61 a month", "Can I repay the loan early?"],
  },
  { path: "/google-ads", heading: "Advertising images", copy: ["1200 × 1200", "1200 × 628"] },
];

test.describe("calculator pages in the server's HTML", () => {
  for (const { path: route, heading, copy } of PAGES) {
    test(`${route} answers 200 with its heading, copy, own title and canonical`, async ({ request }) => {
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      // React separates adjacent text with <!-- -->; read the text as a browser would show it.
      const html = (await response.text()).replace(/<!-- -->/g, "");
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      for (const text of copy) expect(html).toContain(text.replace(/&/g, "&amp;"));
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(new RegExp(`rel="canonical" href="https?://[^"/]+${route}"`));
      if (route !== "/google-ads") {
        expect(html).toContain("Your home may be repossessed if you do not keep up repayments");
        expect(html).toContain("Representative example:");
      }
    });
  }

  test("the home improvement page sets keywords and social tags", async ({ request }) => {
    const html = await (await request.get("/home-improvement-loan")).text();
    expect(html).toMatch(/<meta name="keywords" content="[^"]*home improvement loan/);
    expect(html).toContain('property="og:title" content="Home Improvement Loans');
    expect(html).toContain('name="twitter:card"');
  });
});

test.describe("secured loan calculator", () => {
  test("shows nothing until 'Calculate Payments', then £547.35, £65,682.09 and £15,682.09 for the defaults", async ({
    page,
  }) => {
    await page.goto("/secured-homeowner-loan");
    await islandHydrated(page);
    const amount = page.getByLabel("Loan amount");
    await expect(amount).toHaveValue("50000");
    await expect(amount).toHaveAttribute("min", "10000");
    await expect(amount).toHaveAttribute("max", "2500000");
    await expect(amount).toHaveAttribute("step", "1000");
    await expect(page.getByLabel("Loan term")).toHaveValue("10");
    const calculator = page.getByRole("region", { name: "Calculate your repayments" });
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
    await expect(calculator.getByRole("link", { name: /Personalised Quote/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Calculate Payments" }).click();
    await expect(calculator.getByText("£547.35")).toBeVisible();
    await expect(calculator.getByText("£65,682.09")).toBeVisible();
    await expect(calculator.getByText("£15,682.09")).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Get Your Personalised Quote »" })).toHaveAttribute(
      "href",
      "/apply",
    );
  });

  test("works by keyboard, and the min/max/step attributes never block a calculation", async ({ page }) => {
    await page.goto("/secured-homeowner-loan");
    await islandHydrated(page);
    await page.getByLabel("Loan amount").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("10500"); // off the step (below the min: see "below £10,000")
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // 10 → 15 years
    await expect(page.getByLabel("Loan term")).toHaveValue("15");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Calculate Payments" })).toBeFocused();
    await page.keyboard.press("Enter");
    const calculator = page.getByRole("region", { name: "Calculate your repayments" });
    await expect(calculator.getByText(pounds(securedLoanCalculator(10_500, 15).monthlyPayment))).toBeVisible();
  });

  test("shows the figures as they were when pressed, and updates on the next press", async ({ page }) => {
    await page.goto("/secured-homeowner-loan");
    await islandHydrated(page);
    const calculator = page.getByRole("region", { name: "Calculate your repayments" });
    await page.getByRole("button", { name: "Calculate Payments" }).click();
    await page.getByLabel("Loan term").selectOption("25");
    await expect(calculator.getByText("£547.35")).toBeVisible();
    await page.getByRole("button", { name: "Calculate Payments" }).click();
    await expect(calculator.getByText(pounds(securedLoanCalculator(50_000, 25).monthlyPayment))).toBeVisible();
    await expect(calculator.getByText("£547.35")).toHaveCount(0);
  });

  test("the FAQ has six questions that open by keyboard with no script, and FAQPage data for all six", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/secured-homeowner-loan");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const questions = faq.locator("details");
    await expect(questions).toHaveCount(6);
    const first = questions.first();
    await expect(first).not.toHaveAttribute("open");
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open");
    await expect(faq.getByText(/A loan secured against the equity in your home/)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(questions.nth(1).locator("summary")).toBeFocused();
    // Several may be open at once on this page, to compare answers.
    await page.keyboard.press("Enter");
    await expect(questions.nth(1)).toHaveAttribute("open");
    await expect(first).toHaveAttribute("open");

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = JSON.parse(blocks.find((b) => b.includes('"FAQPage"')) ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(6);
    expect(data.mainEntity[0].name).toBe("What is a secured homeowner loan?");
    await context.close();
  });
});

test.describe("homeowner loan calculator", () => {
  test("starts at £50,000 over 10 years and gives £628.85 and £113,192.61 for £75,000 over 15 years at 5.9%", async ({
    page,
  }) => {
    await page.goto("/homeowner-loan-calculator");
    await islandHydrated(page);
    await expect(page.getByLabel("Loan amount")).toHaveValue("50000");
    await expect(page.getByLabel("Loan term (years)")).toHaveValue("10");
    const calculator = page.getByRole("region", { name: "Homeowner loan calculator" });
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);

    await page.getByLabel("Loan amount").fill("75000");
    await page.getByLabel("Loan term (years)").fill("15");
    await page.getByRole("button", { name: "Calculate My Payments" }).click();
    await expect(calculator.getByText("£628.85")).toBeVisible();
    await expect(calculator.getByText("£113,192.61")).toBeVisible();
    await expect(page.getByRole("link", { name: "Check Eligibility »" }).first()).toHaveAttribute("href", "/apply");
  });

  test("asks for a whole number of years instead of guessing", async ({ page }) => {
    await page.goto("/homeowner-loan-calculator");
    await islandHydrated(page);
    await page.getByLabel("Loan term (years)").fill("");
    await page.getByRole("button", { name: "Calculate My Payments" }).click();
    await expect(page.getByText("Please enter a term in whole years, from 1 to 30.")).toBeVisible();
  });
});

test.describe("bad credit calculator", () => {
  test("shows £315.34 for £25,000 over 10 years, only after 'Calculate Monthly Payment'", async ({ page }) => {
    await page.goto("/bad-credit-homeowner-loan");
    await islandHydrated(page);
    await expect(page.getByLabel("Loan amount")).toHaveValue("25000");
    await expect(page.getByLabel("Loan term")).toHaveValue("10");
    const calculator = page.getByRole("region", { name: "Estimate your monthly payment" });
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Calculate Monthly Payment" }).click();
    await expect(calculator.getByText("£315.34")).toBeVisible();
  });

  test("offers the spec's amounts", async ({ page }) => {
    await page.goto("/bad-credit-homeowner-loan");
    const options = await page.getByLabel("Loan amount").locator("option").allTextContents();
    expect(options).toEqual([
      "£10,000",
      "£15,000",
      "£20,000",
      "£25,000",
      "£30,000",
      "£40,000",
      "£50,000",
      "£75,000",
      "£100,000",
    ]);
  });
});

test.describe("debt consolidation calculator", () => {
  test("compares the default debts with one loan: £256.09 a month, £3,073.08 a year", async ({ page }) => {
    await page.goto("/debt-consolidation");
    await islandHydrated(page);
    await expect(page.getByLabel("Credit card debt")).toHaveValue("15000");
    await expect(page.getByLabel("Personal loan")).toHaveValue("8000");
    await expect(page.getByLabel("Store cards")).toHaveValue("3000");
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await expect(calculator.getByText("£256.09")).toBeVisible();
    await expect(calculator.getByText("£3,073.08")).toBeVisible();
  });

  test("strips £ and commas, ignores what is not a number, and counts an empty box as 0", async ({ page }) => {
    await page.goto("/debt-consolidation");
    await islandHydrated(page);
    const cards = page.getByLabel("Credit card debt");
    await cards.fill("£20,000");
    await expect(cards).toHaveValue("£20,000");
    // 20,000 × 3% + 200 + 105 = 905; one loan of 31,000.
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await expect(calculator.getByText("£905.00 a month")).toBeVisible();

    await cards.pressSequentially("x");
    await expect(cards).toHaveValue("£20,000");

    await page.getByLabel("Personal loan").fill("");
    await page.getByLabel("Store cards").fill("");
    // Only the cards remain: 20,000 × 3% = 600.
    await expect(calculator.getByText("£600.00 a month")).toBeVisible();
  });
});

test.describe("school fees calculator", () => {
  test("a school and year group set the fees and the amount; the payment follows", async ({ page }) => {
    await page.goto("/school-fees-loan");
    await islandHydrated(page);
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("25000");
    await expect(page.getByLabel("Loan term")).toHaveValue("10");
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    await expect(calculator.getByText(pounds(schoolFeesCalculator(25_000, 10).monthlyPayment))).toBeVisible();

    await page.getByLabel("School", { exact: true }).selectOption({ label: "Eton College" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("");
    await page.getByLabel("Year group").selectOption({ label: "Secondary" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("49194");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("49194");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(49_194, 10).monthlyPayment))).toBeVisible();

    await page.getByLabel("Year group").selectOption({ label: "Nursery" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("0");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("25000");
  });

  test("Other leaves the fees to the parent", async ({ page }) => {
    await page.goto("/school-fees-loan");
    await islandHydrated(page);
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Other" });
    await page.getByLabel("Year group").selectOption({ label: "Primary" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("25000");
  });

  test("the sliders work by keyboard and the payment recalculates", async ({ page }) => {
    await page.goto("/school-fees-loan");
    await islandHydrated(page);
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    await page.getByLabel("Loan term").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByLabel("Loan term")).toHaveValue("11");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(25_000, 11).monthlyPayment))).toBeVisible();
    await page.getByRole("slider", { name: "Loan amount slider" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("26000");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(26_000, 11).monthlyPayment))).toBeVisible();
  });
});

test.describe("home improvement calculator", () => {
  test("Check Eligibility is disabled until a project type is chosen, then goes to /apply", async ({ page }) => {
    await page.goto("/home-improvement-loan");
    await islandHydrated(page);
    const calculator = page.getByRole("region", { name: "Home improvement loan calculator" });
    await expect(calculator.getByRole("button", { name: "Check Eligibility »" })).toBeDisabled();
    await page.getByLabel("Project type").selectOption({ label: "Loft conversion" });
    await expect(calculator.getByRole("link", { name: "Check Eligibility »" })).toHaveAttribute("href", "/apply");
  });

  test("starts at £50,000 over 10 years at 7.74%; commas are stripped from the amount", async ({ page }) => {
    await page.goto("/home-improvement-loan");
    await islandHydrated(page);
    await expect(page.getByLabel("Loan amount")).toHaveValue("50000");
    await expect(page.getByLabel("Loan term")).toHaveValue("10");
    const calculator = page.getByRole("region", { name: "Home improvement loan calculator" });
    await expect(calculator.getByText(pounds(homeImprovementCalculator("50000", 10)!.monthlyPayment))).toBeVisible();
    await page.getByLabel("Loan amount").fill("50,000");
    await page.getByLabel("Loan term").selectOption("5");
    await expect(calculator.getByText("£1,007.61")).toBeVisible();
    await page.getByLabel("Loan amount").fill("");
    await expect(calculator.getByText("Enter a loan amount to see your monthly payment.")).toBeVisible();
  });

  test("the five FAQs open one at a time, with no script", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/home-improvement-loan");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const questions = faq.locator("details");
    await expect(questions).toHaveCount(5);
    await questions.nth(0).locator("summary").click();
    await expect(questions.nth(0)).toHaveAttribute("open");
    await questions.nth(1).locator("summary").click();
    await expect(questions.nth(1)).toHaveAttribute("open");
    await expect(questions.nth(0)).not.toHaveAttribute("open");
    await context.close();
  });
});

test.describe("below £10,000 (issue 13, defect 8): no secured figure, a pointer to the personal-loan check", () => {
  async function expectPointer(page: Page, region: string) {
    const calculator = page.getByRole("region", { name: region });
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Check personal loans" })).toHaveAttribute(
      "href",
      "/apply-personal",
    );
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
  }

  test("the secured loan calculator", async ({ page }) => {
    await page.goto("/secured-homeowner-loan");
    await islandHydrated(page);
    await page.getByLabel("Loan amount").fill("5000");
    await page.getByRole("button", { name: "Calculate Payments" }).click();
    await expectPointer(page, "Calculate your repayments");
    await expect(page.getByText("£95.94")).toHaveCount(0);
  });

  test("the homeowner loan calculator", async ({ page }) => {
    await page.goto("/homeowner-loan-calculator");
    await islandHydrated(page);
    await page.getByLabel("Loan amount").fill("9999");
    await page.getByRole("button", { name: "Calculate My Payments" }).click();
    await expectPointer(page, "Homeowner loan calculator");
  });

  test("the school fees calculator, for a nursery year's fees", async ({ page }) => {
    await page.goto("/school-fees-loan");
    await islandHydrated(page);
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Brighton College" });
    await page.getByLabel("Year group").selectOption({ label: "Nursery" });
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("8500");
    await expectPointer(page, "School fees calculator");
  });

  test("the home improvement calculator", async ({ page }) => {
    await page.goto("/home-improvement-loan");
    await islandHydrated(page);
    await page.getByLabel("Loan amount").fill("7,500");
    await expectPointer(page, "Home improvement loan calculator");
  });

  test("the debt consolidation calculator, for debts of £8,000 in all", async ({ page }) => {
    await page.goto("/debt-consolidation");
    await islandHydrated(page);
    await page.getByLabel("Credit card debt").fill("5000");
    await page.getByLabel("Personal loan").fill("2000");
    await page.getByLabel("Store cards").fill("1000");
    await expectPointer(page, "Debt consolidation calculator");
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await expect(calculator.getByText("For £8,000, a personal loan may suit you better")).toBeVisible();
    const loan = debtConsolidationSaving({ creditCards: 5000, personalLoans: 2000, storeCards: 1000 }).newLoan;
    await expect(calculator.getByText(pounds(loan.monthlyPayment), { exact: false })).toHaveCount(0);
    // From £10,000 the comparison is back.
    await page.getByLabel("Store cards").fill("3000");
    await expect(calculator.getByText("One loan of £10,000", { exact: false })).toBeVisible();
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toHaveCount(0);
  });
});

test.describe("without script, every calculator is a form the server answers (issue 13, D18)", () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeEach(async ({ browser, baseURL }) => {
    context = await browser.newContext({ javaScriptEnabled: false });
    await withConsentChosen(context, baseURL);
    page = await context.newPage();
  });
  test.afterEach(async () => {
    await context.close();
  });

  /** Presses the form's button and waits for the page the server draws for what was sent. */
  async function send(button: string) {
    await Promise.all([page.waitForURL(/\?/), page.getByRole("button", { name: button }).click()]);
  }

  test("the secured loan calculator", async () => {
    await page.goto("/secured-homeowner-loan");
    const calculator = page.getByRole("region", { name: "Calculate your repayments" });
    await page.getByLabel("Loan amount").fill("75000");
    await page.getByLabel("Loan term").selectOption("15");
    await send("Calculate Payments");
    expect(new URL(page.url()).search).toBe("?amount=75000&term=15");
    await expect(page.getByLabel("Loan amount")).toHaveValue("75000");
    await expect(page.getByLabel("Loan term")).toHaveValue("15");
    await expect(calculator.getByText(pounds(securedLoanCalculator(75_000, 15).monthlyPayment))).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Get Your Personalised Quote »" })).toBeVisible();

    await page.getByLabel("Loan amount").fill("5000");
    await send("Calculate Payments");
    await expect(page.getByLabel("Loan amount")).toHaveValue("5000");
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toBeVisible();
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
  });

  test("the homeowner loan calculator", async () => {
    await page.goto("/homeowner-loan-calculator");
    const calculator = page.getByRole("region", { name: "Homeowner loan calculator" });
    await page.getByLabel("Loan amount").fill("75000");
    await page.getByLabel("Loan term (years)").fill("15");
    await send("Calculate My Payments");
    await expect(calculator.getByText(pounds(homeownerCalculator(75_000, 15).monthlyPayment))).toBeVisible();
    await expect(calculator.getByText("£113,192.61")).toBeVisible();

    await page.getByLabel("Loan term (years)").fill("45");
    await send("Calculate My Payments");
    await expect(page.getByLabel("Loan term (years)")).toHaveValue("45");
    await expect(calculator.getByText("Please enter a term in whole years, from 1 to 30.")).toBeVisible();
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
  });

  test("the bad credit calculator, which offers nothing below £10,000 and refuses it when sent", async () => {
    await page.goto("/bad-credit-homeowner-loan");
    const calculator = page.getByRole("region", { name: "Estimate your monthly payment" });
    await page.getByLabel("Loan amount").selectOption("40000");
    await page.getByLabel("Loan term").selectOption("20");
    await send("Calculate Monthly Payment");
    await expect(page.getByLabel("Loan amount")).toHaveValue("40000");
    await expect(calculator.getByText(pounds(badCreditCalculator(40_000, 20).monthlyPayment))).toBeVisible();

    await page.goto("/bad-credit-homeowner-loan?amount=5000&term=10");
    await expect(calculator.getByText("Please choose a loan amount from the list.")).toBeVisible();
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
  });

  test("the debt consolidation calculator", async () => {
    await page.goto("/debt-consolidation");
    const calculator = page.getByRole("region", { name: "Debt consolidation calculator" });
    await page.getByLabel("Credit card debt").fill("£20,000");
    await send("Calculate");
    await expect(page.getByLabel("Credit card debt")).toHaveValue("£20,000");
    const saving = debtConsolidationSaving({ creditCards: 20_000, personalLoans: 8000, storeCards: 3000 });
    await expect(calculator.getByText(`${pounds(saving.currentMonthlyPayment)} a month`)).toBeVisible();
    await expect(calculator.getByText(pounds(saving.monthlySaving), { exact: true })).toBeVisible();

    await page.getByLabel("Credit card debt").fill("12k");
    await send("Calculate");
    await expect(page.getByLabel("Credit card debt")).toHaveValue("12k");
    await expect(calculator.getByText("Enter an amount in pounds, like 15,000.")).toBeVisible();
    await expect(calculator.getByText("Monthly saving")).toHaveCount(0);

    // Below £10,000 in all: the pointer, not a secured figure.
    await page.getByLabel("Credit card debt").fill("5000");
    await page.getByLabel("Personal loan").fill("2000");
    await page.getByLabel("Store cards").fill("1000");
    await send("Calculate");
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Check personal loans" })).toHaveAttribute(
      "href",
      "/apply-personal",
    );
  });

  test("the school fees calculator: boxes instead of sliders, and the fee table fills them once", async () => {
    await page.goto("/school-fees-loan");
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    // A slider's value beside it cannot follow it without script: boxes instead.
    await expect(calculator.locator('input[type="range"], output')).toHaveCount(0);
    await expect(page.getByLabel("Loan amount")).toHaveAccessibleDescription("£10,000 to £500,000");
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Eton College" });
    await page.getByLabel("Year group").selectOption({ label: "Secondary" });
    await send("Calculate");
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("49194");
    await expect(page.getByLabel("Loan amount")).toHaveValue("49194");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(49_194, 10).monthlyPayment))).toBeVisible();

    await page.getByLabel("Loan amount").fill("30000");
    await page.getByLabel("Loan term").fill("12");
    await send("Calculate");
    await expect(page.getByLabel("Loan amount")).toHaveValue("30000");
    await expect(page.getByLabel("Estimated annual fees")).toHaveValue("49194");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(30_000, 12).monthlyPayment))).toBeVisible();

    await page.getByLabel("Loan amount").fill("600000");
    await send("Calculate");
    await expect(page.getByLabel("Loan amount")).toHaveValue("600000");
    await expect(calculator.getByText("Our maximum loan for school fees is £500,000")).toBeVisible();
    await expect(calculator.getByText("Monthly payment", { exact: true })).toHaveCount(0);
  });

  test("the home improvement calculator", async () => {
    await page.goto("/home-improvement-loan");
    const calculator = page.getByRole("region", { name: "Home improvement loan calculator" });
    await page.getByLabel("Project type").selectOption({ label: "Loft conversion" });
    await page.getByLabel("Loan amount").fill("30,000");
    await page.getByLabel("Loan term").selectOption("7");
    await send("Calculate");
    await expect(page.getByLabel("Loan amount")).toHaveValue("30,000");
    await expect(
      calculator.getByText(pounds(homeImprovementCalculator("30000", 7)?.monthlyPayment ?? 0)),
    ).toBeVisible();
    await expect(calculator.getByRole("link", { name: "Check Eligibility »" })).toHaveAttribute("href", "/apply");

    await page.getByLabel("Loan amount").fill("5000");
    await send("Calculate");
    await expect(page.getByLabel("Loan amount")).toHaveValue("5000");
    await expect(calculator.getByText("We arrange secured loans from £10,000.")).toBeVisible();
  });
});

test("a calculator's result page, as the server draws it, has no axe violations", async ({ browser, baseURL }) => {
  // axe runs as a script: the page keeps script, but not the calculators' island script.
  const context = await browser.newContext();
  await withConsentChosen(context, baseURL);
  await context.route(/\/assets\/hydrate-calculators-/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/debt-consolidation?creditCards=12k&personalLoans=2000&storeCards=1000");
  await expect(page.getByText("Enter an amount in pounds, like 15,000.")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await context.close();
});

test.describe("a calculator page with a query", () => {
  test("is rendered per request with the inputs; the bare page stays the prerendered file", async ({ request }) => {
    const bare = await request.get("/debt-consolidation");
    expect(bare.headers().etag).toBeTruthy();
    expect(await bare.text()).not.toContain("We arrange secured loans from £10,000.");
    const sent = await request.get("/debt-consolidation?creditCards=5000&personalLoans=2000&storeCards=1000");
    expect(sent.status()).toBe(200);
    expect(sent.headers().etag).toBeUndefined();
    expect((await sent.text()).replace(/<!-- -->/g, "")).toContain("We arrange secured loans from £10,000.");
  });

  test("hydrates with the inputs it was sent and goes on live, with no hydration errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/school-fees-loan?school=eton-college&yearGroup=secondary&fees=&amount=25000&term=12&filled=");
    await islandHydrated(page);
    const calculator = page.getByRole("region", { name: "School fees calculator" });
    await expect(page.getByLabel("Loan term")).toHaveAttribute("type", "range");
    await expect(page.getByRole("slider", { name: "Loan amount slider" })).toBeVisible();
    await expect(page.getByLabel("Loan amount", { exact: true })).toHaveValue("49194");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(49_194, 12).monthlyPayment))).toBeVisible();
    await page.getByLabel("Loan term").focus();
    await page.keyboard.press("ArrowRight");
    await expect(calculator.getByText(pounds(schoolFeesCalculator(49_194, 13).monthlyPayment))).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("ad images", () => {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

  for (const [file, width, height] of [
    ["ads/homeowner-loans-1200x1200.webp", 1200, 1200],
    ["ads/homeowner-loans-1200x628.webp", 1200, 628],
  ] as const) {
    test(`the build wrote ${file}, a ${width}x${height} WebP, and the site serves it`, async ({ request }) => {
      const built = await sharp(path.join(clientDir, file)).metadata();
      expect([built.format, built.width, built.height]).toEqual(["webp", width, height]);
      const response = await request.get(`/${file}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
      const served = await sharp(await response.body()).metadata();
      expect([served.format, served.width, served.height]).toEqual(["webp", width, height]);
    });
  }

  test("the Open Graph image is a 1200x630 PNG", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    const meta = await sharp(await response.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  });

  test("each image has a download link that saves a .webp file", async ({ page }) => {
    await page.goto("/google-ads");
    const links = page.getByRole("link", { name: /^Download .* image$/ });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", /\.webp$/);
      await expect(link).toHaveAttribute("download", /\.webp$/);
    }
    const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
    expect(download.suggestedFilename()).toMatch(/-square-1200x1200\.webp$/);
  });
});

test.describe("accessibility of the calculator pages", () => {
  // Each page as it first loads is checked with every route in site.spec.ts.
  test("results shown by the calculators have no axe violations", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await withConsentChosen(context, baseURL);
    const page = await context.newPage();
    await page.goto("/secured-homeowner-loan");
    await islandHydrated(page);
    await page.getByRole("button", { name: "Calculate Payments" }).click();
    await expect(page.getByRole("region", { name: "Calculate your repayments" }).getByText("£15,682.09")).toBeVisible();
    await page.locator("summary", { hasText: "What is a secured homeowner loan?" }).click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await context.close();
  });
});
