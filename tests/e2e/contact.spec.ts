import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import * as m from "../../app/domain/messages";
import { islandHydrated } from "../support/islands";
import { waitForMail } from "../support/mailbox";
import { storedRows } from "../support/stored";

const LEAD_INBOX = "leads@harbourside-loans.example";

async function fill(page: Page, values: Partial<Record<"name" | "email" | "phone" | "subject" | "message", string>>) {
  const labels = {
    name: "Full name",
    email: "Email address",
    phone: "Phone number",
    subject: "Subject",
    message: "Message",
  } as const;
  for (const [field, value] of Object.entries(values)) {
    await page.getByLabel(labels[field as keyof typeof labels], { exact: true }).fill(value);
  }
}

/** The page once its scripts run (the banner appears only then) and the form has hydrated. */
async function openContactPage(page: Page) {
  await page.goto("/contact-us");
  await expect(page.getByRole("region", { name: "Cookies on Harbourside Loans" })).toBeVisible();
  await islandHydrated(page);
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe("contact form", () => {
  test("shows the spec's message for every field on submit, and sends nothing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.url().includes("/api/contact") && posts.push(r.url()));
    await openContactPage(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    // Under each field, and in the error summary, which takes the focus (D24).
    for (const [field, message] of [
      ["name", m.CONTACT_NAME_TOO_SHORT],
      ["email", m.EMAIL_INVALID],
      ["phone", m.CONTACT_PHONE_INVALID],
      ["subject", m.CONTACT_SUBJECT_TOO_SHORT],
      ["message", m.CONTACT_MESSAGE_TOO_SHORT],
    ]) {
      await expect(page.locator(`#contact-${field}-error`)).toHaveText(message as string);
    }
    await expect(page.getByRole("alert", { name: "There is a problem" })).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");

    await fill(page, { name: "J", email: "jane@", phone: "0770090", subject: "Help", message: "Call me." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-name-error")).toHaveText(m.CONTACT_NAME_TOO_SHORT);
    await expect(page.locator("#contact-message-error")).toHaveText(m.CONTACT_MESSAGE_TOO_SHORT);

    // Correcting a field clears its message (the summary says what was wrong at the last send).
    await fill(page, { name: "Jane Borrower" });
    await expect(page.locator("#contact-name-error")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("sends, shows 'Sending...', then the thank-you panel; 'Send Another Message' resets", async ({ page }) => {
    const email = `jane.${unique()}@example.com`;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await openContactPage(page);
    await fill(page, {
      name: "Jane Borrower",
      email,
      phone: "07700 900123",
      subject: "Question about school fees",
      message: "Can I borrow for two children's fees at once?",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeFocused();

    // Stored, and two emails through the outbox to the SMTP sink.
    await expect
      .poll(async () => (await storedRows<{ email: string }>("contact_messages")).some((row) => row.email === email))
      .toBe(true);
    const copy = await waitForMail(email, "We have received your message: Question about school fees");
    expect(copy.raw).toContain("Can I borrow for two children");
    const notification = await waitForMail(LEAD_INBOX, "Website message: Question about school fees");
    expect(notification.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, "\\.")}`, "im"));

    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Email address")).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Full name")).toBeFocused();
  });

  test("on a server failure shows the 'Error' toast and keeps what was typed", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, json: { error: "Something went wrong" } }),
    );
    await openContactPage(page);
    const values = {
      name: "Jane Borrower",
      email: "jane@example.com",
      phone: "07700 900123",
      subject: "Valuation question",
      message: "How is my home valued?",
    };
    await fill(page, values);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("There was a problem sending your message. Please try again.");
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(page.getByLabel("Full name")).toHaveValue(values.name);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(values.message);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
  });

  test("on a network failure shows the same toast", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await openContactPage(page);
    await fill(page, {
      name: "Jane Borrower",
      email: "jane@example.com",
      phone: "07700 900123",
      subject: "Valuation question",
      message: "How is my home valued?",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("There was a problem sending your message. Please try again.")).toBeVisible();
  });

  test("works without JavaScript: the browser posts the form and lands on /contact-thankyou", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `nojs.${unique()}@example.com`;
    await page.goto("/contact-us");
    await fill(page, {
      name: "No Script",
      email,
      phone: "07700 900123",
      subject: "Plain form post",
      message: "Sent before any script ran.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact-thankyou$/);
    await expect(page.getByRole("heading", { name: "Thank you, your message has been received" })).toBeVisible();
    await expect
      .poll(async () => (await storedRows<{ email: string }>("contact_messages")).some((row) => row.email === email))
      .toBe(true);
    await context.close();
  });

  test("without JavaScript, a message the server refuses comes back on the page with what was written kept", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact-us");
    const written = {
      name: "No Script",
      // The browser's own check lets this through; the schema's does not.
      email: "no.script@example",
      phone: "07700 900123",
      subject: "Plain form post",
      message: "Sent before any script ran, with an email that has no domain.",
    };
    await fill(page, written);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    // The error summary says what to fix, and has the focus (D24).
    const summary = page.getByRole("alert", { name: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([m.EMAIL_INVALID]);
    await expect(page.getByLabel("Email address", { exact: true })).toHaveAccessibleDescription(m.EMAIL_INVALID);
    await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(written.email);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(written.message);
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue(written.name);
    await context.close();
  });
});

test.describe("contact page map (DECISIONS D8)", () => {
  test("does not load Google until asked; 'Show map' loads it", async ({ page }) => {
    const google: string[] = [];
    await page.route(/^https:\/\/www\.google\.com\//, (route) => {
      google.push(route.request().url());
      return route.fulfill({ body: "<title>map</title><p>map</p>", contentType: "text/html" });
    });
    await openContactPage(page);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(google).toEqual([]);
    await page.getByRole("button", { name: "Show map" }).click();
    await expect(page.locator('iframe[title^="Map showing our office"]')).toBeVisible();
    await expect.poll(() => google.length).toBeGreaterThan(0);
  });

  test("loads by itself for a visitor who accepted all cookies", async ({ page }) => {
    await page.route(/^https:\/\/www\.google\.com\//, (route) =>
      route.fulfill({ body: "<p>map</p>", contentType: "text/html" }),
    );
    await openContactPage(page);
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.locator('iframe[title^="Map showing our office"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('iframe[title^="Map showing our office"]')).toBeVisible();
  });

  test("stays a placeholder for a visitor who rejected non-essential cookies", async ({ page }) => {
    await openContactPage(page);
    await page.getByRole("button", { name: "Reject non-essential" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Show map" })).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
  });
});

test("the contact page and its states have no axe violations", async ({ browser }) => {
  // Three full axe runs, each a few seconds on a busy machine.
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/api/contact", (route) => route.fulfill({ status: 201, json: { id: "test" } }));
  await openContactPage(page);
  const check = async (state: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${state} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  };
  await check("empty");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#contact-name-error")).toHaveText(m.CONTACT_NAME_TOO_SHORT);
  await check("with errors");
  await fill(page, {
    name: "Jane Borrower",
    email: "jane@example.com",
    phone: "07700 900123",
    subject: "Valuation question",
    message: "How is my home valued?",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  await check("sent");
  await context.close();
});
