import { expect, type Page, test } from "@playwright/test";
import { NEEDS_PROBLEMS } from "../../app/domain/needs";
import { quarterOf } from "../../app/domain/needs-outcomes";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { tabTo } from "../support/keyboard";
import { expectFitsScreen, PHONE } from "../support/layout";
import { validQuote } from "../support/leads";
import { enrolAndSignIn } from "../support/staff-browser";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember, databaseDump } from "../support/stored";
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

// A borrower's needs (DECISIONS D28), walked in the browser: stated on the thank-you page
// without script (a refusal first, at the field) and with script by keyboard alone; the
// adviser reads it first on the lead page and on Today and records their own; consent
// withdrawn in the account removes the health details; a stranger who sent a quote with the
// borrower's address sees none of what the account was told (DECISIONS D33); the quarter's
// report counts the group; the person's own erasure leaves nothing of what they typed.
// Axe-clean; 390 px fits.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const AMOUNT = "How much would you like to borrow?";

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

const staffEmail = (prefix: string) => uniqueEmail(prefix).replace("@example.com", "@firm.example");

/** A member signed in over HTTP, and a lead page's HTML as they get it. */
async function memberReading(name: string, roles?: string[]) {
  const email = staffEmail(name.toLowerCase().replace(/\W/g, "-"));
  const member = await signInStaff(overHttp(ORIGIN), {
    origin: ORIGIN,
    enrolPath: await addStaffMember(email, name, roles),
    email,
  });
  return async (path: string) =>
    (await (await fetch(`${ORIGIN}${path}`, { headers: { Cookie: member.cookie } })).text()).replace(/<!-- -->/g, "");
}

