import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  CASE_PROBLEMS,
  type CaseLead,
  type CaseStage,
  caseCommissionPence,
  caseMoveProblem,
  describeCaseMove,
  leadStatusAfterCase,
  readCommissionChange,
  readCompletion,
  readDecline,
  readOffer,
} from "./lead-cases";
import type { LeadStatus } from "./leads";

// A lead's case with a lender (docs/decisions/230): which moves are allowed from each
// stage and for which leads, each stage's form, and the commission to the penny.

const quote = (status: LeadStatus = "in-progress"): CaseLead => ({ kind: "quote", status });

describe("the case's moves", () => {
  const allowed: { rule: string; lead: CaseLead; from: CaseStage | null; to: CaseStage }[] = [
    {
      rule: "a contacted quote starts with the application",
      lead: quote("contacted"),
      from: null,
      to: "application-sent",
    },
    { rule: "a quote in progress starts too", lead: quote(), from: null, to: "application-sent" },
    {
      rule: "a quick-check homeowner enquiry starts too",
      lead: { kind: "personal-enquiry", loanType: "homeowner", status: "contacted" },
      from: null,
      to: "application-sent",
    },
    { rule: "the application gets an offer", lead: quote(), from: "application-sent", to: "offer-received" },
    { rule: "the application is declined", lead: quote(), from: "application-sent", to: "declined" },
    { rule: "the offer completes", lead: quote(), from: "offer-received", to: "completed" },
    { rule: "the offer is declined", lead: quote(), from: "offer-received", to: "declined" },
    {
      rule: "a reopened lead whose case the lender declined starts a new case",
      lead: quote("contacted"),
      from: "declined",
      to: "application-sent",
    },
    {
      rule: "a reopened (contacted) lead's offer completes",
      lead: quote("contacted"),
      from: "offer-received",
      to: "completed",
    },
  ];
  it.each(byRule(allowed))("allows: %s", (_rule, { lead, from, to }) => {
    expect(caseMoveProblem(lead, from, to)).toBeNull();
  });

  const refused: { rule: string; lead: CaseLead; from: CaseStage | null; to: CaseStage; problem: string }[] = [
    {
      rule: "a contact message has no case",
      lead: { kind: "contact", status: "contacted" },
      from: null,
      to: "application-sent",
      problem: CASE_PROBLEMS.kind,
    },
    {
      rule: "a quick-check enquiry for another kind of loan has no case",
      lead: { kind: "personal-enquiry", loanType: "personal", status: "contacted" },
      from: null,
      to: "application-sent",
      problem: CASE_PROBLEMS.kind,
    },
    {
      rule: "a new lead (not yet contacted) cannot start one",
      lead: quote("new"),
      from: null,
      to: "application-sent",
      problem: CASE_PROBLEMS.notContacted,
    },
    {
      rule: "a withdrawn lead cannot start one",
      lead: quote("withdrawn"),
      from: null,
      to: "application-sent",
      problem: "This lead is withdrawn: reopen it before moving its case on",
    },
    {
      rule: "a declined lead's open case does not move",
      lead: quote("declined"),
      from: "application-sent",
      to: "offer-received",
      problem: "This lead is declined: reopen it before moving its case on",
    },
    {
      rule: "no offer without a case",
      lead: quote(),
      from: null,
      to: "offer-received",
      problem: CASE_PROBLEMS.noCase,
    },
    {
      rule: "a second application on a lead that has a case",
      lead: quote(),
      from: "application-sent",
      to: "application-sent",
      problem: CASE_PROBLEMS.started,
    },
    {
      rule: "a lead the lender declined is reopened before a new case starts",
      lead: quote("declined"),
      from: "declined",
      to: "application-sent",
      problem: "This lead is declined: reopen it before moving its case on",
    },
    {
      rule: "a second case beside a completed one",
      lead: quote("in-progress"),
      from: "completed",
      to: "application-sent",
      problem: CASE_PROBLEMS.started,
    },
    {
      rule: "a second application beside an offer",
      lead: quote(),
      from: "offer-received",
      to: "application-sent",
      problem: CASE_PROBLEMS.started,
    },
    {
      rule: "completion straight from the application (out of order)",
      lead: quote(),
      from: "application-sent",
      to: "completed",
      problem: `A case at "Application sent" moves next to "Offer received" or "Declined by the lender", not "Completed"`,
    },
    {
      rule: "a second offer",
      lead: quote(),
      from: "offer-received",
      to: "offer-received",
      problem: `A case at "Offer received" moves next to "Completed" or "Declined by the lender", not "Offer received"`,
    },
    {
      rule: "completed is final",
      lead: quote("completed"),
      from: "completed",
      to: "declined",
      problem: "This case is completed: it takes no further stage",
    },
    {
      rule: "declined is final",
      lead: quote("contacted"),
      from: "declined",
      to: "offer-received",
      problem: "This case is declined by the lender: it takes no further stage",
    },
  ];
  it.each(byRule(refused))("refuses: %s", (_rule, { lead, from, to, problem }) => {
    expect(caseMoveProblem(lead, from, to)).toBe(problem);
  });

  it.each(
    byRule([
      {
        rule: "the application puts a contacted lead in progress",
        from: "contacted",
        to: "application-sent",
        after: "in-progress",
      },
      {
        rule: "the application leaves a lead in progress there",
        from: "in-progress",
        to: "application-sent",
        after: "in-progress",
      },
      { rule: "an offer leaves the lead in progress", from: "in-progress", to: "offer-received", after: "in-progress" },
      { rule: "completion completes the lead", from: "in-progress", to: "completed", after: "completed" },
      { rule: "the lender's decline declines the lead", from: "in-progress", to: "declined", after: "declined" },
    ] as const),
  )("%s", (_rule, { from, to, after }) => {
    expect(leadStatusAfterCase(from, to)).toBe(after);
  });
});

