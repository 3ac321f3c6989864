// What each calculator shows in the server's HTML, before any script runs: its labelled
// inputs with the spec's defaults and options, and (where the spec says so) no result
// until the borrower asks; and, for a form sent without script, the inputs as typed with
// their figures or the reason they cannot be used. Behaviour after input is proven in
// tests/e2e/calculators.spec.ts.

import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  debtConsolidationSaving,
  homeImprovementCalculator,
  homeownerCalculator,
  schoolFeesCalculator,
  securedLoanCalculator,
} from "~/domain/calculators";
import { formatPounds } from "~/domain/finance";
import { BAD_CREDIT_AMOUNTS } from "~/domain/options";
import { HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import { BadCreditCalculator, badCreditOutcome } from "./bad-credit-calculator";
import { DebtConsolidationCalculator, NOT_AN_AMOUNT } from "./debt-consolidation-calculator";
import { HomeImprovementCalculator } from "./home-improvement-calculator";
import { HomeownerCalculator, homeownerOutcome } from "./homeowner-calculator";
import {
  AMOUNT_PROBLEM,
  chooseSchool,
  initialSchoolFeesState,
  readSchoolFeesInput,
  SchoolFeesCalculator,
  TERM_PROBLEM,
} from "./school-fees-calculator";
import { SecuredLoanCalculator, securedLoanOutcome } from "./secured-loan-calculator";

const render = <P extends object>(component: FunctionComponent<P>, props?: P) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(component, props)));

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
  it("starts at £25,000 over 10 years, in boxes for £10,000 to £500,000 and 5 to 30 years until script adds sliders", () => {
    const html = render(SchoolFeesCalculator);
    const amount = inputTag(html, "school-amount");
    expect(amount).toContain('type="text"');
    expect(amount).toContain('value="25000"');
    expect(html).toContain("£10,000 to £500,000");
    const term = inputTag(html, "school-term");
    expect(term).toContain('value="10"');
    expect(html).toContain("5 to 30 years");
    expect(html).not.toContain("<output");
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
    expect(schoolOnly).toMatchObject({ feesText: "", amountText: "25000" });
    const both = chooseSchool(schoolOnly, { yearGroup: "secondary" });
    expect(both).toMatchObject({ feesText: "49194", amountText: "49194" });
    const dulwich = chooseSchool(both, { school: "dulwich-college" });
    expect(dulwich).toMatchObject({ feesText: "35000", amountText: "35000" });
  });

  it("uses £25,000 when the table holds no fee for that year group", () => {
    const state = chooseSchool(
      { ...initialSchoolFeesState, amountText: "60000" },
      { school: "eton-college", yearGroup: "nursery" },
    );
    expect(state).toMatchObject({ feesText: "0", amountText: "25000" });
  });

  it("leaves the fees and amount to the parent for Other", () => {
    const typed = { ...initialSchoolFeesState, feesText: "18000", amountText: "40000" };
    expect(chooseSchool(typed, { school: "other", yearGroup: "primary" })).toMatchObject({
      feesText: "18000",
      amountText: "40000",
    });
  });
});

// ── A form sent without script (docs/decisions/134) ────────────────────────────

/** The text a browser shows, without React's separators between adjacent strings. */
const text = (html: string) => html.replace(/<!-- -->/g, "");
const pounds = (n: number) => formatPounds(n, { pence: true });

