import { expect, type Page, test } from "@playwright/test";
import { CALLBACK_SLOT_PAST } from "../../app/domain/callbacks";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { validQuote } from "../support/leads";
import { waitForMail } from "../support/mailbox";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";
import {
  axeViolations,
  choose,
  expectStep,
  fill,
  next,
  skipCookieBanner,
  stepHeading,
  uniqueEmail,
} from "../support/step-forms";

// Call-backs the borrower books (DECISIONS D21, decision 173): on the thank-you page after
// the last step, with script and without, and changed later in the account.

const LEAD_INBOX = "leads@harbourside-loans.example";
const AMOUNT = "How much would you like to borrow?";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

/** 'Your details' filled in, then the check page (decision 500), with the terms agreed to there. */
async function contactDetails(page: Page, email: string) {
  await fill(page, "First name", "Callum");
  await fill(page, "Last name", "Back");
  await fill(page, "Email address", email);
  await fill(page, "Phone number", "07700 900123");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Check your answers");
  await page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check();
}

/**
 * Picks the `index`th hour offered (1 is the first after "As soon as possible") and
 * answers how the page should word it: "Tue 1 Dec 2026" and "10am to 11am".
 */
async function pickHour(page: Page, index: number) {
  const select = page.getByLabel("Day and time");
  await select.selectOption({ index });
  const text = String(await select.locator("option:checked").textContent());
  const [, day, from, to] = /^(.+), (\S+) to (\S+)$/.exec(text) ?? [];
  return { day: String(day), between: `${from} to ${to}` };
}

async function expectSaved(page: Page, hour: { day: string; between: string }, reference: string) {
  await expect(page).toHaveURL(/callback=saved/);
  const status = page.getByRole("status").filter({ hasText: "We have saved the time you chose" });
  await expect(status).toContainText(hour.day);
  await expect(status).toContainText(hour.between);
  const mail = await waitForMail(LEAD_INBOX, new RegExp(`Call-back[ _]time[ _]for[ _]${reference}`));
  expect(mail.raw).toContain(`/staff/leads/`);
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the eligibility check's thank-you page books an hour, confirmed on the page and by email", async ({ page }) => {
    const email = uniqueEmail("callback-noscript");
    await page.goto("/apply");
    await choose(page, "Which of these describes you?", "Homeowner with mortgage");
    await next(page);
    await fill(page, AMOUNT, "50000");
    await choose(page, "What do you need the loan for?", "Debt consolidation");
    await next(page);
    await fill(page, "What is your property worth?", "250000");
    await fill(page, "How much is left to pay on your mortgage?", "100000");
    await next(page);
    await fill(page, "What is your monthly income?", "4000");
    await choose(page, "What is your employment status?", "Employed full-time");
    await next(page);
    await choose(page, "How would you describe your credit history?", "Good");
    await next(page);
    await expectStep(page, 6, 6, "Your details");
    await contactDetails(page, email);
    await page.getByRole("button", { name: "Check Eligibility »" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
    const reference = String(new URL(page.url()).searchParams.get("ref")).slice(0, 8).toUpperCase();

    const form = page.getByRole("group", { name: "When would you like us to call you?" });
    await expect(form.getByLabel("Day and time")).toHaveValue("soonest");
    const hour = await pickHour(page, 2);
    await page.getByRole("button", { name: "Save call-back time" }).click();
    await expectSaved(page, hour, reference);
    const confirmation = await waitForMail(email, /When[ _]we[ _]will[ _]call[ _]you/);
    expect(confirmation.raw.replace(/=\r?\n/g, "")).toContain(hour.between);
  });
});

