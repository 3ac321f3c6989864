import { describe, expect, it } from "vitest";
import { idsFromText } from "./text-ids";

describe("ids made from visible text", () => {
  it.each([
    [["Loan Services"], ["footer-loan-services"]],
    [["  Help & Support  "], ["footer-help-support"]],
    [["Café Loans"], ["footer-cafe-loans"]],
    [
      ["Legal", "legal"],
      ["footer-legal", "footer-legal-2"],
    ],
    [
      ["Legal", "Legal 2", "Legal"],
      ["footer-legal", "footer-legal-2", "footer-legal-3"],
    ],
    [
      ["", "!!"],
      ["footer", "footer-2"],
    ],
  ])("%j → %j", (texts, ids) => {
    expect(idsFromText("footer", texts)).toEqual(ids);
  });

  it("never holds a space or anything but letters, digits and hyphens, and never repeats", () => {
    const texts = ["Loan Services", "Loan\tServices", "loan-services", "Über uns", "1st\u00a0Steps", "a\u0000b"];
    const ids = idsFromText("footer", texts);
    for (const id of ids) expect(id).toMatch(/^footer(-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(texts.length);
  });
});
