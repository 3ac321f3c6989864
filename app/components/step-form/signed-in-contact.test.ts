import { describe, expect, it } from "vitest";
import { prefillPatch } from "./signed-in-contact";

const known = { firstName: "Jane", lastName: "Doe", email: "jane@example.com", phone: "" };
const blank = { firstName: "", lastName: "", email: "", phone: "" };

describe("prefillPatch (a signed-in borrower's details fill only empty answers)", () => {
  it.each([
    {
      rule: "an empty step takes the name and email",
      answers: blank,
      expected: { firstName: "Jane", lastName: "Doe", email: "jane@example.com" },
    },
    {
      rule: "what the borrower typed stays",
      answers: { ...blank, firstName: "Janet", email: "j@x.example" },
      expected: { lastName: "Doe" },
    },
    {
      rule: "spaces count as empty",
      answers: { ...blank, firstName: "  " },
      expected: { firstName: "Jane", lastName: "Doe", email: "jane@example.com" },
    },
    {
      rule: "a profile phone fills an empty phone",
      answers: blank,
      known: { ...known, phone: "07700 900123" },
      expected: { firstName: "Jane", lastName: "Doe", email: "jane@example.com", phone: "07700 900123" },
    },
  ])("$rule", ({ answers, expected, ...rest }) => {
    expect(prefillPatch(answers, rest.known ?? known)).toEqual(expected);
  });
});
