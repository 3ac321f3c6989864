import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { boundedCounts, INBOX_COUNT_BOUND, statusText, totalText } from "./inbox-counts";

// The inbox's counts past a bound (docs/decisions/240): exact up to it, "more than" past
// it. The database side (the first bound + 1 matches) is checked against
// count(*) in tests/integration/staff-inbox-bounded-counts.test.ts.

describe("boundedCounts", () => {
  it.each(
    byRule([
      { rule: "nothing matched: exact, empty", rows: [], bound: 10, want: { exact: {} } },
      {
        rule: "the same status from several tables is added up",
        rows: [
          { status: "new", n: 3 },
          { status: "new", n: 2 },
          { status: "completed", n: 1 },
        ],
        bound: 10,
        want: { exact: { new: 5, completed: 1 } },
      },
      {
        rule: "exactly the bound is still exact",
        rows: [
          { status: "new", n: 6 },
          { status: "declined", n: 4 },
        ],
        bound: 10,
        want: { exact: { new: 6, declined: 4 } },
      },
      {
        rule: "one past the bound, across tables, is more than the bound",
        rows: [
          { status: "new", n: 6 },
          { status: "new", n: 5 },
        ],
        bound: 10,
        want: { moreThan: 10 },
      },
      {
        rule: "the matches cut short at bound + 1 are more than the bound",
        rows: [{ status: "contacted", n: 11 }],
        bound: 10,
        want: { moreThan: 10 },
      },
      { rule: "a zero is left out", rows: [{ status: "new", n: 0 }], bound: 10, want: { exact: {} } },
    ] as const),
  )("%s", (_, c) => {
    expect(boundedCounts(c.rows, c.bound)).toEqual(c.want);
  });

  it("bounds at 1,000 unless told", () => {
    expect(INBOX_COUNT_BOUND).toBe(1_000);
    expect(boundedCounts([{ status: "new", n: 1_000 }])).toEqual({ exact: { new: 1_000 } });
    expect(boundedCounts([{ status: "new", n: 1_001 }])).toEqual({ moreThan: 1_000 });
  });
});

describe("the tabs' text", () => {
  it("All: the exact total grouped in thousands, or more than the bound", () => {
    expect(totalText({ exact: {} })).toBe("0");
    expect(totalText({ exact: { new: 999_000, completed: 1_234 } })).toBe("1,000,234");
    expect(totalText({ moreThan: 1_000 })).toBe("more than 1,000");
  });

  it("a status: its number (0 when none), or nothing when only the total's bound is known", () => {
    expect(statusText({ exact: { new: 1_500 } }, "new")).toBe("1,500");
    expect(statusText({ exact: { new: 1_500 } }, "declined")).toBe("0");
    expect(statusText({ moreThan: 1_000 }, "new")).toBeNull();
  });
});
