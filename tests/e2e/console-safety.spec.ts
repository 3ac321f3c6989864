import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "../support/e2e-paths";
import { overflowing, PHONE, wrappedLabels } from "../support/layout";
import { validQuote } from "../support/leads";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";

// The console's safety (DECISIONS D31) as staff meet it: a bulk assign left on "Choose…"
// refused at its field; three leads assigned at once and undone, each back with its
// adviser and the lead's timeline saying so; a lead closed only through its check step,
// and several closed through theirs, without script; on the team page a member added (the
// form emptied, the link sent and never shown), then "Send a new link" and "Disable" each
// through their check step. Axe-clean, and fitting a 390 px phone.

const origin = `http://127.0.0.1:${E2E_PORT}`;
const ref = (id: string) => id.slice(0, 8).toUpperCase();

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A member enrolled and signed in over HTTP: their session's cookie. */
async function enrolled(name: string, roles: string[]) {
  const email = `${randomUUID().slice(0, 8)}@firm.example`;
  const member = await signInStaff(overHttp(origin), {
    origin,
    enrolPath: await addStaffMember(email, name, roles),
    email,
  });
  return member.cookie;
}

/** A signed-in member of the given roles, in a browser of their own (with or without script). */
async function memberPage(browser: Browser, name: string, roles: string[], javaScriptEnabled = true) {
  const cookie = await enrolled(name, roles);
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [cookieName = "", ...value] = pair.split("=");
      return { name: cookieName, value: value.join("="), url: origin };
    }),
  );
  return context.newPage();
}

/** Fits a 390 px phone: nothing wider than the screen, no button's label on two lines. */
async function expectFitsPhone(page: Page, name: string) {
  const overflow = await overflowing(page);
  expect(overflow.found, `${name}: wider than ${overflow.width} px`).toEqual([]);
  expect(await wrappedLabels(page), name).toEqual([]);
}

/**
 * The rows the console's places take in the header (none when they are folded into its
 * menu), and whether "Sign out" sits on the first row, beside the first place or the menu.
 */
function headerRows(page: Page) {
  return page.evaluate(() => {
    // A closed menu's places keep their boxes in Chromium: checkVisibility() knows they are hidden.
    const shown = (element: Element) => element.checkVisibility() && element.getBoundingClientRect().height > 0;
    const top = (element: Element) => Math.round(element.getBoundingClientRect().top);
    const links = [...document.querySelectorAll("header nav[aria-label='Staff console'] a")].filter(shown);
    const menu = [...document.querySelectorAll("header summary")].filter(shown);
    const signOut = [...document.querySelectorAll("header button")].find((b) => b.textContent === "Sign out");
    const firstTop = Math.min(...[...links, ...menu].map(top));
    return {
      rows: new Set(links.map(top)).size,
      signOutOnFirstRow: signOut !== undefined && Math.abs(top(signOut) - firstTop) <= 8,
    };
  });
}

async function quotesFor(request: import("@playwright/test").APIRequestContext, surname: string, n: number) {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const sent = await request.post(`${origin}/api/quotes`, {
      data: validQuote({ email: `${surname.toLowerCase()}${i}@example.com`, last_name: surname }),
    });
    expect(sent.status()).toBe(201);
    ids.push(((await sent.json()) as { id: string }).id);
  }
  return ids;
}

const surnameOf = (prefix: string) =>
  `${prefix}${randomUUID()
    .slice(0, 6)
    .replace(/[^a-f]/g, "x")}`;

