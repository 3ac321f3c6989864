import { expect, type Page, test } from "@playwright/test";
import { loanCost } from "../../app/domain/finance";
import * as m from "../../app/domain/messages";
import { waitForMail } from "../support/mailbox";
import {
  axeViolations,
  choose,
  errorSummary,
  expectReady,
  expectRefusal,
  expectStep,
  fill,
  next,
  skipCookieBanner,
  stepHeading,
  toast,
  uniqueEmail,
} from "../support/step-forms";
import { storedRows } from "../support/stored";

// The main eligibility check, /apply and /loan-application (spec sections 2, 4, 5, 8;
// DECISIONS D3, D4), on the built site and the real server.

const STATUS = "Which of these describes you?";
const PURPOSE = "What do you need the loan for?";
const AGE = "How old are you?";
const EMPLOYMENT = "What is your employment status?";
const CREDIT = "How would you describe your credit history?";
const AMOUNT = "How much would you like to borrow?";

type Quote = Record<string, unknown>;

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

async function start(page: Page, path = "/apply") {
  await page.goto(path);
  // Interactive once hydrated: the saved answers are loaded and the controls live.
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
}

async function stepOne(page: Page, status: "Homeowner with mortgage" | "Homeowner (no mortgage)" | "Tenant / renting") {
  await choose(page, STATUS, status);
  await next(page);
  await expect(stepHeading(page)).toHaveText("Your loan");
}

async function stepTwo(page: Page, amount: string, purpose: string) {
  await fill(page, AMOUNT, amount);
  await choose(page, PURPOSE, purpose);
  await next(page);
}

async function incomeAndCredit(page: Page) {
  await fill(page, "What is your monthly income?", "4000");
  await choose(page, EMPLOYMENT, "Employed full-time");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Your credit history");
  await choose(page, CREDIT, "Good");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Your details");
}

/** 'Your details' filled in for Jane Smith, and Next to the check page (decision 500). */
async function detailsToCheckPage(page: Page, email: string) {
  await fill(page, "First name", "Jane");
  await fill(page, "Last name", "Smith");
  await fill(page, "Email address", email);
  await fill(page, "Phone number", "07700 900123");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Check your answers");
}

/** 'Your details' filled in, then the check page, with the terms agreed to there. */
async function contactDetails(page: Page, email: string) {
  await detailsToCheckPage(page, email);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check();
}

/** A mortgage owner all the way to the check page. */
async function toCheckPage(page: Page, email = "jane@example.com") {
  await toLastStep(page);
  await detailsToCheckPage(page, email);
}

/** A mortgage owner all the way to 'Your details'. */
async function toLastStep(page: Page) {
  await start(page);
  await stepOne(page, "Homeowner with mortgage");
  await stepTwo(page, "50000", "Debt consolidation");
  await expectStep(page, 3, 6, "Your property");
  await fill(page, "What is your property worth?", "250000");
  await fill(page, "How much is left to pay on your mortgage?", "100000");
  await next(page);
  await expectStep(page, 4, 6, "Your income");
  await incomeAndCredit(page);
}

const finalButton = (page: Page) => page.getByRole("button", { name: "Check Eligibility »" });

test.describe("before any script runs", () => {
  for (const path of ["/apply", "/loan-application"]) {
    test(`${path} serves the whole first step as HTML`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain("Check Your Loan Eligibility");
      expect(html).toContain("Step 1 of 6");
      expect(html).toContain("0% Complete");
      for (const label of [
        "Homeowner with mortgage",
        "Homeowner (no mortgage)",
        "Tenant / renting",
        "Previous",
        "Next",
      ]) {
        expect(html).toContain(label);
      }
      expect(html).toContain("Your home may be repossessed");
    });
  }
});

