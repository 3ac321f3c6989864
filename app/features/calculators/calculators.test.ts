// What each calculator shows in the server's HTML, before any script runs: its labelled
// inputs with the spec's defaults and options, and (where the spec says so) no result
// until the borrower asks. Behaviour after input is proven in tests/e2e/calculators.spec.ts.

import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BadCreditCalculator } from "./bad-credit-calculator";
import { DebtConsolidationCalculator } from "./debt-consolidation-calculator";
import { HomeImprovementCalculator } from "./home-improvement-calculator";
import { HomeownerCalculator } from "./homeowner-calculator";
import { chooseSchool, initialSchoolFeesState, SchoolFeesCalculator } from "./school-fees-calculator";
import { SecuredLoanCalculator } from "./secured-loan-calculator";

const render = (component: FunctionComponent) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(component)));

/** The <select>'s options in order, and which one is selected. */
function selectOptions(html: string, id: string) {
  const select = html.match(new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? "";
  const options = [...select.matchAll(/<option value="([^"]*)"( selected="")?>/g)];
  return { values: options.map((o) => o[1]), selected: options.find((o) => o[2])?.[1] };
}

function inputTag(html: string, id: string) {
  return html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? "";
}

function labelFor(html: string, id: string) {
  return html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`))?.[1];
}

describe("secured loan calculator", () => {
  const html = render(SecuredLoanCalculator);

  it("starts at £50,000 over 10 years, the amount box guided by min 10000, max 2500000, step 1000", () => {
    const amount = inputTag(html, "secured-amount");
    expect(amount).toContain('value="50000"');
    expect(amount).toContain('min="10000"');
    expect(amount).toContain('max="2500000"');
    expect(amount).toContain('step="1000"');
    expect(selectOptions(html, "secured-term")).toEqual({ values: ["5", "10", "15", "20", "25"], selected: "10" });
  });

  it("never blocks a calculation on those attributes (the form is noValidate)", () => {
    expect(html).toMatch(/<form[^>]*novalidate=""/i);
  });

  it("labels every input", () => {
    expect(labelFor(html, "secured-amount")).toBe("Loan amount");
    expect(labelFor(html, "secured-term")).toBe("Loan term");
  });

  it("shows nothing until 'Calculate Payments' is pressed", () => {
    expect(html).toContain("Calculate Payments");
    expect(html).not.toContain("Monthly payment");
    expect(html).not.toContain("Total interest");
    expect(html).not.toContain("Personalised Quote");
  });

  it("has a polite live region for the result", () => {
    expect(html).toContain('aria-live="polite"');
  });
});

describe("homeowner loan calculator", () => {
  const html = render(HomeownerCalculator);

  it("starts at £50,000 over 10 years at 5.9%", () => {
    expect(inputTag(html, "homeowner-amount")).toContain('value="50000"');
    expect(inputTag(html, "homeowner-term")).toContain('value="10"');
    expect(html).toContain("5.9% a year");
    expect(labelFor(html, "homeowner-amount")).toBe("Loan amount");
    expect(labelFor(html, "homeowner-term")).toBe("Loan term (years)");
  });

  it("shows its result only after 'Calculate My Payments'", () => {
    expect(html).toContain("Calculate My Payments");
    expect(html).not.toContain("Monthly payment");
  });
});

describe("bad credit calculator", () => {
  const html = render(BadCreditCalculator);

  it("offers the spec's amounts and terms, starting at £25,000 over 10 years", () => {
    expect(selectOptions(html, "bad-credit-amount")).toEqual({
      values: ["10000", "15000", "20000", "25000", "30000", "40000", "50000", "75000", "100000"],
      selected: "25000",
    });
    expect(selectOptions(html, "bad-credit-term")).toEqual({ values: ["5", "10", "15", "20", "25"], selected: "10" });
  });

  it("shows no result until 'Calculate Monthly Payment'", () => {
    expect(html).toContain("Calculate Monthly Payment");
    expect(html).not.toContain("£315.34");
    expect(html).not.toContain("Total payable");
  });
});

describe("debt consolidation calculator", () => {
  const html = render(DebtConsolidationCalculator);

  it("starts with £15,000 of cards, an £8,000 loan and £3,000 of store cards, labelled with average APRs", () => {
    expect(inputTag(html, "debt-creditCards")).toContain('value="15000"');
    expect(inputTag(html, "debt-personalLoans")).toContain('value="8000"');
    expect(inputTag(html, "debt-storeCards")).toContain('value="3000"');
    expect(html).toContain("Average APR 21%");
    expect(html).toContain("Average APR 15%");
    expect(html).toContain("Average APR 29%");
  });

  it("shows the computed saving for those debts: £755.00 now against £498.91, £256.09 a month, £3,073.08 a year", () => {
    expect(html).toContain("£755.00 a month");
    expect(html).toContain("£498.91 a month");
    expect(html).toContain("£256.09");
    expect(html).toContain("£3,073.08");
  });
});

describe("home improvement calculator", () => {
  const html = render(HomeImprovementCalculator);

  it("starts at £50,000 over 10 years, with terms of 5 to 24 years and every project type", () => {
    expect(inputTag(html, "home-improvement-amount")).toContain('value="50000"');
    const terms = selectOptions(html, "home-improvement-term");
    expect(terms.values).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 5)));
    expect(terms.selected).toBe("10");
    expect(selectOptions(html, "project-type").values).toHaveLength(11); // a prompt and ten types
  });

  it("keeps Check Eligibility disabled until a project type is chosen", () => {
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Check Eligibility »<\/button>/);
    expect(html).not.toContain('href="/apply"');
  });
});

describe("school fees calculator", () => {
  it("starts at £25,000 over 10 years on sliders of £5,000 to £500,000 (step £1,000) and 5 to 30 years", () => {
    const html = render(SchoolFeesCalculator);
    const amount = inputTag(html, "school-amount");
    expect(amount).toContain('type="range"');
    expect(amount).toContain('min="5000"');
    expect(amount).toContain('max="500000"');
    expect(amount).toContain('step="1000"');
    expect(amount).toContain('value="25000"');
    const term = inputTag(html, "school-term");
    expect(term).toContain('min="5"');
    expect(term).toContain('max="30"');
    expect(term).toContain('value="10"');
    expect(selectOptions(html, "school-year-group").values).toEqual([
      "",
      "nursery",
      "reception",
      "primary",
      "secondary",
    ]);
    expect(selectOptions(html, "school-name").values).toContain("other");
  });

  it("sets the fees and the amount when a school and a year group are both chosen", () => {
    const schoolOnly = chooseSchool(initialSchoolFeesState, { school: "eton-college" });
    expect(schoolOnly).toMatchObject({ feesText: "", amount: 25_000 });
    const both = chooseSchool(schoolOnly, { yearGroup: "secondary" });
    expect(both).toMatchObject({ feesText: "49194", amount: 49_194 });
    const dulwich = chooseSchool(both, { school: "dulwich-college" });
    expect(dulwich).toMatchObject({ feesText: "35000", amount: 35_000 });
  });

  it("uses £25,000 when the table holds no fee for that year group", () => {
    const state = chooseSchool(
      { ...initialSchoolFeesState, amount: 60_000 },
      { school: "eton-college", yearGroup: "nursery" },
    );
    expect(state).toMatchObject({ feesText: "0", amount: 25_000 });
  });

  it("leaves the fees and amount to the parent for Other", () => {
    const typed = { ...initialSchoolFeesState, feesText: "18000", amount: 40_000 };
    expect(chooseSchool(typed, { school: "other", yearGroup: "primary" })).toMatchObject({
      feesText: "18000",
      amount: 40_000,
    });
  });
});
