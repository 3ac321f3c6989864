import { z } from "zod";
import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, isEmail } from "./email";
import { quoteSchema } from "./schemas";
import { byRule } from "../../tests/support/by-rule";

describe("isEmail: the inline check agrees with the schema", () => {
  it.each(
    byRule([
      { rule: "plain address is valid", email: "jane@example.com", valid: true },
      { rule: "UK second-level domain is valid", email: "jane.doe@example.co.uk", valid: true },
      { rule: "plus addressing is valid", email: "jane+loans@example.com", valid: true },
      { rule: "surrounding spaces are ignored", email: "  jane@example.com ", valid: true },
      { rule: "no domain dot is invalid", email: "jane@example", valid: false },
      { rule: "no @ is invalid", email: "jane.example.com", valid: false },
      { rule: "two @ is invalid", email: "jane@@example.com", valid: false },
      { rule: "a space inside is invalid", email: "ja ne@example.com", valid: false },
      { rule: "empty is invalid", email: "", valid: false },
      { rule: "over 254 characters is invalid", email: `${"a".repeat(64)}@${"b".repeat(186)}.com`, valid: false },
    ]),
  )("%s", (_rule, { email, valid }) => {
    expect(isEmail(email)).toBe(valid);
    expect(quoteSchema.shape.email.safeParse(email).success).toBe(valid);
  });
});

describe("the email pattern", () => {
  it("is zod's own, so the inline checks and z.email() agree by default as well as by construction", () => {
    // The same pattern, whether or not `-` is escaped inside a character class.
    const unescaped = (pattern: RegExp) => pattern.source.replaceAll("\\-", "-");
    expect(unescaped(EMAIL_PATTERN)).toBe(unescaped(z.regexes.email));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});
