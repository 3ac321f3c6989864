import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { formatPounds, loanCost } from "../../app/domain/finance";
import { ukClock } from "../../app/domain/uk-time";
import { validQuote } from "../support/leads";
import { choose, expectStep, fill, next, stepHeading, uniqueEmail } from "../support/step-forms";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember } from "../support/stored";

// The lender panel and a lead's case (issue 30, DECISIONS D22, docs/decisions/230), one
// walk: a borrower's check through /apply; an adviser adds a product through the console's
// form (a refused try first, with the error summary), and the borrower's lead page lists it
// among the products that fit with the monthly payment the finance module gives. After the
// call that reaches the borrower, the adviser starts a case beside the product, records the
// offer and the completion, and sees the commission earned. Axe-clean on each page, the
// lead page with its case section, and again with a case a lender declined beneath a new
// one (docs/decisions/256). The borrower came from a Google advert and accepted
// advertising cookies (DECISIONS D23): the campaign report shows the commission against
// the advert's campaign, and the offline-conversions file holds the click id with it,
// while a second completed lead of the same campaign whose visitor did not accept (its
// first case declined by the lender) is counted in the report and absent from the file.

const _PASSWORD = "Quay-side-ledger-42";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/**
 * From a new lead's page: the call that reaches the borrower, a case with `lender`'s
 * product that the lender declines, the lead reopened and a second case with the same
 * product, its offer and its completion today (docs/decisions/256).
 */
