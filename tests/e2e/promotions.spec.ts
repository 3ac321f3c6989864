import AxeBuilder from "@axe-core/playwright";
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { exampleField, rateTableField } from "../../app/domain/promotions";
import { ukClock } from "../../app/domain/uk-time";
import { createScratchDatabase } from "../support/database";
import { type CheckedPage, hasJava, htmlErrors } from "../support/html-checker";
import { tabTo } from "../support/keyboard";
import { expectFitsScreen, PHONE } from "../support/layout";
import { validEnquiry, validQuote } from "../support/leads";
import { enrolAndSignIn } from "../support/staff-browser";

// Rates, examples and claims changed in the console (DECISIONS D27), on servers of their
// own (a publication here must not move the figures other browser tests read): a manager
// drafts a new headline rate without script, seeing the pages it touches; the drafter
// cannot approve it; a compliance member approves it; the loan page, its calculator and
// the quick check show it without a restart, and on PostgreSQL a second server sharing
// the database shows it too; the history shows the page as it was before. Then a version
// set for a later time goes live when the test moves the server's clock to it. Every
// approval acknowledges the version's warnings and is confirmed at a check step; a version
// whose Excellent band costs more than Good is warned of, and its changed figure marked.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 5;
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

interface Server {
  child: ChildProcess;
  origin: string;
  control: string;
}

async function startServer(port: number, databaseUrl: string | undefined): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/e2e-server.ts"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      NODE_ENV: "production",
      ...(databaseUrl ? { E2E_DATABASE_URL: databaseUrl } : { TEST_DATABASE_URL: "" }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the server on ${port} did not start`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, origin, control: `http://127.0.0.1:${port + 1000}` };
}

