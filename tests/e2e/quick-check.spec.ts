import { expect, type Page, test } from "@playwright/test";
import * as m from "../../app/domain/messages";
import { waitForMail } from "../support/mailbox";
import {
  axeViolations,
  choose,
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

// The Quick Eligibility Check, /apply-personal (spec sections 2, 4, 5, 8; D4).

const TYPE = "What kind of loan are you looking for?";
const AMOUNT = "How much would you like to borrow?";
const RESIDENTIAL = "What is your residential status?";
const MORTGAGE = "Do you have a mortgage on your home?";
const PURPOSE = "What do you need the loan for?";
const EMPLOYMENT = "What is your employment status?";
const CREDIT = "How would you describe your credit history?";
const BRIDGING_URL = "https://bridging.harbourside-loans.example/bridging-calculator";
const BUSINESS_URL = "https://business.harbourside-loans.example/business-loans";

type Enquiry = Record<string, unknown>;

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

async function start(page: Page) {
  await page.goto("/apply-personal");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  // Before the loan type is chosen, the counter reads the longest path, the homeowner's.
  await expectStep(page, 1, 7, "Your loan");
}

async function personal(page: Page, amount: string) {
  await start(page);
  await choose(page, TYPE, "Personal loan");
  await next(page);
  await expectStep(page, 2, 3, "How much you need");
  await fill(page, AMOUNT, amount);
}

async function homeownerToContact(page: Page, mortgage: boolean) {
  await start(page);
  await choose(page, TYPE, "Homeowner loan");
  await next(page);
  await expectStep(page, 2, 7, "About your home");
  await choose(page, MORTGAGE, mortgage ? "Homeowner with mortgage" : "Homeowner (no mortgage)");
  await next(page);
  await expectStep(page, 3, 7, "How much you need");
  await fill(page, AMOUNT, "40000");
  await choose(page, PURPOSE, "Home improvements");
  await next(page);
  if (mortgage) {
    await expectStep(page, 4, 7, "Your property");
    await fill(page, "What is your property worth?", "300000");
    await fill(page, "How much is left to pay on your mortgage?", "120000");
  } else {
    await expectStep(page, 4, 7, "Your age");
    await choose(page, "How old are you?", "50 – 65");
  }
  await next(page);
  await expectStep(page, 5, 7, "Your income");
  await fill(page, "What is your monthly income?", "3500");
  await choose(page, EMPLOYMENT, "Self employed");
  await next(page);
  await expectStep(page, 6, 7, "Your credit history");
  await choose(page, CREDIT, "Not sure");
  await next(page);
  await expectStep(page, 7, 7, "Your details");
}

/** 'Your details' filled in for Sam Jones, and on to the check page (decision 500). */
async function toCheckPage(page: Page, email: string) {
  await fill(page, "First name", "Sam");
  await fill(page, "Last name", "Jones");
  await fill(page, "Email address", email);
  await fill(page, "Phone number", "0117 496 0000");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Check your answers");
  await expect(page).toHaveURL(/\/apply-personal\?step=check$/);
  // The check page is not a step: every one of the path's 7 is answered.
  await expect(page.getByText("All 7 steps answered", { exact: true })).toBeVisible();
  await expect(page.getByText("100% Complete", { exact: true })).toBeVisible();
}

/** 'Your details' filled in, then the check page, with the terms agreed to there. */
async function contactDetails(page: Page, email: string) {
  await toCheckPage(page, email);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check();
}

const answersRegion = (page: Page) => page.getByRole("region", { name: "Check your answers" });

const getQuote = (page: Page) => page.getByRole("button", { name: "Get Quote" });

test("serves the loan type question as HTML before any script runs", async ({ request }) => {
  const html = await (await request.get("/apply-personal")).text();
  expect(html).toContain("Quick Eligibility Check");
  for (const label of ["Personal loan", "Homeowner loan", "Bridging loan", "Business loan", "Next"]) {
    expect(html).toContain(label);
  }
});

test.describe("leaving for the sister sites", () => {
  for (const [type, url] of [
    ["Bridging loan", BRIDGING_URL],
    ["Business loan", BUSINESS_URL],
  ] as const) {
    test(`${type} goes to the configured page`, async ({ page }) => {
      await page.route(`${url}*`, (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Sister site</title>" }),
      );
      await start(page);
      await choose(page, TYPE, type);
      await expect(page.getByText(`${type}s are arranged by our specialist sister site`)).toBeVisible();
      await next(page);
      await expect(page).toHaveURL(url);
    });
  }
});

test("the repossession warning shows on the homeowner path, not to someone after a personal loan (D19)", async ({
  page,
}) => {
  const warning = page.locator("main").getByText("Your home may be repossessed");
  await personal(page, "5000");
  await expect(warning).toHaveCount(0);
  await page.getByRole("button", { name: "Previous" }).click();
  await choose(page, TYPE, "Homeowner loan");
  await next(page);
  await expectStep(page, 2, 7, "About your home");
  await expect(warning).toBeVisible();
});

test.describe("personal loans", () => {
  test("are £1,000 to £50,000", async ({ page }) => {
    await personal(page, "50001");
    await page.getByLabel(AMOUNT).blur();
    await expect(page.getByText("Maximum loan amount is £50,000 for personal loans")).toBeVisible();
    await expectReady(page.getByRole("button", { name: "Next", exact: true }));
    await fill(page, AMOUNT, "999");
    await expect(page.getByText("Minimum loan amount is £1,000")).toBeVisible();
    await next(page);
    await expectRefusal(page, ["Minimum loan amount is £1,000"]);
    await fill(page, AMOUNT, "1000");
    // The field's message follows the answer; the summary keeps what was refused until Next.
    await expect(page.locator("#quick-loanAmount-error")).toHaveCount(0);
    await next(page);
    await expectStep(page, 3, 3, "Where you live");
  });

  // D4: under £10,000 → A whatever the status; £10,000–£25,000 → B with a mortgage, else A; above → B.
  const cases: [string, string, string][] = [
    ["1000", "Homeowner with mortgage", "/creditec-redirect"],
    ["9999", "Homeowner with mortgage", "/creditec-redirect"],
    ["10000", "Homeowner with mortgage", "/loanswarehouse-redirect"],
    ["25000", "Homeowner with mortgage", "/loanswarehouse-redirect"],
    ["10000", "Homeowner (no mortgage)", "/creditec-redirect"],
    ["25000", "Tenant / renting", "/creditec-redirect"],
    ["20000", "Living with parents", "/creditec-redirect"],
    ["25001", "Tenant / renting", "/loanswarehouse-redirect"],
    ["50000", "Living with parents", "/loanswarehouse-redirect"],
  ];
  for (const [amount, status, destination] of cases) {
    test(`£${amount}, ${status.toLowerCase()}, goes to ${destination}`, async ({ page }) => {
      await personal(page, amount);
      await next(page);
      await expectStep(page, 3, 3, "Where you live");
      await choose(page, RESIDENTIAL, status);
      await next(page);
      await expect(page).toHaveURL(new RegExp(`${destination}$`));
    });
  }
});

test.describe("homeowner loans", () => {
  test("a mortgage owner's enquiry is stored, the broker told, and it ends at /thank-you", async ({ page }) => {
    const email = uniqueEmail("quick");
    await homeownerToContact(page, true);
    await contactDetails(page, email);
    const check = answersRegion(page);
    for (const text of [
      "Homeowner loan",
      "Homeowner with mortgage",
      "£40,000",
      "Home improvements",
      "£300,000",
      "£120,000",
      "£3,500",
      "Self employed",
      "Not sure",
      "Sam Jones",
      email,
      "0117 496 0000",
    ]) {
      await expect(check).toContainText(text);
    }
    await getQuote(page).click();
    await expect(toast(page, "Enquiry submitted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
    const ref = new URL(page.url()).searchParams.get("ref");
    const [enquiry] = (await storedRows<Enquiry>("personal_enquiries")).filter((e) => e.email === email);
    expect(enquiry).toMatchObject({
      id: ref,
      loan_type: "homeowner",
      homeowner_status: "mortgage",
      loan_amount: 40_000,
      loan_purpose: "home-improvements",
      property_value: 300_000,
      mortgage_balance: 120_000,
      monthly_income: 3_500,
      employment_status: "self-employed",
      credit_history: "unsure",
      first_name: "Sam",
      last_name: "Jones",
      phone: "0117 496 0000",
      age: null,
    });
    expect(String(enquiry?.landing_page_url)).toContain("/apply-personal");
    expect(await page.evaluate(() => sessionStorage.getItem("harbourside:quick-check"))).toBeNull();
    const reference = String(ref).slice(0, 8).toUpperCase();
    // The page quotes the reference the emails quote, with what was asked for.
    const summary = page.getByRole("region", { name: "Your enquiry" });
    await expect(summary).toContainText(`Your reference is ${reference}`);
    await expect(summary).toContainText("A loan of £40,000 for home improvements");
    await waitForMail(
      "leads@harbourside-loans.example",
      new RegExp(`New[ _]quick[ _]check[ _]enquiry[ _]${reference}`),
    );
    await waitForMail(email, new RegExp(`reference[ _]${reference}`));
  });

  test("an outright owner is asked their age, not their property", async ({ page }) => {
    const email = uniqueEmail("quick-outright");
    await homeownerToContact(page, false);
    await contactDetails(page, email);
    const check = answersRegion(page);
    await expect(check).toContainText("50 – 65");
    await expect(check.getByRole("term").filter({ hasText: "Age" })).toHaveCount(1);
    await expect(check.getByRole("term").filter({ hasText: "Property value" })).toHaveCount(0);
    await getQuote(page).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=/);
    const [enquiry] = (await storedRows<Enquiry>("personal_enquiries")).filter((e) => e.email === email);
    expect(enquiry).toMatchObject({
      homeowner_status: "outright",
      age: "50-65",
      mortgage_balance: 0,
      property_value: null,
    });
  });

  test("a homeowner loan under £10,000 is refused with the spec's message", async ({ page }) => {
    await start(page);
    await choose(page, TYPE, "Homeowner loan");
    await next(page);
    await choose(page, MORTGAGE, "Homeowner with mortgage");
    await next(page);
    await fill(page, AMOUNT, "9000");
    await page.getByLabel(AMOUNT).blur();
    await expect(page.getByText("Minimum loan amount is £10,000 for homeowner loans.")).toBeVisible();
  });

  test("Next on 'Your details' checks the details, then 'Get Quote' the consent, never ticked for you, each said at its field and in the summary, with no toast", async ({
    page,
  }) => {
    await homeownerToContact(page, true);
    await expectReady(page.getByRole("button", { name: "Next", exact: true }));
    await next(page);
    await expectRefusal(page, [m.FIRST_NAME_MISSING, m.LAST_NAME_MISSING, m.EMAIL_MISSING, m.PHONE_MISSING]);
    await fill(page, "First name", "Sam");
    await fill(page, "Last name", "Jones");
    await fill(page, "Email address", "sam@");
    await fill(page, "Phone number", "0117 496 0000");
    await next(page);
    await expectRefusal(page, [m.EMAIL_INVALID]);
    await fill(page, "Email address", "sam@example.com");
    await fill(page, "Phone number", "+1 555 0100");
    await next(page);
    await expectRefusal(page, [m.UK_PHONE_INVALID]);
    await expect(page).toHaveURL(/\/apply-personal\?step=contact$/);
    await expectStep(page, 7, 7, "Your details");

    await fill(page, "Phone number", "0117 496 0000");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(page).toHaveURL(/\/apply-personal\?step=check$/);
    const consent = page.getByRole("checkbox", { name: /I agree to the Terms of Business/ });
    await expect(consent).not.toBeChecked();
    await expectReady(getQuote(page));
    await getQuote(page).click();
    await expectRefusal(page, [m.CONSENT_MISSING]);
    await expect(page).toHaveURL(/\/apply-personal\?step=check$/);
  });

  test("the check page lists every answer, the contact details last, each with a Change link back to it", async ({
    page,
  }) => {
    await homeownerToContact(page, true);
    await toCheckPage(page, "sam@example.com");
    const check = answersRegion(page);
    await expect(check.getByRole("term").last()).toHaveText("Phone number");
    for (const text of ["Sam Jones", "sam@example.com", "0117 496 0000"]) {
      await expect(check).toContainText(text);
    }
    await check.getByRole("link", { name: "Change loan amount" }).click();
    await expectStep(page, 3, 7, "How much you need");
    await expect(page.getByLabel(AMOUNT)).toHaveValue("40,000");
    await fill(page, AMOUNT, "45000");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(page.getByText("All 7 steps answered", { exact: true })).toBeVisible();
    await expect(check).toContainText("£45,000");
    // A mistyped email address, corrected from the check page, and back there.
    await check.getByRole("link", { name: "Change email address" }).click();
    await expectStep(page, 7, 7, "Your details");
    await expect(page.getByLabel("Email address")).toHaveValue("sam@example.com");
    await fill(page, "Email address", "sam.jones@example.com");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(page).toHaveURL(/\/apply-personal\?step=check$/);
    await expect(check).toContainText("sam.jones@example.com");
    await check.getByRole("link", { name: "Change phone number" }).click();
    await expect(stepHeading(page)).toHaveText("Your details");
    await expect(page.getByLabel("Phone number")).toHaveValue("0117 496 0000");
    await fill(page, "Phone number", "0117 496 0999");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await expect(check).toContainText("0117 496 0999");
  });

  const outcomes: [string, number, string, string][] = [
    ["too many requests", 429, "Too many requests", "Too many submissions. Please wait before trying again."],
    [
      "an invalid enquiry",
      400,
      "Invalid request: phone: Please enter a valid UK phone number",
      "Please check your information and try again.",
    ],
    [
      "any other failure",
      500,
      "Something went wrong on our side. Please try again.",
      "Failed to submit enquiry. Please try again.",
    ],
  ];
  for (const [name, status, error, message] of outcomes) {
    test(`${name} shows '${message}' and keeps the answers`, async ({ page }) => {
      await homeownerToContact(page, true);
      await contactDetails(page, uniqueEmail("quick-refused"));
      await page.route("**/api/enquiries", (route) =>
        route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error }) }),
      );
      await getQuote(page).click();
      await expect(toast(page, message)).toBeVisible();
      // Said on the check page, every answer still there.
      await expect(page).toHaveURL(/\/apply-personal\?step=check$/);
      await expect(stepHeading(page)).toHaveText("Check your answers");
      await expect(answersRegion(page)).toContainText("Sam Jones");
      await expect(answersRegion(page)).toContainText("£40,000");
      await expect(getQuote(page)).toBeEnabled();
    });
  }

  test("a double click on 'Get Quote' stores one enquiry", async ({ page }) => {
    const email = uniqueEmail("quick-double");
    await homeownerToContact(page, true);
    await contactDetails(page, email);
    await getQuote(page).dblclick();
    await expect(page).toHaveURL(/\/thank-you\?ref=/);
    expect((await storedRows<Enquiry>("personal_enquiries")).filter((e) => e.email === email)).toHaveLength(1);
  });
});