test("a manager's bulk assign from Choose… is refused; three leads assigned at once are undone, each back with its adviser", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const surname = surnameOf("Safe");
  const ids = await quotesFor(request, surname, 3);
  const [a = "", b = "", c = ""] = ids;
  const bob = `Bob Broker ${surname.slice(-6)}`;
  const cara = `Cara Adviser ${surname.slice(-6)}`;
  await enrolled(bob, ["adviser"]);
  await enrolled(cara, ["adviser"]);
  const manager = await memberPage(browser, `Mo Manager ${surname.slice(-6)}`, ["manager"]);
  await manager.setViewportSize(PHONE);

  await manager.goto(`/staff?q=${surname}`);
  await manager.getByText("Change the ticked leads").click();
  await manager.getByLabel(`Tick ${ref(a)}`).check();
  // A ticked row stands out.
  const rowOf = (id: string) => manager.getByRole("row").filter({ has: manager.getByLabel(`Tick ${ref(id)}`) });
  const background = (id: string) => rowOf(id).evaluate((row) => getComputedStyle(row).backgroundColor);
  expect(await background(a)).not.toBe(await background(b));
  await expect(manager.getByLabel("Assign to", { exact: true })).toHaveValue("");
  await manager.getByRole("button", { name: "Assign ticked leads" }).click();
  await expect(manager.getByRole("alert")).toContainText("There is a problem");
  await expect(manager.getByText("Choose who to assign the ticked leads to, or No one to unassign them.")).toHaveCount(
    2,
  );
  await expectNoAxeViolations(manager);

  // Two to Bob first, then all three to Cara: the bar says how many, and whose.
  await manager.getByLabel(`Tick ${ref(a)}`).check();
  await manager.getByLabel(`Tick ${ref(b)}`).check();
  await manager.getByLabel("Assign to", { exact: true }).selectOption({ label: bob });
  await manager.getByRole("button", { name: "Assign ticked leads" }).click();
  await expect(manager.getByTestId("bulk-done")).toHaveText(`2 leads assigned to ${bob}.`);
  for (const id of ids) await manager.getByLabel(`Tick ${ref(id)}`).check();
  await manager.getByLabel("Assign to", { exact: true }).selectOption({ label: cara });
  await expect(manager.getByTestId("bulk-selection")).toHaveText(
    `Assign 3 leads, 2 now ${bob}'s and 1 with no one, to ${cara}?`,
  );
  await manager.getByRole("button", { name: "Assign ticked leads" }).click();
  await expect(manager.getByTestId("bulk-done")).toHaveText(`3 leads assigned to ${cara}.`);
  await expect(manager.getByRole("table").getByRole("row").filter({ hasText: cara })).toHaveCount(3);
  await expectNoAxeViolations(manager);
  await expectFitsPhone(manager, "inbox-assigned-with-undo");

  await manager.getByRole("button", { name: "Undo the assignment of 3 leads" }).click();
  await expect(manager.getByTestId("bulk-done")).toHaveText("Undone: 3 leads are back with whoever had them.");
  await expect(manager.getByRole("table").getByRole("row").filter({ hasText: bob })).toHaveCount(2);
  await expect(manager.getByRole("table").getByRole("row").filter({ hasText: cara })).toHaveCount(0);
  await manager.goto(`/staff/leads/quote/${c}`);
  await expect(manager.getByTestId("timeline")).toContainText(`Assigned to ${cara}`);
  await expect(manager.getByTestId("timeline")).toContainText("Undo: back as it was before the last assignment.");

  // On the lead page an assignment is undone from its notice or its line in the activity.
  await manager.goto(`/staff/leads/quote/${a}`);
  await manager.getByLabel("Assigned to").selectOption({ label: cara });
  await manager.getByRole("button", { name: "Save assignment" }).click();
  await expect(manager.getByText("Assignment saved.")).toBeVisible();
  await expectNoAxeViolations(manager);
  // In the notice, and beside the assignment in the activity: the same Undo.
  const undoAssignment = manager.getByRole("button", { name: `Undo: give the lead back to ${bob}` });
  await expect(undoAssignment).toHaveCount(2);
  await expect(manager.getByTestId("timeline").getByRole("button", { name: /^Undo/ })).toHaveCount(1);
  await undoAssignment.first().click();
  await expect(manager.getByText("Assignment undone: the lead is back as it was.")).toBeVisible();
  await expect(manager.getByLabel("Assigned to")).toHaveValue(/.+/);
  await expect(manager.getByLabel("Assigned to").locator("option:checked")).toHaveText(bob);

  // Closing it asks first, naming the lead; Confirm closes it.
  await manager.getByLabel("Change status").selectOption({ label: "Withdrawn" });
  await manager
    .getByLabel("Reason, when declining or withdrawing")
    .selectOption({ label: "Could not reach the borrower" });
  await manager.getByRole("button", { name: "Save status" }).click();
  const check = manager.getByRole("form", { name: /lead as Withdrawn\?$/ });
  await expect(check).toContainText(`(${ref(a)})`);
  await expect(check.getByRole("heading")).toBeFocused();
  await expect(manager.getByTestId("lead-status")).toHaveText("New");
  await expectNoAxeViolations(manager);
  await check.getByRole("button", { name: "Close the lead as Withdrawn" }).click();
  await expect(manager.getByText("Status saved.")).toBeVisible();
  await expect(manager.getByTestId("lead-status")).toHaveText("Withdrawn");
});

