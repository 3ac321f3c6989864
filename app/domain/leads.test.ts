import { describe, expect, it } from "vitest";
import {
  campaignOf,
  canMove,
  csvField,
  DUPLICATE_WINDOW_DAYS,
  formulaSafe,
  LEAD_MOVES,
  LEAD_STATUSES,
  lendingRange,
  type TriageInput,
  triageFlags,
} from "./leads";
import { byRule } from "../../tests/support/by-rule";

const DAY = 24 * 60 * 60 * 1000;
const received = new Date("2026-11-23T12:00:00Z");

describe("status moves", () => {
  it.each(
    byRule([
      { rule: "new → contacted", from: "new", to: "contacted", allowed: true },
      { rule: "new → in progress (reached on the first call)", from: "new", to: "in-progress", allowed: true },
      { rule: "new → completed skips the work", from: "new", to: "completed", allowed: false },
      { rule: "contacted → in progress", from: "contacted", to: "in-progress", allowed: true },
      { rule: "contacted → new goes backwards", from: "contacted", to: "new", allowed: false },
      { rule: "in progress → completed", from: "in-progress", to: "completed", allowed: true },
      { rule: "in progress → declined", from: "in-progress", to: "declined", allowed: true },
      { rule: "in progress → withdrawn", from: "in-progress", to: "withdrawn", allowed: true },
      { rule: "completed is final", from: "completed", to: "in-progress", allowed: false },
      { rule: "declined reopens as contacted", from: "declined", to: "contacted", allowed: true },
      { rule: "withdrawn reopens as contacted", from: "withdrawn", to: "contacted", allowed: true },
      { rule: "no move to the same status", from: "contacted", to: "contacted", allowed: false },
    ] as const),
  )("%s", (_, { from, to, allowed }) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it("every move leads to a known status", () => {
    for (const status of LEAD_STATUSES) {
      for (const next of LEAD_MOVES[status]) expect(LEAD_STATUSES).toContain(next);
    }
  });
});

const workableQuote: TriageInput = {
  kind: "quote",
  loanAmount: 30_000,
  ltv: 60,
  indicativeRate: 5.69,
  monthlyIncome: 4_000,
  previousLeadAt: null,
  receivedAt: received,
};

describe("triage flags", () => {
  it.each(
    byRule([
      { rule: "a workable quote has no flags", lead: workableQuote, flags: [] },
      { rule: "a quote without a rate", lead: { ...workableQuote, indicativeRate: null }, flags: ["no-rate"] },
      {
        rule: "a quote whose rate was never set",
        lead: { ...workableQuote, indicativeRate: undefined },
        flags: ["no-rate"],
      },
      { rule: "LTV 100% exactly is not over", lead: { ...workableQuote, ltv: 100 }, flags: [] },
      { rule: "LTV 100.01% is over", lead: { ...workableQuote, ltv: 100.01 }, flags: ["ltv-over-100"] },
      { rule: "no income given", lead: { ...workableQuote, monthlyIncome: null }, flags: ["no-income"] },
      { rule: "an income of nought", lead: { ...workableQuote, monthlyIncome: 0 }, flags: ["no-income"] },
      { rule: "homeowner £10,000 is in range", lead: { ...workableQuote, loanAmount: 10_000 }, flags: [] },
      {
        rule: "homeowner £9,999 is out of range",
        lead: { ...workableQuote, loanAmount: 9_999 },
        flags: ["amount-outside-range"],
      },
      {
        rule: "homeowner £2,500,001 is out of range",
        lead: { ...workableQuote, loanAmount: 2_500_001 },
        flags: ["amount-outside-range"],
      },
      {
        rule: "a personal enquiry of £50,000 is in range",
        lead: {
          kind: "personal-enquiry",
          loanType: "personal",
          loanAmount: 50_000,
          monthlyIncome: 2_000,
          receivedAt: received,
        },
        flags: [],
      },
      {
        rule: "a personal enquiry of £50,001 is out of range",
        lead: {
          kind: "personal-enquiry",
          loanType: "personal",
          loanAmount: 50_001,
          monthlyIncome: 2_000,
          receivedAt: received,
        },
        flags: ["amount-outside-range"],
      },
      {
        rule: "an enquiry needs no rate",
        lead: {
          kind: "personal-enquiry",
          loanType: "homeowner",
          loanAmount: 40_000,
          monthlyIncome: 3_000,
          receivedAt: received,
        },
        flags: [],
      },
      {
        rule: "a contact message has no loan to judge",
        lead: { kind: "contact", receivedAt: received },
        flags: [],
      },
      {
        rule: "a lead from the same email a day before is a duplicate",
        lead: { ...workableQuote, previousLeadAt: new Date(received.getTime() - DAY) },
        flags: ["duplicate"],
      },
      {
        rule: `a lead exactly ${DUPLICATE_WINDOW_DAYS} days before is still a duplicate`,
        lead: { ...workableQuote, previousLeadAt: new Date(received.getTime() - DUPLICATE_WINDOW_DAYS * DAY) },
        flags: ["duplicate"],
      },
      {
        rule: "a lead a moment past the window is not",
        lead: { ...workableQuote, previousLeadAt: new Date(received.getTime() - DUPLICATE_WINDOW_DAYS * DAY - 1) },
        flags: [],
      },
      {
        rule: "every flag at once",
        lead: {
          kind: "quote",
          loanAmount: 5_000,
          ltv: 120,
          indicativeRate: null,
          monthlyIncome: null,
          previousLeadAt: new Date(received.getTime() - DAY),
          receivedAt: received,
        },
        flags: ["no-rate", "ltv-over-100", "no-income", "amount-outside-range", "duplicate"],
      },
    ] satisfies { rule: string; lead: TriageInput; flags: string[] }[]),
  )("%s", (_, { lead, flags }) => {
    expect(triageFlags(lead)).toEqual(flags);
  });

  it("judges quotes, and non-personal enquiries, against the homeowner range", () => {
    expect(lendingRange(null)).toEqual({ min: 10_000, max: 2_500_000 });
    expect(lendingRange("homeowner")).toEqual({ min: 10_000, max: 2_500_000 });
    expect(lendingRange("personal")).toEqual({ min: 1_000, max: 50_000 });
  });
});

describe("campaign from the landing page", () => {
  it.each(
    byRule([
      {
        rule: "source and campaign",
        url: "https://site.example/secured-homeowner-loan?utm_source=google&utm_campaign=autumn",
        expected: { source: "google", campaign: "autumn" },
      },
      { rule: "a relative URL", url: "/?utm_source=bing", expected: { source: "bing", campaign: "" } },
      { rule: "no utm parameters", url: "https://site.example/", expected: null },
      { rule: "no landing page", url: null, expected: null },
    ]),
  )("%s", (_, { url, expected }) => {
    expect(campaignOf(url)).toEqual(expected);
  });
});

describe("CSV cells", () => {
  it.each(
    byRule([
      { rule: "= starts a formula", value: '=HYPERLINK("x")', safe: '\'=HYPERLINK("x")' },
      { rule: "+ starts a formula", value: "+441234", safe: "'+441234" },
      { rule: "- starts a formula", value: "-2+3", safe: "'-2+3" },
      { rule: "@ starts a formula", value: "@SUM(A1)", safe: "'@SUM(A1)" },
      { rule: "a tab starts a formula", value: "\tcmd", safe: "'\tcmd" },
      { rule: "a carriage return starts a formula", value: "\rcmd", safe: "'\rcmd" },
      { rule: "plain text is left alone", value: "Jane O'Neil", safe: "Jane O'Neil" },
      { rule: "a sign later in the text is harmless", value: "a=b", safe: "a=b" },
    ]),
  )("%s", (_, { value, safe }) => {
    expect(formulaSafe(value)).toBe(safe);
  });

  it("quotes fields with commas, quotes and line breaks, and leaves numbers and blanks plain", () => {
    expect(csvField('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
    expect(csvField("=1,2")).toBe('"\'=1,2"');
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});