const form = (values: Partial<Record<string, string>>) => (name: string) => values[name] ?? "";

describe("the offer's form", () => {
  it("takes an amount, a rate and a term as staff type them", () => {
    expect(readOffer(form({ offerAmount: "£25,000", offerRate: "7.49%", offerTerm: "120" }))).toEqual({
      ok: true,
      value: { amount: 25_000, ratePercent: 7.49, termMonths: 120 },
    });
  });
  it.each(
    byRule([
      {
        rule: "each field missing",
        values: {},
        problems: {
          offerAmount: "Enter the amount offered in pounds",
          offerRate: "Enter the offer's rate in per cent",
          offerTerm: "Enter the offer's term in months",
        },
      },
      {
        rule: "pence in the amount, three places in the rate, a part month",
        values: { offerAmount: "25000.50", offerRate: "7.499", offerTerm: "60.5" },
        problems: {
          offerAmount: "Enter the amount offered in pounds as a whole number",
          offerRate: "Enter the offer's rate in per cent as a number with at most 2 decimal places",
          offerTerm: "Enter the offer's term in months as a whole number",
        },
      },
      {
        rule: "out of range: no amount, a rate above 100, a term of 0",
        values: { offerAmount: "0", offerRate: "100.01", offerTerm: "0" },
        problems: {
          offerAmount: "Enter the amount offered in pounds between 1 and 10,000,000",
          offerRate: "Enter the offer's rate in per cent between 0 and 100",
          offerTerm: "Enter the offer's term in months between 1 and 480",
        },
      },
      {
        rule: "words",
        values: { offerAmount: "lots", offerRate: "7.5", offerTerm: "481" },
        problems: {
          offerAmount: "Enter the amount offered in pounds as a whole number",
          offerTerm: "Enter the offer's term in months between 1 and 480",
        },
      },
    ]),
  )("refuses %s, each problem beside its field", (_rule, { values, problems }) => {
    expect(readOffer(form(values))).toEqual({ ok: false, problems });
  });
});

