import { describe, expect, it } from "vitest";
import { HEADLINE_APR } from "~/domain/rates";
import { monthlyInterestOnDraw } from "./equity-line";

describe("monthlyInterestOnDraw", () => {
  it("charges a month's interest on the £12,000 termly draw of the school fees example: 12000 × 5.69% / 12", () => {
    expect(monthlyInterestOnDraw(12_000, HEADLINE_APR)).toBe(56.9);
  });

  it("charges nothing on an undrawn line", () => {
    expect(monthlyInterestOnDraw(0, HEADLINE_APR)).toBe(0);
  });

  it("rounds to the penny", () => {
    // 10,000 × 0.0569 / 12 = 47.41666…
    expect(monthlyInterestOnDraw(10_000, HEADLINE_APR)).toBe(47.42);
  });
});