test("without script, a lead's status starts on Choose… and a lead is closed only through its check step, one or many", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const surname = surnameOf("Shut");
  const [a = "", b = "", c = ""] = await quotesFor(request, surname, 3);
  const page = await memberPage(browser, `Mia Manager ${surname.slice(-6)}`, ["manager"], false);
  await page.setViewportSize(PHONE);

  await page.goto(`/staff/leads/quote/${a}`);
  await expect(page.getByLabel("Change status")).toHaveValue("");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("alert")).toContainText("There is a problem");
  await expect(page.getByText("Choose a status.")).toHaveCount(2);
  await expect(page.getByTestId("lead-status")).toHaveText("New");

  await page.getByLabel("Change status").selectOption({ label: "Withdrawn" });
  await page
    .getByLabel("Reason, when declining or withdrawing")
    .selectOption({ label: "Could not reach the borrower" });
  await page.getByRole("button", { name: "Save status" }).click();
  const check = page.getByRole("form", { name: /lead as Withdrawn\?$/ });
  await expect(check).toContainText(`(${ref(a)})`);
  await expect(check).toContainText("It leaves the open leads and its next action ends.");
  await expect(page.getByTestId("lead-status")).toHaveText("New");
  await check.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("New");
  await page.getByLabel("Change status").selectOption({ label: "Withdrawn" });
  await page
    .getByLabel("Reason, when declining or withdrawing")
    .selectOption({ label: "Could not reach the borrower" });
  await page.getByRole("button", { name: "Save status" }).click();
  await page.getByRole("button", { name: "Close the lead as Withdrawn" }).click();
  await expect(page.getByText("Status saved.")).toBeVisible();
  await expect(page.getByTestId("lead-status")).toHaveText("Withdrawn");

  // Many at once: the check step names each lead.
  await page.goto(`/staff?q=${surname}`);
  await page.getByText("Change the ticked leads").click();
  await page.getByLabel(`Tick ${ref(b)}`).check();
  await page.getByLabel(`Tick ${ref(c)}`).check();
  await page.getByLabel("Move to status").selectOption({ label: "Declined" });
  await page.getByLabel("Reason, when declining or withdrawing").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Change status of ticked leads" }).click();
  const many = page.getByRole("form", { name: "Close 2 leads as Declined?" });
  await expect(many.getByTestId("check-step-whom")).toContainText(ref(b));
  await expect(many.getByTestId("check-step-whom")).toContainText(ref(c));
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Declined" })).toHaveCount(0);
  await expectFitsPhone(page, "inbox-close-check");
  await many.getByRole("button", { name: "Close 2 leads as Declined" }).click();
  await expect(page.getByTestId("bulk-done")).toHaveText("2 leads moved to Declined.");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Declined" })).toHaveCount(2);
});