let servers: Server[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let url: string | undefined;
  if (POSTGRES) {
    const scratch = await createScratchDatabase();
    url = scratch.url;
    dropDatabase = scratch.drop;
  }
  servers = [await startServer(BASE_PORT, url)];
  if (url) servers.push(await startServer(BASE_PORT + 1, url));
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.child.once("exit", () => resolve());
          server.child.kill("SIGTERM");
        }),
    ),
  );
  await dropDatabase?.();
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A member of the given roles, signed in on the first server in a browser of their own. */
async function member(browser: Browser, roles: string, options: { javaScriptEnabled?: boolean } = {}) {
  const [server] = servers;
  if (!server) throw new Error("no server");
  const email = `${roles.replace(/,/g, "-")}.${randomUUID().slice(0, 8)}@firm.example`;
  const name = roles === "compliance" ? "Cass Compliance" : "Mo Manager";
  const query = new URLSearchParams({ email, name, roles });
  const link = await (await fetch(`${server.control}/staff/add?${query}`)).text();
  const context = await browser.newContext({ baseURL: server.origin, ...options });
  const page = await context.newPage();
  await enrolAndSignIn(page, `${server.origin}${link}`, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/staff/sign-in"));
  return page;
}

const rows = async <T>(server: Server, table: string) =>
  (await (await fetch(`${server.control}/${table}`)).json()) as T[];

/** Ticks the warnings' box when the version's page has one (the site's rates are not the panel's in these tests). */
async function acknowledgeWarnings(approver: Page) {
  const seen = approver.getByLabel(/^I have read the/);
  if ((await seen.count()) > 0) await seen.check();
}

/** Approves a version as its approver does: its warnings acknowledged, then Confirm at the check step. */
async function approveVersion(approver: Page, versionId: number) {
  await approver.goto(`/staff/promotions/${versionId}`);
  await acknowledgeWarnings(approver);
  await approver.getByRole("button", { name: `Approve version ${versionId}` }).click();
  await expect(approver.getByRole("heading", { name: new RegExp(`^Approve version ${versionId}`) })).toBeFocused();
  await approver.getByRole("button", { name: new RegExp(`^Approve (and publish )?version ${versionId}$`) }).click();
}

/** Fills the draft form's headline rate, the table's lowest band and what the change is for. */
async function draftRate(page: Page, rate: string, summary: string) {
  await page.goto("/staff/promotions");
  for (const history of ["excellent", "good", "unsure"] as const)
    await page.locator(`[name="${rateTableField(0, history)}"]`).fill(rate);
  await page.locator(`[name="${exampleField("headline", "ratePercent")}"]`).fill(rate);
  await page.getByLabel("What the change is for").fill(summary);
}

test("a new rate is drafted, refused to its drafter, approved by compliance and shown on every server's pages; the history keeps the page as it was", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [first] = servers;
  if (!first) throw new Error("no server");
  const before = new Date();
  const beforeUk = ukClock(new Date(before.getTime() - 60_000));

  // The drafter holds both permissions: only the two-person rule stops them approving.
  const drafter = await member(browser, "manager,compliance");
  await draftRate(drafter, "", "Lender rates from 1 March");
  await drafter.getByRole("button", { name: "Send for approval" }).click();
  // Refused: the summary, each reason beside its field.
  await expect(drafter.getByRole("alert")).toContainText("There is a problem");
  await expect(drafter.locator("#promotion-examples-headline-ratePercent-error")).toContainText("not complete");
  await expectNoAxeViolations(drafter);
  // The same form sent without script comes back as a page with the same reasons.
  const posted = await drafter.request.post("/staff/promotions", {
    headers: { Origin: first.origin, "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams({ intent: "draft", summary: "No script" }).toString(),
  });
  expect(posted.status()).toBe(400);
  const refusedPage = await posted.text();
  expect(refusedPage).toContain("There is a problem");
  expect(refusedPage).toContain('id="promotion-examples-headline-amount-error"');

  await draftRate(drafter, "5.29", "Lender rates from 1 March");
  await drafter.getByRole("button", { name: "Show the pages it changes" }).click();
  const touched = drafter.getByTestId("touched-page");
  await expect(touched.filter({ hasText: "/secured-homeowner-loan" })).toContainText("5.29%");
  await expect(touched.filter({ hasText: "/secured-homeowner-loan" })).toContainText("5.69%");
  await expect(touched.filter({ hasText: "/apply-personal" })).toContainText("the rate it quotes");
  await drafter.getByRole("button", { name: "Send for approval" }).click();
  await expect(drafter).toHaveURL(/\/staff\/promotions\/\d+\?done=drafted$/);
  const versionId = Number(/promotions\/(\d+)/.exec(drafter.url())?.[1]);
  await expect(drafter.getByText("You drafted this version: another member must approve it")).toBeVisible();
  await expect(drafter.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(drafter);
  // Asked anyway, the server refuses the drafter.
  const forced = await drafter.request.post(`/staff/promotions/${versionId}`, {
    headers: { Origin: first.origin, "Content-Type": "application/x-www-form-urlencoded" },
    data: "intent=approve",
  });
  expect(forced.status()).toBe(409);
  expect(await forced.text()).toContain("another member must approve it");

  // Compliance approves it by keyboard.
  const approver = await member(browser, "compliance");
  await approver.goto(`/staff/promotions/${versionId}`);
  await expect(approver.getByTestId("touched-page").first()).toBeVisible();
  await expectNoAxeViolations(approver);
  // Its "rates from" is on no product of the (empty) panel: warned, and acknowledged by keyboard.
  await expect(approver.getByTestId("promotion-warnings")).toContainText("no live homeowner product");
  const seen = approver.getByLabel(/^I have read the warning above/);
  await tabTo(approver, seen);
  await approver.keyboard.press("Space");
  const approve = approver.getByRole("button", { name: `Approve version ${versionId}` });
  await tabTo(approver, approve);
  await approver.keyboard.press("Enter");
  // The check step says what will happen, and on which pages; Confirm by keyboard.
  await expect(
    approver.getByRole("heading", { name: `Approve version ${versionId} and publish it now?` }),
  ).toBeFocused();
  await expect(approver.getByTestId("check-step-whom")).toContainText("Secured homeowner loan and its calculator");
  await expectNoAxeViolations(approver);
  const publish = approver.getByRole("button", { name: `Approve and publish version ${versionId}` });
  await tabTo(approver, publish);
  await approver.keyboard.press("Enter");
  await expect(approver.getByRole("status")).toContainText("Approved and live");

  // Every server's pages, without a restart: the loan page, its calculator, the quick check.
  for (const server of servers) {
    const visitor = await browser.newPage({ baseURL: server.origin });
    await expect
      .poll(
        async () =>
          (await (await fetch(`${server.origin}/secured-homeowner-loan`)).text()).includes("fixed rates from 5.29%"),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await visitor.goto("/secured-homeowner-loan");
    await expect(visitor.getByText("fixed rates from 5.29%").first()).toBeVisible();
    await visitor.getByRole("button", { name: "Calculate Payments" }).click();
    await expect(visitor.getByText("5.29% a year").first()).toBeVisible();
    await visitor.goto("/apply-personal");
    await expect(visitor.locator("footer")).toContainText("5.29%");
    await visitor.close();

    // A lead now is quoted on the new version, and says so.
    const quote = await fetch(`${server.origin}/api/quotes`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify(validQuote({ email: `rate.${randomUUID().slice(0, 8)}@example.com` })),
    });
    expect(quote.status).toBe(201);
    const enquiry = await fetch(`${server.origin}/api/enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify(validEnquiry({ email: `quick.${randomUUID().slice(0, 8)}@example.com` })),
    });
    expect(enquiry.status).toBe(201);
  }
  const quotes = await rows<{ promotion_version_id: number | null }>(first, "quotes");
  expect(quotes.map((q) => Number(q.promotion_version_id))).toEqual(servers.map(() => versionId));
  const enquiries = await rows<{ promotion_version_id: number | null }>(first, "personal_enquiries");
  expect(enquiries.map((q) => Number(q.promotion_version_id))).toEqual(servers.map(() => versionId));

  // The record: the page as it was before, marked as a past copy.
  const hh = String(Math.floor(beforeUk.minutes / 60)).padStart(2, "0");
  const mm = String(beforeUk.minutes % 60).padStart(2, "0");
  await approver.goto(`/staff/promotions/history?page=/secured-homeowner-loan&day=${beforeUk.day}&time=${hh}:${mm}`);
  await expect(approver.getByRole("heading", { name: /Past copy/ })).toContainText(
    "the figures the site was built with",
  );
  await expect(approver.getByTestId("past-copy")).toContainText("fixed rates from 5.69%");
  await expect(approver.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(approver);
  const audit = await rows<{ action: string }>(first, "audit_log");
  expect(audit.map((row) => row.action).filter((a) => a.startsWith("promotion."))).toEqual([
    "promotion.drafted",
    "promotion.approved",
    "promotion.published",
  ]);

  // The console fits a phone.
  await approver.setViewportSize(PHONE);
  await approver.goto("/staff/promotions");
  await expectFitsScreen(approver, "/staff/promotions");
  await approver.goto(`/staff/promotions/${versionId}`);
  await expectFitsScreen(approver, "/staff/promotions/:id");
});

test("a draft on figures no longer live warns its approver, who approves it only by confirming it replaces the live version", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A manager opens the form on the figures live now...
  const drafter = await member(browser, "manager");
  await draftRate(drafter, "5.49", "Lender A's rates");
  // ...and before they send it, a colleague's change is drafted, approved and live.
  const colleague = await member(browser, "manager");
  await draftRate(colleague, "5.39", "Lender B's rates");
  await colleague.getByRole("button", { name: "Send for approval" }).click();
  await expect(colleague).toHaveURL(/\/staff\/promotions\/\d+\?done=drafted$/);
  const newer = Number(/promotions\/(\d+)/.exec(colleague.url())?.[1]);
  const approver = await member(browser, "compliance");
  await approveVersion(approver, newer);
  await expect(approver.getByRole("status")).toContainText("Approved and live");

  await drafter.getByRole("button", { name: "Send for approval" }).click();
  await expect(drafter).toHaveURL(/\/staff\/promotions\/\d+\?done=drafted$/);
  const versionId = Number(/promotions\/(\d+)/.exec(drafter.url())?.[1]);

  // The approver is told it was drafted on figures no longer live, and sees it against the live ones.
  await approver.goto(`/staff/promotions/${versionId}`);
  await expect(approver.getByTestId("stale-base")).toContainText(`version ${newer} has gone live since`);
  await expect(approver.getByTestId("touched-page").filter({ hasText: "/secured-homeowner-loan" })).toContainText(
    "5.39%",
  );
  await expectNoAxeViolations(approver);
  await approver.getByRole("button", { name: `Approve version ${versionId}` }).click();
  await expect(approver.locator("#promotion-replacesLive-error")).toContainText(
    `Confirm that this version replaces version ${newer}, live now`,
  );
  await expect(approver.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expectNoAxeViolations(approver);
  const versions = await rows<{ id: number; status: string }>(servers[0]!, "promotion_versions");
  expect(versions.find((v) => Number(v.id) === versionId)?.status).toBe("draft");

  await approver.getByLabel(`It replaces version ${newer}, live now`).check();
  await acknowledgeWarnings(approver);
  await approver.getByRole("button", { name: `Approve version ${versionId}` }).click();
  await approver.getByRole("button", { name: `Approve and publish version ${versionId}` }).click();
  await expect(approver.getByRole("status")).toContainText("Approved and live");
});

test("a version set for a later time goes live when the clock reaches it", async ({ browser }) => {
  test.setTimeout(180_000);
  const [first] = servers;
  if (!first) throw new Error("no server");
  const drafter = await member(browser, "manager");
  const later = new Date(Date.now() + 24 * 3_600_000);
  const { day, minutes } = ukClock(later);
  await draftRate(drafter, "5.19", "Lender rates from tomorrow");
  await drafter.getByLabel("Day", { exact: true }).fill(day);
  await drafter
    .getByLabel("Time")
    .fill(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  await drafter.getByRole("button", { name: "Send for approval" }).click();
  await expect(drafter).toHaveURL(/\/staff\/promotions\/\d+\?done=drafted$/);
  const versionId = Number(/promotions\/(\d+)/.exec(drafter.url())?.[1]);

  const approver = await member(browser, "compliance");
  await approveVersion(approver, versionId);
  await expect(approver.getByRole("status")).toContainText("Approved. It goes live at its time");
  // Not yet: a few polls later the page still shows the rate before.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(await (await fetch(`${first.origin}/secured-homeowner-loan`)).text()).not.toContain("fixed rates from 5.19%");

  await fetch(`${first.control}/promotions-clock?to=${new Date(later.getTime() + 60_000).toISOString()}`);
  for (const server of servers) {
    await expect
      .poll(
        async () =>
          (await (await fetch(`${server.origin}/secured-homeowner-loan`)).text()).includes("fixed rates from 5.19%"),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  }
  const versions = await rows<{ id: number; status: string }>(first, "promotion_versions");
  expect(versions.find((v) => Number(v.id) === versionId)?.status).toBe("live");
});

for (const javaScriptEnabled of [true, false]) {
  /** axe runs as a script in the page: checked in the run with script, which draws the same pages. */
  const expectNoAxeViolationsHere = async (page: Page) => {
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  };
  test(`${javaScriptEnabled ? "with" : "without"} script: a version whose Excellent band costs more than Good is warned of, its changed figure marked, and approved only once acknowledged; rates from below the panel's lowest are warned of`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const [first] = servers;
    if (!first) throw new Error("no server");
    // The example panel: its lowest homeowner rate is 5.99%, above what the site advertises.
    await fetch(`${first.control}/panel`);
    const drafter = await member(browser, "manager", { javaScriptEnabled });
    await drafter.goto("/staff/promotions");
    const excellent = drafter.locator(`[name="${rateTableField(1, "excellent")}"]`);
    const good = Number(await drafter.locator(`[name="${rateTableField(1, "good")}"]`).inputValue());
    const was = await excellent.inputValue();
    // Above Good, and above what it is now (the run with script made it dearer already).
    const dearer = (Math.max(Number(was), good) + 0.25).toFixed(2);
    await excellent.fill(dearer);
    // The pages it changes, before any summary: only the figure that differs, and the warnings to come.
    await drafter.getByRole("button", { name: "Show the pages it changes" }).click();
    const apply = drafter.getByTestId("touched-page").filter({ hasText: "/apply-personal" });
    await expect(apply).toContainText(`Up to 65% LTV, Excellent credit: was ${Number(was)}% now ${Number(dearer)}%`);
    await expect(drafter.getByTestId("touched-page")).toHaveCount(2);
    await expect(drafter.getByTestId("promotion-warnings")).toContainText("Excellent credit costs more");
    await expect(drafter.locator("#promotion-summary-error")).toHaveCount(0);
    await expectNoAxeViolationsHere(drafter);
    await drafter.getByLabel("What the change is for").fill("Lender C's Excellent rate");
    await drafter.getByRole("button", { name: "Send for approval" }).click();
    await expect(drafter).toHaveURL(/\/staff\/promotions\/\d+\?done=drafted$/);
    const versionId = Number(/promotions\/(\d+)/.exec(drafter.url())?.[1]);

    const approver = await member(browser, "compliance", { javaScriptEnabled });
    await approver.goto(`/staff/promotions/${versionId}`);
    const warnings = approver.getByTestId("promotion-warnings");
    await expect(warnings).toContainText(
      `Up to 65% LTV: Excellent credit costs more (${Number(dearer)}%) than Good credit (${good}%)`,
    );
    await expect(warnings).toContainText("below the lender panel's lowest rate (5.99%");
    // Its figures: the one changed, old struck through and new beside it.
    await expect(approver.getByText(/^One figure differs from /)).toBeVisible();
    const marked = approver.getByTestId("rate-band").getByTestId("changed-figure");
    await expect(marked).toHaveCount(1);
    await expect(marked.locator("del")).toHaveText(`was ${Number(was)}%`);
    await expect(marked.locator("ins")).toHaveText(`now ${Number(dearer)}%`);
    await expectNoAxeViolationsHere(approver);
    await approver.setViewportSize(PHONE);
    await expectFitsScreen(approver, "/staff/promotions/:id with warnings");

    // Not acknowledged: refused at the tick box.
    await approver.getByRole("button", { name: `Approve version ${versionId}` }).click();
    await expect(approver.locator("#promotion-warningsSeen-error")).toContainText(
      "Confirm that you have read the 2 warnings above",
    );
    // Drawn by script after the post, the summary still takes the focus.
    await expect(approver.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expectNoAxeViolationsHere(approver);
    const versions = await rows<{ id: number; status: string }>(first, "promotion_versions");
    expect(versions.find((v) => Number(v.id) === versionId)?.status).toBe("draft");

    // Acknowledged: the check step, then live.
    await approver.getByLabel("I have read the 2 warnings above and approve it as it is").check();
    await approver.getByRole("button", { name: `Approve version ${versionId}` }).click();
    await expect(
      approver.getByRole("heading", { name: `Approve version ${versionId} and publish it now?` }),
    ).toBeVisible();
    await expect(approver.getByText("You acknowledge its 2 warnings.")).toBeVisible();
    await expectNoAxeViolationsHere(approver);
    await expectFitsScreen(approver, "/staff/promotions/:id, its check step");

    if (!javaScriptEnabled && hasJava) {
      // The pages as the server sends them: valid HTML, the refusal and the check step too.
      const post = (data: Record<string, string>) =>
        approver.request.post(`/staff/promotions/${versionId}`, {
          headers: { Origin: first.origin, "Content-Type": "application/x-www-form-urlencoded" },
          data: new URLSearchParams(data).toString(),
        });
      const tick = await approver.locator('input[name="warningsSeen"]').getAttribute("value");
      const pages: CheckedPage[] = [
        {
          name: "the version with warnings",
          html: await (await approver.request.get(`/staff/promotions/${versionId}`)).text(),
        },
        { name: "the warnings not acknowledged", html: await (await post({ intent: "approve" })).text() },
        { name: "the check step", html: await (await post({ intent: "approve", warningsSeen: tick ?? "" })).text() },
      ];
      expect(htmlErrors(pages)).toEqual([]);
    }

    await approver.getByRole("button", { name: `Approve and publish version ${versionId}` }).click();
    await expect(approver.getByRole("status")).toContainText("Approved and live");
  });
}
