import { describe, expect, it } from "vitest";
import {
  sanitiseContact,
  sanitiseEmail,
  sanitiseEnquiry,
  sanitiseLine,
  sanitiseName,
  sanitisePhone,
  sanitiseQuote,
  sanitiseText,
} from "./sanitise";
import { byRule } from "../../tests/support/by-rule";

describe("sanitiseName (spec 5: trimmed, < > & quotes, control and invisible format characters stripped)", () => {
  it.each(
    byRule([
      { rule: "trimmed", raw: "  Jane  ", expected: "Jane" },
      { rule: "angle brackets stripped", raw: "<b>Jane</b>", expected: "bJane/b" },
      { rule: "ampersand stripped", raw: "Jane & John", expected: "Jane  John" },
      { rule: "single quotes stripped", raw: "O'Brien", expected: "OBrien" },
      { rule: "double quotes stripped", raw: '"Jane"', expected: "Jane" },
      { rule: "control characters stripped", raw: "Ja\u0000ne\u0007\n", expected: "Jane" },
      { rule: "accents and hyphens kept", raw: "Zoë Smith-Jones", expected: "Zoë Smith-Jones" },
      { rule: "not cut: the schema refuses a name over 255 with the limit", raw: "a".repeat(300), expected: "a".repeat(300) },
      { rule: "zero-width characters taken out", raw: "\u200bJa\u200dne\ufeff", expected: "Jane" },
      { rule: "bidi overrides and isolates taken out", raw: "\u202aJa\u202ene\u2066\u2069", expected: "Jane" },
      { rule: "a name of invisible characters only is empty", raw: "\u200b\u200c\u2060", expected: "" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(sanitiseName(raw)).toBe(expected);
  });
});

describe("sanitisePhone (spec 5: keeps only digits, spaces, +, -, parentheses)", () => {
  it.each(
    byRule([
      { rule: "allowed characters kept", raw: "+44 (0117) 496-0123", expected: "+44 (0117) 496-0123" },
      { rule: "letters and punctuation dropped", raw: "tel: 07123.456.789 ext", expected: "07123456789" },
      { rule: "markup dropped", raw: "<script>07123456789", expected: "07123456789" },
      { rule: "trimmed", raw: "  07123456789  ", expected: "07123456789" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(sanitisePhone(raw)).toBe(expected);
  });
});

describe("sanitiseEmail (spec 5: lowercased, only word characters, @ . - +)", () => {
  it.each(
    byRule([
      { rule: "trimmed and lowercased", raw: "  Jane.Doe@Example.CO.UK ", expected: "jane.doe@example.co.uk" },
      {
        rule: "plus addressing and underscores kept",
        raw: "jane_doe+loans@example.com",
        expected: "jane_doe+loans@example.com",
      },
      { rule: "quotes, spaces and markup dropped", raw: "ja ne'<x>@example.com", expected: "janex@example.com" },
    ]),
  )("%s", (_rule, { raw, expected }) => {
    expect(sanitiseEmail(raw)).toBe(expected);
  });
});

describe("sanitiseText (free text)", () => {
  it.each(
    byRule([
      { rule: "trimmed", raw: "  Hello  ", max: 100, expected: "Hello" },
      { rule: "newlines and tabs kept", raw: "Line 1\n\tLine 2", max: 100, expected: "Line 1\n\tLine 2" },
      { rule: "Windows line endings become newlines", raw: "a\r\nb\rc", max: 100, expected: "a\nb\nc" },
      { rule: "other control characters stripped", raw: "a\u0000b\u001bc\u007f", max: 100, expected: "abc" },
      {
        rule: "quotes and ampersands kept (prose)",
        raw: `Tom & Jerry's "loan"`,
        max: 100,
        expected: `Tom & Jerry's "loan"`,
      },
      { rule: "capped at the given length", raw: "abcdef", max: 3, expected: "abc" },
    ]),
  )("%s", (_rule, { raw, max, expected }) => {
    expect(sanitiseText(raw, max)).toBe(expected);
  });

  it("sanitiseLine drops line breaks too (no forged email headers)", () => {
    expect(sanitiseLine("Hello\r\nBcc: x@example.com", 100)).toBe("HelloBcc: x@example.com");
  });
});

describe("payload sanitisers", () => {
  it.each(
    byRule([
      {
        rule: "sanitiseQuote cleans names, email, phone and landing URL; leaves the rest",
        clean: sanitiseQuote,
        raw: {
          first_name: " <Jane> ",
          last_name: "O'Brien",
          email: " JANE@EXAMPLE.COM ",
          phone: "07123 456789 (mob)",
          landing_page_url: "https://example.com/?a=1\n",
          loan_amount: 50_000,
          consent: true,
        },
        expected: {
          first_name: "Jane",
          last_name: "OBrien",
          email: "jane@example.com",
          phone: "07123 456789 ()",
          landing_page_url: "https://example.com/?a=1",
          loan_amount: 50_000,
          consent: true,
        },
      },
      {
        rule: "sanitiseEnquiry cleans the camelCase fields",
        clean: sanitiseEnquiry,
        raw: {
          firstName: "Jane\u0000",
          lastName: ' "Doe" ',
          email: "A@B.CO ",
          phone: "x07123456789",
          landingPageUrl: " / ",
        },
        expected: { firstName: "Jane", lastName: "Doe", email: "a@b.co", phone: "07123456789", landingPageUrl: "/" },
      },
      {
        rule: "sanitiseContact keeps prose in the message and one line in the subject",
        clean: sanitiseContact,
        raw: {
          name: " Jo ",
          email: "JO@X.COM",
          phone: "0117 496 0123",
          subject: "Re: loan\nBcc: y",
          message: " Hi,\r\nThanks & bye ",
        },
        expected: {
          name: "Jo",
          email: "jo@x.com",
          phone: "0117 496 0123",
          subject: "Re: loanBcc: y",
          message: "Hi,\nThanks & bye",
        },
      },
      {
        rule: "non-string values are left for the schema to reject",
        clean: sanitiseQuote,
        raw: { first_name: 42, email: null },
        expected: { first_name: 42, email: null },
      },
    ]),
  )("%s", (_rule, { clean, raw, expected }) => {
    expect(clean(raw)).toEqual(expected);
  });

  it.each(
    byRule([
      { rule: "null passes through", raw: null },
      { rule: "a string passes through", raw: "hello" },
      { rule: "an array passes through", raw: [1, 2] },
    ]),
  )("not an object: %s", (_rule, { raw }) => {
    expect(sanitiseQuote(raw)).toEqual(raw);
  });

  it("does not change the object it was given", () => {
    const raw = { first_name: " Jane " };
    sanitiseQuote(raw);
    expect(raw.first_name).toBe(" Jane ");
  });
});
