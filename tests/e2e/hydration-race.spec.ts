import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { QUICK_FORM_SUBMIT_LABEL } from "../../app/domain/quick-form";
import { STEP_FIELD } from "../../app/domain/step-form-post";
import { confirmedAccount } from "../support/accounts";
import { E2E_PORT } from "../support/e2e-paths";
import { errorSummary, skipCookieBanner, uniqueEmail } from "../support/step-forms";
import { storedRows } from "../support/stored";

// A tap while the page wakes is never lost (decision 460). On a slow phone the step forms
// are the server's plain forms until their script has come and React has taken them over;
// a choice or a press at any moment of that (before the script, while React hydrates, after)
// must land once: the step moves on once, the lead is stored once. Chromium's CPU is slowed
// (CDP's Emulation.setCPUThrottlingRate) so that React's waking takes long enough to be
// pressed in, and the page's modules are held until the test lets them in.
//
// What the test asserts does not depend on the moment a press landed in: with the script
// or without, at any moment, the outcome is the same. "during" is the span after the
// modules are let in and React's entry has started, before the form says it is live.

/** Four times slower: React's hydration of a step form then takes a few hundred milliseconds. */
const CPU_SLOWDOWN = 4;
const SETTLE = { timeout: 20_000 };

type Moment = "before" | "during" | "after";
const MOMENTS: Moment[] = ["before", "during", "after"];

/**
 * A choice at one moment and the press at the same one or later. Both after the script is
 * what every other browser test does, and both before it is the plain form's post, which
 * the walks without script (no-script.spec.ts) make at every step; a choice while React
 * wakes and a press after it is the choice-then-press-while-waking case seen from its other end.
 */
const TIMINGS: [choose: Moment, press: Moment][] = [
  ["before", "during"],
  ["before", "after"],
  ["during", "during"],
];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.beforeEach(async ({ context }) => skipCookieBanner(context));

/** Slows the page's CPU, as a busy phone is. */
async function slowCpu(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Holds every script module of the site until `release` (the documents that follow get theirs at once). */
async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Moves the page from one moment to the next: "during" lets the modules in and waits until
 * React's entry is on its way (the route modules are in: decision 138's boot script sets
 * them just before importing the entry); "after" waits until the form says it is live.
 */
async function reach(page: Page, moment: Moment, release: () => void, live: string) {
  if (moment === "before") return;
  release();
  if (moment === "during") {
    await page.waitForFunction(() => "__reactRouterRouteModules" in window, undefined, SETTLE);
  } else {
    await expect(page.locator(live)).toBeAttached(SETTLE);
  }
}

/** A step of a walk: its heading, its answers as the page asks them and as a plain post carries them. */
interface Step {
  title: string;
  answer(page: Page): Promise<void>;
  fields: Record<string, string>;
}

const choice = (legend: string, label: string) => async (page: Page) => {
  await page.getByRole("group", { name: legend }).getByRole("radio", { name: label, exact: true }).check();
};
const typed =
  (...pairs: [label: string, value: string][]) =>
  async (page: Page) => {
    for (const [label, value] of pairs) await page.getByLabel(label, { exact: true }).fill(value);
  };
const both =
  (...answers: ((page: Page) => Promise<void>)[]) =>
  async (page: Page) => {
    for (const answer of answers) await answer(page);
  };

const contact = (email: string): Step => ({
  title: "Your details",
  answer: typed(
    ["First name", "Jane"],
    ["Last name", "Smith"],
    ["Email address", email],
    ["Phone number", "07700 900123"],
  ),
  fields: { firstName: "Jane", lastName: "Smith", email, phone: "07700 900123" },
});

/** The check page after 'Your details' (decision 500): the terms agreed to, and the final button. */
const check: Step = {
  title: "Check your answers",
  answer: async (page) => page.getByRole("checkbox", { name: "I agree to the Terms of Business." }).check(),
  fields: {},
};

interface Walk {
  name: string;
  path: string;
  steps: (string | Step)[];
  finalLabel: string;
  /** Where the walk's last press leads, and the table its lead lands in (none for a partner). */
  end: { url: RegExp; table?: "quotes" | "personal_enquiries" };
}

