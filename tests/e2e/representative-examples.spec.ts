import { expect, test } from "@playwright/test";
import { SITEMAP_PATHS } from "../../app/content/public-routes";

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
