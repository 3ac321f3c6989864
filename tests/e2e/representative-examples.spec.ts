import { expect, test } from "@playwright/test";
import { LOAN_PAGES, PERSONAL_LOAN_HAND_OFFS, SITEMAP_PATHS } from "../../app/content/public-routes";
import { REPOSSESSION_WARNING } from "../../app/domain/finance";

// Every representative example the site prints (DECISIONS D12), read from the pages as
// served, checked against the definitions rather than against the code that printed
// it: the APRC is the borrowing rate compounded monthly, the instalment is the
// standard repayment, the total is what the instalments add up to.

/** A page's text, as a reader gets it: no tags, no comments, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const pounds = (text: string) => Number(text.replace(/[£,]/g, ""));

/** One decimal place, as the pages print an APRC ("6%" for 6.0, "6.1%"). */
const oneDecimal = (percent: number) => `${Number(percent.toFixed(1))}%`;

const EXAMPLE =
  /Representative example: ([\d.]+%) APRC Borrowing (£[\d,]+) over (\d+) years?, secured on your home, at a fixed borrowing rate of ([\d.]+)% a year: (\d+) monthly instalments of (£[\d,]+\.\d\d)(?: \(the last (£[\d,]+\.\d\d)\))? ?\. Total amount payable (£[\d,]+\.\d\d)/g;

test("every representative example states the APRC, instalment and total its own terms give", async ({ request }) => {
  let examples = 0;
  for (const path of SITEMAP_PATHS) {
    const text = textOf(await (await request.get(path)).text());
    for (const m of text.matchAll(EXAMPLE)) {
      examples++;
      const [, aprc, amount, years, rate, count, instalment, last, total] = m;
      const monthly = Number(rate) / 100 / 12;
      const months = Number(years) * 12;
      const where = `${path}: ${m[0].slice(0, 60)}…`;
      expect(aprc, where).toBe(oneDecimal(((1 + monthly) ** 12 - 1) * 100));
      expect(aprc, `${where} (an APRC is not the borrowing rate)`).not.toBe(oneDecimal(Number(rate)));
      expect(Number(count), where).toBe(months);
      const payment = (pounds(amount ?? "") * monthly) / (1 - (1 + monthly) ** -months);
      expect(pounds(instalment ?? ""), where).toBeCloseTo(payment, 2);
      const paid = pounds(instalment ?? "") * (months - 1) + pounds(last ?? instalment ?? "");
      expect(pounds(total ?? ""), where).toBeCloseTo(paid, 2);
      // The closing line repeats the same APRC.
      expect(text, where).toContain(`Representative ${aprc} APRC`);
    }
  }
  // The loan pages and the home page each carry one: a pattern that matched nothing proves nothing.
  expect(examples).toBeGreaterThanOrEqual(5);
});

// D19: one representative example per page, the one for the product the page promotes;
// none on a personal-loan hand-off. A page whose body prints one example and whose footer
// prints another (6.1% beside the calculator, 5.8% below) promotes two products at once.
const ROUTES = [...SITEMAP_PATHS, "/thank-you", "/contact-thankyou", "/cannot-help", ...PERSONAL_LOAN_HAND_OFFS];

test("each page prints one representative example, the one it promotes, and a hand-off none", async ({ request }) => {
  for (const path of ROUTES) {
    const text = textOf(await (await request.get(path)).text());
    const examples = [...text.matchAll(EXAMPLE)].map((m) => `${m[2]} over ${m[3]} years at ${m[4]}%`);
    const handOff = (PERSONAL_LOAN_HAND_OFFS as readonly string[]).includes(path);
    expect(new Set(examples).size, `${path}: ${examples.join("; ")}`).toBeLessThanOrEqual(1);
    expect(examples, path).toHaveLength(handOff ? 0 : 1);
  }
});

// D19: the repossession warning once beside the page's secured rate and once in the
// footer, not three or four times a page; never on a personal-loan hand-off.
test("the repossession warning stands once beside the page's example and once in the footer", async ({ page }) => {
  for (const path of ROUTES) {
    await page.goto(path);
    const warnings = (where: string) => page.locator(where).getByText(REPOSSESSION_WARNING, { exact: true });
    if ((PERSONAL_LOAN_HAND_OFFS as readonly string[]).includes(path)) {
      await expect(page.getByText("may be repossessed"), path).toHaveCount(0);
      continue;
    }
    await expect(warnings("footer"), `${path}: the footer's`).toHaveCount(1);
    if (!(LOAN_PAGES as readonly string[]).includes(path)) {
      expect(await warnings("main").count(), `${path}: in the page`).toBeLessThanOrEqual(1);
      continue;
    }
    await expect(warnings("main"), `${path}: in the page`).toHaveCount(1);
    // Beside the rate: the warning and the page's representative example share one block.
    await expect(warnings("main").locator("xpath=.."), path).toContainText("Representative example:");
  }
});