describe("the commission", () => {
  it.each(
    byRule([
      { rule: "a percentage only", percent: 2, fixed: 0, amount: 50_000, pence: 100_000 },
      { rule: "a fixed sum only", percent: 0, fixed: 250, amount: 50_000, pence: 25_000 },
      { rule: "both parts", percent: 1.5, fixed: 99.99, amount: 40_000, pence: 69_999 },
      { rule: "a half penny rounds up", percent: 1.5, fixed: 0, amount: 10_001, pence: 15_002 },
      { rule: "under a half penny rounds down", percent: 1.15, fixed: 0, amount: 10_001, pence: 11_501 },
      { rule: "both parts with the percentage rounded", percent: 2.25, fixed: 0.5, amount: 33_333, pence: 75_049 },
      { rule: "zero: neither part", percent: 0, fixed: 0, amount: 50_000, pence: 0 },
    ]),
  )("%s", (_rule, { percent, fixed, amount, pence }) => {
    expect(caseCommissionPence({ commissionPercent: percent, commissionFixedPounds: fixed }, amount)).toBe(pence);
  });
});

describe("the completion's form", () => {
  const product = { commissionPercent: 2, commissionFixedPounds: 100 };
  // 10:00 UK on 20 November 2026; the day ends at midnight UK time.
  const now = new Date("2026-11-20T10:00:00Z");
  const complete = (values: Partial<Record<string, string>>, at = now) => readCompletion(form(values), product, at);

  it("computes the product's commission when the field is left blank", () => {
    expect(complete({ completedAmount: "50,000", completedOn: "2026-11-20" })).toEqual({
      ok: true,
      value: { amount: 50_000, completedOn: "2026-11-20", commissionPence: 110_000, commissionReason: null },
    });
  });
  it("takes the product's own commission typed in without a reason", () => {
    expect(complete({ completedAmount: "50000", completedOn: "2026-11-19", commission: "£1,100.00" })).toMatchObject({
      ok: true,
      value: { commissionPence: 110_000, commissionReason: null },
    });
  });
  it("takes a changed commission with its reason", () => {
    expect(
      complete({
        completedAmount: "50000",
        completedOn: "2026-11-19",
        commission: "950.50",
        commissionReason: "The lender paid a lower procuration fee",
      }),
    ).toMatchObject({
      ok: true,
      value: { commissionPence: 95_050, commissionReason: "The lender paid a lower procuration fee" },
    });
  });
  it.each(
    byRule([
      {
        rule: "a changed commission without a reason",
        values: { completedAmount: "50000", completedOn: "2026-11-20", commission: "900" },
        problems: { commissionReason: "Say why the commission differs from the product's £1,100.00" },
      },
      {
        rule: "a completion date tomorrow (UK)",
        values: { completedAmount: "50000", completedOn: "2026-11-21" },
        problems: { completedOn: "The completion date cannot be in the future" },
      },
      {
        rule: "a date that is not a day",
        values: { completedAmount: "50000", completedOn: "2026-02-30" },
        problems: { completedOn: "Enter the completion date as a date, such as 2026-11-20" },
      },
      {
        rule: "nothing typed",
        values: {},
        problems: {
          completedAmount: "Enter the amount lent in pounds",
          completedOn: "Enter the completion date as a date, such as 2026-11-20",
        },
      },
      {
        rule: "a commission with a part penny, and a negative amount",
        values: { completedAmount: "-5", completedOn: "2026-11-20", commission: "10.005" },
        problems: {
          completedAmount: "Enter the amount lent in pounds as a whole number",
          commission: "Enter the commission in pounds as a number with at most 2 decimal places",
        },
      },
    ]),
  )("refuses %s", (_rule, { values, problems }) => {
    expect(complete(values)).toEqual({ ok: false, problems });
  });
  it("judges the future by the UK day: 00:30 UK on 21 June is already the 21st", () => {
    const summer = new Date("2026-06-20T23:30:00Z");
    expect(complete({ completedAmount: "50000", completedOn: "2026-06-21" }, summer).ok).toBe(true);
    expect(complete({ completedAmount: "50000", completedOn: "2026-06-22" }, summer).ok).toBe(false);
  });
});

