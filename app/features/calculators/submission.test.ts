import { describe, expect, it } from "vitest";
import { chosenOption, readCalculatorInput } from "./submission";

describe("readCalculatorInput", () => {
  it("is null for a bare page and for a query with none of a calculator's fields", () => {
    expect(readCalculatorInput(new URLSearchParams(""))).toBeNull();
    expect(readCalculatorInput(new URLSearchParams("utm_source=ads&gclid=x"))).toBeNull();
  });

  it("keeps a calculator's fields as typed, the first of each, and nothing else", () => {
    const query = new URLSearchParams("amount=%C2%A37%2C500&amount=9&term=10&utm_source=ads&fees=");
    expect(readCalculatorInput(query)).toEqual({ amount: "£7,500", term: "10", fees: "" });
  });

  it("keeps at most 40 characters of a field", () => {
    expect(readCalculatorInput(new URLSearchParams(`amount=${"9".repeat(500)}`))?.amount).toHaveLength(40);
  });
});

describe("chosenOption", () => {
  it.each([
    ["10", 10],
    [" 15 ", 15],
    ["7", null],
    ["", null],
    [undefined, null],
    ["10.0", null],
  ])("reads %j as %j among 5, 10 and 15", (text, expected) => {
    expect(chosenOption([5, 10, 15], text)).toBe(expected);
  });
});
