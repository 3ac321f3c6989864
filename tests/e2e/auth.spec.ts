import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { waitForMail } from "../support/mailbox";
import { skipCookieBanner } from "../support/step-forms";
import { storedRows } from "../support/stored";

// Accounts (issue 5): sign up, confirm by email, sign in, see your own enquiries, sign out.

const PASSWORD = "Harbour-42";
const SUBJECT = "Please confirm your email address";
let counter = 0;
/** An address no other test (or earlier run against this server) has used. */
const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

/** The confirmation link in a received message (its body is quoted-printable). */
function confirmationLink(raw: string): string {
  const text = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/.exec(text)?.[0];
  if (!link) throw new Error("no confirmation link in the email");
  return link;
}

/** An account made and confirmed through the API, ready to sign in. */
async function confirmedAccount(request: APIRequestContext, email: string) {
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: {
      name: "Kim Keys",
      email,
      password: PASSWORD,
      firstName: "Kim",
      lastName: "Keys",
      callbackURL: "/auth?confirmed=1",
    },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(email, SUBJECT);
  const confirmed = await request.get(confirmationLink(mail.raw), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
}

/** A complete, valid main-form quote (quoteSchema), as the eligibility form would post it. */
function quoteBody(email: string) {
  return {
    email,
    first_name: "Kim",
    last_name: "Keys",
    phone: "07700 900456",
    loan_purpose: "debt-consolidation",
    homeowner_status: "mortgage",
    credit_history: "good",
    loan_amount: 42_000,
    property_value: 350_000,
    mortgage_balance: 120_000,
    monthly_income: 3_800,
    employment_status: "employed-full-time",
    consent: true,
    submission_key: crypto.randomUUID(),
  };
}

/**
 * Holds the page's next /auth form submission until `release()` is called. That is the
 * script's submission (/auth.data), so it first waits for React to run: before then the
 * browser posts the form itself, as a visitor without script does.
 */
async function holdAuthSubmission(page: Page) {
  await expect(page.locator("html[data-react]")).toBeAttached();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === "/auth.data",
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    },
  );
  return release;
}

