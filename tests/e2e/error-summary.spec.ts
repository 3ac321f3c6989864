import { expect, type Page, test } from "@playwright/test";
import { ENTER_PASSWORD } from "../../app/domain/account-messages";
import * as m from "../../app/domain/messages";
import { passwordTooShort } from "../../app/domain/passwords";
import {
  axeViolations,
  choose,
  expectCheckPage,
  expectStep,
  fill,
  next,
  skipCookieBanner,
} from "../support/step-forms";

// DECISIONS D24 (issue 28): every form says each problem beside its field and lists them
// all in an error summary at the top ("There is a problem", as the GOV.UK Design System
// does), with and without script: the summary takes the focus, each link moves the focus
// to its field, each field carries aria-invalid and names its message in aria-describedby.

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

// 'Your details' asks the contact details; the consent is asked on the check page after it (decision 500).
const CONTACT_EMPTY = [m.FIRST_NAME_MISSING, m.LAST_NAME_MISSING, m.EMAIL_MISSING, m.PHONE_MISSING];
const CONTACT_BAD = [m.EMAIL_INVALID, m.UK_PHONE_INVALID];

function summaryOf(page: Page) {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
}

/** The field a summary link names, and what it says about itself. */
async function fieldOf(page: Page, href: string) {
  return page.evaluate((id) => {
    const field = document.getElementById(id);
    if (!field) return null;
    // A group of choices names its message on its fieldset, as the GOV.UK radios do.
    const holder = field.hasAttribute("aria-describedby") ? field : field.closest("fieldset");
    const described = (holder?.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((ref) => document.getElementById(ref))
      .filter((element): element is HTMLElement => element !== null);
    return {
      invalid: field.getAttribute("aria-invalid"),
      described: described.map((element) => element.textContent?.trim() ?? ""),
      shown: described.every((element) => element.getBoundingClientRect().height > 0),
    };
  }, href.slice(1));
}

/**
 * The error summary lists exactly `messages`, in order, and has the focus; each field it
 * links to is invalid and described by its message; a click on each link, and the
 * keyboard from the summary (Tab to the link, Enter), put the focus on its field; axe finds nothing.
 */
async function expectErrorSummary(page: Page, messages: readonly string[]) {
  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  const links = summary.getByRole("link");
  await expect(links).toHaveText([...messages]);
  // axeViolations waits for a toast coming in to settle: a toast half faded in is not what anyone reads.
  expect(await axeViolations(page)).toEqual([]);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  for (const [index, href] of hrefs.entries()) {
    expect(href).toMatch(/^#./);
    const field = page.locator(`[id="${href.slice(1)}"]`);
    const info = await fieldOf(page, href);
    expect(info, `${href} is on the page`).not.toBeNull();
    expect(info?.invalid, `${href} is aria-invalid`).toBe("true");
    expect(info?.described, `${href} is described by its message`).toContain(messages[index]);
    expect(info?.shown, `${href}'s message is shown`).toBe(true);

    await links.nth(index).click();
    await expect(field).toBeFocused();

    await summary.focus();
    for (let tab = 0; tab <= index; tab++) await page.keyboard.press("Tab");
    await expect(links.nth(index)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(field).toBeFocused();
  }
}

/** Presses a form's button from the keyboard, as a borrower's Enter. */
async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).press("Enter");
}

const STATUS = "Which of these describes you?";

/** /apply to 'Your details' as a mortgage owner; `hydrated` waits for the script first. */
async function applyToContact(page: Page, hydrated: boolean) {
  await page.goto("/apply");
  if (hydrated) await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await choose(page, STATUS, "Homeowner with mortgage");
  await next(page);
  await expectStep(page, 2, 6, "Your loan");
  await fill(page, "How much would you like to borrow?", "50000");
  await choose(page, "What do you need the loan for?", "Debt consolidation");
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
}

/** The contact form's island once React has it (it hydrates near the viewport, decision 142). */
async function contactFormHydrated(page: Page) {
  await page.locator("#contact-form").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const button = document.querySelector("#contact-form button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__react"));
  });
}

async function badEmailAndPhone(page: Page) {
  await fill(page, "First name", "Jane");
  await fill(page, "Last name", "Smith");
  await fill(page, "Email address", "jane.example.com");
  await fill(page, "Phone number", "12345");
}

for (const script of [true, false]) {
  const mode = script ? "with script" : "without script";

  test.describe(`the error summary ${mode}`, () => {
    // axe runs as script in the page, so "without script" refuses the page's own script
    // files instead: the page stays the server's plain form, as a browser without script sees it.
    test.beforeEach(async ({ page }) => {
      // A walk to the last step, and axe and every link on each refusal: more than the default budget.
      test.setTimeout(120_000);
      if (!script) await page.route("**/assets/**/*.js", (route) => route.abort());
    });

    test("/apply: Next with nothing chosen, the contact step empty and with a bad email and phone, then the check page unagreed", async ({
      page,
    }) => {
      await page.goto("/apply");
      if (script) await expect(page.locator("form[data-hydrated]")).toBeVisible();
      await press(page, "Next");
      await expectErrorSummary(page, [m.HOMEOWNER_STATUS_MISSING]);

      await applyToContact(page, script);
      await press(page, "Next");
      await expectErrorSummary(page, CONTACT_EMPTY);

      await badEmailAndPhone(page);
      await press(page, "Next");
      await expectErrorSummary(page, CONTACT_BAD);

      await fill(page, "Email address", "jane@example.com");
      await fill(page, "Phone number", "07700 900123");
      await press(page, "Next");
      await expectCheckPage(page, 6);
      await press(page, "Check Eligibility »");
      await expectErrorSummary(page, [m.CONSENT_MISSING]);
    });

    // The quick check's last two steps are the same steps as /apply's, walked above; its
    // own first step is what differs.
    test("/apply-personal: Next with nothing chosen", async ({ page }) => {
      await page.goto("/apply-personal");
      if (script) await expect(page.locator("form[data-hydrated]")).toBeVisible();
      await press(page, "Next");
      await expectErrorSummary(page, [m.LOAN_TYPE_MISSING]);
    });

    test("/contact-us: an empty message, then one with a short name and a bad email", async ({ page }) => {
      await page.goto("/contact-us");
      if (script) await contactFormHydrated(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectErrorSummary(page, [
        m.CONTACT_NAME_TOO_SHORT,
        m.EMAIL_INVALID,
        m.CONTACT_PHONE_INVALID,
        m.CONTACT_SUBJECT_TOO_SHORT,
        m.CONTACT_MESSAGE_TOO_SHORT,
      ]);
      await page.getByLabel("Full name", { exact: true }).fill("J");
      await page.getByLabel("Email address", { exact: true }).fill("nope");
      await page.getByLabel("Phone number", { exact: true }).fill("07700 900123");
      await page.getByLabel("Subject", { exact: true }).fill("A question");
      await page.getByLabel("Message", { exact: true }).fill("About a loan for my kitchen.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectErrorSummary(page, [m.CONTACT_NAME_TOO_SHORT, m.EMAIL_INVALID]);
    });

    test("/auth: sign-in and sign-up sent empty", async ({ page }) => {
      await page.goto("/auth");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expectErrorSummary(page, [m.EMAIL_INVALID, ENTER_PASSWORD]);

      await page.goto("/auth?tab=sign-up");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectErrorSummary(page, [
        m.FIRST_NAME_REQUIRED,
        m.LAST_NAME_REQUIRED,
        m.EMAIL_INVALID,
        passwordTooShort(8),
      ]);
    });
  });
}
