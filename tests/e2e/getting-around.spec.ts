import { expect, type Page, test } from "@playwright/test";
import { leadReference } from "../../app/domain/leads";
import { MAIN_LOAN_BELOW_HOMEOWNER_MIN, QUICK_HOMEOWNER_LOAN_TOO_LOW } from "../../app/domain/messages";
import { confirmedAccount } from "../support/accounts";
import {
  axeViolations,
  choose,
  expectCheckPage,
  expectStep,
  fill,
  next,
  skipCookieBanner,
  stepHeading,
} from "../support/step-forms";

// Issue 28: no dead ends, no unexplained refusals, and getting around (signing in,
// changing an answer, finding the reference) without starting again.

const STATUS = "Which of these describes you?";
const PURPOSE = "What do you need the loan for?";
const AMOUNT = "How much would you like to borrow?";
const TYPE = "What kind of loan are you looking for?";
const MORTGAGE = "Do you have a mortgage on your home?";
const PASSWORD = "Harbour-42-around";

/** Opens a step form; with script, waits until it is live (answers loaded, controls bound). */
async function open(page: Page, path: string, script: boolean) {
  await page.goto(path);
  if (script) await expect(page.locator("form[data-hydrated]")).toBeVisible();
}

/** A mortgage owner borrowing £50,000, through 'Your details' to the check page (decision 500). */
async function mortgageOwnerToCheckPage(page: Page, script: boolean) {
  await open(page, "/apply", script);
  await choose(page, STATUS, "Homeowner with mortgage");
  await next(page);
  await expectStep(page, 2, 6, "Your loan");
  await fill(page, AMOUNT, "50000");
  await choose(page, PURPOSE, "Debt consolidation");
  await next(page);
  await expectStep(page, 3, 6, "Your property");
  await fill(page, "What is your property worth?", "250000");
  await fill(page, "How much is left to pay on your mortgage?", "100000");
  await next(page);
  await fill(page, "What is your monthly income?", "4000");
  await choose(page, "What is your employment status?", "Employed full-time");
  await next(page);
  await choose(page, "How would you describe your credit history?", "Good");
  await next(page);
  await expectStep(page, 6, 6, "Your details");
  await fill(page, "First name", "Jane");
  await fill(page, "Last name", "Smith");
  await fill(page, "Email address", "jane@example.com");
  await fill(page, "Phone number", "07700 900123");
  await next(page);
  await expectCheckPage(page, 6);
}

/** Next on a step that will be refused, pressed as a borrower's Enter. */
async function pressNext(page: Page) {
  await page.getByRole("button", { name: "Next", exact: true }).press("Enter");
}

/** axe runs as script in the page: without script the same markup is checked in the other run. */
async function expectNoAxeViolations(page: Page, script: boolean) {
  if (script) expect(await axeViolations(page)).toEqual([]);
}

/** The 'Change' control beside an answer: a link with script, a button of the form without. */
function change(page: Page, what: string, script: boolean) {
  const check = page.getByRole("region", { name: "Check your answers" });
  return script
    ? check.getByRole("link", { name: `Change ${what}` })
    : check.getByRole("button", { name: `Change ${what}` });
}

