import { expect, type Page, test } from "@playwright/test";
import { CONSENT_MISSING, HOMEOWNER_STATUS_MISSING, MAIN_LOAN_BELOW_HOMEOWNER_MIN } from "../../app/domain/messages";
import { waitForMail } from "../support/mailbox";
import {
  axeViolations,
  choose,
  expectCheckPage,
  expectRefusal,
  expectStep,
  fill,
  next,
  skipCookieBanner,
  stepHeading,
  uniqueEmail,
} from "../support/step-forms";
import { storedRows } from "../support/stored";

// Issue 13 (D18): on a phone whose script arrives late or never, both step forms work as
// plain HTML forms, each step posted to the page and checked there by the same rules.

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

const AMOUNT = "How much would you like to borrow?";

/** 'Your details' filled in and posted: the check page follows (decision 500), its N the count of questions. */
async function contactDetails(page: Page, email: string, of: number) {
  await fill(page, "First name", "Nora");
  await fill(page, "Last name", "Script");
  await fill(page, "Email address", email);
  await fill(page, "Phone number", "07700 900123");
  await next(page);
  await expectCheckPage(page, of);
  const check = page.getByRole("region", { name: "Check your answers" });
  for (const text of ["Nora Script", email, "07700 900123"]) await expect(check).toContainText(text);
}

/**
 * On the check page: the final button refused without the tick (said at the field, the
 * page posted and shown again), then agreed, sent, and the stored row the thank-you page names found.
 */
async function sendAndFind(page: Page, button: string, table: "quotes" | "personal_enquiries", email: string) {
  const consent = page.getByRole("checkbox", { name: /I agree to the Terms of Business/ });
  await expect(consent).not.toBeChecked();
  await page.getByRole("button", { name: button }).click();
  await expect(stepHeading(page)).toHaveText("Check your answers");
  await expectRefusal(page, [CONSENT_MISSING]);
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await consent.check();
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
  const ref = new URL(page.url()).searchParams.get("ref");
  const [row] = (await storedRows<Record<string, unknown>>(table)).filter((r) => r.email === email);
  return { ref, row, reference: String(ref).slice(0, 8).toUpperCase() };
}

/** The quick check's income and credit steps, up to its last step. */
async function quickIncomeAndCredit(page: Page) {
  await fill(page, "What is your monthly income?", "3500");
  await choose(page, "What is your employment status?", "Self employed");
  await next(page);
  await choose(page, "How would you describe your credit history?", "Not sure");
  await next(page);
  await expectStep(page, 7, 7, "Your details");
}

test("the eligibility check, start to thank-you, stores the quote and sends its emails", async ({ page }) => {
  const email = uniqueEmail("noscript-apply");
  await page.goto("/apply");
  await expectStep(page, 1, 6, "About your home");
  await choose(page, "Which of these describes you?", "Homeowner with mortgage");
  await next(page);
  await expectStep(page, 2, 6, "Your loan");
  await fill(page, AMOUNT, "50000");
  await choose(page, "What do you need the loan for?", "Debt consolidation");
  await next(page);
  await expectStep(page, 3, 6, "Your property");
  await fill(page, "What is your property worth?", "250000");
  await fill(page, "How much is left to pay on your mortgage?", "100000");
  await next(page);
  await expectStep(page, 4, 6, "Your income");
  // Previous goes a step back with the answers kept, and Next forward again.
  await page.getByRole("button", { name: "Previous" }).click();
  await expectStep(page, 3, 6, "Your property");
  await expect(page.getByLabel("What is your property worth?")).toHaveValue("250,000");
  await next(page);
  await fill(page, "What is your monthly income?", "4000");
  await choose(page, "What is your employment status?", "Employed full-time");
  await next(page);
  await expectStep(page, 5, 6, "Your credit history");
  await choose(page, "How would you describe your credit history?", "Good");
  await next(page);
  await expectStep(page, 6, 6, "Your details");
  // The submission key (one lead however often the send is posted) rides on the check page, where the send is.
  const key = page.locator('input[type="hidden"][name="submission_key"]');
  await expect(key).toHaveCount(0);
  await contactDetails(page, email, 6);
  await expect(key).toHaveAttribute("value", /^[0-9a-f-]{36}$/);
  const submissionKey = await key.getAttribute("value");
  const check = page.getByRole("region", { name: "Check your answers" });
  for (const text of ["Homeowner with mortgage", "£50,000", "Debt consolidation", "£250,000", "£100,000", "£4,000"]) {
    await expect(check).toContainText(text);
  }
  // The legal texts are plain links without script; no dialog button that would do nothing.
  await expect(page.getByRole("link", { name: /Terms of Business/ })).toHaveAttribute("href", "/terms-of-business");
  const { ref, row: quote, reference } = await sendAndFind(page, "Check Eligibility »", "quotes", email);
  expect(quote).toMatchObject({
    id: ref,
    // The key the check page was first drawn with, kept through the send refused for want of the tick.
    submission_key: submissionKey,
    first_name: "Nora",
    homeowner_status: "mortgage",
    loan_amount: 50_000,
    property_value: 250_000,
    mortgage_balance: 100_000,
    monthly_income: 4_000,
    credit_history: "good",
    ltv_ratio: 60,
  });
  await waitForMail(email, "We have received your loan enquiry");
  await waitForMail("leads@harbourside-loans.example", new RegExp(`New[ _]eligibility[ _]check[ _]${reference}`));
});