test("hydrates without errors, on the first step and on a saved later one", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await start(page);
  await stepOne(page, "Homeowner with mortgage");
  await stepTwo(page, "50000", "Other");
  await expectStep(page, 3, 6, "Your property");
  await page.reload();
  await expectStep(page, 3, 6, "Your property");
  await page.goto("/loan-application");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("each step", () => {
  test("Next never looks disabled, and pressed on an unanswered step says what is missing", async ({ page }) => {
    await start(page);
    const nextButton = page.getByRole("button", { name: "Next", exact: true });
    await expectReady(nextButton);
    await nextButton.click();
    // Said once in the error summary and once at the field, and in no toast (D30).
    await expectRefusal(page, ["Please select your homeowner status before continuing"]);
    await choose(page, STATUS, "Homeowner with mortgage");
    await nextButton.click();
    await expectStep(page, 2, 6, "Your loan");
    // The focus moves to the new step's heading, and the last step's summary is gone.
    await expect(stepHeading(page)).toBeFocused();
    await expect(errorSummary(page)).toHaveCount(0);

    await nextButton.press("Enter");
    await expectRefusal(page, [
      "Please enter a loan amount before continuing",
      "Please select what you need the loan for before continuing",
    ]);
    await fill(page, AMOUNT, "50000");
    await nextButton.press("Enter");
    await expectRefusal(page, ["Please select what you need the loan for before continuing"]);
  });

  test("the loan amount takes digits only and shows them grouped", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    const amount = page.getByLabel(AMOUNT);
    await expect(amount).toHaveAttribute("inputmode", "numeric");
    await amount.pressSequentially("50000");
    await expect(amount).toHaveValue("50,000");
    await amount.fill("£1,250,000.99");
    await expect(amount).toHaveValue("1,250,000");
    await amount.fill("abc");
    await expect(amount).toHaveValue("");
  });

  test("a homeowner's loan under £10,000 and a tenant's under £1,000 are refused inline", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    await fill(page, AMOUNT, "9999");
    await choose(page, PURPOSE, "Other");
    await expect(page.getByText("Our minimum loan is £10,000")).toBeVisible();
    await expect(page.getByLabel(AMOUNT)).toHaveAttribute("aria-invalid", "true");
    await expectReady(page.getByRole("button", { name: "Next", exact: true }));
    await fill(page, AMOUNT, "10000");
    await expect(page.getByText("Our minimum loan is £10,000")).toHaveCount(0);

    await page.getByRole("button", { name: "Previous" }).click();
    await choose(page, STATUS, "Tenant / renting");
    await next(page);
    await fill(page, AMOUNT, "999");
    await page.getByLabel(AMOUNT).blur();
    await expect(page.getByText("Our minimum loan is £1,000")).toBeVisible();
  });

  test("a property under £50,000 is refused at the field and in the error summary", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    await stepTwo(page, "50000", "Home improvements");
    await fill(page, "What is your property worth?", "40000");
    await fill(page, "How much is left to pay on your mortgage?", "10000");
    await page.getByRole("button", { name: "Next", exact: true }).press("Enter");
    await expectRefusal(page, ["Minimum property value is £50,000"]);
    await expect(page.locator("#eligibility-propertyValue-error")).toHaveText("Minimum property value is £50,000");
    await expect(stepHeading(page)).toHaveText("Your property");
  });

  test("the mortgage balance is asked of mortgage owners only", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    await stepTwo(page, "50000", "Home improvements");
    await fill(page, "What is your property worth?", "250000");
    await page.getByRole("button", { name: "Next", exact: true }).press("Enter");
    await expectRefusal(page, ["Please enter your current mortgage balance before continuing"]);
  });

  test("the contact details and then consent, never ticked for you, are asked for, and no button looks disabled", async ({
    page,
  }) => {
    await toLastStep(page);
    await expectReady(page.getByRole("button", { name: "Next", exact: true }));
    await fill(page, "First name", "Jane");
    await fill(page, "Last name", "Smith");
    await fill(page, "Email address", "jane@");
    await fill(page, "Phone number", "12345");
    await page.getByLabel("First name").focus();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please enter a valid UK phone number")).toBeVisible();
    await next(page);
    await expectRefusal(page, ["Please enter a valid email address", "Please enter a valid UK phone number"]);
    await fill(page, "Email address", "jane@example.com");
    await fill(page, "Phone number", "+44 7700 900123");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(page).toHaveURL(/\/apply\?step=check$/);
    const consent = page.getByRole("checkbox", { name: /I agree to the Terms of Business/ });
    await expect(consent).not.toBeChecked();
    await expectReady(finalButton(page));
    await finalButton(page).click();
    await expectRefusal(page, [m.CONSENT_MISSING]);
    await expect(page).toHaveURL(/\/apply\?step=check$/);
  });

  test("the check page comes last, with every answer and the contact details, each with a Change link back to it", async ({
    page,
  }) => {
    await toCheckPage(page);
    await expect(page.getByText("All 6 steps answered")).toBeVisible();
    await expect(page.getByText("100% Complete", { exact: true })).toBeVisible();
    const check = page.getByRole("region", { name: "Check your answers" });
    for (const text of [
      "Homeowner with mortgage",
      "£50,000",
      "Debt consolidation",
      "£250,000",
      "£100,000",
      "£4,000",
      "Employed full-time",
      "Good",
      "Jane Smith",
      "jane@example.com",
      "07700 900123",
    ]) {
      await expect(check).toContainText(text);
    }
    // The details most likely mistyped come last, just above the button that sends them.
    await expect(check.getByRole("term").last()).toHaveText("Phone number");
    await check.getByRole("link", { name: "Change loan amount" }).click();
    await expect(stepHeading(page)).toHaveText("Your loan");
    await expect(page.getByLabel(AMOUNT)).toHaveValue("50,000");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    // A mistyped phone number, corrected from the check page, and back there.
    await check.getByRole("link", { name: "Change phone number" }).click();
    await expect(stepHeading(page)).toHaveText("Your details");
    await expect(page.getByLabel("Phone number")).toHaveValue("07700 900123");
    await fill(page, "Phone number", "07700 900456");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(check).toContainText("07700 900456");
  });

  test("the terms of business and the privacy policy open in dialogs over the form", async ({ page }) => {
    await toCheckPage(page);
    const consent = page.getByRole("checkbox", { name: /I agree to the Terms of Business/ });
    await consent.check();
    const terms = page.getByRole("button", { name: "Terms of Business" });
    await terms.click();
    const dialog = page.getByRole("dialog", { name: "Terms of Business" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("We are a credit broker, not a lender");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(terms).toBeFocused();
    await page.getByRole("button", { name: "Privacy Policy" }).click();
    const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect(privacy).toContainText("Who we are");
    await privacy.getByRole("button", { name: "Close" }).last().click();
    await expect(consent).toBeChecked();
    expect(page.url()).toContain("/apply?step=check");
  });
});

