import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { isHoneypotFilled } from "./honeypot";

describe("isHoneypotFilled (DECISIONS D7)", () => {
  it.each(
    byRule([
      { rule: "a body without the field is a person's", body: { name: "Jane" }, filled: false },
      { rule: "an empty field is a person's", body: { website: "" }, filled: false },
      { rule: "spaces alone are a person's (autofill of nothing)", body: { website: "  \t" }, filled: false },
      { rule: "null is a person's", body: { website: null }, filled: false },
      { rule: "any text is a robot's", body: { website: "http://spam.example" }, filled: true },
      { rule: "text with spaces round it is a robot's", body: { website: " x " }, filled: true },
      { rule: "a number is a robot's", body: { website: 0 }, filled: true },
      { rule: "false is a robot's", body: { website: false }, filled: true },
      { rule: "a list is a robot's", body: { website: [] }, filled: true },
      { rule: "a body that is not an object has no honeypot", body: "website", filled: false },
      { rule: "no body has no honeypot", body: null, filled: false },
    ]),
  )("%s", (_, { body, filled }) => {
    expect(isHoneypotFilled(body)).toBe(filled);
  });
});
