import { expect, test } from "@playwright/test";
import { tabTo } from "../support/keyboard";
import { validQuote } from "../support/leads";
import { axeViolations, skipCookieBanner } from "../support/step-forms";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember } from "../support/stored";

// The adviser's day (docs/decisions/190), one walk: a lead arrives through the API as the
// form sends it, the borrower picks an hour on the thank-you page, an adviser signs in and
// finds it on Today, opens it, logs a call from the keyboard with its outcome and a next
// action, plans the next action alone from the keyboard, and sees Today change. axe finds
// nothing on Today or the lead page.

const _PASSWORD = "Quay-side-ledger-42";

/** A UK day a few days ahead, as the form's date field holds it. */
function dayAhead(days: number) {
  const value = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  return { value };
}

test("a booked lead on Today, a call logged with its outcome and next action, and Today changes", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await skipCookieBanner(context);

  // The lead arrives, and its browser books the first hour offered on the thank-you page.
  const sent = await page.request.post("/api/quotes", {
    data: validQuote({ email: `adviser-day-${Date.now()}@example.com`, phone: "07700 900456" }),
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const reference = id.slice(0, 8).toUpperCase();
  await page.goto(`/thank-you?ref=${id}`);
  await page.getByLabel("Day and time").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Save call-back time" }).click();
  await expect(page).toHaveURL(/callback=saved/);

  // An adviser, made as the command line makes one, enrols and signs in.
  const email = `day-${Date.now()}@firm.example`;
  await enrolAndSignIn(page, await addStaffMember(email, "Dana Day", ["adviser"]), email);
  await expect(page).toHaveURL(/\/staff$/);

  // Today comes first in the console's navigation; it opens on the adviser's own leads and
  // those nobody has, and the booked call is on it (later today, or booked for a later day
  // when the office has closed), with its phone to tap.
  const nav = page.getByRole("navigation", { name: "Staff console" }).getByRole("link");
  await expect(nav.first()).toHaveText("Today");
  await nav.first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.getByText("Showing your leads and those not assigned.")).toBeVisible();
  // An adviser has no other view to choose: everyone's is a manager's.
  await expect(page.getByRole("link", { name: "Show everyone's" })).toHaveCount(0);
  await page.goto("/staff/today?everyone=1");
  await expect(page.getByText("Showing your leads and those not assigned.")).toBeVisible();
  const row = page.locator(`[data-testid="today-row"][data-lead="${id}"]`);
  await expect(row).toContainText("Call back at");
  await expect(row.getByRole("link", { name: "07700 900456" })).toHaveAttribute("href", "tel:07700900456");
  await expect(row).toContainText("£");
  expect(await axeViolations(page)).toEqual([]);

  // On a phone (360 and 390 px), nothing runs off the right edge, and the first lead's
  // phone number is on the first screen.
  for (const screen of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(screen);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${screen.width} px`).toBeLessThanOrEqual(
      screen.width,
    );
    const firstPhone = await page.locator('[data-testid="today-row"] a[href^="tel:"]').first().boundingBox();
    expect((firstPhone?.y ?? screen.height) + (firstPhone?.height ?? 0), `${screen.width} px`).toBeLessThanOrEqual(
      screen.height,
    );
  }
  // On a phone the navigation folds into one menu button: the header is one row.
  await page.setViewportSize({ width: 390, height: 844 });
  const banner = page.locator("header").first();
  expect((await banner.boundingBox())?.height ?? 999).toBeLessThanOrEqual(64);
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
  await tabTo(page, page.getByText("Menu", { exact: true }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Today" }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The lead opened from the list by keyboard: its name is the link.
  await tabTo(page, row.getByRole("link", { name: "Jane Smith" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  await expect(page.getByTestId("lead-first-contact")).toHaveText("Not called yet.");
  // The header strip: the status a badge, the one next action the hour the borrower booked, said once.
  const header = page.getByTestId("lead-header");
  await expect(header.getByTestId("lead-status")).toHaveText("New");
  await expect(header.getByTestId("lead-next-action")).toHaveText("Call back");
  await expect(header.getByTestId("lead-next")).toContainText(
    /\w{3} \d{1,2} \w{3} \d{4}, \S+ to \S+, the hour they chose/,
  );
  await expect(page.getByText(/the hour they chose/)).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // The call, from the keyboard: outcome, note, next action (what, day, time), then Log call.
  const when = dayAhead(3);
  await tabTo(page, page.getByRole("radio", { name: "Spoke to them" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Spoke to them" })).toBeChecked();
  await tabTo(page, page.getByLabel("Note (optional)"));
  await page.keyboard.type("Wants to talk to their partner first.");
  const what = page.getByTestId("call-form").getByLabel("What");
  await tabTo(page, what);
  await page.keyboard.type("Chase");
  await expect(what).toHaveValue("chase-documents");
  const day = page.getByTestId("call-form").getByLabel("Day");
  await tabTo(page, day);
  // Reached by Tab; filled whole, since the order of a date field's parts follows the browser's own locale.
  await day.fill(when.value);
  await expect(day).toHaveValue(when.value);
  const time = page.getByTestId("call-form").getByLabel("Time");
  await tabTo(page, time);
  await time.fill("10:30");
  await expect(time).toHaveValue("10:30");
  await tabTo(page, page.getByRole("button", { name: "Log call" }));
  await page.keyboard.press("Enter");

  await expect(page.getByText("Call logged.")).toBeVisible();
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  await expect(page.getByTestId("lead-next-action")).toHaveText("Chase documents");
  await expect(page.getByTestId("lead-first-contact")).toContainText("First called");
  await expect(page.getByTestId("timeline")).toContainText("Call: Spoke to them. Next action: Chase documents");
  await expect(page.getByTestId("timeline")).toContainText("Wants to talk to their partner first.");
  // The borrower's own choice is on the timeline too, in words.
  await expect(page.getByTestId("timeline")).toContainText(
    /The borrower asked to be called on \w{3} \d{1,2} \w{3} \d{4}, \S+ to \S+/,
  );
  expect(await axeViolations(page)).toEqual([]);

  // An email logged as quickly as the call, from the header's action, by keyboard; the
  // feed shows it above the call, newest first, with who.
  await tabTo(page, header.getByRole("link", { name: "Log an email or letter" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#log-message$/);
  await tabTo(page, page.getByRole("radio", { name: "Email sent to them" }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByLabel("What it said (optional)"));
  await page.keyboard.type("Sent the forms to sign.");
  await tabTo(page, page.getByRole("button", { name: "Log it" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Email or letter logged.")).toBeVisible();
  const entries = page.getByTestId("timeline").getByRole("listitem");
  await expect(entries.nth(0)).toContainText("Email sent to them");
  await expect(entries.nth(0)).toContainText("Sent the forms to sign.");
  await expect(entries.nth(0)).toContainText("Dana Day");
  // The call moved the lead on at the same moment: the move, then the call that made it.
  await expect(entries.nth(1)).toContainText("Status: New → Contacted");
  await expect(entries.nth(2)).toContainText("Call: Spoke to them");
  // The feed filtered to calls, by a link (the kind in the URL).
  await page
    .getByRole("navigation", { name: "Show in the activity" })
    .getByRole("link", { name: /^Calls/ })
    .click();
  await expect(page).toHaveURL(/feed=calls/);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Call: Spoke to them");
  expect(await axeViolations(page)).toEqual([]);

  // Planning the next action alone, from the keyboard: what, day and time, then Space on Save.
  const plan = page.getByTestId("next-action-form");
  const planned = dayAhead(4);
  const planWhat = plan.getByLabel("What");
  await tabTo(page, planWhat);
  await page.keyboard.type("Call");
  await expect(planWhat).toHaveValue("call-back");
  const planDay = plan.getByLabel("Day");
  await tabTo(page, planDay);
  await planDay.fill(planned.value);
  const planTime = plan.getByLabel("Time");
  await tabTo(page, planTime);
  await planTime.fill("11:15");
  await tabTo(page, plan.getByRole("button", { name: "Save next action" }));
  await page.keyboard.press("Space");
  await expect(page.getByText("Next action saved.")).toBeVisible();
  await expect(page.getByTestId("lead-next-action")).toHaveText("Call back");
  await expect(page.getByTestId("timeline")).toContainText(/Next action: Call back, .*11:15/);
  await expect(plan.getByLabel("Day")).toHaveValue(planned.value);

  // Today has moved on: the lead's next action is days away.
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Today" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.locator(`[data-testid="today-row"][data-lead="${id}"]`)).toHaveCount(0);
});