const AMOUNT = "How much would you like to borrow?";
const PURPOSE = "What do you need the loan for?";
const WORTH = "What is your property worth?";
const LEFT = "How much is left to pay on your mortgage?";
const INCOME = "What is your monthly income?";

function walks(email: string): Walk[] {
  return [
    {
      name: "/apply, a mortgage owner",
      path: "/apply",
      finalLabel: "Check Eligibility »",
      end: { url: /\/thank-you\?ref=/, table: "quotes" },
      steps: [
        {
          title: "About your home",
          answer: choice("Which of these describes you?", "Homeowner with mortgage"),
          fields: { homeownerStatus: "mortgage" },
        },
        {
          title: "Your loan",
          answer: both(typed([AMOUNT, "50000"]), choice(PURPOSE, "Debt consolidation")),
          fields: { loanAmount: "50000", loanPurpose: "debt-consolidation" },
        },
        {
          title: "Your property",
          answer: typed([WORTH, "250000"], [LEFT, "100000"]),
          fields: { propertyValue: "250000", mortgageBalance: "100000" },
        },
        {
          title: "Your income",
          answer: both(typed([INCOME, "4000"]), choice("What is your employment status?", "Employed full-time")),
          fields: { monthlyIncome: "4000", employmentStatus: "employed-full-time" },
        },
        {
          title: "Your credit history",
          answer: choice("How would you describe your credit history?", "Good"),
          fields: { creditHistory: "good" },
        },
        contact(email),
        check,
      ],
    },
    {
      name: "/apply, an outright owner's age",
      path: "/apply",
      finalLabel: "Next",
      end: { url: /\/apply/ },
      steps: [
        {
          title: "About your home",
          answer: choice("Which of these describes you?", "Homeowner (no mortgage)"),
          fields: { homeownerStatus: "outright" },
        },
        {
          title: "Your loan",
          answer: both(typed([AMOUNT, "60000"]), choice(PURPOSE, "Home improvements")),
          fields: { loanAmount: "60000", loanPurpose: "home-improvements" },
        },
        { title: "Your age", answer: choice("How old are you?", "50 – 60"), fields: { age: "50-60" } },
        "Your property",
      ],
    },
    {
      name: "/apply-personal, a homeowner with a mortgage",
      path: "/apply-personal",
      finalLabel: QUICK_FORM_SUBMIT_LABEL,
      end: { url: /\/thank-you\?ref=/, table: "personal_enquiries" },
      steps: [
        {
          title: "Your loan",
          answer: choice("What kind of loan are you looking for?", "Homeowner loan"),
          fields: { loanType: "homeowner" },
        },
        {
          title: "About your home",
          answer: choice("Do you have a mortgage on your home?", "Homeowner with mortgage"),
          fields: { homeownerStatus: "mortgage" },
        },
        {
          title: "How much you need",
          answer: both(typed([AMOUNT, "40000"]), choice(PURPOSE, "Home improvements")),
          fields: { loanAmount: "40000", loanPurpose: "home-improvements" },
        },
        {
          title: "Your property",
          answer: typed([WORTH, "300000"], [LEFT, "120000"]),
          fields: { propertyValue: "300000", mortgageBalance: "120000" },
        },
        {
          title: "Your income",
          answer: both(typed([INCOME, "3500"]), choice("What is your employment status?", "Self employed")),
          fields: { monthlyIncome: "3500", employmentStatus: "self-employed" },
        },
        {
          title: "Your credit history",
          answer: choice("How would you describe your credit history?", "Not sure"),
          fields: { creditHistory: "unsure" },
        },
        contact(email),
        check,
      ],
    },
    {
      name: "/apply-personal, an outright owner's age",
      path: "/apply-personal",
      finalLabel: "Next",
      end: { url: /\/apply-personal/ },
      steps: [
        {
          title: "Your loan",
          answer: choice("What kind of loan are you looking for?", "Homeowner loan"),
          fields: { loanType: "homeowner" },
        },
        {
          title: "About your home",
          answer: choice("Do you have a mortgage on your home?", "Homeowner (no mortgage)"),
          fields: { homeownerStatus: "outright" },
        },
        {
          title: "How much you need",
          answer: both(typed([AMOUNT, "40000"]), choice(PURPOSE, "Home improvements")),
          fields: { loanAmount: "40000", loanPurpose: "home-improvements" },
        },
        { title: "Your age", answer: choice("How old are you?", "50 – 65"), fields: { age: "50-65" } },
        "Your income",
      ],
    },
    {
      name: "/apply-personal, a personal loan",
      path: "/apply-personal",
      finalLabel: "Next",
      end: { url: /\/loanswarehouse-redirect$/ },
      steps: [
        {
          title: "Your loan",
          answer: choice("What kind of loan are you looking for?", "Personal loan"),
          fields: { loanType: "personal" },
        },
        { title: "How much you need", answer: typed([AMOUNT, "30000"]), fields: { loanAmount: "30000" } },
        {
          title: "Where you live",
          answer: choice("What is your residential status?", "Tenant / renting"),
          fields: { residentialStatus: "council-tenant" },
        },
      ],
    },
  ];
}

