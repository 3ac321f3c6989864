import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useRouteLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { HEADLINE_APR, HOME_IMPROVEMENT_REPRESENTATIVE_APR, HOMEOWNER_CALCULATOR_APR } from "~/domain/rates";
import { type ExampleTerms, RepresentativeExample } from "./representative-example";

// The representative example every secured page prints (DECISIONS D12, MCOB 3A.5),
// rendered as the server renders it and read as text, then checked against the
// definitions rather than the code that printed it: the APRC is the borrowing rate
// compounded monthly, never the borrowing rate itself. tests/e2e/representative-examples
// reads the same from every built page; this one runs under Vitest, so mutation testing
// (vitest.mutation.config.ts) sees the finance module's part in it.

const site = readConfig({ NODE_ENV: "test" }).site;

/** A page that prints only the example, with the terms its root loader gave. */
function ExamplePage() {
  const { terms } = useRouteLoaderData("root") as { terms: Partial<ExampleTerms> };
  return createElement(RepresentativeExample, terms);
}

/** The example's text as a reader gets it, rendered inside a root route that has the site's configuration. */
function printed(terms: Partial<ExampleTerms>) {
  const Page = createRoutesStub([{ id: "root", path: "/", Component: ExamplePage, loader: () => ({ site, terms }) }]);
  const html = renderToStaticMarkup(
    createElement(Page, { initialEntries: ["/"], hydrationData: { loaderData: { root: { site, terms } } } }),
  );
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** One decimal place, as the pages print an APRC ("6%" for 6.0, "6.1%"). */
const oneDecimal = (percent: number) => `${Number(percent.toFixed(1))}%`;
/** The APRC by its definition: the nominal rate's monthly twelfth, compounded over a year. */
const aprcOf = (annualRatePercent: number) => oneDecimal(((1 + annualRatePercent / 100 / 12) ** 12 - 1) * 100);

const EXAMPLE =
  /^Representative example: ([\d.]+%) APRC Borrowing .*? at a fixed borrowing rate of ([\d.]+%) a year: .* Representative ([\d.]+%) APRC\. Credit broker: /;

describe("the representative example's APRC", () => {
  it.each([
    // The headline loan (the footer's and most pages' example), the calculator's and the
    // home improvement page's rates; 3% and 12% where compounding moves the first decimal.
    { terms: {}, rate: HEADLINE_APR, aprc: "5.8%" },
    { terms: { amount: 30_000, months: 120, annualRatePercent: HOMEOWNER_CALCULATOR_APR }, rate: 5.9, aprc: "6.1%" },
    {
      terms: { amount: 45_000, months: 120, annualRatePercent: HOME_IMPROVEMENT_REPRESENTATIVE_APR },
      rate: 7.74,
      aprc: "8%",
    },
    { terms: { amount: 10_000, months: 60, annualRatePercent: 3 }, rate: 3, aprc: "3%" },
    { terms: { amount: 250_000, months: 300, annualRatePercent: 12 }, rate: 12, aprc: "12.7%" },
  ])("is the rate compounded monthly, stated at the top and again at the end ($rate%)", ({ terms, rate, aprc }) => {
    const text = printed(terms);
    const match = EXAMPLE.exec(text);
    expect(match, text).not.toBeNull();
    const [, first, borrowingRate, last] = match ?? [];
    expect(aprcOf(rate)).toBe(aprc);
    expect(first).toBe(aprc);
    expect(last).toBe(aprc);
    expect(borrowingRate).toBe(`${rate}%`);
  });
});
