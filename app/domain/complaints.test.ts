import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { isOwnKey } from "./own-keys";
import {
  type AttentionFacts,
  businessDaysAfter,
  COMPLAINT_CATEGORIES,
  closedWithin,
  closingLetters,
  complaintAttention,
  complaintClock,
  complaintKeptUntil,
  complaintProgress,
  complaintsReport,
  type HalfYear,
  type ReportedComplaint,
  reportFigures,
  halfYear,
  halfYearOf,
  isBusinessDay,
} from "./complaints";

// A complaint's clock (DISP 1, DECISIONS D26): UK time, business days without weekends
// and the firm's nation's bank holidays, eight weeks by the calendar. Every instant here
// is written in UTC; the rule says what the UK clock showed.

const at = (iso: string) => new Date(iso);

describe("the third business day after the day it came in (DISP 1.5.1R)", () => {
  it.each(
    byRule([
      {
        rule: "a Friday evening: Monday, Tuesday, Wednesday; closes at midnight",
        received: "2026-11-27T19:00:00Z",
        nation: "england-and-wales" as const,
        by: "2026-12-03T00:00:00.000Z",
      },
      {
        rule: "a Saturday counts from the Monday, as a Friday does",
        received: "2026-11-28T10:00:00Z",
        nation: "england-and-wales" as const,
        by: "2026-12-03T00:00:00.000Z",
      },
      {
        rule: "in Scotland St Andrew's Day (Monday 30 November 2026) is not a business day",
        received: "2026-11-27T19:00:00Z",
        nation: "scotland" as const,
        by: "2026-12-04T00:00:00.000Z",
      },
      {
        rule: "Christmas Eve: Christmas Day and the Boxing Day substitute skipped",
        received: "2026-12-24T09:00:00Z",
        nation: "england-and-wales" as const,
        by: "2027-01-01T00:00:00.000Z",
      },
      {
        rule: "New Year's Eve in England: 1 January skipped",
        received: "2026-12-31T09:00:00Z",
        nation: "england-and-wales" as const,
        by: "2027-01-07T00:00:00.000Z",
      },
      {
        rule: "New Year's Eve in Scotland: 2 January's substitute (Monday 4 January) skipped too",
        received: "2026-12-31T09:00:00Z",
        nation: "scotland" as const,
        by: "2027-01-08T00:00:00.000Z",
      },
      {
        rule: "in Northern Ireland St Patrick's Day is skipped",
        received: "2027-03-15T09:00:00Z",
        nation: "northern-ireland" as const,
        by: "2027-03-20T00:00:00.000Z",
      },
      {
        rule: "the same days in England, where 17 March is a business day",
        received: "2027-03-15T09:00:00Z",
        nation: "england-and-wales" as const,
        by: "2027-03-19T00:00:00.000Z",
      },
      {
        rule: "before Easter and the clocks going forward: midnight BST closes it, an hour earlier in UTC",
        received: "2027-03-25T10:00:00Z",
        nation: "england-and-wales" as const,
        by: "2027-04-01T23:00:00.000Z",
      },
      {
        rule: "Scotland has no Easter Monday holiday",
        received: "2027-03-25T10:00:00Z",
        nation: "scotland" as const,
        by: "2027-03-31T23:00:00.000Z",
      },
      {
        rule: "on the night the clocks go back, 00:30 BST is already Sunday in the UK",
        received: "2026-10-24T23:30:00Z",
        nation: "england-and-wales" as const,
        by: "2026-10-29T00:00:00.000Z",
      },
      {
        rule: "in summer, midnight BST is 23:00 UTC",
        received: "2026-06-01T08:00:00Z",
        nation: "england-and-wales" as const,
        by: "2026-06-04T23:00:00.000Z",
      },
    ]),
  )("%s", (_rule, { received, nation, by }) => {
    expect(complaintClock(at(received), nation).summaryResolutionBy.toISOString()).toBe(by);
  });

  it.each(
    byRule([
      {
        rule: "closed at 23:59 on the third business day: within",
        closed: "2026-12-02T23:59:00Z",
        within: "three-business-days",
      },
      { rule: "closed at 00:00 the day after: not", closed: "2026-12-03T00:00:00Z", within: "eight-weeks" },
      { rule: "closed the day it came: within", closed: "2026-11-27T20:00:00Z", within: "three-business-days" },
      {
        rule: "closed at 23:59 on the last day of the eight weeks: within them",
        closed: "2027-01-22T23:59:00Z",
        within: "eight-weeks",
      },
      { rule: "closed at midnight after the eight weeks: later", closed: "2027-01-23T00:00:00Z", within: "later" },
    ] as const),
  )("%s", (_rule, { closed, within }) => {
    expect(closedWithin(at("2026-11-27T19:00:00Z"), at(closed), "england-and-wales")).toBe(within);
  });

  it("in summer, 23:59 BST on the third business day is within and midnight BST is not", () => {
    const received = at("2026-06-01T08:00:00Z");
    expect(closedWithin(received, at("2026-06-04T22:59:00Z"), "england-and-wales")).toBe("three-business-days");
    expect(closedWithin(received, at("2026-06-04T23:00:00Z"), "england-and-wales")).toBe("eight-weeks");
  });
});