/**
 * Opens the walk's step `index` as a page of its own: the first step by its address, a
 * later one as the answer to the step before's plain post (what a press before the script
 * gives), so React wakes on that very step.
 */
async function openStep(page: Page, walk: Walk, index: number) {
  const steps = walk.steps as Step[];
  if (index === 0) {
    await page.goto(walk.path, { waitUntil: "commit" });
    return;
  }
  const fields: Record<string, string> = {
    [STEP_FIELD]: "",
    ...Object.assign({}, ...steps.slice(0, index).map((s) => s.fields)),
  };
  // The step before's Next: the step form's own post, made from one of the site's pages.
  await page.goto("/terms-of-business", { waitUntil: "commit" });
  fields[STEP_FIELD] = stepIdBefore(walk, index);
  await page.evaluate(
    ({ path, fields }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = path;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { path: walk.path, fields },
  );
  await page.waitForURL((url) => url.pathname === walk.path, { waitUntil: "commit" });
}

/** The step ids of each walk's steps, for the plain post that opens a later step. */
const STEP_IDS: Record<string, string[]> = {
  "/apply, a mortgage owner": ["status", "amount", "property", "income", "credit", "contact", "check"],
  "/apply, an outright owner's age": ["status", "amount", "age"],
  "/apply-personal, a homeowner with a mortgage": [
    "type",
    "status",
    "amount",
    "property",
    "income",
    "credit",
    "contact",
    "check",
  ],
  "/apply-personal, an outright owner's age": ["type", "status", "amount", "age"],
  "/apply-personal, a personal loan": ["type", "amount", "residential"],
};
const stepIdBefore = (walk: Walk, index: number) => STEP_IDS[walk.name]?.[index - 1] ?? "";

/**
 * Each walk at one timing, the timings taken in turn: every step of both forms is walked,
 * and every timing on each form, in a third of the time every walk at every timing took.
 */
const WALK_TIMINGS = Object.keys(STEP_IDS).map((name, index) => ({
  name,
  timing: TIMINGS[index % TIMINGS.length] as [Moment, Moment],
}));

for (const [chooseAt, pressAt] of TIMINGS) {
  test.describe(`chosen ${chooseAt} the script, pressed ${pressAt === "during" ? "while React wakes" : `${pressAt} it`}`, () => {
    const names = WALK_TIMINGS.filter(
      (walk) => walk.timing === TIMINGS.find((t) => t[0] === chooseAt && t[1] === pressAt),
    ).map((walk) => walk.name);
    for (const name of names) {
      test(`${name}: each step lands once`, async ({ page }) => {
        test.setTimeout(180_000);
        const email = uniqueEmail("waking");
        const walk = walks(email).find((w) => w.name === name) as Walk;
        await slowCpu(page);
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const asked = walk.steps.filter((step): step is Step => typeof step !== "string");
        for (const [index, step] of asked.entries()) {
          await page.unrouteAll({ behavior: "wait" });
          const release = await holdScripts(page);
          await openStep(page, walk, index);
          await expect(page.locator("form h2")).toHaveText(step.title, SETTLE);
          const last = index === asked.length - 1;
          const button = page.getByRole("button", { name: last ? walk.finalLabel : "Next", exact: true });
          for (const moment of MOMENTS) {
            await reach(page, moment, release, "form[data-hydrated]");
            if (moment === chooseAt) await step.answer(page);
            if (moment === pressAt) {
              await button.click();
              break;
            }
          }
          release();
          const after = walk.steps[index + 1];
          if (after !== undefined) {
            // The step after, once: not this one again (a press lost, or refused on answers it
            // did not see), nor the one after it (a press counted twice).
            const title = typeof after === "string" ? after : after.title;
            await expect(page.locator("form h2")).toHaveText(title, SETTLE);
            await expect(page.locator("form[data-hydrated]")).toBeAttached(SETTLE);
            await expect(page.locator("form h2")).toHaveText(title);
            await expect(errorSummary(page)).toHaveCount(0);
          } else {
            await expect(page).toHaveURL(walk.end.url, SETTLE);
          }
        }
        if (walk.end.table) {
          const table = walk.end.table;
          await expect.poll(async () => (await storedRows(table)).filter((row) => row.email === email).length).toBe(1);
        }
        expect(errors).toEqual([]);
      });
    }
  });
}

test.describe("the header's Menu, opened at each moment of the page's waking (360 px, signed out)", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  for (const moment of MOMENTS) {
    test(`opened ${moment === "during" ? "while React wakes" : `${moment} the script`}, it stays open with 'Sign in' in it`, async ({
      page,
    }) => {
      await slowCpu(page);
      const release = await holdScripts(page);
      await page.goto("/apply", { waitUntil: "commit" });
      await reach(page, moment, release, "html[data-react]");
      await page.getByText("Menu", { exact: true }).click();
      release();
      await expect(page.locator("html[data-react]")).toBeAttached(SETTLE);
      // React's waking must not close a menu the visitor opened (its first run is no navigation).
      const menu = page.getByRole("navigation", { name: "Main (mobile)" });
      await expect(menu.getByRole("link", { name: "Sign in" })).toBeVisible();
      // And a link in it, followed once the page is React's, closes it on the next page.
      await menu.getByRole("link", { name: "Contact Us" }).click();
      await expect(page).toHaveURL(/\/contact-us$/);
      await expect(menu).toBeHidden();
    });
  }
});