describe("the secured loan calculator, sent", () => {
  it("draws the figures for the amount and term sent, the boxes as sent", () => {
    const html = text(render(SecuredLoanCalculator, { input: { amount: "75000", term: "15" } }));
    expect(inputTag(html, "secured-amount")).toContain('value="75000"');
    expect(selectOptions(html, "secured-term").selected).toBe("15");
    expect(html).toContain(pounds(securedLoanCalculator(75_000, 15).monthlyPayment));
    expect(html).toContain('href="/apply"');
  });

  it("keeps an amount below £10,000 in its box and says the firm starts at £10,000", () => {
    const html = text(render(SecuredLoanCalculator, { input: { amount: "5000", term: "10" } }));
    expect(inputTag(html, "secured-amount")).toContain('value="5000"');
    expect(html).toContain("We arrange secured loans from £10,000.");
    expect(html).not.toContain("Monthly payment");
  });

  it.each([
    [
      { amount: "", term: "10" },
      { error: "Please enter a loan amount.", field: "amount" },
    ],
    [
      { amount: "0", term: "10" },
      { error: "Our minimum loan is £10,000", field: "amount" },
    ],
    [
      { amount: "2500001", term: "10" },
      { error: "Our maximum loan is £2,500,000", field: "amount" },
    ],
    [
      { amount: "50000", term: "7" },
      { error: "Please choose a loan term from the list.", field: "term" },
    ],
  ])("answers %j with %j", (input, outcome) => {
    expect(securedLoanOutcome(input.amount, input.term)).toEqual(outcome);
  });

  it("says the limit beside the amount box, which points to it", () => {
    const html = text(render(SecuredLoanCalculator, { input: { amount: "2500001", term: "10" } }));
    expect(inputTag(html, "secured-amount")).toContain('aria-invalid="true"');
    expect(inputTag(html, "secured-amount")).toContain('aria-describedby="secured-amount-hint secured-amount-error"');
    expect(html).toMatch(/<p id="secured-amount-error"[^>]*>Our maximum loan is £2,500,000<\/p>/);
    expect(html).not.toContain("Monthly payment");
  });
});

describe("the homeowner loan calculator, sent", () => {
  it("draws £628.85 a month for £75,000 over 15 years", () => {
    const html = text(render(HomeownerCalculator, { input: { amount: "75000", term: "15" } }));
    expect(html).toContain("£628.85");
    expect(html).toContain("£113,192.61");
  });

  it("keeps a term out of range in its box and says which terms it takes", () => {
    const html = text(render(HomeownerCalculator, { input: { amount: "75000", term: "45" } }));
    expect(inputTag(html, "homeowner-term")).toContain('value="45"');
    expect(html).toContain("Please enter a term in whole years, from 1 to 30.");
    expect(html).not.toContain("Monthly payment");
  });

  it("is the same rule the button applies with script", () => {
    expect(homeownerOutcome("9999", "10")).toEqual({ belowMinimum: 9999 });
    expect(homeownerOutcome("75000", "15")).toEqual({ cost: homeownerCalculator(75_000, 15) });
  });
});

describe("the bad credit calculator, sent", () => {
  it("draws £315.34 for £25,000 over 10 years", () => {
    const html = text(render(BadCreditCalculator, { input: { amount: "25000", term: "10" } }));
    expect(html).toContain("£315.34");
  });

  it("offers no amount below £10,000, and refuses one it does not offer rather than show a figure for it", () => {
    expect(Math.min(...BAD_CREDIT_AMOUNTS)).toBeGreaterThanOrEqual(HOMEOWNER_MIN_LOAN);
    expect(badCreditOutcome("5000", "10")).toEqual({ error: "Please choose a loan amount from the list." });
    const html = text(render(BadCreditCalculator, { input: { amount: "5000", term: "10" } }));
    expect(html).toContain("Please choose a loan amount from the list.");
    expect(html).not.toContain("Monthly payment");
  });
});

describe("the debt consolidation calculator, sent", () => {
  it("draws the saving for the debts sent, the boxes as typed", () => {
    const input = { creditCards: "£20,000", personalLoans: "", storeCards: "1000" };
    const html = text(render(DebtConsolidationCalculator, { input }));
    expect(inputTag(html, "debt-creditCards")).toContain('value="£20,000"');
    const saving = debtConsolidationSaving({ creditCards: 20_000, personalLoans: 0, storeCards: 1000 });
    expect(html).toContain(`${pounds(saving.currentMonthlyPayment)} a month`);
    expect(html).toContain(`${pounds(saving.newLoan.monthlyPayment)} a month`);
  });

  it("keeps a box that is not an amount as typed, says why, and shows no figures", () => {
    const html = text(
      render(DebtConsolidationCalculator, { input: { creditCards: "12k", personalLoans: "0", storeCards: "0" } }),
    );
    expect(inputTag(html, "debt-creditCards")).toContain('value="12k"');
    expect(inputTag(html, "debt-creditCards")).toContain('aria-invalid="true"');
    expect(html).toContain(NOT_AN_AMOUNT);
    expect(html).not.toContain("Monthly saving");
  });
});