test.describe("redirects on Next (spec section 4, D4)", () => {
  const cases: [string, string, string, string, string][] = [
    ["a tenant borrowing £25,000", "Tenant / renting", "25000", "Debt consolidation", "/creditec-redirect"],
    ["a tenant borrowing £25,001", "Tenant / renting", "25001", "Home improvements", "/loanswarehouse-redirect"],
    ["a tenant borrowing £50,000", "Tenant / renting", "50000", "Other", "/loanswarehouse-redirect"],
    ["a tenant borrowing £50,001 not to buy", "Tenant / renting", "50001", "Business purposes", "/cannot-help"],
    ["an outright owner borrowing £25,000", "Homeowner (no mortgage)", "25000", "Other", "/creditec-redirect"],
  ];
  for (const [name, status, amount, purpose, destination] of cases) {
    test(`${name} goes to ${destination}`, async ({ page }) => {
      await start(page);
      await stepOne(page, status as "Tenant / renting");
      await stepTwo(page, amount, purpose);
      await expect(page).toHaveURL(new RegExp(`${destination}$`));
    });
  }

  test("a tenant borrowing £50,001 to buy a property continues to the property step", async ({ page }) => {
    await start(page);
    await stepOne(page, "Tenant / renting");
    await stepTwo(page, "50001", "Property purchase");
    await expectStep(page, 3, 6, "Your property");
    await expect(page.getByLabel("What is the price of the property you want to buy?")).toBeVisible();
  });

  test("an outright owner under 50 borrowing £25,001 to £50,000 goes to /loanswarehouse-redirect at the age step", async ({
    page,
  }) => {
    await start(page);
    await stepOne(page, "Homeowner (no mortgage)");
    await stepTwo(page, "50000", "Home improvements");
    await expectStep(page, 3, 7, "Your age");
    await choose(page, AGE, "Under 50");
    await next(page);
    await expect(page).toHaveURL(/\/loanswarehouse-redirect$/);
  });
});