for (const javaScriptEnabled of [true, false]) {
  test(`an administrator adds a member (the form emptied, the link never shown), then sends a new link and disables them through check steps (${javaScriptEnabled ? "with" : "without"} script)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const tag = surnameOf("T").slice(-6);
    const admin = await memberPage(browser, `Ada Admin ${tag}`, ["administrator"], javaScriptEnabled);
    await admin.setViewportSize(PHONE);
    await admin.goto("/staff/team");
    const name = `Dee Member ${tag}`;
    const email = `dee.${tag}@firm.example`;
    await admin.getByLabel("Full name").fill(name);
    await admin.getByLabel("Work email").fill(email);
    await admin.getByRole("checkbox", { name: "Adviser" }).last().check();
    await admin.getByRole("button", { name: "Add member" }).click();
    await expect(admin.getByTestId("link-sent")).toContainText(
      `${name} is added. A link to set up their account has been sent to their address`,
    );
    await expect(admin.getByLabel("Full name")).toHaveValue("");
    await expect(admin.getByLabel("Work email")).toHaveValue("");
    expect(await admin.content()).not.toContain("/staff/enrol");
    if (javaScriptEnabled) await expectNoAxeViolations(admin);

    const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name }) });
    await card.getByRole("button", { name: `Send a new link to ${name}` }).click();
    const linkCheck = admin.getByRole("form", { name: `Send ${name} a new link?` });
    await expect(linkCheck).toContainText(email);
    await expect(admin.getByTestId("link-sent")).toHaveCount(0);
    if (javaScriptEnabled) await expectNoAxeViolations(admin);
    await linkCheck.getByRole("button", { name: "Send a new link" }).click();
    await expect(admin.getByTestId("link-sent")).toContainText(`A new link has been sent to ${name}'s address`);

    await card.getByRole("button", { name: `Disable ${name}` }).click();
    const disableCheck = admin.getByRole("form", { name: `Disable ${name}?` });
    await expect(disableCheck).toContainText("They can no longer sign in");
    // The notice of the link belongs to that action: gone once another is asked.
    await expect(admin.getByTestId("link-sent")).toHaveCount(0);
    await expect(card.getByTestId("member-state")).toHaveText("Waiting to enrol");
    await disableCheck.getByRole("button", { name: "Disable the member" }).click();
    await expect(admin.getByText("Member disabled: they can no longer sign in")).toBeVisible();
    await expect(card.getByTestId("member-state")).toHaveText("Disabled");
    if (javaScriptEnabled) await expectNoAxeViolations(admin);
  });
}

test("the console's header keeps to one row for an adviser and a manager, two at most for every role, Sign out at its top right", async ({
  browser,
}) => {
  const everyRole = ["adviser", "manager", "compliance", "administrator"];
  const members: [string[], number | null][] = [
    [["adviser"], 1024],
    [["manager"], 1280],
    [["compliance"], null],
    [everyRole, null],
  ];
  for (const [roles, oneRowFrom] of members) {
    // A long name: it is cut short on screen rather than pushing the places down.
    const page = await memberPage(browser, "Alexandra Montgomery-Smith", roles);
    await page.goto("/staff/today");
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const name = `${roles.join(" + ")} at ${width} px`;
      const header = await headerRows(page);
      expect(header.rows, name).toBeLessThanOrEqual(oneRowFrom !== null && width >= oneRowFrom ? 1 : 2);
      expect(header.signOutOnFirstRow, name).toBe(true);
      expect(await wrappedLabels(page), name).toEqual([]);
      expect((await overflowing(page)).found, name).toEqual([]);
    }
    await page.setViewportSize(PHONE);
    await page.reload();
    await expectFitsPhone(page, `${roles.join(" + ")} on a phone`);
    await page.context().close();
  }
});

test("the inbox has every column in view on a 1280 px screen, a lead's flags included", async ({
  browser,
  request,
}) => {
  const surname = surnameOf("Wide");
  // Past the highest loan to value: flagged with no rate and a loan to value over 100%.
  const sent = await request.post(`${origin}/api/quotes`, {
    data: validQuote({
      email: `${surname.toLowerCase()}@example.com`,
      first_name: "Maximiliana",
      last_name: `${surname}-Montgomery-Smythe`,
      loan_amount: 400_000,
      property_value: 300_000,
      mortgage_balance: 100_000,
    }),
  });
  expect(sent.status()).toBe(201);
  const page = await memberPage(browser, "Mo Wide", ["manager"]);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/staff", `/staff?q=${surname}`]) {
      await page.goto(path);
      const fit = await page.getByTestId("inbox-table").evaluate((table) => ({
        table: table.scrollWidth,
        room: (table.parentElement as HTMLElement).clientWidth,
      }));
      expect(fit.table, `${path} at ${width} px`).toBeLessThanOrEqual(fit.room);
    }
    const flags = page.getByTestId("inbox-row").filter({ hasText: surname }).getByRole("cell").last();
    await expect(flags).toContainText("No indicative rate");
    expect(((await flags.boundingBox())?.x ?? width) + 8).toBeLessThan(width);
  }
  await page.context().close();
});