async function caseToCompletionAfterADecline(page: Page, lender: string) {
  await page.getByLabel("Spoke to them").check();
  await page.getByTestId("call-form").getByLabel("What", { exact: true }).selectOption({ label: "No next action" });
  await page.getByRole("button", { name: "Log call" }).click();
  const start = page
    .getByTestId("panel-fits")
    .getByRole("row")
    .filter({ hasText: lender })
    .getByRole("button", { name: /^Start a case with / });
  await start.click();
  const section = page.getByTestId("lead-case");
  await section.getByLabel("Why the lender declined").selectOption({ label: "Affordability" });
  await section.getByRole("button", { name: "Record decline" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("Declined");
  await page.getByLabel("Change status").selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  // The panel marks the product of the lender that said no, and still offers it.
  await expect(
    page.getByTestId("panel-fits").getByRole("row").filter({ hasText: lender }).getByTestId("panel-declined"),
  ).toHaveText(/^Declined this lead /);
  await start.click();
  await expect(section.getByTestId("case-stage")).toHaveText("Application sent");
  // The declined case beneath the open one, read-only; axe on the page with both.
  await expect(section.getByTestId("earlier-cases")).toContainText(`${lender}, Homeowner loan (example)`);
  await expect(section.getByTestId("earlier-cases")).toContainText("Affordability");
  await expectNoAxeViolations(page);
  await section.getByLabel("Amount offered (£)").fill("50,000");
  await section.getByLabel("Rate (%)").fill("4.19");
  await section.getByLabel("Term (months)").fill("60");
  await section.getByRole("button", { name: "Record offer" }).click();
  await section.getByLabel("Completion date").fill(ukClock(new Date()).day);
  await section.getByRole("button", { name: "Record completion" }).click();
  await expect(section.getByTestId("case-stage")).toHaveText("Completed");
}

/** A new staff member enrolled through the link and signed in, as the console's own pages take them. */
async function signedInStaff(page: Page, email: string, name: string) {
  await enrolAndSignIn(page, await addStaffMember(email, name), email);
  await expect(page).toHaveURL(/\/staff$/);
}

test("staff add a product, a lead from /apply shows it among the products that fit, its case runs to completion, and its advert's campaign earns the commission", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}`.slice(-6);
  const lender = `Example Lender ${run}`;
  const campaign = `panel-${run}`;
  const gclid = `Cj0KCQ${run}`;

  // The borrower arrives from a Google advert and accepts advertising cookies (the ad
  // network's own scripts are the outside world: refused here).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await context.addCookies([
    { name: "consent", value: encodeURIComponent("v1|analytics:0|advertising:1"), url: baseURL ?? "" },
  ]);
  // A mortgage owner borrowing £50,000 on a £250,000 home with £100,000 owed (LTV 60%).
  await page.goto(`/apply?utm_source=google&utm_campaign=${campaign}&gclid=${gclid}`);
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await choose(page, "Which of these describes you?", "Homeowner with mortgage");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Your loan");
  await fill(page, "How much would you like to borrow?", "50000");
  await choose(page, "What do you need the loan for?", "Home improvements");
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
  await expect(stepHeading(page)).toHaveText("Your details");
  await fill(page, "First name", "Robin");
  await fill(page, "Last name", `Panel${run}`);
  await fill(page, "Email address", uniqueEmail("panel"));
  await fill(page, "Phone number", "07700 900321");
  await next(page);
  // The check page (decision 500): the terms are agreed to there.
  await expect(stepHeading(page)).toHaveText("Check your answers");
  await page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check();
  await page.getByRole("button", { name: "Check Eligibility »" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=[0-9a-f-]{36}$/);
  const leadId = new URL(page.url()).searchParams.get("ref") ?? "";

  // The adviser adds a product: first without its largest loan (refused beside the field), then whole.
  await signedInStaff(page, `panel-${run}@firm.example`, "Pat Panel");
  await page.getByRole("link", { name: "Lender panel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lender panel" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Add a product" }).click();
  await page.getByLabel("Lender", { exact: true }).fill(lender);
  await page.getByLabel("Product name").fill("Homeowner loan (example)");
  await page.getByLabel("Kind").selectOption({ label: "Second charge" });
  await page.getByLabel("Smallest loan (£)").fill("10,000");
  await page.getByLabel("Shortest term (months)").fill("36");
  await page.getByLabel("Longest term (months)").fill("300");
  for (const [credit, ltv] of [
    ["Excellent", "85"],
    ["Good", "80"],
    ["Fair", "75"],
    ["Unsure", "70"],
  ] as const) {
    await page.getByLabel(credit, { exact: true }).fill(ltv);
  }
  await page.getByLabel("Least monthly income (£)").fill("1500");
  await page.getByLabel("Highest age at the end of the term").fill("75");
  await page.getByRole("checkbox", { name: "Business purposes" }).check();
  await page.getByLabel("Band 1: up to LTV (%)").fill("65");
  await page.getByLabel("Band 1: rate (%)").fill("4.19");
  await page.getByLabel("Band 2: up to LTV (%)").fill("85");
  await page.getByLabel("Band 2: rate (%)").fill("6.99");
  await page.getByLabel("Lender's fee (£)").fill("495");
  await page.getByLabel("Commission (% of the loan)").fill("2");
  await page.getByRole("button", { name: "Add product" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter the largest loan in pounds" })).toBeVisible();
  await expect(page.getByLabel("Largest loan (£)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Lender", { exact: true })).toHaveValue(lender);
  await expectNoAxeViolations(page);
  await summary.getByRole("link", { name: "Enter the largest loan in pounds" }).click();
  await expect(page.getByLabel("Largest loan (£)")).toBeFocused();
  await page.keyboard.type("100000");
  await page.getByRole("button", { name: "Add product" }).click();

  await expect(page).toHaveURL(/\/staff\/lenders\?done=added$/);
  await expect(page.getByText("Product added to the panel.")).toBeVisible();
  const listed = page.getByTestId("live-products").getByRole("row").filter({ hasText: lender });
  await expect(listed).toContainText("Second charge");
  await expect(listed).toContainText("£10,000 to £100,000");
  await expect(listed).toContainText("2% of the loan");

  // The lead's page: the product fits (LTV 60%, the first band), its payment the finance module's.
  await page.goto(`/staff/leads/quote/${leadId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Lender panel" })).toBeVisible();
  const fit = page.getByTestId("panel-fits").getByRole("row").filter({ hasText: lender });
  const cost = loanCost({ amount: 50_000, annualRatePercent: 4.19, months: 60 });
  await expect(fit).toContainText("4.19% fixed");
  await expect(fit).toContainText(formatPounds(cost.monthlyPayment, { pence: true }));
  await expect(fit).toContainText(formatPounds(cost.totalPayable + 495, { pence: true }));
  await expect(fit).toContainText("5 years");

  // The call that reaches the borrower, then a case with this product: the offer and the
  // completion (each form's refusals are tested in-process: tests/integration/lead-cases.test.ts).
  await page.getByLabel("Spoke to them").check();
  await page.getByTestId("call-form").getByLabel("What", { exact: true }).selectOption({ label: "No next action" });
  await page.getByRole("button", { name: "Log call" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  await fit.getByRole("button", { name: `Start a case with ${lender}, Homeowner loan (example)` }).click();
  await expect(page.getByText("Case started: the application is sent.")).toBeVisible();
  const section = page.getByTestId("lead-case");
  await expect(section.getByTestId("case-stage")).toHaveText("Application sent");
  await expect(page.getByTestId("lead-status")).toHaveText("In progress");
  await section.getByLabel("Amount offered (£)").fill("50,000");
  await section.getByLabel("Rate (%)").fill("4.19");
  await section.getByLabel("Term (months)").fill("60");
  await section.getByRole("button", { name: "Record offer" }).click();
  await expect(section.getByTestId("case-stage")).toHaveText("Offer received");
  await expect(section.getByTestId("case-offer")).toContainText("£50,000 at 4.19% over 5 years");

  // Axe on the lead page with its case section and the completion's and decline's forms.
  await expectNoAxeViolations(page);
  await expect(section.getByLabel("Amount lent (£)")).toHaveValue("50000");
  await section.getByLabel("Completion date").fill(ukClock(new Date()).day);
  await section.getByRole("button", { name: "Record completion" }).click();

  // 2% of £50,000: the product's commission, on the page and on the timeline.
  await expect(section.getByTestId("case-stage")).toHaveText("Completed");
  await expect(section.getByTestId("case-commission")).toContainText("£1,000.00");
  await expect(page.getByTestId("lead-status")).toHaveText("Completed");
  await expect(page.getByTestId("timeline")).toContainText("Case: Completed: £50,000 lent on");
  await expect(page.getByTestId("timeline")).toContainText(`Case: Application sent to ${lender}`);

  // A second lead of the same advert's campaign whose visitor refused advertising cookies,
  // declined by the lender once, then carried to completion: in the report, never in the
  // conversions file.
  const refused = await request.post("/api/quotes", {
    data: validQuote({
      email: uniqueEmail("refused"),
      last_name: `Refused${run}`,
      landing_page_url: `${baseURL}/apply?utm_source=google&utm_campaign=${campaign}&gclid=Refused${run}`,
      submission_key: randomUUID(),
    }),
  });
  expect(refused.status()).toBe(201);
  await page.goto(`/staff/leads/quote/${((await refused.json()) as { id: string }).id}`);
  await caseToCompletionAfterADecline(page, lender);

  // The campaign report: three applications sent, both completions and their commission against the campaign.
  await page.goto("/staff/funnel");
  await page.getByRole("link", { name: "What each campaign earned" }).click();
  const row = page.getByTestId("campaign-months").getByRole("row").filter({ hasText: campaign });
  await expect(row).toHaveCount(1);
  // Source, campaign, visits, leads, cases, completions, money lent, commission.
  await expect(row.getByRole("cell")).toHaveText([
    "google",
    campaign,
    /^[1-9]\d*$/,
    "2",
    "3",
    "2",
    "£100,000",
    "£2,000.00",
  ]);
  await expectNoAxeViolations(page);

  // The offline-conversions file: the consenting visitor's click with its commission, and only that
  // (the time is midday on the completion day, or now if that is earlier: offline-conversions.test.ts).
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download conversions file" }).click();
  const file = await (await downloading).path();
  const text = await readFile(file, "utf8");
  expect(text).toMatch(
    new RegExp(`^${gclid},[^,]+,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2},1000\\.00,GBP\\r?$`, "m"),
  );
  expect(text).not.toContain(`Refused${run}`);
});
