import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { byRule } from "../../../tests/support/by-rule";
import { actorOf, AuditPage, type AuditPageProps, auditDetail, auditMember } from "./audit-page";

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

it.each(["promotion.drafted", "promotion.approved", "promotion.rejected", "promotion.published"])(
  "a promotion's %s row names its version",
  (action) => {
    expect(auditDetail({ action, detail: { version: 12, publishAt: null } })).toBe("Version 12");
  },
);

describe("the team's rows in the audit log (docs/decisions/273, 340)", () => {
  const names = new Map([
    ["m-bea", "Bea Adviser"],
    ["m-ada", "Ada Admin"],
  ]);
  it.each(
    byRule([
      {
        rule: "a member added, with their roles",
        action: "team.member-added",
        detail: { memberId: "m-bea", roles: ["adviser"] },
        words: "Roles: Adviser",
      },
      {
        rule: "a member added by the command",
        action: "team.member-added",
        detail: { memberId: "m-bea", roles: ["administrator"], by: "command" },
        words: "Roles: Administrator; by the staff command",
      },
      {
        rule: "roles changed, from and to",
        action: "team.roles-changed",
        detail: { memberId: "m-bea", from: ["adviser"], to: ["adviser", "manager"] },
        words: "Adviser → Adviser, Manager",
      },
      {
        rule: "roles changed by a single administrator alone",
        action: "team.roles-changed",
        detail: { memberId: "m-ada", from: ["administrator"], to: ["compliance", "administrator"], alone: true },
        words: "Administrator → Compliance, Administrator; applied without a second administrator (the firm had one)",
      },
      {
        rule: "a change asked for",
        action: "team.roles-asked",
        detail: { memberId: "m-bea", from: ["adviser"], to: ["adviser", "compliance"] },
        words: "Adviser → Adviser, Compliance; waits for another administrator",
      },
      {
        rule: "a change confirmed, naming who asked",
        action: "team.roles-confirmed",
        detail: { memberId: "m-bea", from: ["adviser"], to: ["adviser", "compliance"], askedBy: "m-ada" },
        words: "Adviser → Adviser, Compliance; asked by Ada Admin",
      },
      {
        rule: "a change refused, saying what was refused",
        action: "team.roles-refused",
        detail: { memberId: "m-bea", from: ["adviser"], to: ["adviser", "compliance"], askedBy: "m-ada" },
        words: "Refused: Adviser → Adviser, Compliance; asked by Ada Admin",
      },
      {
        rule: "a member refused a console function",
        action: "staff.refused",
        detail: { permission: "leads.export", method: "GET", path: "/staff/export" },
        words: "Asked to export every lead as a CSV (GET /staff/export)",
      },
    ]),
  )("%s", (_rule, { action, detail, words }) => {
    expect(auditDetail({ action, detail }, names)).toBe(words);
  });

  it("names the member a team row is about, and no member for another row", () => {
    expect(auditMember({ action: "team.member-disabled", detail: { memberId: "m-bea" } }, names)).toBe("Bea Adviser");
    expect(auditMember({ action: "team.member-disabled", detail: { memberId: "m-gone" } }, names)).toBe(
      "A member no longer on the team",
    );
    expect(auditMember({ action: "lead.note", detail: { memberId: "m-bea" } }, names)).toBeNull();
  });
});

function Audit() {
  return createElement(AuditPage, useLoaderData() as AuditPageProps);
}

describe("the audit log's rows as the page draws them", () => {
  const html = (props: AuditPageProps) => {
    const Page = createRoutesStub([{ id: "audit", path: "/staff/audit", Component: Audit, loader: () => props }]);
    return renderToStaticMarkup(
      createElement(Page, { initialEntries: ["/staff/audit"], hydrationData: { loaderData: { audit: props } } }),
    );
  };
  const row = { id: 1, at: "2026-11-27T09:30:00.000Z", leadKind: null, leadId: null };

  it("names the member a team row is about, and the staff command as who made the first administrator", () => {
    const page = html({
      filter: { person: "", lead: "", action: "" },
      next: null,
      staff: [{ id: "m-ann", name: "Ann Owner" }],
      rows: [
        {
          ...row,
          actorName: null,
          action: "team.member-added",
          detail: { memberId: "m-ann", roles: ["administrator"], by: "command" },
        },
      ],
    });
    expect(page).toMatch(/<td class="px-2 py-2">The staff command<\/td>/);
    expect(page).toContain('data-testid="audit-subject">Ann Owner<');
    expect(page).toContain('data-testid="audit-detail">Roles: Administrator; by the staff command<');
    expect(page).not.toContain("Unknown");
  });
});

it("a lead corrected: the fields by their labels, never their values", () => {
  expect(
    auditDetail({ action: "lead.correct", leadKind: "quote", detail: { fields: ["email", "phone", "propertyValue"] } }),
  ).toBe("Fields: Email, Phone, Property value");
});

describe("who acted, when no member did", () => {
  it.each([
    ["account.deleted", {}, "The borrower"],
    ["needs.stated", {}, "The borrower"],
    ["needs.health-withdrawn", {}, "The borrower"],
    ["data.correction-asked", { reference: "R-0B9A7C1E" }, "The borrower"],
    ["retention.run", { deleted: 0 }, "The server, on its schedule"],
    ["promotion.held", { version: 3 }, "The server, on its schedule"],
    ["team.member-added", { by: "command" }, "The staff command"],
    ["panel.product-added", { example: true }, "The seed command"],
    ["lead.view", {}, "Unknown"],
  ] as const)("%s reads %s", (action, detail, who) => {
    expect(actorOf({ actorName: null, action, detail })).toBe(who);
  });

  it("names the member whenever there is one", () => {
    expect(actorOf({ actorName: "Ann Owner", action: "retention.run", detail: {} })).toBe("Ann Owner");
  });
});
