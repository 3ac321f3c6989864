import { describe, expect, it } from "vitest";
import {
  addMonths,
  type CampaignSum,
  campaignLabel,
  campaignReportRows,
  campaignValue,
  isMonth,
  MONTH_RANGE_PROBLEMS,
  monthLabel,
  monthRangeDays,
  monthRangeProblem,
  parseMonthRange,
  poundsAndPence,
} from "./campaign-report";

const params = (query: string) => new URLSearchParams(query);

describe("the campaign report's months", () => {
  it.each([
    ["2026-01", true],
    ["2026-12", true],
    ["2000-01", true, "the first year kept"],
    ["2999-12", true, "the last year kept"],
    ["1999-12", false, "before 2000"],
    ["3000-01", false, "after 2999"],
    ["2026-00", false, "month 0"],
    ["2026-13", false, "month 13"],
    ["2026-1", false, "one digit"],
    ["2026-01-01", false, "a day"],
    ["", false, "nothing"],
  ])("%s is a month: %s", (text: string, expected: boolean, _boundary?: string) => {
    expect(isMonth(text)).toBe(expected);
  });

  it.each([
    ["2026-03", 1, "2026-04"],
    ["2026-12", 1, "2027-01", "across a year"],
    ["2026-01", -1, "2025-12", "back across a year"],
    ["2026-11", -11, "2025-12", "the default period's first month"],
    ["2026-02", -26, "2023-12"],
  ])("%s plus %i months is %s", (month: string, n: number, expected: string, _why?: string) => {
    expect(addMonths(month, n)).toBe(expected);
  });

  it.each([
    ["", { from: "2025-12", to: "2026-11" }, "the last 12 months by default"],
    ["to=2026-03", { from: "2025-04", to: "2026-03" }, "12 months up to To"],
    ["from=2026-01&to=2026-03", { from: "2026-01", to: "2026-03" }, "as given"],
    ["from=2026-05&to=2026-02", { from: "2026-02", to: "2026-05" }, "the wrong way round, swapped"],
    ["from=2026-13", { from: "2025-12", to: "2026-11" }, "not a month: the default"],
  ])("'%s' is %o (%s)", (query, expected) => {
    expect(parseMonthRange(params(query), "2026-11")).toEqual(expected);
  });

  it.each([
    ["", undefined],
    ["from=2026-02&to=2026-03", undefined],
    ["from=2026-2", MONTH_RANGE_PROBLEMS.from],
    ["to=March", MONTH_RANGE_PROBLEMS.to],
    ["from=2026-02-01", MONTH_RANGE_PROBLEMS.from],
  ])("'%s' is refused with %s", (query, problem) => {
    expect(monthRangeProblem(params(query))).toBe(problem);
  });

  it.each([
    [
      { from: "2026-01", to: "2026-01" },
      { fromDay: "2026-01-01", toDay: "2026-01-31" },
    ],
    [{ from: "2024-01", to: "2024-02" }, { fromDay: "2024-01-01", toDay: "2024-02-29" }, "a leap year's February"],
    [
      { from: "2025-11", to: "2026-02" },
      { fromDay: "2025-11-01", toDay: "2026-02-28" },
    ],
    [
      { from: "2026-04", to: "2026-04" },
      { fromDay: "2026-04-01", toDay: "2026-04-30" },
    ],
  ])("%o runs over the UK days %o", (range: { from: string; to: string }, days: object, _why?: string) => {
    expect(monthRangeDays(range)).toEqual(days);
  });

  it("names a month as people read it", () => {
    expect(monthLabel("2026-03")).toBe("March 2026");
    expect(monthLabel("2025-12")).toBe("December 2025");
  });
});

describe("a lead's campaign as the report groups it", () => {
  it.each([
    ["google", "google"],
    ["spring%5Fsale", "spring_sale", "percent-encoded, as the URL had it"],
    ["spring+sale", "", "a plus is a space in a query, and no campaign's name has one"],
    ["Quarrington", "", "nor a name"],
    ["  google  ", "google", "trimmed"],
    [null, "", "no value: direct"],
    ["", "", "empty"],
    ["ann%40example.com", "", "an email address is never a campaign"],
    ["07700900123", "", "nor a phone number"],
    ["%E0%A4%A", "", "unreadable percent-encoding, kept only if shaped like a name"],
  ])("%s is %s", (raw: string | null, expected: string, _why?: string) => {
    expect(campaignValue(raw)).toBe(expected);
  });

  it("shows a missing source or campaign as (none)", () => {
    expect(campaignLabel("")).toBe("(none)");
    expect(campaignLabel("google")).toBe("google");
  });
});

describe("the report's rows from the queries' sums", () => {
  const sums: CampaignSum[] = [
    { month: "2026-03", source: "google", campaign: "spring", visits: 40 },
    { month: "2026-03", source: "google", campaign: "spring", leads: 4 },
    { month: "2026-03", source: "google", campaign: "spring", leads: 1 },
    { month: "2026-03", source: "", campaign: "", visits: 10, leads: 2 },
    { month: "2026-02", source: "bing", campaign: "winter", cases: 1 },
    {
      month: "2026-03",
      source: "google",
      campaign: "spring",
      completions: 1,
      lentPounds: 30_000,
      commissionPence: 60_000,
    },
    { month: "2026-03", source: "bing", campaign: "winter", leads: 9 },
  ];

  it("adds up the sums that meet under one month and campaign, and leaves the others apart", () => {
    const { rows } = campaignReportRows(sums);
    expect(rows).toEqual([
      { month: "2026-02", source: "bing", campaign: "winter", ...zero, cases: 1 },
      {
        month: "2026-03",
        source: "google",
        campaign: "spring",
        ...zero,
        visits: 40,
        leads: 5,
        completions: 1,
        lentPounds: 30_000,
        commissionPence: 60_000,
      },
      // Then by leads: bing's nine before the direct visits' two.
      { month: "2026-03", source: "bing", campaign: "winter", ...zero, leads: 9 },
      { month: "2026-03", source: "", campaign: "", ...zero, visits: 10, leads: 2 },
    ]);
  });

  it("totals the period", () => {
    expect(campaignReportRows(sums).totals).toEqual({
      visits: 50,
      leads: 16,
      cases: 1,
      completions: 1,
      lentPounds: 30_000,
      commissionPence: 60_000,
    });
  });

  it("has no rows and zero totals for no sums", () => {
    expect(campaignReportRows([])).toEqual({ rows: [], totals: zero });
  });
});

const zero = { visits: 0, leads: 0, cases: 0, completions: 0, lentPounds: 0, commissionPence: 0 };

describe("pence as pounds for a file", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [99, "0.99"],
    [100, "1.00"],
    [123_456, "1234.56"],
    [60_000, "600.00"],
    [-150, "-1.50"],
  ])("%i pence is %s", (pence, text) => {
    expect(poundsAndPence(pence)).toBe(text);
  });
});
