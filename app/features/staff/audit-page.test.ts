import { describe, expect, it } from "vitest";
import { byRule } from "../../../tests/support/by-rule";
import { auditDetail } from "./audit-page";

// The audit log's detail column for a case's moves (docs/decisions/230): stages and
// reasons by their labels, the commission in pounds, never a code.

describe("a case's move in the audit log", () => {
  it.each(
    byRule([
      {
        rule: "a case started",
        detail: { from: null, to: "application-sent", productId: "p1" },
        words: "Started: Application sent",
      },
      {
        rule: "an offer",
        detail: { from: "application-sent", to: "offer-received" },
        words: "Application sent → Offer received",
      },
      {
        rule: "a completion with a changed commission",
        detail: { from: "offer-received", to: "completed", commissionPence: 97_050, commissionChanged: true },
        words: "Offer received → Completed; commission £970.50 (changed, with a reason)",
      },
      {
        rule: "the lender's decline with its reason",
        detail: { from: "offer-received", to: "declined", reason: "loan-to-value" },
        words: "Offer received → Declined by the lender; Loan to value too high",
      },
      { rule: "a detail this page cannot read", detail: { to: "nowhere" }, words: "" },
    ]),
  )("%s", (_rule, { detail, words }) => {
    expect(auditDetail({ action: "lead.case", detail })).toBe(words);
  });
});

it("a case's commission changed: both figures", () => {
  expect(auditDetail({ action: "lead.case-commission", detail: { fromPence: 97_000, toPence: 80_000 } })).toBe(
    "£970.00 → £800.00",
  );
});

it("a lead corrected: the fields by their labels, never their values", () => {
  expect(
    auditDetail({ action: "lead.correct", leadKind: "quote", detail: { fields: ["email", "phone", "propertyValue"] } }),
  ).toBe("Fields: Email, Phone, Property value");
});