test("the quick check's homeowner path, start to thank-you, stores the enquiry and sends its emails", async ({ page }) => {
  const email = uniqueEmail("noscript-quick");
  await page.goto("/apply-personal");
  await choose(page, "What kind of loan are you looking for?", "Homeowner loan");
  await next(page);
  await expectStep(page, 2, 7, "About your home");
  await choose(page, "Do you have a mortgage on your home?", "Homeowner (no mortgage)");
  await next(page);
  await expectStep(page, 3, 7, "How much you need");
  await fill(page, AMOUNT, "40000");
  await choose(page, "What do you need the loan for?", "Home improvements");
  await next(page);
  await expectStep(page, 4, 7, "Your age");
  await choose(page, "How old are you?", "50 – 65");
  await next(page);
  await quickIncomeAndCredit(page);
  await contactDetails(page, email, 7);
  const { ref, row: enquiry, reference } = await sendAndFind(page, "Get Quote", "personal_enquiries", email);
  expect(enquiry).toMatchObject({
    id: ref,
    loan_type: "homeowner",
    homeowner_status: "outright",
    loan_amount: 40_000,
    age: "50-65",
    mortgage_balance: 0,
    credit_history: "unsure",
  });
  await waitForMail("leads@harbourside-loans.example", new RegExp(`New[ _]quick[ _]check[ _]enquiry[ _]${reference}`));
  await waitForMail(email, new RegExp(`reference[ _]${reference}`));
});

test("a tenant borrowing £20,000 goes to partner A's page", async ({ page }) => {
  await page.goto("/apply");
  await choose(page, "Which of these describes you?", "Tenant / renting");
  await next(page);
  await fill(page, AMOUNT, "20000");
  await choose(page, "What do you need the loan for?", "Other");
  await next(page);
  await expect(page).toHaveURL(/\/creditec-redirect$/);
});

test("a step refused says why beside the field and keeps what was typed", async ({ page }) => {
  await page.goto("/apply");
  await next(page);
  await expectStep(page, 1, 6, "About your home");
  await expect(page.locator("#eligibility-homeownerStatus-error")).toHaveText(HOMEOWNER_STATUS_MISSING);
  await choose(page, "Which of these describes you?", "Homeowner with mortgage");
  await next(page);
  await fill(page, AMOUNT, "5000");
  await choose(page, "What do you need the loan for?", "Other");
  // Enter in the amount means Next, not Previous.
  await page.getByLabel(AMOUNT).press("Enter");
  await expectStep(page, 2, 6, "Your loan");
  await expect(page.getByLabel(AMOUNT)).toHaveValue("5,000");
  await expect(page.getByLabel(AMOUNT)).toHaveAccessibleDescription(new RegExp(MAIN_LOAN_BELOW_HOMEOWNER_MIN));
  await expect(page.getByRole("radio", { name: "Other", exact: true })).toBeChecked();
});

