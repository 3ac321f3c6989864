import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { STATUS_UNDONE } from "../../app/domain/lead-undo";
import { E2E_PORT } from "../support/e2e-paths";
import { expectFitsScreen, PHONE } from "../support/layout";
import { validQuote } from "../support/leads";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";

// The Undo of a status move on a lead (DECISIONS D31), as staff meet it, with and without
// script: a lead moved from New to Contacted, the notice saying so with an Undo, the
// activity offering it too; Undo moves it back, the timeline saying so, and no undo of the
// undo is offered. Axe-clean, and fitting a 390 px phone.

const origin = `http://127.0.0.1:${E2E_PORT}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A manager signed in, in a browser of their own (with or without script). */
async function managerPage(browser: Browser, javaScriptEnabled: boolean) {
  const email = `${randomUUID().slice(0, 8)}@firm.example`;
  const { cookie } = await signInStaff(overHttp(origin), {
    origin,
    enrolPath: await addStaffMember(email, "Una Undo", ["manager"]),
    email,
  });
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: origin };
    }),
  );
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} script: a status move is undone from its notice, the lead back as it was`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const sent = await request.post(`${origin}/api/quotes`, {
      headers: { Origin: origin },
      data: validQuote({ email: `undo.${randomUUID().slice(0, 8)}@example.com` }),
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const page = await managerPage(browser, javaScriptEnabled);
    await page.goto(`/staff/leads/quote/${id}`);
    await page.getByLabel("Change status").selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Status saved.")).toBeVisible();
    // In the notice, and beside the move in the activity: the same Undo.
    const undo = page.getByRole("button", { name: "Undo: move the lead back to New" });
    await expect(undo).toHaveCount(2);
    await expect(page.getByTestId("timeline").getByRole("button", { name: /^Undo/ })).toHaveCount(1);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectFitsScreen(page, "/staff/leads/:kind/:id with an undo");

    await undo.first().click();
    await expect(page.getByText("Status change undone: the lead is back as it was.")).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText(STATUS_UNDONE);
    await expect(page.getByRole("button", { name: /^Undo/ })).toHaveCount(0);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  });
}
