import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "../support/e2e-paths";
import { expectFitsScreen, PHONE } from "../support/layout";
import { validQuote } from "../support/leads";
import { overHttp, signInStaff } from "../support/staff-sign-in";
import { addStaffMember } from "../support/stored";

// One error pattern on the lead page's work forms (DECISIONS D30, decision 412): "Log call"
// with nothing chosen, "Log it" with no way chosen and "Add note" with nothing written each
// post (no browser bubble) and come back with the error summary, which takes the focus and
// links to the field, and the same words at the field; with script and without.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

async function adviserOnNewLead(page: Page) {
  const sent = await page.request.post(`${ORIGIN}/api/quotes`, {
    data: validQuote({ email: `work-errors-${randomUUID().slice(0, 8)}@example.com` }),
  });
  expect(sent.status()).toBe(201);
  const id = ((await sent.json()) as { id: string }).id;
  const email = `${randomUUID().slice(0, 8)}@firm.example`;
  const member = await signInStaff(overHttp(ORIGIN), {
    origin: ORIGIN,
    enrolPath: await addStaffMember(email, "Wren Worker", ["adviser"]),
    email,
  });
  await page.context().addCookies(
    member.cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: ORIGIN };
    }),
  );
  await page.goto(`${ORIGIN}/staff/leads/quote/${id}`);
}

async function expectSaidTwice(page: Page, words: string, field: ReturnType<Page["getByLabel"]>) {
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: words })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(2);
  await summary.getByRole("link", { name: words }).click();
  await expect(field).toBeFocused();
  if (await page.evaluate(() => "__reactRouterDataRouter" in window)) {
    // The page drawn again (its data read afresh) leaves the focus in the field.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }
      ).__reactRouterDataRouter.revalidate(),
    );
    await expect(field).toBeFocused();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with script" : "without script", () => {
    test.use({ javaScriptEnabled });

    test("a call, an email and a note sent empty are refused in the summary and at the field", async ({ page }) => {
      test.setTimeout(90_000);
      await adviserOnNewLead(page);

      await page.getByRole("button", { name: "Log call" }).click();
      await expectSaidTwice(page, "Choose how the call went.", page.getByRole("radio", { name: "Spoke to them" }));
      if (javaScriptEnabled) {
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
      }

      await page.getByRole("button", { name: "Log it" }).click();
      await expectSaidTwice(
        page,
        "Choose which way it went.",
        page.getByTestId("message-form").getByRole("radio").first(),
      );

      await page.getByRole("button", { name: "Add note" }).click();
      await expectSaidTwice(page, "Write the note.", page.getByLabel("Add a note"));
      await page.setViewportSize(PHONE);
      await expectFitsScreen(page, "the lead page with a refused note");
    });
  });
}
