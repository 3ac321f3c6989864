import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectFitsScreen, PHONE } from "../support/layout";
import { waitForMail } from "../support/mailbox";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember } from "../support/stored";

// A complaint's stage and its one due day, moving with what is done (docs/decisions/430),
// walked on a phone's width, with and without script: a complaint made on the website
// (acknowledged by email at once) is taken by a manager, after a handler left on
// "Choose…" is refused at its field; its final response is previewed as the email it
// will be, sent through its check step, and the complaint closed. Then one taken by
// phone without an email address is acknowledged by a letter printed and recorded as
// posted through its check step. The stage and the due day are read at each step; axe
// on each page drawn.

async function expectNoAxeViolations(page: Page) {
  // Axe runs as a script in the page: a page drawn without script is judged by the walk with it, the same HTML.
  if (!scriptOn(page)) return;
  // The email's own frame runs no script, so axe cannot enter it: the frame itself (its title) is judged, not the email.
  const results = await new AxeBuilder({ page })
    .exclude('iframe[title^="The email to"]')
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** Whether each page's walk runs with script. */
const scripts = new WeakMap<Page, boolean>();
const scriptOn = (page: Page) => scripts.get(page) !== false;

const DUE_DAY = /\w{3} \d{1,2} \w{3} \d{4}/;

async function walk(page: Page, script: boolean) {
  test.setTimeout(300_000);
  scripts.set(page, script);
  await page.setViewportSize(PHONE);
  const id = randomUUID().slice(0, 8);
  const email = `wren.${id}@example.com`;
  const name = `Wren Website ${id.slice(0, 4)}`;
  await page.goto("/make-a-complaint");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("An adviser").check();
  await page.getByLabel("What went wrong?").fill("The adviser promised a call on Monday and nobody rang.");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page).toHaveURL(/\/complaint-received\?ref=C-[0-9A-F]{8}$/);
  const reference = new URL(page.url()).searchParams.get("ref") as string;

  const staffEmail = `mo.${id}@firm.example`;
  await enrolAndSignIn(page, await addStaffMember(staffEmail, `Mo Manager ${id.slice(0, 4)}`, ["manager"]), staffEmail);
  await expect(page).toHaveURL(/\/staff$/);
  const me = `Mo Manager ${id.slice(0, 4)}`;
  await page.goto("/staff/complaints");
  await page.getByRole("link", { name: reference }).click();
  const head = page.getByTestId("complaint-stage");
  const clock = page.getByTestId("complaint-clock");

  // Acknowledged by email as it came in: the final response is what is due; nobody has it yet.
  await expect(head).toContainText("Stage: Acknowledged");
  await expect(head.getByText(/^Final response due by the end of /)).toContainText(DUE_DAY);
  await expect(head).toContainText("Handler: Not yet taken");
  await expect(clock).toContainText("Acknowledged");
  await expect(clock).not.toContainText("Acknowledgement due by");
  await expectFitsScreen(page, "the complaint's page");
  await expectNoAxeViolations(page);

  // The menu of handlers starts on Choose…, and is refused at its field when left there.
  await expect(page.getByLabel("Give it to")).toHaveValue("");
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
    "Choose a member who handles complaints",
  );
  await expect(page.getByLabel("Give it to")).toHaveAttribute("aria-invalid", "true");
  await expect(head).toContainText("Handler: Not yet taken");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Take it" }).click();
  await expect(page.getByRole("status")).toContainText("You are its handler now.");
  await expect(head).toContainText(`Handler: ${me}`);
  await expect(page.getByRole("button", { name: "Take it" })).toHaveCount(0);

  // The final response, previewed as the email they will receive, then sent through its check step.
  await page.getByLabel("Letter", { exact: true }).selectOption({ label: "Final response" });
  await page.getByLabel("Outcome (final response)").selectOption({ label: "Upheld" });
  await page.getByRole("button", { name: "Start from its template" }).click();
  const body = page.getByLabel("The letter, as it will be sent");
  await expect(body).toHaveValue(/your complaint is upheld/);
  await body.fill((await body.inputValue()).replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We should have rung you."));
  await page.getByRole("button", { name: "Preview the letter" }).click();
  await expect(page.getByRole("heading", { name: `The email as ${name} will receive it` })).toBeVisible();
  const letterFrame = page.frameLocator(`iframe[title="The email to ${name}, as it will be sent"]`);
  await expect(letterFrame.getByText("We should have rung you.").first()).toBeVisible();
  await expect(letterFrame.getByText(/authorised and regulated by the Financial Conduct Authority/)).toBeVisible();
  const check = page.getByRole("form", { name: `Send the final response to ${name}?` });
  await expect(check).toContainText(`It is emailed to ${email} at once`);
  await expect(check).toContainText("Its stage becomes final response sent; nothing more is due on its clock.");
  await expect(check.getByTestId("check-step-whom")).toContainText(reference);
  // Nothing has gone yet.
  await expect(head).toContainText("Stage: Acknowledged");
  await expectFitsScreen(page, "a final response previewed");
  await expectNoAxeViolations(page);
  await check.getByRole("button", { name: "Send the final response" }).click();
  await expect(page.getByRole("status")).toContainText("The letter is on its way");
  await expect(head).toContainText("Stage: Final response sent");
  await expect(head).toContainText("Nothing is due on its clock.");
  await expect(clock).toContainText("Final response sent");
  await expect(clock).not.toContainText("Final response due by");
  const sent = await waitForMail(email, `Our final response to your complaint (${reference})`);
  expect(sent.raw.replace(/=\r?\n/g, "")).toContain("We should have rung you.");

  await page.getByLabel("Outcome", { exact: true }).selectOption({ label: "Upheld" });
  await page.getByLabel("Redress paid (£)").fill("0");
  await page.getByLabel("Category").selectOption({ label: "General administration and customer service" });
  await page.getByLabel("Root cause").selectOption({ label: "Communication unclear or missing" });
  await page.getByRole("button", { name: "Close the complaint" }).click();
  await expect(page.getByRole("status")).toContainText("The complaint is closed.");
  await expect(head).toContainText("Stage: Closed");
  await expectNoAxeViolations(page);

  // Taken by phone without an email address: received, its acknowledgement due, then posted.
  const posted = `Pat Phoned ${id.slice(0, 4)}`;
  await page.goto("/staff/complaints/new");
  await page.getByLabel("How did it reach us?").selectOption({ label: "Phone" });
  await page.getByLabel("Full name").fill(posted);
  await page.getByLabel("Phone number (optional)").fill("07700 900654");
  await page.getByLabel("An adviser").check();
  await page.getByLabel("What went wrong, in their words").fill("Nobody called back after the valuation.");
  await page.getByRole("button", { name: "Record the complaint" }).click();
  await page.getByRole("row").filter({ hasText: posted }).getByRole("link").click();
  await expect(head).toContainText("Stage: Received");
  await expect(head.getByText(/^Acknowledgement due by the end of /)).toContainText(DUE_DAY);
  await expect(head).toContainText(`Handler: ${me}`);
  await page.getByLabel("Letter", { exact: true }).selectOption({ label: "Acknowledgement" });
  await page.getByRole("button", { name: "Start from its template" }).click();
  await page.getByRole("button", { name: "Show it ready to print" }).click();
  await expect(page.getByTestId("printable-letter")).toContainText(`Dear ${posted},`);
  const record = page.getByRole("form", { name: `Record the acknowledgement as posted to ${posted}?` });
  await expect(record).toContainText("Its stage becomes acknowledged; next, final response due by the end of");
  await expect(record.getByTestId("check-step-whom")).toContainText(`${posted}, by post`);
  await expectFitsScreen(page, "an acknowledgement ready to print");
  await expectNoAxeViolations(page);
  await record.getByRole("button", { name: "Record as posted" }).click();
  await expect(page.getByRole("status")).toContainText("The letter is recorded as posted");
  await expect(head).toContainText("Stage: Acknowledged");
  await expect(head.getByText(/^Final response due by the end of /)).toContainText(DUE_DAY);
  await expect(clock).not.toContainText("Acknowledgement due by");
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });
  test("a complaint taken, acknowledged, answered with a previewed final response, its stage and due day moving", async ({
    page,
  }) => walk(page, false));
});

test.describe("with script", () => {
  test("a complaint taken, acknowledged, answered with a previewed final response, its stage and due day moving", async ({
    page,
  }) => walk(page, true));
});