for (const script of [true, false]) {
  test.describe(script ? "with script" : "without script", () => {
    test.use({ javaScriptEnabled: script });
    test.beforeEach(async ({ context }) => {
      await skipCookieBanner(context);
    });

    test("a homeowner asking less than £10,000 on /apply is offered personal loans", async ({ page }) => {
      await open(page, "/apply", script);
      await choose(page, STATUS, "Homeowner with mortgage");
      await next(page);
      await fill(page, AMOUNT, "5000");
      await choose(page, PURPOSE, "Home improvements");
      await pressNext(page);
      await expect(stepHeading(page)).toHaveText("Your loan");
      await expect(page.getByText(MAIN_LOAN_BELOW_HOMEOWNER_MIN).first()).toBeVisible();
      const offer = page.getByRole("link", { name: "Check personal loans" });
      await expect(offer).toHaveAttribute("href", "/apply-personal");
      await expect(page.getByText("our partners lend from £1,000 to £50,000")).toBeVisible();
      await expectNoAxeViolations(page, script);
      await offer.click();
      await expect(page).toHaveURL(/\/apply-personal$/);
    });

    test("a homeowner asking less than £10,000 on the quick check is offered the personal-loan route", async ({
      page,
    }) => {
      await open(page, "/apply-personal", script);
      await choose(page, TYPE, "Homeowner loan");
      await next(page);
      await choose(page, MORTGAGE, "Homeowner with mortgage");
      await next(page);
      await expect(stepHeading(page)).toHaveText("How much you need");
      await fill(page, AMOUNT, "5000");
      await choose(page, PURPOSE, "Home improvements");
      await pressNext(page);
      await expect(page.getByText(QUICK_HOMEOWNER_LOAN_TOO_LOW).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Check personal loans" })).toHaveAttribute(
        "href",
        "/creditec-redirect",
      );
      await expectNoAxeViolations(page, script);
    });

    test("the quick check's progress never falls: the longest path is counted until the loan type is known", async ({
      page,
    }) => {
      await open(page, "/apply-personal", script);
      await expectStep(page, 1, 7, "Your loan");
      await expect(page.getByText("0% Complete", { exact: true })).toBeVisible();
      await choose(page, TYPE, "Homeowner loan");
      await next(page);
      await expectStep(page, 2, 7, "About your home");
      await expect(page.getByText("14% Complete", { exact: true })).toBeVisible();
      // A personal loan's path is shorter: the figure only jumps ahead.
      await open(page, "/apply-personal", script);
      await choose(page, TYPE, "Personal loan");
      await next(page);
      await expectStep(page, 2, 3, "How much you need");
      await expect(page.getByText("33% Complete", { exact: true })).toBeVisible();
      // Its last question is not yet done: two of three steps are (decision 461).
      await fill(page, "How much would you like to borrow?", "5000");
      await next(page);
      await expectStep(page, 3, 3, "Where you live");
      await expect(page.getByText("67% Complete", { exact: true })).toBeVisible();
    });

    test("a tenant asking £60,000 is told why on /cannot-help and can change the amount", async ({ page }) => {
      await open(page, "/apply", script);
      await choose(page, STATUS, "Tenant / renting");
      await next(page);
      await fill(page, AMOUNT, "60000");
      await choose(page, PURPOSE, "Debt consolidation");
      await next(page);
      await expect(page).toHaveURL(/\/cannot-help$/);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Unable to Assist", level: 1 })).toBeVisible();
      await expect(main).toContainText("secured on a property, so they need a home you own");
      await expect(main).toContainText("personal loans through our lending partners, and those go up to £50,000");
      await expect(main.getByRole("link", { name: "Check personal loans" })).toHaveAttribute("href", "/apply-personal");
      const changeAmount = main.getByRole("link", { name: "Change the amount" });
      await expect(changeAmount).toHaveAttribute("href", "/apply?step=amount");
      await expectNoAxeViolations(page, script);
      await changeAmount.click();
      if (script) {
        // The answers wait in this tab: back on the amount step, as left.
        await expect(page.locator("form[data-hydrated]")).toBeVisible();
        await expectStep(page, 2, 6, "Your loan");
        await expect(page.getByLabel(AMOUNT)).toHaveValue("60,000");
        await fill(page, AMOUNT, "40000");
        await next(page);
        await expect(page).toHaveURL(/\/loanswarehouse-redirect$/);
      } else {
        // Without script the answers went with the posted form: the check starts again.
        await expectStep(page, 1, 6, "About your home");
      }
    });

    test("'Change' on the check-answers step comes back there after Next", async ({ page }) => {
      await mortgageOwnerToCheckPage(page, script);
      await change(page, "loan amount", script).click();
      await expectStep(page, 2, 6, "Your loan");
      await fill(page, AMOUNT, "60000");
      await next(page);
      await expectCheckPage(page, 6);
      await expect(page.getByRole("region", { name: "Check your answers" })).toContainText("£60,000");
      // The contact details are answers too: changed on 'Your details', and straight back.
      await change(page, "phone number", script).click();
      await expectStep(page, 6, 6, "Your details");
      await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue("07700 900123");
      await fill(page, "Phone number", "07700 900456");
      await next(page);
      await expectCheckPage(page, 6);
      const check = page.getByRole("region", { name: "Check your answers" });
      await expect(check).toContainText("07700 900456");
      await expect(check).toContainText("£60,000");
    });

    test("'Change' that makes a later answer needed asks it, then comes back", async ({ page }) => {
      await mortgageOwnerToCheckPage(page, script);
      await change(page, "your home", script).click();
      await expectStep(page, 1, 6, "About your home");
      await choose(page, STATUS, "Homeowner (no mortgage)");
      await next(page);
      // An outright owner is asked their age, which was never asked; the rest stands.
      await expect(stepHeading(page)).toHaveText("Your age");
      await choose(page, "How old are you?", "61 – 70");
      await next(page);
      await expectCheckPage(page, 7);
      await expect(page.getByRole("region", { name: "Check your answers" })).toContainText("Homeowner (no mortgage)");
    });

    test("a change below the minimum is refused on its step, with the personal-loan offer", async ({ page }) => {
      await mortgageOwnerToCheckPage(page, script);
      await change(page, "loan amount", script).click();
      await fill(page, AMOUNT, "5000");
      await pressNext(page);
      await expect(stepHeading(page)).toHaveText("Your loan");
      await expect(page.getByRole("link", { name: "Check personal loans" })).toBeVisible();
      await fill(page, AMOUNT, "45000");
      await next(page);
      await expectCheckPage(page, 6);
    });

    test("signing in at /auth with no page to return to goes to /account", async ({ page, context }) => {
      const email = `around-${script ? "js" : "plain"}-${Date.now()}@example.com`;
      await context.clearCookies();
      await confirmedAccount(context.request, email, PASSWORD);
      await skipCookieBanner(context);
      for (const path of ["/auth", "/auth?signedOut=1", "/auth?from=%2F"]) {
        await page.goto(path);
        if (script) await expect(page.locator("html[data-react]")).toBeAttached();
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expect(page).toHaveURL(/\/account$/);
        await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
        // Signed out again for the next way in (the session cookie is all that is cleared).
        await context.clearCookies();
        await skipCookieBanner(context);
      }
    });
  });
}

