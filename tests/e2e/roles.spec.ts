import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { nextCode } from "../support/authenticator";
import { tabTo } from "../support/keyboard";
import { validQuote } from "../support/leads";
import { waitForMail } from "../support/mailbox";
import { enrolAndSignIn } from "../support/staff-browser";
import { addStaffMember, recordBackup, staleCode, storedRows } from "../support/stored";

// Roles and the team (DECISIONS D25): an administrator made as the command makes one
// adds an adviser on the team page; the adviser enrols from the emailed link, works a
// lead, and is refused the export, the erasure and the lender panel (the console's 403
// page naming the role, nothing changed, an audit row each). The administrator gives
// the Manager role, after entering a code again, and the export then works after the
// adviser's own code. The last administrator cannot take the role from themself or be
// disabled. The team page: axe 0, a keyboard walk to its form, and 390 px wide. A grant
// of Compliance waits for a second administrator (DECISIONS D32): one asks, another
// confirms, the asker cannot; a new member's link is sent to their address, never shown.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** The console's own refusal page, naming the role that may. */
async function expectRefused(page: Page, role: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Your role does not include this" })).toBeVisible();
  await expect(page.getByTestId("refusal-reason")).toContainText(`Only a member with the ${role} role`);
  // Inside the console's frame, not the public site's 404.
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();
}

