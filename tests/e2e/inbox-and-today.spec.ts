import { expect, type Locator, type Page, test } from "@playwright/test";
import { hasJava, htmlErrors } from "../support/html-checker";
import { validQuote } from "../support/leads";
import { axeViolations, skipCookieBanner } from "../support/step-forms";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember } from "../support/stored";

// The inbox and Today as a day's work needs them (issue 50): the list sorted by amount and
// then by name by its headers (with and without script), a view saved and chosen, the bar
// that counts ticked rows, the keyboard moving through the list, and the banner of a
// person's open complaint on the inbox's row and on Today's, where a lead is taken and a
// call logged from its row. axe finds nothing; the pages are valid HTML; a row is one line
// at 1280 px, and a phone shows five leads a screen.

let counter = 0;
const unique = (label: string) => `${label}${Date.now().toString(36)}${counter++}`.replace(/[^A-Za-z]/g, "");

const FIRST = ["Ava", "Ben", "Cal", "Dee", "Eve", "Fay"];
const AMOUNTS = [30_000, 90_000, 60_000, 45_000, 75_000, 20_000];

const namesOf = async (page: Page) => page.getByTestId("inbox-name").allTextContents();

/** The bottom of the fifth row less the top of the first: five leads in this many pixels. */
async function fiveRowsHeight(rows: Locator) {
  const first = await rows.nth(0).boundingBox();
  const fifth = await rows.nth(4).boundingBox();
  return (fifth?.y ?? 0) + (fifth?.height ?? 0) - (first?.y ?? 0);
}

