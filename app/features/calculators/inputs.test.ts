import { describe, expect, it } from "vitest";
import { parseLoanAmount, parseTermYears } from "./inputs";

describe("parseLoanAmount", () => {
  it.each([
    ["50000", 50_000],
    [" 75000 ", 75_000],
    ["10500.5", 10_500.5],
    ["", null],
    ["   ", null],
    ["0", 0],
    ["-5000", -5000],
    ["abc", null],
  ])("reads %j as %j", (text, expected) => {
    expect(parseLoanAmount(text)).toBe(expected);
  });
});

describe("parseTermYears", () => {
  it.each([
    ["10", 10],
    ["1", 1],
    ["35", 35],
    ["0", null],
    ["36", null],
    ["7.5", null],
    ["", null],
    ["ten", null],
  ])("reads %j as %j within 1 to 35", (text, expected) => {
    expect(parseTermYears(text, 1, 35)).toBe(expected);
  });
});
