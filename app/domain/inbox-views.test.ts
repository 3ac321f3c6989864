import { describe, expect, it } from "vitest";
import { presetViews, readViewName, VIEW_NAME_MAX_LENGTH, VIEW_NAME_PROBLEMS } from "./inbox-views";

describe("readViewName", () => {
  it.each([
    { typed: "  My   large loans ", want: { ok: true, name: "My large loans" } },
    { typed: "", want: { ok: false, problem: VIEW_NAME_PROBLEMS.empty } },
    { typed: " \u0000 ", want: { ok: false, problem: VIEW_NAME_PROBLEMS.empty } },
    { typed: "x".repeat(VIEW_NAME_MAX_LENGTH), want: { ok: true, name: "x".repeat(VIEW_NAME_MAX_LENGTH) } },
    { typed: "x".repeat(VIEW_NAME_MAX_LENGTH + 1), want: { ok: false, problem: VIEW_NAME_PROBLEMS.tooLong } },
    { typed: 42, want: { ok: false, problem: VIEW_NAME_PROBLEMS.empty } },
  ])("reads $typed", ({ typed, want }) => {
    expect(readViewName(typed)).toEqual(want);
  });
});

describe("presetViews", () => {
  it("are mine, nobody's, waiting over a day and new today (from today's UK day)", () => {
    expect(presetViews("2026-12-07").map((v) => [v.name, v.query])).toEqual([
      ["Mine", "assignee=mine"],
      ["Not assigned", "assignee=unassigned"],
      ["Waiting over a day", "waiting=1"],
      ["New today", "from=2026-12-07"],
    ]);
  });
});
