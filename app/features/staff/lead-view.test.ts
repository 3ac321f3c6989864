import { describe, expect, it } from "vitest";
import { byRule } from "../../../tests/support/by-rule";
import { type CaseRecord, caseView, leadView, lendersThatDeclined } from "./lead-view";

// The lead page's call-back line (DECISIONS D21): when the borrower asked to be called, and
// the adviser's next action with its time; and its case with a lender (docs/decisions/230).

const arrived = new Date("2026-11-24T10:15:00Z");
const row = (extra: Record<string, unknown>) => ({
  id: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
  version: 1,
  status: "new" as const,
  assigneeId: null,
  createdAt: arrived,
  firstName: "Jane",
  lastName: "Smith",
  loanAmount: 40_000,
  loanType: "homeowner",
  homeownerStatus: "mortgage",
  ...extra,
});

describe("leadView: the call-back and the next action", () => {
  it.each(
    byRule([
      {
        rule: "a lead whose borrower has not chosen: as soon as possible, from its arrival",
        kind: "personal-enquiry" as const,
        extra: { callbackChoice: null, callbackAt: null, nextActionKind: "call-soonest", nextActionAt: arrived },
        callback: "Not chosen: as soon as possible",
        nextAction: { kind: "call-soonest", label: "Call as soon as possible", at: arrived.toISOString() },
      },
      {
        rule: "a chosen hour: said in UK time, and the call-back is the next action",
        kind: "personal-enquiry" as const,
        extra: {
          callbackChoice: "slot",
          callbackAt: new Date("2026-12-01T10:00:00Z"),
          nextActionKind: "call-back",
          nextActionAt: new Date("2026-12-01T10:00:00Z"),
        },
        callback: "Tue 1 Dec 2026, 10am to 11am",
        nextAction: { kind: "call-back", label: "Call back", at: "2026-12-01T10:00:00.000Z" },
      },
      {
        rule: "a closed lead: no next action",
        kind: "personal-enquiry" as const,
        extra: { callbackChoice: "soonest", callbackAt: null, nextActionKind: null, nextActionAt: null },
        callback: "As soon as possible",
        nextAction: null,
      },
      {
        rule: "a contact message: no call-back asked, a reply to make",
        kind: "contact" as const,
        extra: { name: "Jane Smith", nextActionKind: "reply", nextActionAt: arrived },
        callback: null,
        nextAction: { kind: "reply", label: "Reply", at: arrived.toISOString() },
      },
    ]),
  )("%s", (_, { kind, extra, callback, nextAction }) => {
    const view = leadView(kind, row(extra), []);
    expect(view.callback).toBe(callback);
    expect(view.nextAction).toEqual(nextAction);
  });
});

describe("the case with a lender as the page shows it", () => {
  const sent = new Date("2026-11-20T09:00:00Z");
  const record = (over: Partial<CaseRecord>): CaseRecord => ({
    id: "c1",
    stage: "application-sent",
    version: 1,
    product: {
      id: "p1",
      lender: "Example Lender A",
      productName: "Homeowner plus",
      retired: false,
      criteria: { commissionPercent: 1.5, commissionFixedPounds: 250 },
    },
    applicationSentAt: sent,
    offer: null,
    completion: null,
    decline: null,
    ...over,
  });
  it.each(
    byRule([
      {
        rule: "sent: the offer or the decline next, no commission to show yet",
        record: record({}),
        view: { stageLabel: "Application sent", next: ["offer-received", "declined"], commissionOnOffer: null },
      },
      {
        rule: "an offer: the product's commission on the amount offered starts the completion form",
        record: record({
          stage: "offer-received",
          version: 2,
          offer: { amount: 48_000, ratePercent: 7.19, termMonths: 120, receivedAt: sent },
        }),
        view: { next: ["completed", "declined"], commissionOnOffer: 97_000, offer: { receivedAt: sent.toISOString() } },
      },
      {
        rule: "declined: its reason by its label, nothing next",
        record: record({ stage: "declined", decline: { reason: "loan-to-value", at: sent } }),
        view: { stageLabel: "Declined by the lender", next: [], decline: { reasonLabel: "Loan to value too high" } },
      },
    ]),
  )("%s", (_rule, { record: r, view }) => {
    expect(caseView(r)).toMatchObject(view);
  });

  it("names each lender that declined the lead once, with its latest decline; a lender still deciding is not one", () => {
    const declined = (lender: string, at: string) =>
      caseView(
        record({
          stage: "declined",
          product: { ...record({}).product, lender },
          decline: { reason: "affordability", at: new Date(at) },
        }),
      );
    const open = caseView(record({ product: { ...record({}).product, lender: "Example Lender C" } }));
    const cases = [
      open,
      declined("Example Lender B", "2026-11-23T10:00:00Z"),
      declined("Example Lender A", "2026-11-10T10:00:00Z"),
      declined("Example Lender A", "2026-11-21T10:00:00Z"),
      declined("Example Lender A", "2026-11-15T10:00:00Z"),
      null,
    ];
    expect([...lendersThatDeclined(cases)]).toEqual([
      ["Example Lender B", "2026-11-23T10:00:00.000Z"],
      ["Example Lender A", "2026-11-21T10:00:00.000Z"],
    ]);
    expect(lendersThatDeclined([null, open]).size).toBe(0);
  });
});

describe("leadView: where it came from (DECISIONS D23)", () => {
  it.each([
    [
      "a Google click, consent given",
      { gclid: "Cj0-a", gbraid: null, wbraid: null, adConsent: true },
      { name: "gclid", value: "Cj0-a" },
      true,
    ],
    [
      "gclid before gbraid",
      { gclid: "G1", gbraid: "B1", wbraid: null, adConsent: false },
      { name: "gclid", value: "G1" },
      false,
    ],
    [
      "an iOS web click only",
      { gclid: null, gbraid: null, wbraid: "W1", adConsent: true },
      { name: "wbraid", value: "W1" },
      true,
    ],
    ["no click id, consent not recorded", { gclid: null, gbraid: null, wbraid: null, adConsent: null }, null, null],
  ] as const)("%s", (_, extra, clickId, adConsent) => {
    const view = leadView("personal-enquiry", row(extra), []);
    expect(view.clickId).toEqual(clickId);
    expect(view.adConsent).toBe(adConsent);
  });

  it("a contact message has neither", () => {
    const view = leadView("contact", row({ name: "Jane Smith" }), []);
    expect([view.clickId, view.adConsent]).toEqual([null, null]);
  });
});
