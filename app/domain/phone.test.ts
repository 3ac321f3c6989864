import { describe, expect, it } from "vitest";
import { isUkPhone, normaliseUkPhone, phoneDigitForms } from "./phone";
import { byRule } from "../../tests/support/by-rule";

describe("normaliseUkPhone (D5: spaces, hyphens and parentheses are ignored)", () => {
  it.each(
    byRule([
      { rule: "spaces dropped", raw: "07123 456 789", expected: "07123456789" },
      { rule: "hyphens dropped", raw: "0117-496-0123", expected: "01174960123" },
      { rule: "parentheses dropped", raw: "(0117) 496 0123", expected: "01174960123" },
      { rule: "the (0) after +44 dropped", raw: "+44 (0)7700 900555", expected: "+447700900555" },
      { rule: "tabs and leading/trailing space dropped", raw: "\t +44 7123 456789 ", expected: "+447123456789" },
      { rule: "other characters kept (so they fail validation)", raw: "07123.456.789", expected: "07123.456.789" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(normaliseUkPhone(raw)).toBe(expected);
  });
});

describe("isUkPhone (D5)", () => {
  it.each(
    byRule([
      { rule: "mobile: 07 + 9 digits is valid", raw: "07123456789", valid: true },
      { rule: "mobile: 07 + 8 digits is not", raw: "0712345678", valid: false },
      { rule: "mobile: 07 + 10 digits is not", raw: "071234567890", valid: false },
      { rule: "mobile: spaced 07 number is valid", raw: "07123 456 789", valid: true },
      { rule: "international mobile: +447 + 9 digits is valid", raw: "+447123456789", valid: true },
      { rule: "international mobile: +447 + 8 digits is not", raw: "+44712345678", valid: false },
      { rule: "international mobile: +447 + 10 digits is not", raw: "+4471234567890", valid: false },
      { rule: "international mobile: spaced +44 7 number is valid", raw: "+44 7123 456789", valid: true },
      { rule: "international written the UK way, +44 (0)7…, is valid", raw: "+44 (0)7700 900555", valid: true },
      { rule: "international with (0) and no spaces is valid", raw: "+44(0)7700900555", valid: true },
      { rule: "international with (0) and a digit too many is not", raw: "+44 (0)7700 9005551", valid: false },
      { rule: "a (0) anywhere else is not dropped", raw: "07700 (0)900555", valid: false },
      { rule: "international landline (+441…) is not in D5's forms", raw: "+441174960123", valid: false },
      { rule: "0044 prefix is not in D5's forms", raw: "00447123456789", valid: false },
      { rule: "landline 01, 11 digits in total is valid", raw: "01174960123", valid: true },
      { rule: "landline 01, 12 digits in total is not", raw: "011749601234", valid: false },
      { rule: "landline 01, 9 digits in total is valid", raw: "016973123", valid: true },
      { rule: "landline 01, 8 digits in total is not", raw: "01697312", valid: false },
      { rule: "landline 01, 10 digits in total is valid", raw: "0169731234", valid: true },
      { rule: "landline 02, 11 digits in total is valid", raw: "020 7946 0958", valid: true },
      { rule: "landline 02, 9 digits in total is valid", raw: "020794609", valid: true },
      { rule: "landline 02, 8 digits in total is not", raw: "02079460", valid: false },
      { rule: "landline 02, 12 digits in total is not", raw: "020794609581", valid: false },
      { rule: "landline with parentheses and hyphens is valid", raw: "(020) 7946-0958", valid: true },
      { rule: "03 numbers are not in D5's forms", raw: "03001234567", valid: false },
      { rule: "08 numbers are not in D5's forms", raw: "08001234567", valid: false },
      { rule: "no leading 0 is not valid", raw: "7123456789", valid: false },
      { rule: "letters are not valid", raw: "07123abc789", valid: false },
      { rule: "dots are not ignored", raw: "07123.456.789", valid: false },
      { rule: "empty is not valid", raw: "", valid: false },
    ]),
  )("%s", (_rule, { raw, valid }) => {
    expect(isUkPhone(raw)).toBe(valid);
  });
});

describe("phoneDigitForms (one person's number however it was typed: +44 and 0 forms equal)", () => {
  const mobile = ["07700900123", "447700900123", "4407700900123"];
  it.each(
    byRule([
      { rule: "national mobile: its three forms", raw: "07700 900123", expected: mobile },
      { rule: "+44 mobile: the same three forms", raw: "+44 7700 900123", expected: mobile },
      { rule: "+44 (0) mobile: the same three forms", raw: "+44 (0)7700 900123", expected: mobile },
      {
        rule: "landline: its forms",
        raw: "(0117) 496 0123",
        expected: ["01174960123", "441174960123", "4401174960123"],
      },
      { rule: "not a UK shape: its own digits only", raw: "+1 202 555 0100", expected: ["12025550100"] },
      { rule: "a lone 0: its own digit only", raw: "0", expected: ["0"] },
      { rule: "no digits: matches nothing", raw: "call me", expected: [] },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(phoneDigitForms(raw)).toEqual(expected);
  });
});