test("the inbox sorts, saves a view, counts ticked rows and moves by keyboard; a complaint shows on the inbox and Today, where a lead is taken and a call logged", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  await skipCookieBanner(context);
  const surname = unique("Sortley");
  const email = (i: number) => `${surname.toLowerCase()}.${i}@example.com`;
  for (const [i, first] of FIRST.entries()) {
    const sent = await page.request.post("/api/quotes", {
      data: validQuote({ first_name: first, last_name: surname, email: email(i), loan_amount: AMOUNTS[i] }),
    });
    expect(sent.status()).toBe(201);
  }
  // Ben complains, from the address his lead was sent with.
  await page.goto("/make-a-complaint");
  await page.getByLabel("Full name").fill(`Ben ${surname}`);
  await page.getByLabel("Email address").fill(email(1));
  await page.getByLabel("An adviser").check();
  await page.getByLabel("What went wrong?").fill("I asked to be contacted by email only and was called three times.");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page).toHaveURL(/\/complaint-received/);

  // A manager (who may change many leads at once) signs in.
  const staffEmail = `${unique("inboxday")}@firm.example`;
  await enrolAndSignIn(page, await addStaffMember(staffEmail, "Mia Manager", ["manager"]), staffEmail);
  await expect(page).toHaveURL(/\/staff$/);

  // The search box and the views in one row; the other filters folded.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Search by name, email, phone or reference").fill(surname);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(6);
  if (process.env.INBOX_SHOTS) {
    await page.screenshot({ path: "/tmp/q-inbox-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/q-inbox-390.png", fullPage: true });
    await page.goto("/staff/today?everyone=1");
    await page.screenshot({ path: "/tmp/q-today-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: "/tmp/q-today-1280.png", fullPage: true });
    await page.goBack();
  }
  const search = await page.getByLabel("Search by name, email, phone or reference").boundingBox();
  const mineView = await page.getByRole("link", { name: "Mine", exact: true }).boundingBox();
  expect(
    Math.abs((search?.y ?? 0) + (search?.height ?? 0) - ((mineView?.y ?? 0) + (mineView?.height ?? 0))),
  ).toBeLessThan(12);
  await expect(page.getByLabel("Kind")).toBeHidden();

  // Sorted by amount by its header, then by name: aria-sort says which, the URL keeps it.
  await page
    .getByRole("columnheader", { name: /^Amount/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(page.getByRole("columnheader", { name: /^Amount/ })).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(() => namesOf(page))
    .toEqual(["Ben", "Eve", "Cal", "Dee", "Ava", "Fay"].map((f) => `${f} ${surname}`));
  await page.getByRole("columnheader", { name: /^Name/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("columnheader", { name: /^Amount/ })).not.toHaveAttribute("aria-sort", /.+/);
  await expect.poll(() => namesOf(page)).toEqual(FIRST.map((f) => `${f} ${surname}`));
  await page.getByRole("columnheader", { name: /^Name/ }).getByRole("link").click();
  await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => namesOf(page)).toEqual([...FIRST].reverse().map((f) => `${f} ${surname}`));

  // At 1280 px each row is one line, and the table fits.
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeLessThan(48);
  // The table fits its place: nothing to scroll sideways.
  const table = page.getByTestId("inbox-table");
  expect(await table.evaluate((t) => (t.parentElement?.scrollWidth ?? 0) <= (t.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );

  // Ben's row carries the banner of his open complaint.
  const ben = rows.filter({ hasText: `Ben ${surname}` });
  await expect(ben.getByTestId("person-banner")).toContainText("Open complaint");
  await expect(rows.filter({ hasText: `Ava ${surname}` }).getByTestId("person-banner")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Ticked rows: the bar at the foot of the screen counts them.
  const bar = page.getByTestId("selection-bar");
  await expect(bar.getByTestId("selection-count")).toHaveText("");
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(2).getByRole("checkbox").check();
  await expect(bar.getByTestId("selection-count")).toHaveText("2 leads ticked");
  await expect(bar).toBeInViewport();
  await bar.getByRole("button", { name: "Untick all" }).click();
  await expect(bar.getByTestId("selection-count")).toHaveText("");

  // The keyboard: j and k move between rows, x ticks, ? lists the shortcuts, Enter opens.
  await page.locator("h1").click();
  await page.keyboard.press("j");
  await expect(rows.nth(0).getByTestId("inbox-name")).toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(2).getByTestId("inbox-name")).toBeFocused();
  await page.keyboard.press("k");
  await expect(rows.nth(1).getByTestId("inbox-name")).toBeFocused();
  await page.keyboard.press("x");
  await expect(rows.nth(1).getByRole("checkbox")).toBeChecked();
  await expect(bar.getByTestId("selection-count")).toHaveText("1 lead ticked");
  await page.keyboard.press("x");
  await expect(rows.nth(1).getByRole("checkbox")).not.toBeChecked();
  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts.getByTestId("shortcuts")).toContainText("Next lead");
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(shortcuts).toBeHidden();
  const second = (await rows.nth(1).getByTestId("inbox-name").textContent()) ?? "";
  await rows.nth(1).getByTestId("inbox-name").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(second) })).toBeVisible({ timeout: 20_000 });
  await page.goBack();

  // A view saved from the list as it is (sorted by name), then chosen again from the chips.
  await page.goto(`/staff?sort=name&status=new&q=${surname}`);
  await page.getByRole("link", { name: "Save or manage views" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your views of the leads" })).toBeVisible();
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("alert").or(page.locator("[data-error-summary]")).first()).toBeVisible();
  await expect(page.getByLabel("Name of the view")).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Name of the view").fill("New by name");
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page).toHaveURL(/\/staff\?status=new&sort=name$/);
  const views = page.getByRole("list", { name: "Views" });
  await expect(views.getByRole("link", { name: "New by name" })).toHaveAttribute("aria-current", "page");
  await views.getByRole("link", { name: "All leads" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await views.getByRole("link", { name: "New by name" }).click();
  await expect(page).toHaveURL(/\/staff\?status=new&sort=name$/);
  await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");

  // Without script the headers sort the same, and the list is the same list.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const noScript = await plain.newPage();
    await noScript.goto(`/staff?q=${surname}`);
    await noScript
      .getByRole("columnheader", { name: /^Amount/ })
      .getByRole("link")
      .click();
    await expect(noScript).toHaveURL(/sort=amount/);
    await expect
      .poll(() => namesOf(noScript))
      .toEqual(["Ben", "Eve", "Cal", "Dee", "Ava", "Fay"].map((f) => `${f} ${surname}`));
    await noScript.getByRole("columnheader", { name: /^Name/ }).getByRole("link").click();
    await expect(noScript).toHaveURL(/sort=name/);
    await expect(noScript.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => namesOf(noScript)).toEqual(FIRST.map((f) => `${f} ${surname}`));
    // No shortcuts button nor bar without script: the page is whole without them.
    await expect(noScript.getByRole("button", { name: /Keyboard shortcuts/ })).toHaveCount(0);
  } finally {
    await plain.close();
  }

  // On a phone: two lines a lead, five leads within a screen, nothing off the edge.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/staff?q=${surname}&sort=name`);
  await expect(rows).toHaveCount(6);
  expect(await fiveRowsHeight(rows)).toBeLessThanOrEqual(844);
  for (const row of await rows.all()) {
    expect((await row.boundingBox())?.height ?? 0).toBeLessThan(100);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // Today (everyone's, for a manager): Ben's row carries the banner; Ava is taken from her
  // row and a call is logged from Cal's.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/staff/today?everyone=1");
  const todayRow = (first: string) => page.getByTestId("today-row").filter({ hasText: `${first} ${surname}` });
  await expect(todayRow("Ben").getByTestId("person-banner")).toContainText("Open complaint since");
  await expect(todayRow("Ben").getByRole("link", { name: `Ben ${surname}` })).toHaveAttribute(
    "href",
    /^\/staff\/leads\/quote\//,
  );
  expect(await axeViolations(page)).toEqual([]);
  await todayRow("Ava")
    .getByRole("button", { name: `Take Ava ${surname}` })
    .click();
  await expect(page.getByTestId("today-done")).toContainText("Lead taken");
  await expect(todayRow("Ava")).toContainText("Yours");
  await expect(todayRow("Ava").getByRole("button", { name: /^Take/ })).toHaveCount(0);

  const cal = todayRow("Cal");
  await cal.getByText("Log a call").click();
  // Sent without how it went: refused at the field, in the error summary too.
  await cal.getByLabel("Next action").selectOption("none");
  await cal.getByRole("button", { name: "Log call" }).click();
  await expect(page.getByText("Choose how the call went.").first()).toBeVisible();
  await expect(todayRow("Cal").getByLabel("How did it go?")).toHaveAttribute("aria-invalid", "true");
  await expect(todayRow("Cal").getByLabel("Next action")).toHaveValue("none");
  expect(await axeViolations(page)).toEqual([]);
  await todayRow("Cal").getByLabel("How did it go?").selectOption("spoke");
  await todayRow("Cal").getByRole("button", { name: "Log call" }).click();
  await expect(page.getByTestId("today-done")).toContainText("Call logged.");
  // Spoken to: no longer a new lead waiting for its first call.
  await expect(todayRow("Cal")).toHaveCount(0);

  // Today on a phone: nothing off the edge, the first lead's number on the first screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The pages as served are valid HTML: the inbox with its banner, Today, the views page.
  if (hasJava) {
    const pages = [];
    for (const path of [`/staff?q=${surname}&sort=name`, "/staff/today?everyone=1", "/staff/views?list=sort%3Dname"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      pages.push({ name: path, html: await response.text() });
    }
    expect(htmlErrors(pages)).toEqual([]);
  }
});