test.describe("with script", () => {
  test("the quick check's thank-you page books an hour; a time already past is refused beside the field", async ({
    page,
  }) => {
    const email = uniqueEmail("callback-script");
    await page.goto("/apply-personal");
    await choose(page, "What kind of loan are you looking for?", "Homeowner loan");
    await next(page);
    await choose(page, "Do you have a mortgage on your home?", "Homeowner (no mortgage)");
    await next(page);
    await fill(page, AMOUNT, "40000");
    await choose(page, "What do you need the loan for?", "Home improvements");
    await next(page);
    await choose(page, "How old are you?", "50 – 65");
    await next(page);
    await fill(page, "What is your monthly income?", "3500");
    await choose(page, "What is your employment status?", "Self employed");
    await next(page);
    await choose(page, "How would you describe your credit history?", "Not sure");
    await next(page);
    await expectStep(page, 7, 7, "Your details");
    await contactDetails(page, email);
    await page.getByRole("button", { name: "Get Quote" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
    const reference = String(new URL(page.url()).searchParams.get("ref")).slice(0, 8).toUpperCase();
    await expect(page.getByLabel("Day and time")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // An hour that has passed since the page was drawn (made so here by rewriting the option).
    await page.getByLabel("Day and time").evaluate((select: HTMLSelectElement) => {
      const option = select.options[1];
      if (option) option.value = "2020-01-06T10:00:00.000Z";
    });
    await page.getByLabel("Day and time").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Save call-back time" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(CALLBACK_SLOT_PAST);
    await expect(page.getByLabel("Day and time")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#callback-time-error")).toHaveText(CALLBACK_SLOT_PAST);
    expect(await axeViolations(page)).toEqual([]);

    const hour = await pickHour(page, 3);
    await page.getByRole("button", { name: "Save call-back time" }).click();
    await expectSaved(page, hour, reference);
  });

  test("the account page shows the time and changes it, or asks for the soonest call instead", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("callback-account");
    await confirmedAccount(request, email, "Harbour-42-callback");
    // This browser already holds a cookie (the consent one), so the sign-in says where it comes from.
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "Harbour-42-callback" },
      headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
    });
    expect(signIn.status()).toBe(200);
    const sent = await page.request.post("/api/quotes", { data: validQuote({ email }) });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const reference = id.slice(0, 8).toUpperCase();

    await page.goto("/account");
    const item = page.locator(`#callback-${id}`);
    await expect(item).toContainText("You have not chosen a time");
    const hour = await (async () => {
      const select = item.getByLabel("Day and time");
      await select.selectOption({ index: 2 });
      const text = String(await select.locator("option:checked").textContent());
      const [, day, from, to] = /^(.+), (\S+) to (\S+)$/.exec(text) ?? [];
      return { day: String(day), between: `${from} to ${to}` };
    })();
    await item.getByRole("button", { name: "Change call-back time" }).click();
    await expect(page).toHaveURL(new RegExp(`/account\\?callback=saved&lead=${id}`));
    await expect(page.locator(`#callback-${id}`).getByRole("status")).toContainText(hour.between);
    await waitForMail(LEAD_INBOX, new RegExp(`Call-back[ _]time[ _]for[ _]${reference}`));
    expect(await axeViolations(page)).toEqual([]);

    // The adviser sees the borrower's change on the lead's page in the console.
    const origin = `http://127.0.0.1:${E2E_PORT}`;
    const staffEmail = uniqueEmail("callback-adviser").replace("@example.com", "@firm.example");
    const adviser = await signInStaff(overHttp(origin), {
      origin,
      enrolPath: await addStaffMember(staffEmail, "Cal Callback"),
      email: staffEmail,
    });
    const callBackOnLeadPage = async () => {
      const html = await (
        await fetch(`${origin}/staff/leads/quote/${id}`, { headers: { Cookie: adviser.cookie } })
      ).text();
      return /data-testid="lead-callback">([^<]*)</.exec(html.replace(/<!-- -->/g, ""))?.[1] ?? "";
    };
    expect(await callBackOnLeadPage()).toContain(hour.between);

    await page.locator(`#callback-${id}`).getByLabel("Day and time").selectOption("soonest");
    await page.locator(`#callback-${id}`).getByRole("button", { name: "Change call-back time" }).click();
    await expect(page.locator(`#callback-${id}`).getByRole("status")).toContainText("As soon as possible");
    expect(await callBackOnLeadPage()).toBe("As soon as possible");
  });
});
