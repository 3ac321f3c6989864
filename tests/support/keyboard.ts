import { expect, type Locator, type Page } from "@playwright/test";

/**
 * How many presses of Tab should take the focus from where it is to `target`, counted in
 * the page: the focusable controls between them in document order, a group of radios
 * counting once (Tab enters a group at one radio). Zero when it is there already or the
 * count cannot tell; `tabTo` then presses and looks one at a time.
 */
function pressesTo(target: Element): number {
  const focusable = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    ),
  ].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !(element instanceof HTMLInputElement && element.type === "hidden") &&
      element.checkVisibility({ visibilityProperty: true }),
  );
  const stops: Element[] = [];
  const groups = new Set<string>();
  for (const element of focusable) {
    if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
      if (groups.has(element.name)) continue;
      groups.add(element.name);
      // The stop is the group: the target counts as reached on whichever radio Tab lands.
      const group = focusable.filter(
        (e) => e instanceof HTMLInputElement && e.type === "radio" && e.name === element.name,
      );
      if (group.includes(target as HTMLElement)) {
        stops.push(target);
        continue;
      }
      if (group.includes(document.activeElement as HTMLElement)) {
        stops.push(document.activeElement as Element);
        continue;
      }
    }
    stops.push(element);
  }
  const from = stops.indexOf(document.activeElement as Element);
  const to = stops.indexOf(target);
  return to > from ? to - from : 0;
}

/**
 * Presses Tab until `target` has focus, as a keyboard user reaches it, and checks that the
 * focus shows; fails if it never arrives. The presses the page's own count expects are
 * sent together, then one at a time while looking (a round trip each), so a long page
 * costs one look rather than dozens.
 */
export async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const expected = await target.evaluate(pressesTo);
  for (let press = 1; press < expected; press++) await page.keyboard.press("Tab");
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const shown = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return style.outlineStyle !== "none" || style.boxShadow !== "none";
      });
      expect(shown, "the focused control shows its focus").toBe(true);
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the control");
}