test.describe("/account's correction request, typed and sent at each moment of the page's waking", () => {
  for (const [typeAt, pressAt] of TIMINGS) {
    test(`typed ${typeAt}, sent ${pressAt === "during" ? "while React wakes" : `${pressAt} the script`}: one request`, async ({
      page,
      request,
    }) => {
      const email = uniqueEmail("waking-account");
      const password = "Harbour-42-waking";
      await confirmedAccount(request, email, password);
      const signIn = await page.request.post("/api/auth/sign-in/email", {
        data: { email, password },
        headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
      });
      expect(signIn.status()).toBe(200);
      await slowCpu(page);
      const release = await holdScripts(page);
      await page.goto("/account", { waitUntil: "commit" });
      const section = page.getByRole("region", { name: "Correct your details" });
      for (const moment of MOMENTS) {
        await reach(page, moment, release, "html[data-react]");
        if (moment === typeAt) {
          await section.getByLabel("What is wrong, and what should it say?").fill("My income is £52,000, not £25,000.");
        }
        if (moment === pressAt) {
          await section.getByRole("button", { name: "Ask for a correction" }).click();
          break;
        }
      }
      release();
      await expect(section.getByRole("status")).toContainText(/^We have your request R-[0-9A-F]{8}\./, SETTLE);
      await expect(page.locator("html[data-react]")).toBeAttached(SETTLE);
      await expect(section.getByTestId("correction-requests").getByRole("listitem")).toHaveCount(1);
    });
  }
});
