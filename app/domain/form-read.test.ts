import { describe, expect, it } from "vitest";
import { formRead, formRefused, typedNumber, typedPence } from "./form-read";

describe("typedNumber: a number as staff type it", () => {
  it.each([
    ["25000", 25_000],
    ["£25,000", 25_000],
    ["75%", 75],
    [" 6.5 ", 6.5],
    [".5", 0.5],
    ["0", 0],
    ["1,000,000", 1_000_000],
    ["2147483648", 2_147_483_648],
  ] as const)("%j is %d", (text, value) => {
    expect(typedNumber(text)).toBe(value);
  });

  it.each(["", "   ", "£", "%", null, undefined])("%j is blank (undefined)", (text) => {
    expect(typedNumber(text)).toBeUndefined();
  });

  it.each(["-5", "5.", "1e3", "0x10", "five", "5.5.5", "Infinity", "NaN", "12a"])(
    "%j is not a number (NaN)",
    (text) => {
      expect(typedNumber(text)).toBeNaN();
    },
  );
});

describe("typedPence: pounds as typed, in pence", () => {
  it.each([
    ["£1,250.50", 125_050],
    ["0", 0],
    ["0.01", 1],
    ["1000000", 100_000_000],
    [".5", 50],
  ] as const)("%j is %d pence", (text, pence) => {
    expect(typedPence(text, 1_000_000)).toBe(pence);
  });

  it.each(["", "1.005", "1000000.01", "-1", "one pound"])("%j is refused (null)", (text) => {
    expect(typedPence(text, 1_000_000)).toBeNull();
  });
});

describe("the form-read shape", () => {
  it("carries the value when the form reads, the problems and what was typed when not", () => {
    expect(formRead({ amount: 5 })).toEqual({ ok: true, value: { amount: 5 } });
    expect(formRefused({ amount: "Enter the amount" }, { amount: "five" })).toEqual({
      ok: false,
      problems: { amount: "Enter the amount" },
      values: { amount: "five" },
    });
  });
});
