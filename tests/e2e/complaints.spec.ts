import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { dayInWords } from "../../app/domain/calendar-day";
import { halfYearOf } from "../../app/domain/complaints";
import { ukClock } from "../../app/domain/uk-time";
import { tabTo } from "../support/keyboard";
import { expectFitsScreen, PHONE } from "../support/layout";
import { waitForMail } from "../support/mailbox";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember, runRetentionAt } from "../support/stored";

// Complaints (DISP 1, DECISIONS D26), one walk: a person complains through the public
// page without script, a refused try first (what they typed kept, the error summary),
// and gets the acknowledgement by email; a member of the Compliance role finds it open in
// the console, writes the final response from its template (refused while a part in
// square brackets is unwritten), sends it, closes the complaint with its outcome, and the
// half-year report counts it; an erasure of the person keeps it, and says so, until the
// retention job, its clock moved three years on, removes it. Axe-clean on each page; the
// public page fits a phone.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A message's text as a reader sees it: quoted-printable's soft line breaks joined. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=E2=80=93/g, "–");

async function signedInStaff(page: Page, email: string, name: string, roles: string[]) {
  await enrolAndSignIn(page, await addStaffMember(email, name, roles), email);
  await expect(page).toHaveURL(/\/staff$/);
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("a complaint made on the website is acknowledged by email, answered from the console and counted in the report", async ({
    page,
    browser,
  }) => {
    // The longest walk here: two people, six pages judged by axe, the retention job twice.
    test.slow();
    const email = `complains.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/make-a-complaint");
    await page.getByLabel("Full name").fill("Cara Complains");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send complaint" }).click();
    // Refused: what was typed is kept, and each problem is named in the summary and at its field.
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText("Choose what your complaint is about");
    await expect(summary).toContainText("Tell us what went wrong");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await page.getByLabel("An adviser").check();
    await page.getByLabel("What went wrong?").fill("The adviser promised a call on Monday and nobody rang.");
    await page.getByRole("button", { name: "Send complaint" }).click();
    await expect(page).toHaveURL(/\/complaint-received\?ref=C-[0-9A-F]{8}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We have received your complaint");

    const acknowledgement = await waitForMail(email, /^We have received your complaint \(C-[0-9A-F]{8}\)$/);
    expect(readable(acknowledgement.raw)).toContain("The complaints team will look into it");
    const reference = /C-[0-9A-F]{8}/.exec(acknowledgement.subject)?.[0] as string;
    // The confirmation panel shows the reference the acknowledgement quotes.
    await expect(page.getByRole("region", { name: "Complaint received" })).toContainText(reference);

    // The handler, in the console (with script, as staff use it).
    const context = await browser.newContext({ javaScriptEnabled: true });
    const staff = await context.newPage();
    await signedInStaff(staff, `carol.${randomUUID().slice(0, 8)}@firm.example`, "Carol Compliance", ["compliance"]);
    // Today lists it among the complaints that need something, with a link to it.
    await staff.goto("/staff/today");
    await expect(staff.getByTestId("complaints-due")).toContainText(reference);
    await staff.goto("/staff/complaints");
    const row = staff.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("Cara Complains");
    await expect(row).toContainText("A summary resolution may close it until the end of");
    await expectNoAxeViolations(staff);
    await row.getByRole("link", { name: reference }).click();
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Complaint ${reference}: Cara Complains`);
    await expectNoAxeViolations(staff);

    await staff.getByLabel("Letter", { exact: true }).selectOption({ label: "Final response" });
    await staff.getByLabel("Outcome (final response)").selectOption({ label: "Partly upheld" });
    await staff.getByRole("button", { name: "Start from its template" }).click();
    const body = staff.getByLabel("The letter, as it will be sent");
    await expect(body).toHaveValue(/your complaint is partly upheld/);
    await staff.getByRole("button", { name: "Preview the letter" }).click();
    await expect(staff.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "Write the parts in square brackets before sending",
    );
    await expectNoAxeViolations(staff);
    const written = (await body.inputValue()).replace(
      /\[(?:Write|Say|Give)[^\]]*\]/g,
      "We should have called you on Monday.",
    );
    await body.fill(written);
    await staff.getByRole("button", { name: "Preview the letter" }).click();
    await staff.getByRole("button", { name: "Send the final response" }).click();
    await expect(staff.getByRole("status")).toContainText("The letter is on its way");
    const response = await waitForMail(email, `Our final response to your complaint (${reference})`);
    expect(readable(response.raw)).toContain("We should have called you on Monday.");
    expect(readable(response.raw)).toContain("within six months of the date of this letter");

    await staff.getByLabel("Outcome", { exact: true }).selectOption({ label: "Partly upheld" });
    await staff.getByLabel("Redress paid (£)").fill("50");
    await staff.getByLabel("Category").selectOption({ label: "Advising, selling and arranging" });
    await staff.getByLabel("Root cause").selectOption({ label: "Our process was not followed" });
    await staff.getByRole("button", { name: "Close the complaint" }).click();
    await expect(staff.getByRole("status")).toContainText("The complaint is closed.");

    await staff.goto(`/staff/complaints/report?period=${halfYearOf(ukClock(new Date()).day).key}`);
    const figures = staff.getByTestId("complaint-figures");
    await expect(figures).toContainText("Closed");
    await expect(staff.getByRole("row").filter({ hasText: "Advising, selling and arranging" })).not.toContainText(
      /Advising, selling and arranging\s*0\s*0\s*0/,
    );
    await expectNoAxeViolations(staff);

    // An erasure of the person keeps the complaint, says so, and it is still found after.
    await staff.goto(`/staff/requests?${new URLSearchParams({ email })}`);
    const found = staff.getByTestId("found");
    await expect(found).toContainText(/Complaints\s*1/);
    await expect(
      staff.getByText("Their complaint is kept, with its letters, until three years after it closes"),
    ).toBeVisible();
    await staff.getByLabel("Type the email address again to confirm").fill(email);
    await staff.getByRole("button", { name: "Erase everything" }).click();
    await expect(staff.getByRole("status")).toHaveText(
      "Everything held about that address has been erased, except 1 complaint kept for three years after it closes, as the rules on complaints require.",
    );
    await staff.goto(`/staff/requests?${new URLSearchParams({ email })}`);
    await expect(staff.getByTestId("found")).toContainText(/Complaints\s*1/);
    await staff.goto("/staff/complaints");
    await expect(staff.getByRole("row").filter({ hasText: reference })).toContainText("Cara Complains");
    const complaintPage = (await staff.getByRole("link", { name: reference }).getAttribute("href")) as string;

    // The retention job, its clock moved on (the rest of the database untouched): kept a day
    // before three years from its closing, gone a day after, its letters with it.
    const closed = Date.now();
    const threeYearsOn = (days: number) => {
      const at = new Date(closed);
      at.setUTCFullYear(at.getUTCFullYear() + 3);
      return new Date(at.getTime() + days * 86_400_000);
    };
    await runRetentionAt(threeYearsOn(-1), ["closedComplaints"]);
    await staff.goto(complaintPage);
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Complaint ${reference}: Cara Complains`);
    expect((await runRetentionAt(threeYearsOn(1), ["closedComplaints"])).closedComplaints).toBeGreaterThanOrEqual(1);
    expect((await staff.goto(complaintPage))?.status()).toBe(404);
    await staff.goto("/staff/complaints");
    await expect(staff.getByRole("row").filter({ hasText: reference })).toHaveCount(0);
    await staff.goto(`/staff/requests?${new URLSearchParams({ email })}`);
    await expect(staff.getByText("Nothing is held about this address.")).toBeVisible();
    await context.close();
  });
});

test("the complaint page fits a phone, has no axe violations, works by keyboard, and is linked from every footer and the terms", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/terms-of-business");
  await page.getByRole("link", { name: "complaint form" }).click();
  await expect(page).toHaveURL(/\/make-a-complaint$/);
  await expectFitsScreen(page, "/make-a-complaint");
  await expectNoAxeViolations(page);
  // A refused post draws the error summary: still no violation.
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expectNoAxeViolations(page);
  // By keyboard alone: each field reached with Tab, the choice with the arrows, sent with Enter.
  await tabTo(page, page.getByLabel("Full name"));
  await page.keyboard.type("Kay Board");
  await tabTo(page, page.getByLabel("Email address"));
  await page.keyboard.type(`kay.${randomUUID().slice(0, 8)}@example.com`);
  await tabTo(page, page.getByLabel("An enquiry or application"));
  await page.keyboard.press("Space");
  await expect(page.getByLabel("An enquiry or application")).toBeChecked();
  await tabTo(page, page.getByLabel("What went wrong?"));
  await page.keyboard.type("Nobody told me what happened to my enquiry.");
  await tabTo(page, page.getByRole("button", { name: "Send complaint" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/complaint-received\?ref=C-[0-9A-F]{8}$/);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Make a complaint" })).toHaveAttribute(
    "href",
    "/make-a-complaint",
  );
});

test("a handler records a complaint taken by phone and starts its letter by keyboard alone, on a phone's width", async ({
  page,
}) => {
  await signedInStaff(page, `hal.${randomUUID().slice(0, 8)}@firm.example`, "Hal Handler", ["compliance"]);
  await page.setViewportSize(PHONE);
  await page.goto("/staff/complaints");
  await expectFitsScreen(page, "/staff/complaints");
  await tabTo(page, page.getByRole("link", { name: "Record a complaint" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/staff\/complaints\/new$/);
  await expectFitsScreen(page, "/staff/complaints/new");
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByLabel("How did it reach us?"));
  await page.keyboard.type("Phone");
  await expect(page.getByLabel("How did it reach us?")).toHaveValue("phone");
  await tabTo(page, page.getByLabel("Full name"));
  await page.keyboard.type("Phil Phoned");
  await tabTo(page, page.getByLabel("Email address (if they gave one)"));
  await page.keyboard.type(`phil.${randomUUID().slice(0, 8)}@example.com`);
  // Tab enters the group at its first choice; the arrows move to the one meant, and choose it.
  await tabTo(page, page.getByLabel("An enquiry or application"));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("An adviser")).toBeChecked();
  await tabTo(page, page.getByLabel("What went wrong, in their words"));
  await page.keyboard.type("Nobody called back after the valuation.");
  await tabTo(page, page.getByRole("button", { name: "Record the complaint" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/staff\/complaints\?done=recorded$/);

  const row = page.getByRole("row").filter({ hasText: "Phil Phoned" });
  await tabTo(page, row.getByRole("link"));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Phil Phoned");
  await expectFitsScreen(page, "the complaint page");
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByLabel("Letter", { exact: true }));
  await page.keyboard.type("Final");
  await tabTo(page, page.getByLabel("Outcome (final response)"));
  await page.keyboard.type("Not upheld");
  await expect(page.getByLabel("Outcome (final response)")).toHaveValue("rejected");
  await tabTo(page, page.getByRole("button", { name: "Start from its template" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("The letter, as it will be sent")).toHaveValue(
    /Dear Phil Phoned,[\s\S]*We are not offering redress/,
  );
});

test.describe("with script, as staff use the console", () => {
  /** Records a complaint taken by phone, with or without an email address; answers its page's path. */
  async function takenByPhone(page: Page, name: string, email: string | null) {
    await page.goto("/staff/complaints/new");
    await page.getByLabel("How did it reach us?").selectOption({ label: "Phone" });
    await page.getByLabel("Full name").fill(name);
    if (email) await page.getByLabel("Email address (if they gave one)").fill(email);
    else await page.getByLabel("Phone number (optional)").fill("07700 900654");
    await page.getByLabel("An adviser").check();
    await page.getByLabel("What went wrong, in their words").fill("Nobody called back after the valuation.");
    await page.getByRole("button", { name: "Record the complaint" }).click();
    await expect(page).toHaveURL(/\/staff\/complaints\?done=recorded$/);
    await page.getByRole("row").filter({ hasText: name }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    return new URL(page.url()).pathname;
  }

  /** Waits until React has hydrated the page's forms, so a control answers as the script makes it. */
  async function hydrated(page: Page, selector: string) {
    await page.waitForFunction((css) => {
      const control = document.querySelector(css);
      return control !== null && Object.keys(control).some((key) => key.startsWith("__react"));
    }, selector);
  }

  /** Starts a letter from its template and writes the parts in square brackets. */
  async function writeLetter(page: Page, letter: string, outcome?: string) {
    await page.getByLabel("Letter", { exact: true }).selectOption({ label: letter });
    if (outcome) await page.getByLabel("Outcome (final response)").selectOption({ label: outcome });
    await page.getByRole("button", { name: "Start from its template" }).click();
    const body = page.getByLabel("The letter, as it will be sent");
    await expect(body).toHaveValue(/Dear /);
    await body.fill((await body.inputValue()).replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We should have called you."));
  }

  /** Closes the complaint with the outcome chosen in the close form. */
  async function close(page: Page, outcome: string) {
    await hydrated(page, "#close-outcome");
    await page.getByLabel("Outcome", { exact: true }).selectOption({ label: outcome });
    await page.getByLabel("Redress paid (£)").fill("0");
    await page.getByLabel("Category").selectOption({ label: "General administration and customer service" });
    await page.getByLabel("Root cause").selectOption({ label: "Communication unclear or missing" });
    await page.getByRole("button", { name: "Close the complaint" }).click();
    await expect(page.getByRole("status")).toContainText("The complaint is closed.");
  }

  test("closing with each outcome in turn saves the outcome chosen", async ({ page }) => {
    await signedInStaff(page, `olly.${randomUUID().slice(0, 8)}@firm.example`, "Olly Outcome", ["compliance"]);
    for (const outcome of ["Not upheld", "Partly upheld", "Upheld"]) {
      const name = `Omar ${outcome.replace(/ /g, "")} ${randomUUID().slice(0, 4)}`;
      await takenByPhone(page, name, `omar.${randomUUID().slice(0, 8)}@example.com`);
      await writeLetter(page, "Final response", outcome);
      await page.getByRole("button", { name: "Preview the letter" }).click();
      await page.getByRole("button", { name: "Send the final response" }).click();
      await expect(page.getByRole("status")).toContainText("The letter is on its way");
      // The close form starts on no outcome: one is saved only when chosen.
      await expect(page.getByLabel("Outcome", { exact: true })).toHaveValue("");
      await close(page, outcome);
      // What was stored, as the page reads it back.
      await expect(page.getByTestId("complaint-stage")).toContainText(`, ${outcome.toLowerCase()}; kept until`);
    }
  });

  test("a complaint taken by phone with no email address is answered by letters printed, posted and recorded, then closed", async ({
    page,
  }) => {
    await signedInStaff(page, `pip.${randomUUID().slice(0, 8)}@firm.example`, "Pip Poster", ["compliance"]);
    const name = `Peggy Post ${randomUUID().slice(0, 4)}`;
    await takenByPhone(page, name, null);
    await expect(page.getByTestId("complaint-stage").getByText(/^Acknowledgement due by/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Write a letter to post" })).toBeVisible();
    const today = dayInWords(ukClock(new Date()).day);

    for (const letter of ["Acknowledgement", "Final response"]) {
      await writeLetter(page, letter, letter === "Final response" ? "Not upheld" : undefined);
      const written = await page.getByLabel("The letter, as it will be sent").inputValue();
      await page.getByRole("button", { name: "Show it ready to print" }).click();
      const printable = page.getByTestId("printable-letter");
      await expect(printable).toContainText(name);
      await expect(printable).toContainText(today);
      await expect(printable).toContainText("Harbourside Finance Ltd");
      await expect(printable).toContainText(written.split("\n\n")[1] as string);
      await expect(page.getByTestId("letter-address")).toContainText("Their postal address is to be written in here.");
      await expectNoAxeViolations(page);
      // Printed, only the letter shows: the console's frame and the controls are left off.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("button", { name: "Record as posted" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
      await expect(printable).toBeVisible();
      await page.emulateMedia({ media: "screen" });
      await expect(page.getByLabel("Posted on")).toHaveValue(ukClock(new Date()).day);
      await page.getByRole("button", { name: "Record as posted" }).click();
      await expect(page.getByRole("status")).toContainText(
        "The letter is recorded as posted, and kept here as printed.",
      );
      await expect(page.getByText(`${letter}, posted on ${today}, by Pip Poster`)).toBeVisible();
    }
    await expect(page.getByText(/^Acknowledgement due by/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await close(page, "Not upheld");
    await expect(page.getByTestId("complaint-stage")).toContainText(", not upheld; kept until");
  });
});