describe("eight weeks, by the calendar (DISP 1.6.2R)", () => {
  it.each(
    byRule([
      {
        rule: "across Christmas and New Year: holidays do not lengthen it",
        received: "2026-11-26T15:00:00Z",
        finalBy: "2027-01-22T00:00:00.000Z",
        halfWay: "2026-12-25T00:00:00.000Z",
        reminder: "2027-01-15T00:00:00.000Z",
      },
      {
        rule: "across the clocks going back: midnight GMT at the end",
        received: "2026-09-15T10:00:00Z",
        finalBy: "2026-11-11T00:00:00.000Z",
        halfWay: "2026-10-13T23:00:00.000Z",
        reminder: "2026-11-04T00:00:00.000Z",
      },
      {
        rule: "across the clocks going forward: midnight BST at the end",
        received: "2027-02-20T10:00:00Z",
        finalBy: "2027-04-17T23:00:00.000Z",
        halfWay: "2027-03-21T00:00:00.000Z",
        reminder: "2027-04-10T23:00:00.000Z",
      },
      {
        rule: "received at 00:30 BST counts from that UK day, not the UTC one",
        received: "2026-07-31T23:30:00Z",
        finalBy: "2026-09-26T23:00:00.000Z",
        halfWay: "2026-08-29T23:00:00.000Z",
        reminder: "2026-09-19T23:00:00.000Z",
      },
    ]),
  )("%s", (_rule, { received, finalBy, halfWay, reminder }) => {
    const clock = complaintClock(at(received), "england-and-wales");
    expect(clock.finalResponseBy.toISOString()).toBe(finalBy);
    expect(clock.halfWayAt.toISOString()).toBe(halfWay);
    expect(clock.reminderAt.toISOString()).toBe(reminder);
  });

  it("the acknowledgement is due by the close of the fifth business day", () => {
    expect(complaintClock(at("2026-12-24T09:00:00Z"), "england-and-wales").acknowledgeBy.toISOString()).toBe(
      "2027-01-06T00:00:00.000Z",
    );
  });
});

describe("business days", () => {
  it.each([
    ["2026-11-27", "england-and-wales", true],
    ["2026-11-28", "england-and-wales", false],
    ["2026-11-29", "england-and-wales", false],
    ["2026-11-30", "england-and-wales", true],
    ["2026-11-30", "scotland", false],
    ["2026-12-25", "northern-ireland", false],
    ["2026-12-28", "england-and-wales", false],
    ["2026-07-13", "northern-ireland", false],
    ["2026-07-13", "england-and-wales", true],
    ["2026-08-03", "scotland", false],
    ["2026-08-31", "scotland", true],
  ] as const)("%s in %s is a business day: %s", (day, nation, business) => {
    expect(isBusinessDay(day, nation)).toBe(business);
  });

  it("counts only business days, never the day itself", () => {
    expect(businessDaysAfter("2026-11-27", 1, "england-and-wales")).toBe("2026-11-30");
    expect(businessDaysAfter("2026-11-30", 1, "england-and-wales")).toBe("2026-12-01");
    expect(businessDaysAfter("2026-11-27", 0, "england-and-wales")).toBe("2026-11-27");
  });
});