/** A quote sent from this page's browser, which then holds the cookie that lets it answer on the thank-you page. */
async function sentQuote(page: Page, email: string) {
  const sent = await page.request.post("/api/quotes", { data: validQuote({ email }) });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the borrower says what would help after the check; the adviser sees it first and on Today, and records more", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("needs-noscript");
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
    await fill(page, "First name", "Nora");
    await fill(page, "Last name", "Needham");
    await fill(page, "Email address", email);
    await fill(page, "Phone number", "07700 900432");
    await next(page);
    // The check page (decision 500): the terms are agreed to there.
    await expect(stepHeading(page)).toHaveText("Check your answers");
    await page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check();
    await page.getByRole("button", { name: "Check Eligibility »" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
    const id = String(new URL(page.url()).searchParams.get("ref"));

    // Health details without the consent box: refused at the box, what was typed kept.
    const needs = page.getByRole("region", { name: "Help us to help you (optional)" });
    await needs.getByLabel("Contact me by email rather than by phone").check();
    await needs.getByLabel("Anything about your health we should know (optional)").fill("Deafness in one ear");
    await needs.getByRole("button", { name: "Save what would help" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      NEEDS_PROBLEMS.consent,
    );
    await expect(page.locator("#needs-consent-error")).toHaveText(NEEDS_PROBLEMS.consent);
    await expect(page.getByLabel("Anything about your health we should know (optional)")).toHaveValue(
      "Deafness in one ear",
    );
    await expect(page.getByLabel("Contact me by email rather than by phone")).toBeChecked();
    await page.getByLabel(/I agree that you may keep what I have told you about my health/).check();
    await page.getByRole("button", { name: "Save what would help" }).click();
    await expect(page).toHaveURL(/needs=saved/);
    await expect(page.getByRole("status").filter({ hasText: "We have noted what would help you" })).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectFitsScreen(page, "thank-you with the needs form");

    // The adviser, in the console with script: the needs come before the phone number.
    const context = await browser.newContext({ javaScriptEnabled: true });
    const staff = await context.newPage();
    const adviserEmail = staffEmail("needs-adviser");
    await enrolAndSignIn(staff, await addStaffMember(adviserEmail, "Ned Adviser", ["adviser"]), adviserEmail);
    await expect(staff).toHaveURL(/\/staff$/);
    await staff.goto(`/staff/leads/quote/${id}`);
    const section = staff.getByTestId("needs-section");
    await expect(section.getByTestId("needs-markers")).toContainText("Prefers email");
    await expect(section.getByTestId("needs-health")).toContainText("Deafness in one ear");
    const needsTop = (await section.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const phoneTop = (await staff.getByTestId("lead-contact").boundingBox())?.y ?? 0;
    expect(needsTop).toBeLessThan(phoneTop);
    expect(await axeViolations(staff)).toEqual([]);

    // The adviser records what they learnt on a call.
    await section.getByText("Change the needs record").click();
    await section.getByLabel(/^Life events/).check();
    await section.getByLabel(/^More time/).check();
    await section.getByLabel("Anything else the firm will do").fill("Give a week between calls");
    await section.getByLabel("Where this came from").selectOption("call");
    await section.getByRole("button", { name: "Save the needs record" }).click();
    await expect(staff.getByText("Needs record saved.")).toBeVisible();
    await expect(staff.getByTestId("needs-record")).toContainText("Life events");
    await expect(staff.getByTestId("needs-record")).toContainText("Ned Adviser");
    await expect(staff.getByTestId("needs-record")).toContainText("Deafness in one ear");

    // Today marks the lead, so nobody rings a borrower who asked for email.
    await staff.goto("/staff/today");
    await expect(staff.locator(`[data-lead="${id}"]`).getByTestId("needs-markers")).toContainText("Prefers email");
    expect(await axeViolations(staff)).toEqual([]);
    await staff.setViewportSize(PHONE);
    await staff.goto(`/staff/leads/quote/${id}`);
    await expectFitsScreen(staff, "the lead page with its needs record");
    await context.close();
  });
});

test.describe("with script", () => {
  test("said by keyboard, consent withdrawn in the account removes the health details, and an erasure leaves nothing", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("needs-account");
    await confirmedAccount(request, email, "Harbour-42-needs");
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "Harbour-42-needs" },
      headers: { Origin: ORIGIN },
    });
    expect(signIn.status()).toBe(200);
    const id = await sentQuote(page, email);

    // By keyboard alone: each box by Space, the words typed, sent with Enter.
    await page.goto(`/thank-you?ref=${id}`);
    await expect(page.getByRole("heading", { name: "Help us to help you (optional)" })).toBeVisible();
    await tabTo(page, page.getByLabel("Explain things to me in writing"));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByLabel("Anything else we should know (optional)"));
    await page.keyboard.type("Ring my sister Philippa Wexford first");
    await tabTo(page, page.getByLabel("Anything about your health we should know (optional)"));
    await page.keyboard.type("Vertigo episodes Quintessa");
    await tabTo(page, page.getByLabel(/I agree that you may keep what I have told you about my health/));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Save what would help" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "We have noted what would help you" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const read = await memberReading("Aled Adviser", ["adviser"]);
    expect(await read(`/staff/leads/quote/${id}`)).toContain("Vertigo episodes Quintessa");
    // A member who reads leads but does not work them (Compliance) is not shown the needs.
    const compliance = await memberReading("Cy Compliance", ["compliance"]);
    const asCompliance = await compliance(`/staff/leads/quote/${id}`);
    expect(asCompliance).toContain("lead-contact");
    expect(asCompliance).not.toContain(`data-testid="needs-section"`);

    // The account: the same answers, and the consent withdrawn.
    await page.goto("/account");
    const section = page.getByRole("region", { name: "What would help when we speak to you" });
    await expect(section.getByLabel("Explain things to me in writing")).toBeChecked();
    await expect(section.getByLabel("Anything about your health we should know (optional)")).toHaveValue(
      "Vertigo episodes Quintessa",
    );
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole("button", { name: "Withdraw consent and delete my health details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your consent is withdrawn" })).toBeVisible();
    await expect(section.getByLabel("Anything about your health we should know (optional)")).toHaveValue("");
    await expect(section.getByLabel("Explain things to me in writing")).toBeChecked();
    const after = await read(`/staff/leads/quote/${id}`);
    expect(after).not.toContain("Vertigo episodes Quintessa");
    expect(after).toContain("Philippa Wexford");
    await page.setViewportSize(PHONE);
    await expectFitsScreen(page, "the account's needs");

    // The person deletes their account: nothing they typed is left anywhere in the database.
    await page.getByLabel("I understand my account and my enquiries will be deleted").check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/auth\?deleted=1/);
    const dump = await databaseDump();
    expect(dump.length).toBeGreaterThan(0);
    expect(dump.split("\n").filter((line) => /Wexford|Quintessa/i.test(line))).toEqual([]);
  });

  test("a stranger who sent a quote with the borrower's email address sees none of what the borrower told their account", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("needs-stranger");
    // The stranger's own browser sends a quote with the borrower's address first.
    const strangers = await browser.newContext();
    await skipCookieBanner(strangers);
    const stranger = await strangers.newPage();
    const theirs = await sentQuote(stranger, email);

    // The borrower, signed in, sends their own and tells their account what would help.
    await confirmedAccount(request, email, "Harbour-42-stranger");
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "Harbour-42-stranger" },
      headers: { Origin: ORIGIN },
    });
    expect(signIn.status()).toBe(200);
    await sentQuote(page, email);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "What would help when we speak to you" });
    await section.getByLabel("Contact me by email rather than by phone").check();
    await section.getByLabel("Anything else we should know (optional)").fill("Ask for my son Bartholomew");
    await section.getByLabel("Anything about your health we should know (optional)").fill("Meniere flare-ups Ottoline");
    await section.getByLabel(/I agree that you may keep what I have told you about my health/).check();
    await section.getByRole("button", { name: "Save what would help" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    // The stranger's thank-you page asks afresh, and shows nothing of it.
    await stranger.goto(`/thank-you?ref=${theirs}`);
    const asked = stranger.getByRole("region", { name: "Help us to help you (optional)" });
    await expect(asked.getByLabel("Anything about your health we should know (optional)")).toHaveValue("");
    await expect(asked.getByLabel("Anything else we should know (optional)")).toHaveValue("");
    await expect(asked.getByLabel("Contact me by email rather than by phone")).not.toBeChecked();
    expect(await stranger.content()).not.toMatch(/Bartholomew|Ottoline/);
    expect(await axeViolations(stranger)).toEqual([]);

    // What the stranger tells there stays theirs: the borrower's account still shows the borrower's own.
    await asked.getByLabel("Anything else we should know (optional)").fill("Speak to Wilhelmina only");
    await asked.getByRole("button", { name: "Save what would help" }).click();
    await expect(stranger.getByRole("status").filter({ hasText: "We have noted what would help you" })).toBeVisible();
    await page.reload();
    await expect(section.getByLabel("Anything else we should know (optional)")).toHaveValue(
      "Ask for my son Bartholomew",
    );
    expect(await page.content()).not.toContain("Wilhelmina");
    await strangers.close();
  });

  test("the quarter's report counts the leads with a needs record against the rest, and downloads as CSV", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Ten leads whose borrowers asked for email: the group reaches the size that shows figures.
    for (let n = 0; n < 10; n++) {
      const id = await sentQuote(page, uniqueEmail("needs-report"));
      const stated = await page.request.post(`/thank-you?ref=${id}`, {
        form: { intent: "needs", adjustments: "email" },
        headers: { Origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(stated.status()).toBe(303);
    }
    const context = await browser.newContext();
    const manager = await context.newPage();
    const email = staffEmail("needs-manager");
    await enrolAndSignIn(manager, await addStaffMember(email, "Mo Manager", ["manager"]), email);
    await expect(manager).toHaveURL(/\/staff$/);
    // The outcomes report is named in the navigation of the roles that read it.
    await manager
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Consumer Duty outcomes" })
      .click();
    await expect(manager.getByRole("heading", { level: 1 })).toContainText("Consumer Duty outcomes");
    const leads = manager
      .getByRole("row")
      .filter({ has: manager.getByRole("rowheader", { name: "Leads", exact: true }) });
    const withNeeds = Number(await leads.getByTestId("outcomes-needs").textContent());
    expect(withNeeds).toBeGreaterThanOrEqual(10);
    expect(await axeViolations(manager)).toEqual([]);
    const csv = await manager.request.get(`/staff/outcomes/export?quarter=${quarterOf(new Date())}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`Leads,${withNeeds},`);
    await manager.setViewportSize(PHONE);
    await expectFitsScreen(manager, "the outcomes report");
    await context.close();
  });
});