test.describe("getting around, signed in", () => {
  test.beforeEach(async ({ context }) => {
    await skipCookieBanner(context);
  });

  test("the header's 'Sign in' on the home page leads to /account; elsewhere back to the page", async ({ browser }) => {
    const email = `around-header-${Date.now()}@example.com`;
    const context = await browser.newContext();
    await confirmedAccount(context.request, email, PASSWORD);
    await skipCookieBanner(context);
    const page = await context.newPage();
    await page.goto("/");
    const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
    await expect(signIn).toHaveAttribute("href", "/auth");
    await signIn.click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await context.close();
  });

  test("/account shows each enquiry's reference, as the thank-you page and the email give it", async ({ browser }) => {
    const email = `around-ref-${Date.now()}@example.com`;
    const context = await browser.newContext();
    await confirmedAccount(context.request, email, PASSWORD);
    expect(
      (await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    await skipCookieBanner(context);
    const page = await context.newPage();
    await page.goto("/account");
    const id = await page.evaluate(async (address) => {
      const response = await fetch("/api/quotes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: address,
          first_name: "Rae",
          last_name: "Reference",
          phone: "07700 900456",
          loan_purpose: "debt-consolidation",
          homeowner_status: "mortgage",
          credit_history: "good",
          loan_amount: 42_000,
          property_value: 350_000,
          mortgage_balance: 120_000,
          monthly_income: 3_800,
          employment_status: "employed-full-time",
          consent: true,
          submission_key: crypto.randomUUID(),
        }),
      });
      return ((await response.json()) as { id: string }).id;
    }, email);
    await page.goto("/account");
    const reference = leadReference(id);
    await expect(page.getByRole("table")).toContainText(`Reference ${reference}`);
    await page.goto(`/thank-you?ref=${id}`);
    await expect(page.getByRole("main")).toContainText(reference);
    await context.close();
  });
});

test("the warning icon on /cannot-help ends in a round dot, not a dash", async ({ page }) => {
  await page.goto("/cannot-help");
  const dot = await page
    .getByRole("main")
    .locator("svg")
    .first()
    .evaluate((svg) => {
      const box = (svg.lastElementChild as SVGGraphicsElement).getBoundingClientRect();
      return { width: box.width, height: box.height };
    });
  expect(dot.width).toBeGreaterThan(2);
  expect(Math.abs(dot.width - dot.height)).toBeLessThan(0.5);
});

test.describe("the cookie banner on a phone", () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} it asks first, and leaves the home page's main action in view`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto("/");
      const banner = page.getByRole("region", { name: /Cookies on/ });
      await expect(banner.getByRole("button", { name: "Reject non-essential" })).toBeVisible();
      await expect(banner.getByRole("button", { name: "Accept all" })).toBeVisible();
      // PECR: nothing that tracks is set before the choice.
      expect((await context.cookies()).map((c) => c.name)).not.toContain("consent");
      const action = page.getByRole("main").getByRole("link", { name: "Check Eligibility »" }).first();
      const [actionBox, bannerBox] = [await action.boundingBox(), await banner.boundingBox()];
      expect(actionBox && bannerBox).toBeTruthy();
      if (!actionBox || !bannerBox) return;
      expect(actionBox.y + actionBox.height, "the main action ends above the banner").toBeLessThanOrEqual(bannerBox.y);
      expect(bannerBox.height, "the banner takes at most a third of the screen").toBeLessThanOrEqual(
        viewport.height / 3,
      );
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