describe("what an open complaint needs (Today)", () => {
  const received = at("2026-11-27T19:00:00Z");
  const base: AttentionFacts = {
    receivedAt: received,
    acknowledgedAt: received,
    respondedAt: null,
    holdingSentAt: null,
    closedAt: null,
    reopened: false,
  };
  it.each(
    byRule([
      {
        rule: "not acknowledged, within five business days",
        times: { ...base, acknowledgedAt: null },
        now: "2026-11-30T09:00:00Z",
        needs: { kind: "acknowledge", overdue: false },
      },
      {
        rule: "not acknowledged after five business days: overdue",
        times: { ...base, acknowledgedAt: null },
        now: "2026-12-05T00:00:00Z",
        needs: { kind: "acknowledge", overdue: true },
      },
      {
        rule: "acknowledged, within three business days: a summary resolution may close it",
        times: base,
        now: "2026-12-02T23:59:00Z",
        needs: { kind: "summary-resolution" },
      },
      {
        rule: "after the three business days: waiting for the final response",
        times: base,
        now: "2026-12-03T00:00:00Z",
        needs: { kind: "waiting" },
      },
      { rule: "four weeks on", times: base, now: "2026-12-26T00:00:00Z", needs: { kind: "half-way" } },
      { rule: "in the eighth week", times: base, now: "2027-01-16T00:00:00Z", needs: { kind: "eighth-week" } },
      {
        rule: "past eight weeks with no response: overdue",
        times: base,
        now: "2027-01-23T00:00:00Z",
        needs: { kind: "final-response", overdue: true },
      },
      {
        rule: "a holding response sent answers the eight weeks",
        times: { ...base, holdingSentAt: at("2027-01-20T10:00:00Z") },
        now: "2027-01-23T00:00:00Z",
        needs: { kind: "waiting" },
      },
      {
        rule: "reopened after its answer: the final response is owed again, by the day it always was",
        times: { ...base, reopened: true },
        now: "2026-12-10T00:00:00Z",
        needs: { kind: "reopened", by: at("2027-01-23T00:00:00Z"), overdue: false },
      },
      {
        rule: "reopened within the three business days: owed a final response, not offered a summary resolution",
        times: { ...base, reopened: true },
        now: "2026-12-01T09:00:00Z",
        needs: { kind: "reopened", overdue: false },
      },
      {
        rule: "reopened with a holding letter sent before: the letter does not answer it",
        times: { ...base, reopened: true, holdingSentAt: at("2027-01-20T10:00:00Z") },
        now: "2027-01-21T00:00:00Z",
        needs: { kind: "reopened", overdue: false },
      },
      {
        rule: "reopened past eight weeks: overdue at once",
        times: { ...base, reopened: true },
        now: "2027-02-03T00:00:00Z",
        needs: { kind: "reopened", overdue: true },
      },
      {
        rule: "reopened and answered again: waiting to be closed",
        times: { ...base, reopened: true, respondedAt: at("2027-02-03T10:00:00Z") },
        now: "2027-02-04T00:00:00Z",
        needs: { kind: "waiting" },
      },
      {
        rule: "not acknowledged comes first, even reopened",
        times: { ...base, reopened: true, acknowledgedAt: null },
        now: "2026-11-30T09:00:00Z",
        needs: { kind: "acknowledge" },
      },
    ]),
  )("%s", (_rule, { times, now, needs }) => {
    expect(complaintAttention(times, at(now), "england-and-wales")).toMatchObject(needs);
  });

  it("a closed complaint needs nothing", () => {
    expect(
      complaintAttention({ ...base, closedAt: at("2026-12-01T10:00:00Z") }, at("2027-02-01T00:00:00Z"), "scotland"),
    ).toBe(null);
  });

  it("a summary resolution is offered only within the three business days", () => {
    expect(closingLetters(received, at("2026-12-02T23:59:00Z"), "england-and-wales")).toEqual([
      "summary-resolution",
      "final-response",
    ]);
    expect(closingLetters(received, at("2026-12-03T00:00:00Z"), "england-and-wales")).toEqual(["final-response"]);
  });
});