test.describe("reload and history", () => {
  test("a reload keeps the answers and the step; back moves a step back", async ({ page }) => {
    await start(page);
    await choose(page, TYPE, "Homeowner loan");
    await next(page);
    await choose(page, MORTGAGE, "Homeowner (no mortgage)");
    await next(page);
    await fill(page, AMOUNT, "30000");
    await choose(page, PURPOSE, "Debt consolidation");
    await next(page);
    await expectStep(page, 4, 7, "Your age");
    await page.reload();
    await expectStep(page, 4, 7, "Your age");
    await page.goBack();
    await expectStep(page, 3, 7, "How much you need");
    await expect(page.getByLabel(AMOUNT)).toHaveValue("30,000");
    await page.goBack();
    await expectStep(page, 2, 7, "About your home");
    await expect(page.getByRole("radio", { name: "Homeowner (no mortgage)" })).toBeChecked();
  });
});

test("every step of both paths has no accessibility violations", async ({ browser }) => {
  // axe on every step of a long walk: more than the default budget on a slow machine.
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await skipCookieBanner(context);
  const page = await context.newPage();
  const seen: Record<string, string[]> = {};
  const check = async (heading: string, label = heading) => {
    await expect(stepHeading(page)).toHaveText(heading);
    seen[label] = await axeViolations(page);
  };
  await start(page);
  await check("Your loan");
  await choose(page, TYPE, "Personal loan");
  await next(page);
  await fill(page, AMOUNT, "60000");
  await page.getByLabel(AMOUNT).blur();
  await check("How much you need", "personal amount, with an inline error");
  await fill(page, AMOUNT, "6000");
  await next(page);
  await check("Where you live");

  await page.goto("/apply-personal?step=type");
  await choose(page, TYPE, "Homeowner loan");
  await next(page);
  await check("About your home");
  await choose(page, MORTGAGE, "Homeowner with mortgage");
  await next(page);
  await check("How much you need", "homeowner amount");
  await fill(page, AMOUNT, "40000");
  await choose(page, PURPOSE, "Other");
  await next(page);
  await fill(page, "What is your property worth?", "45000");
  await page.getByLabel("What is your property worth?").blur();
  await check("Your property", "property, with an inline error");
  await fill(page, "What is your property worth?", "450000");
  await fill(page, "How much is left to pay on your mortgage?", "0");
  await next(page);
  await check("Your income");
  await fill(page, "What is your monthly income?", "2500");
  await choose(page, EMPLOYMENT, "Retired");
  await next(page);
  await check("Your credit history");
  await choose(page, CREDIT, "Poor");
  await next(page);
  await check("Your details");
  await fill(page, "First name", "Sam");
  await fill(page, "Last name", "Jones");
  await fill(page, "Email address", "sam@example.com");
  await fill(page, "Phone number", "0117 496 0000");
  await next(page);
  await expect(answersRegion(page)).toBeVisible();
  await check("Check your answers");
  await context.close();
  expect(Object.keys(seen)).toHaveLength(10);
  expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
});
