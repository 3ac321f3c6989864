import { describe, expect, it } from "vitest";
import { isEmail } from "./email";
import { quoteSchema } from "./schemas";

/** Names each case after the rule it proves, in full (vitest truncates "$rule"). */
const byRule = <T extends { rule: string }>(cases: readonly T[]) => cases.map((c): [string, T] => [c.rule, c]);

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