describe("kept three years from closing (DISP 1.9.1R)", () => {
  it.each([
    ["2026-11-27T12:00:00Z", "2029-11-28T00:00:00.000Z"],
    ["2026-07-01T23:30:00Z", "2029-07-02T23:00:00.000Z"],
    ["2028-02-29T12:00:00Z", "2031-03-02T00:00:00.000Z"],
  ])("closed %s: deleted from %s", (closed, until) => {
    expect(complaintKeptUntil(at(closed)).toISOString()).toBe(until);
  });
});

describe("half-years of the complaints return", () => {
  it.each([
    ["2026-H1", { from: "2026-01-01", until: "2026-07-01", label: "January to June 2026" }],
    ["2026-H2", { from: "2026-07-01", until: "2027-01-01", label: "July to December 2026" }],
    ["2026-H3", null],
    ["2026-h1", null],
    ["1999-H1", null],
    ["9999-H2", null],
    [" 2026-H1", null],
  ])("%s", (key, expected) => {
    expect(halfYear(key)).toEqual(expected ? { key, ...expected } : null);
  });

  it.each([
    ["2026-06-30", "2026-H1"],
    ["2026-07-01", "2026-H2"],
    ["2026-12-31", "2026-H2"],
    ["2027-01-01", "2027-H1"],
  ])("%s falls in %s", (day, key) => {
    expect(halfYearOf(day).key).toBe(key);
  });
});

describe("the short lists take only their own keys", () => {
  it.each([
    ["other", true],
    ["arrears", true],
    ["__proto__", false],
    ["toString", false],
    ["constructor", false],
    ["hasOwnProperty", false],
    ["", false],
    [42, false],
  ])("%j", (value, listed) => {
    expect(typeof value === "string" && isOwnKey(COMPLAINT_CATEGORIES, value)).toBe(listed);
  });
});

