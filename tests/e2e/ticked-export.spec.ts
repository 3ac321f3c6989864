import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { nextCode } from "../support/authenticator";
import { E2E_PORT } from "../support/e2e-paths";
import { validQuote } from "../support/leads";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember, staleCode } from "../support/stored";

// "Export ticked leads (CSV)" in the inbox (docs/decisions/335), as a manager meets it: the
// ticked lead downloads as a file, with script and without; with the last code more than
// five minutes old, the code is asked for first and the file follows it.

const origin = `http://127.0.0.1:${E2E_PORT}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const tick = (id: string) => `Tick ${id.slice(0, 8).toUpperCase()}`;

test("a manager's ticked leads download as a file, with and without script, after a fresh code", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const surname = `Tickett${randomUUID()
    .slice(0, 6)
    .replace(/[^a-f]/g, "x")}`;
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const sent = await request.post(`${origin}/api/quotes`, {
      data: validQuote({ email: `${surname.toLowerCase()}${n}@example.com`, last_name: surname }),
    });
    expect(sent.status()).toBe(201);
    ids.push(((await sent.json()) as { id: string }).id);
  }
  const [first = "", second = ""] = ids;
  const email = `${randomUUID().slice(0, 8)}@firm.example`;
  const context = await browser.newContext({ baseURL: origin });
  const manager = await context.newPage();
  const key = await enrolAndSignIn(manager, await addStaffMember(email, "Mo Manager", ["manager"]), email);
  await expect(manager).toHaveURL(/\/staff$/);

  // With script, just signed in: one lead ticked, one file of it.
  await manager.goto(`/staff?q=${surname}`);
  await manager.getByText("Change the ticked leads").click();
  await manager.getByLabel(tick(first)).check();
  await expectNoAxeViolations(manager);
  const [download] = await Promise.all([
    manager.waitForEvent("download"),
    manager.getByRole("button", { name: "Export ticked leads (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-selected-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  expect(csv).toContain(first);
  expect(csv).not.toContain(second);
  expect(csv).toContain(surname);

  // Without script, the code six minutes old: the code first, then the file of the page.
  await staleCode(email);
  const plain = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  await plain.addCookies(await context.cookies());
  const noScript = await plain.newPage();
  await noScript.goto(`/staff?q=${surname}`);
  await noScript.getByText("Change the ticked leads").click();
  await noScript.getByLabel(/^All 2 leads on this page$/).check();
  await noScript.getByRole("button", { name: "Export ticked leads (CSV)" }).click();
  await expect(noScript).toHaveURL(/\/staff\/step-up\?from=%2Fstaff%2Fexport%2Fticked/);
  await noScript.getByLabel("Code from your authenticator app").fill(await nextCode(key));
  const [both] = await Promise.all([
    noScript.waitForEvent("download"),
    noScript.getByRole("button", { name: "Continue" }).click(),
  ]);
  const page = await readFile((await both.path()) ?? "", "utf8");
  expect(page).toContain(first);
  expect(page).toContain(second);
  expect(page.trim().split("\r\n")).toHaveLength(3);
  await plain.close();
  await context.close();
});