test.describe("a complete check", () => {
  test("a mortgage owner's quote is stored with its figures and ends at /thank-you", async ({ page }) => {
    const email = uniqueEmail("apply");
    await toLastStep(page);
    await contactDetails(page, email);
    await finalButton(page).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
    const ref = new URL(page.url()).searchParams.get("ref");

    const [quote] = (await storedRows<Quote>("quotes")).filter((q) => q.email === email);
    expect(quote).toMatchObject({
      id: ref,
      first_name: "Jane",
      last_name: "Smith",
      phone: "07700 900123",
      homeowner_status: "mortgage",
      loan_amount: 50_000,
      loan_purpose: "debt-consolidation",
      property_value: 250_000,
      mortgage_balance: 100_000,
      monthly_income: 4_000,
      employment_status: "employed-full-time",
      credit_history: "good",
      ltv_ratio: 60,
      indicative_rate: 5.69,
    });
    expect(Number(quote?.monthly_payment)).toBe(
      loanCost({ amount: 50_000, annualRatePercent: 5.69, months: 60 }).monthlyPayment,
    );
    expect(String(quote?.landing_page_url)).toContain("/apply");
    expect(String(quote?.submission_key)).toMatch(/^[0-9a-f-]{36}$/);

    // The answers are gone from the browser once sent.
    expect(await page.evaluate(() => sessionStorage.getItem("harbourside:eligibility"))).toBeNull();
    await waitForMail(email, "We have received your loan enquiry");
    // The broker's subject carries a £, so it arrives MIME-encoded (spaces as underscores).
    const reference = String(ref).slice(0, 8).toUpperCase();
    await waitForMail("leads@harbourside-loans.example", new RegExp(`New[ _]eligibility[ _]check[ _]${reference}`));
  });

  test("an outright owner borrowing over £25,000 gets the seventh step, property value (D3)", async ({ page }) => {
    const email = uniqueEmail("outright");
    await start(page, "/loan-application");
    await stepOne(page, "Homeowner (no mortgage)");
    await expectStep(page, 2, 6, "Your loan");
    await stepTwo(page, "60000", "Home improvements");
    await expectStep(page, 3, 7, "Your age");
    await choose(page, AGE, "50 – 60");
    await next(page);
    await expectStep(page, 4, 7, "Your property");
    await expect(page.getByLabel("How much is left to pay on your mortgage?")).toHaveCount(0);
    await fill(page, "What is your property worth?", "400000");
    await next(page);
    await expectStep(page, 5, 7, "Your income");
    await incomeAndCredit(page);
    await expect(page.getByText("Step 7 of 7")).toBeVisible();
    await expect(page.getByText("86% Complete", { exact: true })).toBeVisible();
    await contactDetails(page, email);
    await expect(page.getByText("All 7 steps answered")).toBeVisible();
    await finalButton(page).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=/);
    const [quote] = (await storedRows<Quote>("quotes")).filter((q) => q.email === email);
    expect(quote).toMatchObject({
      homeowner_status: "outright",
      age: "50-60",
      property_value: 400_000,
      mortgage_balance: 0,
      ltv_ratio: 15,
    });
  });

  test("a double click on the final button stores one quote", async ({ page }) => {
    const email = uniqueEmail("double");
    await toLastStep(page);
    await contactDetails(page, email);
    let posts = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/quotes") && request.method() === "POST") posts++;
    });
    await finalButton(page).dblclick();
    await expect(page).toHaveURL(/\/thank-you\?ref=/);
    expect(posts).toBe(1);
    expect((await storedRows<Quote>("quotes")).filter((q) => q.email === email)).toHaveLength(1);
  });

  test("'Submitting...' shows while it sends, and a failure keeps every answer and says why", async ({ page }) => {
    const email = uniqueEmail("failure");
    await toLastStep(page);
    await contactDetails(page, email);

    const keys: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/quotes", async (route) => {
      keys.push(JSON.parse(route.request().postData() ?? "{}").submission_key);
      await held;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "Service unavailable" }),
      });
    });
    await finalButton(page).click();
    const submitting = page.getByRole("button", { name: "Submitting..." });
    await expect(submitting).toBeDisabled();
    release();
    await expect(toast(page, "Submission Failed")).toContainText(
      "Unable to submit your application: Failed to save quote: Service unavailable",
    );
    await expect(page).toHaveURL(/\/apply\?step=check$/);
    await expect(page.getByRole("region", { name: "Check your answers" })).toContainText(email);
    await expect(finalButton(page)).toBeEnabled();

    // A quote saved without an id is a failure too.
    await page.unroute("**/api/quotes");
    await page.route("**/api/quotes", async (route) => {
      keys.push(JSON.parse(route.request().postData() ?? "{}").submission_key);
      await route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
    });
    await finalButton(page).click();
    await expect(
      toast(page, "Submission Failed").filter({
        hasText: "Unable to submit your application: Quote was saved but no ID returned",
      }),
    ).toBeVisible();

    // Retrying the same answers sends the same submission key.
    await page.unroute("**/api/quotes");
    await finalButton(page).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=/);
    const [quote] = (await storedRows<Quote>("quotes")).filter((q) => q.email === email);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(quote?.submission_key).toBe(keys[0]);
  });

  test("answers the schema refuses are listed in a 'Validation Error' toast, and nothing is sent", async ({ page }) => {
    await toLastStep(page);
    await contactDetails(page, uniqueEmail("invalid"));
    // An answer no step can produce (a stale or tampered saved form).
    await page.evaluate(() => {
      const saved = JSON.parse(sessionStorage.getItem("harbourside:eligibility") ?? "{}");
      saved.answers.loanPurpose = "yacht";
      sessionStorage.setItem("harbourside:eligibility", JSON.stringify(saved));
    });
    await page.reload();
    await expect(stepHeading(page)).toHaveText("Check your answers");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/quotes")) posted = true;
    });
    await finalButton(page).click();
    await expect(toast(page, "Validation Error")).toContainText("loan_purpose: Loan purpose is required");
    expect(posted).toBe(false);
  });
});