describe("the half-year report (DISP 1.10)", () => {
  const row = (received: string, closed: string | null, extra: Partial<ReportedComplaint> = {}): ReportedComplaint => ({
    receivedAt: at(received),
    closedAt: closed ? at(closed) : null,
    outcome: closed ? "rejected" : null,
    redressPence: null,
    category: null,
    rootCause: null,
    ...extra,
  });
  const period = halfYear("2026-H2") as HalfYear;
  const rows = [
    // Opened in the first half, closed in the second, later than eight weeks.
    row("2026-05-01T10:00:00Z", "2026-07-10T10:00:00Z", {
      outcome: "upheld",
      redressPence: 15_000,
      category: "admin-service",
      rootCause: "delay",
    }),
    // Opened and closed within three business days.
    row("2026-11-27T19:00:00Z", "2026-12-02T22:59:00Z", {
      outcome: "partly-upheld",
      redressPence: 5_000,
      category: "advising-selling-arranging",
    }),
    // Opened, closed within eight weeks.
    row("2026-09-01T10:00:00Z", "2026-10-01T10:00:00Z", {
      category: "advising-selling-arranging",
      rootCause: "no-fault",
    }),
    // Opened and still open.
    row("2026-12-20T10:00:00Z", null),
    // Closed at 00:30 BST on 1 July: the second half, though UTC says 30 June.
    row("2026-06-20T10:00:00Z", "2026-06-30T23:30:00Z"),
    // Received at 23:30 on 31 December: GMT is the UK's winter time, so still this half-year.
    row("2026-12-31T23:30:00Z", null),
  ];
  const report = complaintsReport(rows, period, "england-and-wales");

  it("counts those opened and closed in the half-year, by UK day", () => {
    expect(report.opened).toBe(4);
    expect(report.closed).toBe(4);
  });
  it("says how quickly each closed one was", () => {
    expect(report.closedWithin).toEqual({ "three-business-days": 1, "eight-weeks": 2, later: 1 });
  });
  it("gives the upheld share of those closed, and the redress paid", () => {
    expect(report.upheld).toBe(2);
    expect(report.upheldShare).toBe(0.5);
    expect(report.redressPence).toBe(20_000);
  });
  it("breaks them down by category and root cause, none left out", () => {
    expect(report.byCategory.find((c) => c.key === "advising-selling-arranging")).toMatchObject({
      opened: 2,
      closed: 2,
      upheld: 1,
    });
    expect(report.byCategory.find((c) => c.key === "none")).toMatchObject({ opened: 2, closed: 1, upheld: 0 });
    expect(report.byRootCause.find((c) => c.key === "delay")).toMatchObject({ closed: 1, upheld: 1 });
    expect(report.byRootCause.reduce((sum, c) => sum + c.closed, 0)).toBe(report.closed);
  });
  it("gives its headline figures in the return's order, for the page and the CSV alike", () => {
    expect(reportFigures(report)).toEqual([
      { label: "Opened", count: 4 },
      { label: "Closed", count: 4 },
      { label: "Closed within 3 business days", count: 1 },
      { label: "Closed after 3 business days, within 8 weeks", count: 2 },
      { label: "Closed after 8 weeks", count: 1 },
      { label: "Upheld (in full or in part)", count: 2 },
      { label: "Upheld share of those closed", percent: 50 },
      { label: "Redress paid", pence: 20_000 },
    ]);
  });

  it("a half-year with none closed has no upheld share", () => {
    expect(complaintsReport([], period, "scotland").upheldShare).toBe(null);
  });
});

describe("complaintProgress: where a complaint stands, as its complainant reads it", () => {
  // Received on Friday 2 January 2026 (a business day in England and Wales).
  const receivedAt = new Date("2026-01-02T10:00:00Z");
  const open = {
    receivedAt,
    acknowledgedAt: null,
    respondedAt: null,
    holdingSentAt: null,
    closedAt: null,
    reopened: false,
  };
  const now = new Date("2026-01-30T10:00:00Z");
  it.each([
    ["received, not yet acknowledged: the acknowledgement's day (5 business days on)", open, "Received", "2026-01-09"],
    [
      "acknowledged: the final response's day, eight weeks on",
      { ...open, acknowledgedAt: receivedAt },
      "Being looked into",
      "2026-02-27",
    ],
    [
      "a holding response sent: no day promised here",
      { ...open, acknowledgedAt: receivedAt, holdingSentAt: new Date("2026-02-20T09:00:00Z") },
      "We have written to explain the delay",
      null,
    ],
    [
      "answered",
      { ...open, acknowledgedAt: receivedAt, respondedAt: new Date("2026-01-20T09:00:00Z") },
      "We have sent our response",
      null,
    ],
    [
      "closed",
      { ...open, acknowledgedAt: receivedAt, respondedAt: receivedAt, closedAt: new Date("2026-01-21T09:00:00Z") },
      "Closed",
      null,
    ],
    [
      "reopened after its answer: the final response's day again, a holding letter before it or not",
      { ...open, acknowledgedAt: receivedAt, holdingSentAt: new Date("2026-01-20T09:00:00Z"), reopened: true },
      "Reopened: we are looking into it again",
      "2026-02-27",
    ],
  ] as const)("%s", (_rule, times, stage, dueDay) => {
    expect(complaintProgress(times, "england-and-wales", now)).toEqual({ stage, dueDay });
  });

  it("promises no day already gone to a complaint reopened after its eight weeks", () => {
    const reopened = { ...open, acknowledgedAt: receivedAt, reopened: true };
    expect(complaintProgress(reopened, "england-and-wales", new Date("2026-03-02T10:00:00Z"))).toEqual({
      stage: "Reopened: we are looking into it again",
      dueDay: null,
    });
  });
});