describe("a completed case's commission changed", () => {
  it("takes a new figure with its reason", () => {
    expect(readCommissionChange(form({ newCommission: "£800", changeReason: " Lower fee paid " }), 97_000)).toEqual({
      ok: true,
      value: { pence: 80_000, reason: "Lower fee paid" },
    });
  });
  it.each(
    byRule([
      {
        rule: "no figure and no reason",
        values: {},
        problems: {
          newCommission: "Enter the commission in pounds",
          changeReason: "Say why the commission is changed",
        },
      },
      {
        rule: "the figure it already is",
        values: { newCommission: "970.00", changeReason: "Checked" },
        problems: { newCommission: "That is the commission already: enter the new figure" },
      },
      {
        rule: "a part penny",
        values: { newCommission: "800.001", changeReason: "Checked" },
        problems: { newCommission: "Enter the commission in pounds as a number with at most 2 decimal places" },
      },
      {
        rule: "a reason too long",
        values: { newCommission: "800", changeReason: "x".repeat(501) },
        problems: { changeReason: "The reason must be 500 characters or fewer" },
      },
    ]),
  )("refuses %s", (_rule, { values, problems }) => {
    expect(readCommissionChange(form(values), 97_000)).toEqual({ ok: false, problems });
  });
});

describe("the lender's decline", () => {
  it("takes a reason from the list, with an optional note", () => {
    expect(readDecline(form({ declinedReason: "affordability" }))).toEqual({
      ok: true,
      value: { reason: "affordability", note: null },
    });
    expect(readDecline(form({ declinedReason: "other", declinedNote: " Lender left the market " }))).toEqual({
      ok: true,
      value: { reason: "other", note: "Lender left the market" },
    });
  });
  it.each(
    byRule([
      { rule: "no reason", values: {}, problems: { declinedReason: "Choose why the lender declined" } },
      {
        rule: "a reason not on the list",
        values: { declinedReason: "lender-declined" },
        problems: { declinedReason: "Choose why the lender declined" },
      },
      {
        rule: "other without a note",
        values: { declinedReason: "other" },
        problems: { declinedNote: "Say why in the note: the reason is other" },
      },
      {
        rule: "a note too long",
        values: { declinedReason: "property", declinedNote: "x".repeat(501) },
        problems: { declinedNote: "The note must be 500 characters or fewer" },
      },
    ]),
  )("refuses %s", (_rule, { values, problems }) => {
    expect(readDecline(form(values))).toEqual({ ok: false, problems });
  });
});

describe("the timeline's words for each move", () => {
  it.each(
    byRule([
      {
        rule: "the application names the product",
        move: { to: "application-sent", lender: "Example Lender A", productName: "Homeowner plus" } as const,
        words: "Application sent to Example Lender A, Homeowner plus",
      },
      {
        rule: "the offer gives its figures",
        move: { to: "offer-received", offer: { amount: 25_000, ratePercent: 7.49, termMonths: 120 } } as const,
        words: "Offer received: £25,000 at 7.49% over 10 years",
      },
      {
        rule: "the completion gives the commission and why it changed",
        move: {
          to: "completed",
          completion: {
            amount: 25_000,
            completedOn: "2026-11-20",
            commissionPence: 45_050,
            commissionReason: "Lower fee",
          },
        } as const,
        words: "Completed: £25,000 lent on Fri 20 Nov 2026; commission £450.50 (changed: Lower fee)",
      },
      {
        rule: "the decline gives its reason",
        move: { to: "declined", decline: { reason: "other", note: "Left the market" } } as const,
        words: "Declined by the lender: Other (Left the market)",
      },
    ]),
  )("%s", (_rule, { move, words }) => {
    expect(describeCaseMove(move)).toBe(words);
  });
  it("a commission changed gives both figures and why", () => {
    expect(
      describeCaseMove({ to: "commission-changed", fromPence: 97_000, toPence: 80_050, reason: "Lower fee" }),
    ).toBe("Commission changed from £970.00 to £800.50 (Lower fee)");
  });
});