describe("debt consolidation below £10,000 (issue 13): no secured figure, a pointer to the personal-loan check", () => {
  const small = { creditCards: "5000", personalLoans: "2000", storeCards: "1000" };

  it("shows the pointer for debts of £8,000 in all", () => {
    const html = text(render(DebtConsolidationCalculator, { input: small }));
    expect(html).toContain("We arrange secured loans from £10,000.");
    expect(html).toContain("For £8,000, a personal loan may suit you better");
    expect(html).toContain('href="/apply-personal"');
    const loan = debtConsolidationSaving({ creditCards: 5000, personalLoans: 2000, storeCards: 1000 }).newLoan;
    expect(html).not.toContain(pounds(loan.monthlyPayment));
  });

  it("shows the comparison from £10,000", () => {
    const html = text(render(DebtConsolidationCalculator, { input: { ...small, storeCards: "3000" } }));
    expect(html).not.toContain("We arrange secured loans from £10,000.");
    expect(html).toContain("One loan of £10,000");
  });
});

describe("the home improvement calculator, sent", () => {
  it("draws the payment for the amount and term sent, and opens Check Eligibility once a project is chosen", () => {
    const input = { projectType: "loft-conversion", amount: "30,000", term: "7" };
    const html = text(render(HomeImprovementCalculator, { input }));
    expect(selectOptions(html, "project-type").selected).toBe("loft-conversion");
    expect(html).toContain(pounds(homeImprovementCalculator("30000", 7)?.monthlyPayment ?? 0));
    expect(html).toContain('href="/apply"');
  });

  it("keeps an amount that is not a number as typed and says why", () => {
    const html = text(render(HomeImprovementCalculator, { input: { projectType: "", amount: "30k", term: "10" } }));
    expect(inputTag(html, "home-improvement-amount")).toContain('value="30k"');
    expect(html).toContain("Enter an amount in pounds, like 50,000.");
  });
});

describe("the school fees calculator, sent", () => {
  it("fills the fees and the amount when the school and year group were newly chosen", () => {
    const sent = readSchoolFeesInput({
      school: "eton-college",
      yearGroup: "secondary",
      fees: "",
      amount: "25000",
      term: "10",
      filled: "",
    });
    expect(sent.state).toMatchObject({ feesText: "49194", amountText: "49194", filled: "eton-college:secondary" });
    expect(sent.termProblem).toBeUndefined();
    const html = text(
      render(SchoolFeesCalculator, { input: { school: "eton-college", yearGroup: "secondary", term: "10" } }),
    );
    expect(inputTag(html, "school-amount")).toContain('value="49194"');
    expect(html).toContain(pounds(schoolFeesCalculator(49_194, 10).monthlyPayment));
  });

  it("keeps an amount moved after the fee table filled it", () => {
    const input = {
      school: "eton-college",
      yearGroup: "secondary",
      fees: "49194",
      amount: "30000",
      term: "12",
      filled: "eton-college:secondary",
    };
    const sent = readSchoolFeesInput(input);
    expect(sent.state).toMatchObject({ amountText: "30000", years: 12 });
    const html = text(render(SchoolFeesCalculator, { input }));
    expect(html).toContain(pounds(schoolFeesCalculator(30_000, 12).monthlyPayment));
  });

  it("keeps boxes out of range as typed and says why, with no figures", () => {
    const input = { school: "", yearGroup: "", fees: "", amount: "600000", term: "40", filled: "" };
    expect(readSchoolFeesInput(input).termProblem).toBe(TERM_PROBLEM);
    const html = text(render(SchoolFeesCalculator, { input }));
    expect(inputTag(html, "school-amount")).toContain('value="600000"');
    expect(inputTag(html, "school-amount")).toContain('aria-invalid="true"');
    expect(inputTag(html, "school-term")).toContain('value="40"');
    expect(html).toContain("Our maximum loan for school fees is £500,000");
    expect(html).toContain(TERM_PROBLEM);
    expect(html).not.toContain("Monthly payment");
    const typo = text(render(SchoolFeesCalculator, { input: { ...input, amount: "30k", term: "10" } }));
    expect(typo).toContain(AMOUNT_PROBLEM);
    expect(typo).not.toContain("Monthly payment");
  });

  it("points to the personal-loan check for an amount below £10,000", () => {
    const html = text(render(SchoolFeesCalculator, { input: { amount: "8000", term: "10" } }));
    expect(html).toContain("We arrange secured loans from £10,000.");
  });
});
