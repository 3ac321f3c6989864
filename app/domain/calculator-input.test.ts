import { describe, expect, it } from "vitest";
import { CALCULATOR_FIELD_NAMES, readCalculatorInput } from "./calculator-input";

// Which queries carry a calculator's inputs (decision 134): those send a page to the
// renderer; any other query (an advert's utm_source or gclid) gets the prerendered file.

describe("readCalculatorInput", () => {
  it.each([
    { rule: "no query", query: "", input: null },
    { rule: "an advert's parameters only", query: "utm_source=google&gclid=abc", input: null },
    { rule: "a calculator's amount and term", query: "amount=50000&term=10", input: { amount: "50000", term: "10" } },
    { rule: "the first of a repeated name", query: "amount=1&amount=2", input: { amount: "1" } },
    { rule: "an empty value is still an input", query: "school=", input: { school: "" } },
    { rule: "mixed with an advert's, only ours", query: "gclid=x&fees=25000", input: { fees: "25000" } },
    { rule: "a value cut to 40 characters", query: `amount=${"9".repeat(41)}`, input: { amount: "9".repeat(40) } },
    { rule: "a value of 40 characters kept whole", query: `term=${"1".repeat(40)}`, input: { term: "1".repeat(40) } },
  ])("$rule", ({ query, input }) => {
    expect(readCalculatorInput(new URLSearchParams(query))).toEqual(input);
  });

  it("reads every field the calculators' forms submit", () => {
    // The names the forms in app/features/calculators submit: one missing here would
    // answer that calculator's button with the prerendered page, its figures unchanged.
    const query = new URLSearchParams(CALCULATOR_FIELD_NAMES.map((name) => [name, "x"]));
    expect(Object.keys(readCalculatorInput(query) ?? {})).toEqual([
      "amount",
      "term",
      "creditCards",
      "personalLoans",
      "storeCards",
      "projectType",
      "school",
      "yearGroup",
      "fees",
      "filled",
    ]);
  });
});