/** The one-time link in the newest staff-account email to `to`, from the mail sink. */
async function mailedLink(to: string) {
  const mail = await waitForMail(to, "staff account");
  const text = mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  const link = /http:\/\/\S+?\/staff\/enrol\?token=[\w-]+/.exec(text)?.[0] ?? "";
  expect(link).not.toBe("");
  return new URL(link).pathname + new URL(link).search;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("an administrator adds an adviser, who works a lead and is refused what is a manager's or compliance's until given the role", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = randomUUID().slice(0, 8);
  const adminEmail = `ada.${run}@firm.example`;
  const adviserEmail = `abe.${run}@firm.example`;

  // The administrator, made as `npm run staff -- add` makes one, lands on the team.
  const adminKey = await enrolAndSignIn(
    page,
    await addStaffMember(adminEmail, "Ada Admin", ["administrator"]),
    adminEmail,
  );
  await expect(page).toHaveURL(/\/staff\/team$/);
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The firm's health, on the administrator's page (decision 451): a backup 40 hours old is
  // said in words, not colour alone; the strip passes axe raised as well as well.
  await recordBackup(40);
  await page.reload();
  const backupHealth = page.getByTestId("health-strip").locator('[data-health="backup-old"]');
  await expect(backupHealth).toContainText("Backups: Needs attention");
  await expect(backupHealth).toContainText("The last backup that succeeded is 40 hours old (more than 36).");
  await expect(page.getByRole("heading", { level: 2, name: /^Health: \d need/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // A refused form keeps what was typed and names each problem at its field.
  await page.getByLabel("Full name").fill("Abe Adviser");
  await page.getByLabel("Work email").fill("not-an-address");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Abe Adviser");
  await expect(page.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // The keyboard reaches the form; the adviser is added with the one role.
  await tabTo(page, page.getByLabel("Work email"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(adviserEmail);
  await tabTo(page, page.locator("#add-role-adviser"));
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("link-sent")).toContainText("Abe Adviser is added.");
  await expect(page.getByTestId("link-sent")).toContainText("sent to their address");
  // The link is the member's alone: the administrator's page never shows it.
  expect(await page.content()).not.toContain("/staff/enrol?token=");
  const card = page.getByTestId("team-member").filter({ hasText: adviserEmail });
  await expect(card.getByTestId("member-roles")).toHaveText("Adviser");
  await expect(card.getByTestId("member-state")).toHaveText("Waiting to enrol");

  // The link arrives by email, at the member's own address.
  const link = await mailedLink(adviserEmail);

  // The adviser enrols and works a lead.
  const quote = await page.request.post("/api/quotes", {
    data: validQuote({ email: `borrower.${run}@example.com`, submission_key: randomUUID() }),
  });
  expect(quote.status()).toBe(201);
  const { id: leadId } = (await quote.json()) as { id: string };
  const adviser = await newPage(browser);
  const adviserKey = await enrolAndSignIn(adviser, link, adviserEmail);
  await expect(adviser).toHaveURL(/\/staff$/);
  await expect(adviser.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await expect(adviser.getByRole("link", { name: "Lender panel" })).toHaveCount(0);
  await adviser.goto(`/staff/leads/quote/${leadId}`);
  await adviser.getByLabel("Add a note").fill("Spoke to the borrower's broker line.");
  await adviser.getByRole("button", { name: "Add note" }).click();
  await expect(adviser.getByText("Note added.")).toBeVisible();

  // Refused, in the console's frame, whatever the way in.
  await adviser.goto("/staff/export");
  await expect(adviser).toHaveURL(/\/staff\/refused\?permission=leads\.export$/);
  await expectRefused(adviser, "Manager");
  await expectNoAxeViolations(adviser);
  const panel = await adviser.goto("/staff/lenders");
  expect(panel?.status()).toBe(403);
  await expectRefused(adviser, "Manager");
  const requests = await adviser.goto(`/staff/requests?email=borrower.${run}%40example.com`);
  expect(requests?.status()).toBe(403);
  await expectRefused(adviser, "Compliance");
  // Posting the erasure anyway changes nothing.
  const erase = await adviser.request.post("/staff/requests", {
    form: { email: `borrower.${run}@example.com`, confirm: `borrower.${run}@example.com` },
    headers: { Origin: new URL(adviser.url()).origin },
    maxRedirects: 0,
  });
  expect(erase.status()).toBe(403);
  expect((await storedRows<{ id: string }>("quotes")).some((q) => q.id === leadId)).toBe(true);
  const adviserId = (await storedRows<{ actor_name: string; actor_id: string }>("audit_log")).find(
    (r) => r.actor_name === "Abe Adviser",
  )?.actor_id;
  const refusals = (await storedRows<{ action: string; actor_id: string; detail: { permission: string } }>("audit_log"))
    .filter((r) => r.action === "staff.refused" && r.actor_id === adviserId)
    .map((r) => r.detail.permission);
  expect(refusals).toEqual(
    expect.arrayContaining(["leads.export", "panel.manage", "data-requests.answer", "data.erase"]),
  );
  expect(JSON.stringify(refusals)).not.toContain("borrower.");

  // The administrator gives the Manager role: a code again first, the last being old.
  await staleCode(adminEmail);
  await page.goto("/staff/team");
  const saveRoles = async () => {
    const adviserCard = page.getByTestId("team-member").filter({ hasText: adviserEmail });
    await adviserCard.getByText("Change roles").click();
    await adviserCard.getByLabel("Manager").check();
    await adviserCard.getByRole("button", { name: "Save roles for Abe Adviser" }).click();
  };
  await saveRoles();
  await expect(page).toHaveURL(/\/staff\/step-up\?from=%2Fstaff%2Fteam$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it is you" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Code from your authenticator app")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(adminKey));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/staff\/team$/);
  await saveRoles();
  await expect(page.getByText("Roles saved.")).toBeVisible();
  await expect(card.getByTestId("member-roles")).toHaveText("Adviser, Manager");

  // The export now works, after the adviser's own code.
  await staleCode(adviserEmail);
  await adviser.goto("/staff");
  // The export is among the folded filters: it takes the list as they filter it.
  await adviser.getByText("More filters").click();
  await adviser.getByRole("link", { name: "Export CSV" }).click();
  await expect(adviser).toHaveURL(/\/staff\/step-up\?from=%2Fstaff%2Fexport/);
  await adviser.getByLabel("Code from your authenticator app").fill(await nextCode(adviserKey));
  const [download] = await Promise.all([
    adviser.waitForEvent("download"),
    adviser.getByRole("button", { name: "Continue" }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  expect(csv).toContain(leadId.slice(0, 8).toUpperCase());

  // The access review, from the team page: the adviser's export and note, printable.
  await page.goto("/staff/team");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Access review/ })
    .click();
  const review = page.getByTestId("review-member").filter({ hasText: "Abe Adviser" });
  await expect(review.getByRole("table", { name: "Exported" })).toContainText("Exported leads");
  await expect(review).toContainText("Added a note: 1 time");
  await expectNoAxeViolations(page);
  await page.goto("/staff/team");

  // The last administrator cannot take the role from themself, nor disable themself. (Any other
  // administrator an earlier try of this test left is disabled first, on this page.)
  for (;;) {
    const other = page
      .getByTestId("team-member")
      .filter({ hasNot: page.getByText(adminEmail) })
      .filter({ has: page.getByTestId("member-roles").getByText("Administrator") })
      .filter({ has: page.getByTestId("member-state").getByText(/^(Enrolled|Waiting to enrol)$/) })
      .first();
    if ((await other.count()) === 0) break;
    await other.getByRole("button", { name: /^Disable / }).click();
    // Disabling goes through its check step (DECISIONS D31).
    await page
      .getByRole("form", { name: /^Disable .*\?$/ })
      .getByRole("button", { name: "Disable the member" })
      .click();
    await expect(page.getByText("Member disabled")).toBeVisible();
  }
  const mine = page.getByTestId("team-member").filter({ hasText: adminEmail });
  await mine.getByText("Change roles").click();
  await mine.getByLabel("Administrator").uncheck();
  await mine.getByLabel("Compliance").check();
  await mine.getByRole("button", { name: "Save roles for Ada Admin" }).click();
  await expect(page.getByTestId("team-member").filter({ hasText: adminEmail })).toContainText(
    "There must always be an enabled administrator",
  );
  // Nor does her own card offer to disable her or send her a new link (decision 517).
  await page.goto("/staff/team");
  await expect(mine.getByRole("button", { name: "Disable Ada Admin" })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: "Send a new link to Ada Admin" })).toHaveCount(0);
  await expect(mine.getByTestId("own-account")).toHaveText(
    "Another administrator sends you a new link or disables your account.",
  );
  await expect(mine.getByTestId("member-roles")).toHaveText("Administrator");
  await expect(mine.getByTestId("member-state")).toHaveText("Enrolled");
});

test("a grant of Compliance waits for a second administrator: one asks, another confirms, the asker cannot", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = randomUUID().slice(0, 8);
  const adaEmail = `ada2.${run}@firm.example`;
  const cyEmail = `cy.${run}@firm.example`;
  const beaEmail = `bea.${run}@firm.example`;

  // Two administrators, each made as the command makes one.
  await enrolAndSignIn(page, await addStaffMember(adaEmail, "Ada Asker", ["administrator"]), adaEmail);
  await expect(page).toHaveURL(/\/staff\/team$/);
  const cy = await newPage(browser);
  await enrolAndSignIn(cy, await addStaffMember(cyEmail, "Cy Confirmer", ["administrator"]), cyEmail);
  await expect(cy).toHaveURL(/\/staff\/team$/);

  // Ada adds Bea as an adviser: the link is sent to Bea's address, not shown, and arrives in the mail.
  await page.reload();
  await expect(page.getByTestId("second-administrator")).toContainText("wait for a second administrator");
  await page.getByLabel("Full name").fill("Bea Beneficiary");
  await page.getByLabel("Work email").fill(beaEmail);
  await page.locator("#add-role-adviser").check();
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("link-sent")).toContainText("sent to their address");
  expect(await page.content()).not.toContain("/staff/enrol?token=");
  const bea = await newPage(browser);
  await enrolAndSignIn(bea, await mailedLink(beaEmail), beaEmail);
  await expect(bea).toHaveURL(/\/staff$/);

  // Ada asks to give Bea Compliance: it waits, and Ada has nothing to confirm it with.
  const beaCard = (p: Page) => p.getByTestId("team-member").filter({ hasText: beaEmail });
  await beaCard(page).getByText("Change roles").click();
  await beaCard(page).getByLabel("Compliance").check();
  await beaCard(page).getByRole("button", { name: "Save roles for Bea Beneficiary" }).click();
  await expect(page.getByText("Asked: the change waits for another administrator to confirm it.")).toBeVisible();
  await expect(beaCard(page).getByTestId("member-roles")).toHaveText("Adviser");
  await expect(beaCard(page).getByTestId("role-request")).toContainText("Another administrator must confirm it");
  await expect(beaCard(page).getByTestId("requested-roles")).toHaveText("Adviser, Compliance");
  await expect(beaCard(page).getByRole("button", { name: /^Confirm/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Posting a confirmation anyway is refused, at the member's card, and changes nothing.
  const own = await page.request.post("/staff/team", {
    form: { intent: "confirm", member: await beaCard(page).locator('input[name="member"]').first().inputValue() },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(400);
  expect((await bea.goto("/staff/audit"))?.status()).toBe(403);

  // Cy sees who asked for what, and confirms.
  await cy.goto("/staff/team");
  await expect(beaCard(cy).getByTestId("role-request")).toContainText("Ada Asker asked");
  await expectNoAxeViolations(cy);
  await beaCard(cy).getByRole("button", { name: "Confirm the roles for Bea Beneficiary" }).click();
  await expect(cy.getByText("Confirmed: the member holds the roles asked for.")).toBeVisible();
  await expect(beaCard(cy).getByTestId("member-roles")).toHaveText("Adviser, Compliance");
  await expect(beaCard(cy).getByTestId("role-request")).toHaveCount(0);

  // Bea holds it: the audit log opens to her, naming her in the confirmation's row with who asked.
  const audit = await bea.goto("/staff/audit?action=team.roles-confirmed");
  expect(audit?.status()).toBe(200);
  const confirmed = bea.getByRole("row").filter({ hasText: "Cy Confirmer" }).filter({ hasText: "Bea Beneficiary" });
  await expect(confirmed.first()).toContainText("Adviser → Adviser, Compliance; asked by Ada Asker");
  await expectNoAxeViolations(bea);
});

test("the team page fits a 390 px phone, and works without script", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `ida.${randomUUID().slice(0, 8)}@firm.example`;
  await enrolAndSignIn(page, await addStaffMember(email, "Ida Administrator-Longname", ["administrator"]), email);
  await expect(page).toHaveURL(/\/staff\/team$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Without script: a refused add comes back from the server with the summary and the field's message.
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(page.getByText("Enter the member's full name.").first()).toBeVisible();
  await expect(page.getByText("Choose at least one role.").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();
});