/** The header's signed-in menu (a native disclosure): its summary reads 'Account'. */
const accountMenu = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Account" });

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test.describe("accounts", () => {
  test("sign up, confirm by email, sign in, see an enquiry made while signed in, sign out", async ({ page }) => {
    const email = newEmail("journey");

    // The account page sends an anonymous visitor to sign in, remembering where they were going.
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?from=%2Faccount$/);
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");

    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("First name").fill("Kim");
    await page.getByLabel("Last name").fill("Keys");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    const releaseSignUp = await holdAuthSubmission(page);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    releaseSignUp();
    await expect(
      page.getByRole("status").filter({ hasText: "Please check your email to confirm your account" }),
    ).toBeVisible();
    await expect(toast(page, "Please check your email to confirm your account")).toBeVisible();
    // The confirmation names the address the link went to.
    await expect(page.getByTestId("sign-up-sent-to")).toContainText(`We have sent an email with a link to ${email}.`);
    // And offers to send it again, saying what that does, beside its button (decision 462).
    await page.getByRole("button", { name: "Send the email again" }).click();
    await expect(page.getByRole("status").filter({ hasText: "a new link is on its way" })).toBeVisible();
    await expect(page.getByTestId("sign-up-sent-to")).toContainText(email);

    // The stored profile has the names from the form.
    const [user] = (await storedRows<{ id: string; email: string; email_verified: boolean }>("users")).filter(
      (u) => u.email === email,
    );
    expect(user?.email_verified).toBe(false);
    const profiles = await storedRows<{ user_id: string; first_name: string; last_name: string; phone: string | null }>(
      "profiles",
    );
    expect(profiles.find((p) => p.user_id === user?.id)).toMatchObject({
      first_name: "Kim",
      last_name: "Keys",
      phone: null,
    });

    // The link in the email confirms the address and comes back to /auth, 'from' kept.
    const mail = await waitForMail(email, SUBJECT);
    await page.goto(confirmationLink(mail.raw));
    await expect(page).toHaveURL(/\/auth\?confirmed=1&from=%2Faccount$/);
    await expect(page.getByText("Your email address is confirmed. Please sign in.")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const releaseSignIn = await holdAuthSubmission(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    releaseSignIn();

    // Signed in: on the page they came from, with the header showing it.
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
    await expect(page.getByText("You have not made an enquiry yet.")).toBeVisible();
    const header = page.getByRole("banner");
    await expect(accountMenu(page)).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeHidden();
    await accountMenu(page).click();
    await expect(header.getByRole("link", { name: "Your account" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();

    // An enquiry made while signed in (the eligibility form's POST, from the page itself).
    const status = await page.evaluate(async (body) => {
      const response = await fetch("/api/quotes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return response.status;
    }, quoteBody("a-different-address@example.com"));
    expect(status).toBe(201);
    const quote = (await storedRows<{ user_id: string | null; loan_amount: number }>("quotes")).find(
      (q) => q.loan_amount === 42_000 && q.user_id === user?.id,
    );
    expect(quote).toBeTruthy();

    const reloaded = await page.reload();
    // Personal data: never kept by a shared cache.
    expect(reloaded?.headers()["cache-control"]).toBe("private, no-store");
    const row = page.getByRole("row").filter({ hasText: "£42,000" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Homeowner loan eligibility check");
    await expect(row).toContainText("Debt consolidation");
    await expect(row).toContainText("Received");

    // Sign out from the account page.
    await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?signedOut=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Signed out successfully" })).toBeVisible();
    await expect(toast(page, "Signed out successfully")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();

    // And the account page is closed again.
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?from=%2Faccount$/);
  });

  test("a signed-in visitor who opens /auth is sent to the 'from' page, else their account", async ({ page }) => {
    const email = newEmail("bounce");
    await confirmedAccount(page.request, email);
    expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(
      200,
    );

    await page.goto("/about-us");
    await page.goto("/auth?from=/loans");
    await expect(page).toHaveURL(/\/loans$/);
    // /auth took no place in history: back goes to the page before.
    await page.goBack();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.goto("/auth?from=https://evil.example/");
    await expect(page).toHaveURL(/\/account$/);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/account$/);
  });

  test("in-app navigation to /auth with navigation state 'from' shows a spinner, then goes there", async ({ page }) => {
    const email = newEmail("state-from");
    await confirmedAccount(page.request, email);
    expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status()).toBe(
      200,
    );
    // A page with React (the account page), so the navigation happens in the app.
    await page.goto("/account");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    // Hold the destination's data so the spinner can be seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/loans.data",
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string, options: object): void } })
        .__reactRouterDataRouter;
      router.navigate("/auth", { state: { from: { pathname: "/loans", search: "", hash: "" } } });
    });
    await expect(page.getByRole("status").filter({ hasText: "Checking your account…" })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/loans$/);
    // /auth was replaced: back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/account$/);
  });

  test("/auth renders without console errors (no hydration mismatch)", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/auth?from=/loans&tab=sign-up");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Sign In" }).click();
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("each message: already registered, invalid email or password, unconfirmed", async ({ page }) => {
    const taken = newEmail("taken");
    await confirmedAccount(page.request, taken);

    await page.goto("/auth?tab=sign-up");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("First name").fill("Kim");
    await page.getByLabel("Last name").fill("Keys");
    await page.getByLabel("Email").fill(taken);
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    const alreadyRegistered = "This email is already registered. Please sign in instead.";
    await expect(page.getByRole("alert").filter({ hasText: alreadyRegistered })).toBeVisible();
    await expect(toast(page, alreadyRegistered)).toBeVisible();

    // A wrong password: the page stays, the error is on the page (alert) and in a toast.
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(taken);
    await page.getByLabel("Password", { exact: true }).fill("not-my-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(toast(page, "Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);

    // An unknown email reads exactly the same.
    await page.getByLabel("Email").fill(newEmail("unknown"));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

    // An account not yet confirmed is told so (and pointed to the link just sent at sign-up).
    const unconfirmed = newEmail("unconfirmed");
    await page.request.post("/api/auth/sign-up/email", {
      data: { name: "U C", email: unconfirmed, password: PASSWORD },
    });
    await page.getByLabel("Email").fill(unconfirmed);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Email not verified. Please use the confirmation link we emailed you",
    );
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await page.goto("/auth");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-words");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("sign-in works by keyboard alone", async ({ page }) => {
    const email = newEmail("keyboard");
    await confirmedAccount(page.request, email);
    await page.goto("/auth?from=/about-us");

    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let i = 0; i < 40 && (await focusedId()) !== "sign-in-email"; i++) await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("sign-in-email");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("sign-in-password");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(accountMenu(page)).toBeVisible();
  });

  test("the tabs switch by keyboard", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator("html[data-react]")).toBeAttached(); // the tabs need the script
    await page.getByRole("tab", { name: "Sign In" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("First name")).toBeVisible();
  });

  test("sign-in works before any script has loaded", async ({ browser }) => {
    const email = newEmail("noscript");
    const context = await browser.newContext({ javaScriptEnabled: false });
    await confirmedAccount(context.request, email);
    const page = await context.newPage();
    await page.goto("/auth?from=/loans");
    // No Show button that could do nothing without the script.
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/loans$/);
    // A wrong password, without scripts, still shows the message on the page.
    await context.clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    // The Sign Up tab is a link until scripts load.
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("First name")).toBeVisible();
    await context.close();
  });

  test("the header shows the signed-in state on static pages too, and its sign-out says 'Signed out successfully'", async ({
    browser,
  }) => {
    const email = newEmail("header");
    const context = await browser.newContext();
    await confirmedAccount(context.request, email);
    expect(
      (await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    const page = await context.newPage();
    // The home page ships no React (decision 010): the header still learns the session.
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(accountMenu(page)).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeHidden();
    // The menu opens by keyboard (a native disclosure, no React on this page).
    await accountMenu(page).focus();
    await page.keyboard.press("Enter");
    await expect(header.getByRole("link", { name: "Your account" })).toHaveAttribute("href", "/account");
    await header.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\?signedOut=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Signed out successfully" })).toBeVisible();
    await expect(toast(page, "Signed out successfully")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(accountMenu(page)).toBeHidden();
    expect(await (await context.request.get("/api/auth/get-session")).json()).toBeNull();
    // Anonymous, the static page's header offers 'Sign in', back to the page it was on
    // (the home page is none: signing in from there goes to the account).
    await page.goto("/");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    await page.goto("/loans");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth?from=%2Floans");
    await context.close();
  });

  test("a signed-in borrower finds their name and email on the form's contact step, still editable", async ({
    browser,
  }) => {
    const email = newEmail("prefill");
    const context = await browser.newContext();
    await confirmedAccount(context.request, email);
    expect(
      (await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    await skipCookieBanner(context);
    const page = await context.newPage();
    await page.goto("/apply");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    const choose = (legend: string, label: string) =>
      page.getByRole("group", { name: legend }).getByRole("radio", { name: label, exact: true }).check();
    const next = () => page.getByRole("button", { name: "Next", exact: true }).click();
    await choose("Which of these describes you?", "Homeowner with mortgage");
    await next();
    await page.getByLabel("How much would you like to borrow?").fill("50000");
    await choose("What do you need the loan for?", "Other");
    await next();
    await page.getByLabel("What is your property worth?").fill("250000");
    await page.getByLabel("How much is left to pay on your mortgage?").fill("100000");
    await next();
    await page.getByLabel("What is your monthly income?").fill("4000");
    await choose("What is your employment status?", "Employed full-time");
    await next();
    await choose("How would you describe your credit history?", "Good");
    await next();
    await expect(page.locator("form h2")).toHaveText("Your details");
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Kim");
    await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Keys");
    await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(email);
    await page.getByLabel("First name", { exact: true }).fill("Kimberley");
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Kimberley");
    await context.close();
  });

  test("'Sign out everywhere' ends every session of the account", async ({ browser }) => {
    const email = newEmail("everywhere");
    const laptop = await browser.newContext();
    const phone = await browser.newContext();
    await confirmedAccount(laptop.request, email);
    for (const context of [laptop, phone]) {
      expect(
        (await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status(),
      ).toBe(200);
    }
    expect((await (await phone.request.get("/api/auth/get-session")).json())?.user?.email).toBe(email);
    const page = await laptop.newPage();
    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/auth\?signedOut=everywhere$/);
    await expect(page.getByRole("status").filter({ hasText: "Signed out successfully" })).toBeVisible();
    expect(await (await phone.request.get("/api/auth/get-session")).json()).toBeNull();
    expect(await (await laptop.request.get("/api/auth/get-session")).json()).toBeNull();
    await laptop.close();
    await phone.close();
  });

  test("/auth and /account have no accessibility violations", async ({ browser }) => {
    // axe on every step of a long walk: more than the default budget on a slow machine.
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = async (exclude?: string) => {
      const axe = new AxeBuilder({ page });
      if (exclude) axe.exclude(exclude);
      return (await axe.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
    };

    await page.goto("/auth");
    expect(await violations()).toEqual([]);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("First name")).toBeVisible();
    expect(await violations()).toEqual([]);
    // With an error showing.
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(newEmail("axe-unknown"));
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    // The error toast itself belongs to the shared Toaster (app/components/ui/toaster.tsx),
    // whose error colours are sonner's own; it is checked with the Toaster, not here.
    expect(await violations("[data-sonner-toaster]")).toEqual([]);

    const email = newEmail("axe");
    await confirmedAccount(context.request, email);
    expect(
      (await context.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    const made = await context.request.post("/api/quotes", { data: quoteBody(email) });
    expect(made.status()).toBe(201);
    await page.goto("/account");
    await expect(page.getByRole("row").filter({ hasText: "£42,000" })).toBeVisible();
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
