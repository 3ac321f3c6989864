import { describe, expect, it } from "vitest";
import { MONTH_RANGE_PROBLEMS } from "./campaign-report";
import { FUNNEL_QUERY_PROBLEMS } from "./funnel";
import { refusedPeriod } from "./report-period";

describe("refusedPeriod: the typed period and the field at fault", () => {
  it.each([
    ["from=2026-13&to=2026-11", MONTH_RANGE_PROBLEMS.from, { from: "2026-13", to: "2026-11", field: "from" }],
    ["from=2026-01&to=Nov", MONTH_RANGE_PROBLEMS.to, { from: "2026-01", to: "Nov", field: "to" }],
    ["to=2026-02-30", FUNNEL_QUERY_PROBLEMS.to, { from: "", to: "2026-02-30", field: "to" }],
    ["from=31/01/2026", FUNNEL_QUERY_PROBLEMS.from, { from: "31/01/2026", to: "", field: "from" }],
  ])("%s", (query, message, want) => {
    const problems = message.includes("month") ? MONTH_RANGE_PROBLEMS : FUNNEL_QUERY_PROBLEMS;
    expect(refusedPeriod(new URLSearchParams(query), message, problems)).toEqual({ ...want, message });
  });

  it("is undefined for a message about another field (the funnel's campaign)", () => {
    expect(
      refusedPeriod(new URLSearchParams("campaign=a%00b"), FUNNEL_QUERY_PROBLEMS.campaign, FUNNEL_QUERY_PROBLEMS),
    ).toBeUndefined();
  });
});
