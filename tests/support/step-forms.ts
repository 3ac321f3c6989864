import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { E2E_PORT } from "./e2e-paths";

/** A visitor who has already answered the cookie banner (rejecting non-essential cookies). */
export async function skipCookieBanner(context: BrowserContext) {
  await context.addCookies([
    { name: "consent", value: encodeURIComponent("v1|analytics:0|advertising:0"), url: `http://127.0.0.1:${E2E_PORT}` },
  ]);
}

/** Picks a radio card by its group's legend and its label. */
export async function choose(page: Page, legend: string, label: string) {
  await page.getByRole("group", { name: legend }).getByRole("radio", { name: label, exact: true }).check();
}

export async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

/** Presses Next and waits for the step heading to change, or for the page to move on. */
export async function next(page: Page) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
}

export function stepHeading(page: Page) {
  return page.locator("form h2");
}

/**
 * The step shown: its heading and its counter, 'Step n of N' and the share of the steps
 * done before it (decision 461: the last question is not yet 100%).
 */
export async function expectStep(page: Page, n: number, of: number, heading: string) {
  await expect(page.getByText(`Step ${n} of ${of}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${Math.round(((n - 1) / of) * 100)}% Complete`, { exact: true })).toBeVisible();
  await expect(stepHeading(page)).toHaveText(heading);
}

/** The page's axe violations, as "rule: targets" lines (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  // What a reader sees once it has settled: a toast half faded in has colours nobody reads
  // (axe's colour-contrast would judge the blend). A toast can begin its transition a few
  // frames after the key press that raised it, so the page must be still for five frames
  // running (finite animations only; two seconds at most). A frame that does not come
  // within 100 ms (a browser that has stopped drawing the page for a moment) counts as one,
  // so the wait keeps its two seconds' bound.
  await page.evaluate(async () => {
    const moving = () =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === "running" && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
    const until = performance.now() + 2_000;
    for (let still = 0; still < 5 && performance.now() < until; ) {
      await new Promise((painted) => {
        requestAnimationFrame(painted);
        setTimeout(painted, 100);
      });
      still = moving() ? 0 : still + 1;
    }
  });
  // Violations only: axe then skips gathering every rule that passed, which costs time.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The error summary at the top of a form ("There is a problem"), as GOV.UK draws it (D24, D30). */
export function errorSummary(page: Page) {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
}

/**
 * A refused step says each problem twice and only twice (D30): once as a link in the one
 * error summary, once under its field, in the same words; no toast says it a third time.
 */
export async function expectRefusal(page: Page, messages: readonly string[]) {
  const summary = errorSummary(page);
  await expect(summary).toHaveCount(1);
  await expect(summary.getByRole("link")).toHaveText([...messages]);
  for (const message of messages) {
    // The summary's link and the field's message: the same words, in two places.
    await expect(page.getByText(message, { exact: true })).toHaveCount(2);
  }
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/**
 * A form's button that looks and reads as ready to press (D30): not disabled, not marked
 * unavailable to assistive technology, drawn at full strength with a pointer cursor.
 */
export async function expectReady(button: Locator) {
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveAttribute("aria-disabled", /.*/);
  await expect(button).toHaveCSS("opacity", "1");
  await expect(button).not.toHaveCSS("cursor", "not-allowed");
}

/**
 * Waits until React owns the control `selector` names, for a test that means to act
 * through the script (a choice made before it lands too, through the plain form: decision 460).
 */
export async function hydratedControl(page: Page, selector: string) {
  await page.waitForFunction(
    (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith("__react")),
    selector,
  );
}

/** A toast by its title, with its description; one already closing does not count. */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: title });
}

let counter = 0;
/** An email address no other test uses, so stored rows can be found. */
export function uniqueEmail(prefix: string) {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * The check page (decision 500): 'Check your answers', after the last question and not
 * counted as a step, so 'All N steps answered' and '100% Complete'.
 */
export async function expectCheckPage(page: Page, of: number) {
  await expect(stepHeading(page)).toHaveText("Check your answers");
  await expect(page.getByText(`All ${of} steps answered`, { exact: true })).toBeVisible();
  await expect(page.getByText("100% Complete", { exact: true })).toBeVisible();
}
