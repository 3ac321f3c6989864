import { describe, expect, it } from "vitest";
import {
  groupFigures,
  isQuarter,
  MIN_GROUP,
  type OutcomeLead,
  outcomeLines,
  outcomesReport,
  previousQuarter,
  quarterBounds,
  quarterOf,
  TOO_FEW,
  waitText,
} from "./needs-outcomes";

const lead = (over: Partial<OutcomeLead> = {}): OutcomeLead => ({
  receivedAt: new Date("2026-08-10T10:00:00Z"),
  needs: false,
  status: "new",
  firstContactWaitMinutes: null,
  closeReason: null,
  casesStarted: 0,
  completion: null,
  complaints: 0,
  ...over,
});

describe("quarters in UK time", () => {
  it.each([
    // 00:30 BST on 1 July is 23:30 UTC on 30 June: the UK calls it Q3.
    ["2026-06-30T23:30:00Z", "2026-Q3"],
    ["2026-06-30T22:59:59Z", "2026-Q2"],
    // GMT at the new year: midnight UK is midnight UTC.
    ["2026-12-31T23:59:59Z", "2026-Q4"],
    ["2027-01-01T00:00:00Z", "2027-Q1"],
    // 1 April is in BST: 23:00 UTC on 31 March is already April in the UK.
    ["2026-03-31T23:00:00Z", "2026-Q2"],
    ["2026-03-31T22:59:59Z", "2026-Q1"],
  ] as const)("%s is in %s", (at, quarter) => {
    expect(quarterOf(new Date(at))).toBe(quarter);
  });

  it.each([
    ["2026-Q3", "2026-06-30T23:00:00.000Z", "2026-09-30T23:00:00.000Z"],
    ["2026-Q4", "2026-09-30T23:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ["2026-Q1", "2026-01-01T00:00:00.000Z", "2026-03-31T23:00:00.000Z"],
  ] as const)("%s runs from %s to %s", (quarter, start, end) => {
    const bounds = quarterBounds(quarter);
    expect([bounds.start.toISOString(), bounds.end.toISOString()]).toEqual([start, end]);
  });

  it.each([
    ["2026-Q3", true],
    ["2026-Q5", false],
    ["1999-Q4", false],
    ["9998-Q4", true],
    ["9999-Q4", false],
    ["2026-q3", false],
    [null, false],
  ])("%s is a quarter the report takes: %s", (text, ok) => {
    expect(isQuarter(text)).toBe(ok);
  });

  it("goes back over the year's turn", () => {
    expect(previousQuarter("2027-Q1")).toBe("2026-Q4");
    expect(previousQuarter("2026-Q3")).toBe("2026-Q2");
  });
});

describe("the small-group rule", () => {
  it.each([
    [0, true],
    [MIN_GROUP - 1, true],
    [MIN_GROUP, false],
  ])("%i leads: too few to show is %s", (n, tooFew) => {
    expect(groupFigures(Array.from({ length: n }, () => lead())).tooFew).toBe(tooFew);
  });

  it("shows no figure for a small group, in the table and the CSV alike", () => {
    const report = outcomesReport("2026-Q3", [lead({ needs: true }), ...Array.from({ length: 12 }, () => lead())]);
    const lines = outcomeLines(report, String);
    expect(lines.every((l) => l.values[0] === TOO_FEW)).toBe(true);
    expect(lines.find((l) => l.label === "Leads")?.values[1]).toBe("12");
  });
});

describe("a fixed set of leads against a hand count", () => {
  // Ten leads with a needs record in Q3 2026, twelve without, and some in other quarters.
  const needs: OutcomeLead[] = [
    lead({ needs: true, status: "contacted", firstContactWaitMinutes: 30 }),
    lead({ needs: true, status: "contacted", firstContactWaitMinutes: 90 }),
    lead({ needs: true, status: "in-progress", firstContactWaitMinutes: 60, casesStarted: 1 }),
    lead({
      needs: true,
      status: "completed",
      firstContactWaitMinutes: 10,
      casesStarted: 2,
      completion: { ratePercent: 8, amount: 20_000, commissionPence: 60_000 },
    }),
    lead({
      needs: true,
      status: "completed",
      firstContactWaitMinutes: 120,
      casesStarted: 1,
      completion: { ratePercent: 10, amount: 30_000, commissionPence: 90_000 },
    }),
    lead({ needs: true, status: "declined", firstContactWaitMinutes: 45, closeReason: "affordability" }),
    lead({
      needs: true,
      status: "withdrawn",
      firstContactWaitMinutes: 15,
      closeReason: "no-longer-needed",
      complaints: 1,
    }),
    lead({ needs: true, status: "withdrawn", closeReason: "could-not-reach" }),
    lead({ needs: true }),
    lead({ needs: true, receivedAt: new Date("2026-06-30T23:30:00Z") }),
  ];
  const others: OutcomeLead[] = [
    ...Array.from({ length: 8 }, () => lead({ status: "contacted", firstContactWaitMinutes: 20 })),
    lead({ status: "declined", firstContactWaitMinutes: 40, closeReason: "affordability" }),
    lead({ status: "declined", firstContactWaitMinutes: 40, closeReason: "credit-history" }),
    lead({ complaints: 2 }),
    lead({
      status: "completed",
      firstContactWaitMinutes: 5,
      casesStarted: 1,
      completion: { ratePercent: 9.5, amount: 10_000, commissionPence: 20_000 },
    }),
  ];
  const elsewhere = [
    lead({ needs: true, receivedAt: new Date("2026-06-30T22:00:00Z") }),
    lead({ receivedAt: new Date("2026-10-01T00:00:00Z") }),
  ];
  const report = outcomesReport("2026-Q3", [...needs, ...others, ...elsewhere]);

  it("counts the needs group by hand", () => {
    expect(report.needs).toEqual({
      tooFew: false,
      leads: 10,
      // Seven called: 10, 15, 30, 45, 60, 90, 120: the median is 45.
      medianMinutesToFirstContact: 45,
      contactedShare: 0.7,
      sentOnShare: 0.3,
      declined: 1,
      withdrawn: 2,
      reasons: [
        { reason: "affordability", declined: 1, withdrawn: 0 },
        { reason: "no-longer-needed", declined: 0, withdrawn: 1 },
        { reason: "could-not-reach", declined: 0, withdrawn: 1 },
      ],
      casesStarted: 4,
      completions: 2,
      averageRatePercent: 9,
      // £600 + £900 on £50,000 lent: 3%.
      commissionShare: 0.03,
      complaintsPer100: 10,
    });
  });

  it("counts the rest by hand", () => {
    expect(report.others).toMatchObject({
      tooFew: false,
      leads: 12,
      medianMinutesToFirstContact: 20,
      contactedShare: 11 / 12,
      sentOnShare: 1 / 12,
      declined: 2,
      withdrawn: 0,
      casesStarted: 1,
      completions: 1,
      averageRatePercent: 9.5,
      commissionShare: 0.02,
      complaintsPer100: (2 * 100) / 12,
    });
  });

  it("shows the figures in words", () => {
    const lines = outcomeLines(report, (r) => r);
    const at = (label: string) => lines.find((l) => l.label === label)?.values;
    expect(at("Contacted")).toEqual(["70.0%", "91.7%"]);
    expect(at("Time to first contact (median, opening hours)")).toEqual(["45 min", "20 min"]);
    expect(at("Closed because: affordability")).toEqual(["1 declined, 0 withdrawn", "1 declined, 0 withdrawn"]);
    expect(at("Commission as a share of the loan")).toEqual(["3.00%", "2.00%"]);
    expect(at("Complaints per 100 leads")).toEqual(["10.0", "16.7"]);
  });
});

it.each([
  [null, "No one called"],
  [45, "45 min"],
  [60, "1 h"],
  [200, "3 h 20 min"],
])("a wait of %s reads %s", (minutes, text) => {
  expect(waitText(minutes)).toBe(text);
});
