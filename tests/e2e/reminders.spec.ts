import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { tabTo } from "../support/keyboard";
import { nextCode } from "../support/authenticator";
import { E2E_PORT } from "../support/e2e-paths";
import { validEnquiry, validQuote } from "../support/leads";
import { waitForMail } from "../support/mailbox";
import { axeViolations, skipCookieBanner } from "../support/step-forms";
import { addStaffMember, storedRows } from "../support/stored";

// The adviser's day (issue 29, decisions 200 and 201): a borrower books a call-back, the
// adviser takes the lead, the server's clock is moved to the booked hour and the reminder
// arrives with a link; the link opens the lead, whose timeline has the arrival, the
// borrower's choice and the emails sent, and whose person page gathers the borrower's
// other enquiry, found by the phone written the other way (+44 for 0).

const PASSWORD = "Quay-side-ledger-42";

/** Moves the server's outbox clock (tests/support/e2e-server.ts); `null` puts it back. */
async function moveClock(to: Date | null) {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORT + 1000}/clock?to=${encodeURIComponent((to ?? new Date()).toISOString())}`,
  );
  expect(response.status).toBe(200);
}

/** The text of a received message, its quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

test.afterEach(async () => {
  await moveClock(null);
});

test("a booked call-back reminds its adviser at its time; the link opens the lead, its timeline and everyone matching it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const phone = `07719 ${String(Date.now()).slice(-6)}`;
  // The borrower's quote (the API sets this browser's call-back cookie).
  const sent = await page.request.post("/api/quotes", {
    data: validQuote({
      email: `remind-${tag}@example.com`,
      last_name: `Remind${tag}`,
      phone,
      submission_key: randomUUID(),
    }),
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const reference = id.slice(0, 8).toUpperCase();

  // The borrower books the second hour offered on the thank-you page.
  await page.goto(`/thank-you?ref=${id}`);
  await page.getByLabel("Day and time").selectOption({ index: 2 });
  await page.getByRole("button", { name: "Save call-back time" }).click();
  await expect(page).toHaveURL(/callback=saved/);
  const stored = (await storedRows<{ id: string; callback_at: string | null }>("quotes")).find((q) => q.id === id);
  const slot = new Date(String(stored?.callback_at));
  expect(slot.getTime()).toBeGreaterThan(Date.now());
  // The same borrower's quick-check enquiry, the phone written with +44 (sent after booking: it sets the cookie to itself).
  const other = await page.request.post("/api/enquiries", {
    data: validEnquiry({ email: `other-${tag}@example.com`, phone: `+44 ${phone.slice(1)}` }),
  });
  expect(other.status()).toBe(201);
  const { id: otherId } = (await other.json()) as { id: string };

  // An adviser enrols, signs in and takes the lead.
  const adviser = `adviser-${tag}@firm.example`;
  await page.goto(await addStaffMember(adviser, `Rita ${tag}`));
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("The same password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByTestId("totp-key").textContent()) ?? "";
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(key));
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByLabel("Work email").fill(adviser);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(key));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.goto(`/staff/leads/quote/${id}`);
  await page.getByLabel("Assigned to").selectOption({ label: `Rita ${tag} (me)` });
  await page.getByRole("button", { name: "Save assignment" }).click();
  await expect(page).toHaveURL(/done=assign/);

  // Nothing before the hour; at it, the reminder, with the link and no personal data.
  await moveClock(new Date(slot.getTime() - 60_000));
  await page.waitForTimeout(2_500);
  expect((await storedRows<{ dedupe_key: string }>("jobs")).some((j) => j.dedupe_key === `quote-reminder:${id}`)).toBe(
    false,
  );
  await moveClock(slot);
  const mail = readable((await waitForMail(adviser, new RegExp(`Call back now: ${reference}`))).raw);
  const link = new RegExp(`https?://[^\\s"<>]+/staff/leads/quote/${id}`).exec(mail)?.[0] ?? "";
  expect(link).not.toBe("");
  for (const personal of [`remind-${tag}@example.com`, `Remind${tag}`, phone, phone.replace(" ", "")]) {
    expect(mail).not.toContain(personal);
  }

  await expect
    .poll(
      async () =>
        (await storedRows<{ dedupe_key: string; status: string }>("jobs")).find(
          (j) => j.dedupe_key === `quote-reminder:${id}`,
        )?.status,
    )
    .toBe("done");

  // The link opens the lead for the signed-in adviser; its timeline tells the story, the emails' text readable.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(reference) })).toBeVisible();
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText("Quote received");
  await expect(timeline).toContainText("The borrower asked to be called on ");
  await expect(timeline).toContainText(`Email sent to ${adviser}: Call back now: ${reference}`);
  const reminder = timeline.locator("li", { hasText: "Call back now" });
  await reminder.getByText("Read the email").click();
  await expect(reminder.locator("pre")).toContainText(`/staff/leads/quote/${id}`);
  expect(await axeViolations(page)).toEqual([]);

  // Everyone matching this lead, reached and worked by keyboard: the enquiry with the same phone (+44), not the URL's person.
  const everyone = page.getByRole("link", { name: "Everyone with this email or phone" });
  await tabTo(page, everyone);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/staff/people/quote/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: /: everything held$/ })).toBeVisible();
  const leads = page.getByTestId("person-leads");
  await expect(leads.getByRole("listitem")).toHaveCount(2);
  await expect(leads).toContainText("Same phone");
  expect(await axeViolations(page)).toEqual([]);
  const otherLink = leads.getByRole("link", { name: otherId.slice(0, 8).toUpperCase() });
  await tabTo(page, otherLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/staff/leads/personal-enquiry/${otherId}$`));

  // Opening the person page is in the audit log, as opening a lead is.
  await page.goto("/staff/audit");
  await expect(page.locator("td", { hasText: "Viewed everything from one person" }).first()).toBeVisible();
});