test.describe("reload and history", () => {
  test("a reload on step 4 keeps steps 1 to 3", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    await stepTwo(page, "75000", "Home improvements");
    await fill(page, "What is your property worth?", "300000");
    await fill(page, "How much is left to pay on your mortgage?", "120000");
    await next(page);
    await expectStep(page, 4, 6, "Your income");
    await page.reload();
    await expectStep(page, 4, 6, "Your income");
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel("What is your property worth?")).toHaveValue("300,000");
    await expect(page.getByLabel("How much is left to pay on your mortgage?")).toHaveValue("120,000");
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel(AMOUNT)).toHaveValue("75,000");
    await expect(page.getByRole("radio", { name: "Home improvements" })).toBeChecked();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("radio", { name: "Homeowner with mortgage" })).toBeChecked();
  });

  test("back from step 3 shows step 2, and forward step 3 again", async ({ page }) => {
    await start(page);
    await stepOne(page, "Homeowner with mortgage");
    await stepTwo(page, "50000", "Other");
    await expectStep(page, 3, 6, "Your property");
    await page.goBack();
    await expectStep(page, 2, 6, "Your loan");
    await expect(page.getByLabel(AMOUNT)).toHaveValue("50,000");
    await page.goForward();
    await expectStep(page, 3, 6, "Your property");
  });

  test("a link to a step not reached yet shows the first unanswered step", async ({ page }) => {
    await page.goto("/apply?step=credit");
    await expectStep(page, 1, 6, "About your home");
    await expect(page).toHaveURL(/\/apply\?step=status$/);
  });

  test("Previous on step 1 goes back to the page before", async ({ page }) => {
    await page.goto("/about-us");
    await page.goto("/apply");
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
  });
});

test("every step has no accessibility violations", async ({ browser }) => {
  // axe on every step of a long walk: more than the default budget on a slow machine.
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await skipCookieBanner(context);
  const page = await context.newPage();
  await start(page);
  const seen: Record<string, string[]> = {};
  const check = async (heading: string, label = heading) => {
    await expect(stepHeading(page)).toHaveText(heading);
    seen[label] = await axeViolations(page);
  };
  await check("About your home");
  await stepOne(page, "Homeowner (no mortgage)");
  await fill(page, AMOUNT, "5000");
  await page.getByLabel(AMOUNT).blur();
  await expect(page.getByText("Our minimum loan is £10,000")).toBeVisible();
  await check("Your loan", "Your loan, with an inline error");
  await stepTwo(page, "60000", "Other");
  await check("Your age");
  await choose(page, AGE, "61 – 70");
  await next(page);
  await fill(page, "What is your property worth?", "300000");
  await check("Your property");
  await next(page);
  await check("Your income");
  await fill(page, "What is your monthly income?", "3000");
  await choose(page, EMPLOYMENT, "Retired");
  await next(page);
  await check("Your credit history");
  await choose(page, CREDIT, "Excellent");
  await next(page);
  await check("Your details");
  await fill(page, "First name", "Jane");
  await fill(page, "Last name", "Smith");
  await fill(page, "Email address", "jane@example.com");
  await fill(page, "Phone number", "07700 900123");
  await next(page);
  await expect(page.getByRole("region", { name: "Check your answers" })).toBeVisible();
  await check("Check your answers");
  await page.getByRole("button", { name: "Terms of Business" }).click();
  await expect(page.getByRole("dialog")).toContainText("credit broker");
  seen["the terms dialog"] = await axeViolations(page);
  await context.close();
  expect(Object.keys(seen)).toHaveLength(9);
  expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
});
