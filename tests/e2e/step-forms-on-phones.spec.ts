import { expect, type Page, test } from "@playwright/test";
import * as m from "../../app/domain/messages";
import { expectFitsScreen } from "../support/layout";
import {
  choose,
  expectCheckPage,
  expectReady,
  expectRefusal,
  expectStep,
  fill,
  skipCookieBanner,
} from "../support/step-forms";

// Both step forms walked on the phones a borrower holds (issue 54; DECISIONS D30): at each
// step Next (and at the end the final button) looks ready to press; pressed on the empty
// step it draws one error summary and a message at each field, in the same words, and no
// toast; the step fits the screen; then the step is answered and the walk goes on. The last
// page, 'Check your answers' after 'Your details' (decision 500), is walked the same way; it
// says what sending does, and keeps the terms and the privacy notice apart.

test.beforeEach(async ({ context }) => {
  await skipCookieBanner(context);
});

interface WalkStep {
  heading: string;
  /** What pressing the button on the empty step says, in the order of the step's fields. */
  refused: readonly string[];
  answer(page: Page): Promise<void>;
}

const CONTACT_REFUSED = [m.FIRST_NAME_MISSING, m.LAST_NAME_MISSING, m.EMAIL_MISSING, m.PHONE_MISSING];

async function contact(page: Page) {
  await fill(page, "First name", "Jane");
  await fill(page, "Last name", "Smith");
  await fill(page, "Email address", "jane.phone@example.com");
  await fill(page, "Phone number", "07700 900123");
}

/** The check page, not counted as a step: its final button is refused until the terms are agreed to. */
const CHECK_HEADING = "Check your answers";
const CHECK: WalkStep = {
  heading: CHECK_HEADING,
  refused: [m.CONSENT_MISSING],
  answer: (page) => page.getByRole("checkbox", { name: /I agree to the Terms of Business/ }).check(),
};

const APPLY: readonly WalkStep[] = [
  {
    heading: "About your home",
    refused: [m.HOMEOWNER_STATUS_MISSING],
    answer: (page) => choose(page, "Which of these describes you?", "Homeowner with mortgage"),
  },
  {
    heading: "Your loan",
    refused: [m.LOAN_AMOUNT_MISSING, m.LOAN_PURPOSE_MISSING],
    answer: async (page) => {
      await fill(page, "How much would you like to borrow?", "50000");
      await choose(page, "What do you need the loan for?", "Debt consolidation");
    },
  },
  {
    heading: "Your property",
    refused: [m.PROPERTY_VALUE_MISSING, m.MORTGAGE_BALANCE_MISSING],
    answer: async (page) => {
      await fill(page, "What is your property worth?", "250000");
      await fill(page, "How much is left to pay on your mortgage?", "100000");
    },
  },
  {
    heading: "Your income",
    refused: [m.MONTHLY_INCOME_MISSING, m.EMPLOYMENT_STATUS_MISSING],
    answer: async (page) => {
      await fill(page, "What is your monthly income?", "4000");
      await choose(page, "What is your employment status?", "Employed full-time");
    },
  },
  {
    heading: "Your credit history",
    refused: [m.CREDIT_HISTORY_MISSING],
    answer: (page) => choose(page, "How would you describe your credit history?", "Good"),
  },
  { heading: "Your details", refused: CONTACT_REFUSED, answer: contact },
  CHECK,
];

const QUICK: readonly WalkStep[] = [
  {
    heading: "Your loan",
    refused: [m.LOAN_TYPE_MISSING],
    answer: (page) => choose(page, "What kind of loan are you looking for?", "Homeowner loan"),
  },
  {
    heading: "About your home",
    refused: [m.HOMEOWNER_STATUS_MISSING],
    answer: (page) => choose(page, "Do you have a mortgage on your home?", "Homeowner (no mortgage)"),
  },
  {
    heading: "How much you need",
    refused: [m.LOAN_AMOUNT_MISSING, m.LOAN_PURPOSE_MISSING],
    answer: async (page) => {
      await fill(page, "How much would you like to borrow?", "40000");
      await choose(page, "What do you need the loan for?", "Home improvements");
    },
  },
  { heading: "Your age", refused: [m.AGE_MISSING], answer: (page) => choose(page, "How old are you?", "50 – 65") },
  {
    heading: "Your income",
    refused: [m.MONTHLY_INCOME_MISSING, m.EMPLOYMENT_STATUS_MISSING],
    answer: async (page) => {
      await fill(page, "What is your monthly income?", "3500");
      await choose(page, "What is your employment status?", "Self employed");
    },
  },
  {
    heading: "Your credit history",
    refused: [m.CREDIT_HISTORY_MISSING],
    answer: (page) => choose(page, "How would you describe your credit history?", "Not sure"),
  },
  { heading: "Your details", refused: CONTACT_REFUSED, answer: contact },
  CHECK,
];

const FORMS = [
  { path: "/apply", steps: APPLY, final: "Check Eligibility »" },
  { path: "/apply-personal", steps: QUICK, final: "Get Quote" },
] as const;

for (const width of [320, 390, 412]) {
  for (const { path, steps, final } of FORMS) {
    test(`${path} at ${width} px: every step refused empty says each problem twice, no toast, no button that looks dead`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.locator("form[data-hydrated]")).toBeVisible();
      // The check page is not a question: 'Step n of N' counts the others.
      const questions = steps.length - 1;
      for (const [index, step] of steps.entries()) {
        if (step.heading === CHECK_HEADING) await expectCheckPage(page, questions);
        else await expectStep(page, index + 1, questions, step.heading);
        const button = page.getByRole("button", { name: index === steps.length - 1 ? final : "Next", exact: true });
        await expectReady(button);
        await button.click();
        await expectRefusal(page, step.refused);
        await expectFitsScreen(page, `${path} ${step.heading} refused at ${width} px`);
        await step.answer(page);
        await expectReady(button);
        if (index < steps.length - 1) await button.click();
      }
      // The check page: agreeing to the terms and being told of the privacy notice are
      // separate lines, and one line just above the final button says what sending does.
      await expect(page.getByRole("checkbox", { name: "I agree to the Terms of Business.", exact: true })).toBeVisible();
      await expect(page.getByText(/^Our Privacy Policy tells you how we use your details/)).toBeVisible();
      const sending = page.getByText(/^When you send this, your details go to the advisers at Harbourside Loans/);
      await expect(sending).toBeVisible();
      const [line, button] = [await sending.boundingBox(), await page.getByRole("button", { name: final }).boundingBox()];
      expect((line?.y ?? 0) + (line?.height ?? 0)).toBeLessThanOrEqual(button?.y ?? 0);
    });
  }
}