test.describe("with the script held back", () => {
  // axe runs as script in the page, so here the page's own script files are refused
  // instead: the page stays the server's plain form, as a browser without script sees it.
  test.use({ javaScriptEnabled: true });

  test("a refused step and the last two steps have no accessibility violations", async ({ page }) => {
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/apply");
    await next(page);
    await expect(page.locator("#eligibility-homeownerStatus-error")).toHaveText(HOMEOWNER_STATUS_MISSING);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/apply-personal");
    await choose(page, "What kind of loan are you looking for?", "Homeowner loan");
    await next(page);
    await choose(page, "Do you have a mortgage on your home?", "Homeowner with mortgage");
    await next(page);
    await fill(page, AMOUNT, "40000");
    await choose(page, "What do you need the loan for?", "Home improvements");
    await next(page);
    await fill(page, "What is your property worth?", "300000");
    await fill(page, "How much is left to pay on your mortgage?", "120000");
    await next(page);
    await quickIncomeAndCredit(page);
    await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    // The check page, and it refused for want of the tick.
    await contactDetails(page, uniqueEmail("noscript-axe"), 7);
    await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Get Quote" }).click();
    await expectRefusal(page, [CONSENT_MISSING]);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("with the script arriving late", () => {
  test.use({ javaScriptEnabled: true });

  /** Holds the page's script until the returned function is called. */
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

  test("answers given on the page before the script came are the script's when it comes", async ({ page }) => {
    const release = await holdScript(page);
    await page.goto("/apply", { waitUntil: "domcontentloaded" });
    await choose(page, "Which of these describes you?", "Homeowner with mortgage");
    release();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    // Next is the script's now: the answer it was not told of is there.
    await next(page);
    await expectStep(page, 2, 6, "Your loan");
    await expect(page).toHaveURL(/\/apply\?step=amount$/);
  });

  test("a step typed in before the script came moves on with script", async ({ page }) => {
    const release = await holdScript(page);
    await page.goto("/apply", { waitUntil: "domcontentloaded" });
    await choose(page, "Which of these describes you?", "Homeowner with mortgage");
    await next(page);
    await expectStep(page, 2, 6, "Your loan");
    // The answers carried in hidden fields are never restored by the browser over the page's own.
    await expect(page.locator('form[autocomplete="off"] input[type="hidden"][name="homeownerStatus"]')).toHaveCount(1);
    await expect(page.locator('form:not([autocomplete="off"]) input[type="hidden"]')).toHaveCount(0);
    await fill(page, AMOUNT, "50000");
    await choose(page, "What do you need the loan for?", "Debt consolidation");
    release();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await next(page);
    await expectStep(page, 3, 6, "Your property");
    await expect(page).toHaveURL(/\/apply\?step=property$/);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel(AMOUNT, { exact: true })).toHaveValue("50,000");
  });

  test("a step posted before the script came carries on with script, the answers kept", async ({ page }) => {
    const release = await holdScript(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/apply", { waitUntil: "domcontentloaded" });
    await choose(page, "Which of these describes you?", "Homeowner with mortgage");
    await next(page);
    await expectStep(page, 2, 6, "Your loan");
    release();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expectStep(page, 2, 6, "Your loan");
    await fill(page, AMOUNT, "50000");
    await choose(page, "What do you need the loan for?", "Debt consolidation");
    await next(page);
    // Now the script's own step: no page load, the step in the URL, step 1's answer kept.
    await expectStep(page, 3, 6, "Your property");
    await expect(page).toHaveURL(/\/apply\?step=property$/);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 1, 6, "About your home");
    await expect(page.getByRole("radio", { name: "Homeowner with mortgage" })).toBeChecked();
    expect(errors).toEqual([]);
  });
});
