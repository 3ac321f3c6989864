import { describe, expect, it } from "vitest";
import { personalLoanOffer } from "./main-form";
import type { HomeownerStatus, QuickLoanType } from "./options";
import { quickPersonalLoanOffer } from "./quick-form";

// A homeowner below the secured minimum (£10,000) is offered personal loans instead of a
// bare refusal, as the calculators do.

describe("personalLoanOffer: the eligibility check's amount step", () => {
  const cases: [HomeownerStatus | undefined, number | undefined, string | null][] = [
    ["mortgage", 9_999, "/apply-personal"],
    ["outright", 5_000, "/apply-personal"],
    ["mortgage", 1_000, "/apply-personal"],
    ["mortgage", 10_000, null],
    ["outright", 60_000, null],
    ["mortgage", undefined, null],
    // a tenant's minimum is £1,000 and their small loans already go to a partner on Next
    ["tenant", 5_000, null],
  ];
  it.each(cases)("%s asking £%s: %s", (homeownerStatus, loanAmount, expected) => {
    expect(personalLoanOffer({ homeownerStatus, loanAmount })).toBe(expected);
  });
});

describe("quickPersonalLoanOffer: the quick check's homeowner amount step", () => {
  const cases: [QuickLoanType | undefined, number | undefined, string | null][] = [
    ["homeowner", 9_999, "/creditec-redirect"],
    ["homeowner", 1_000, "/creditec-redirect"],
    ["homeowner", 10_000, null],
    ["homeowner", undefined, null],
    ["personal", 5_000, null],
  ];
  it.each(cases)("%s asking £%s: %s", (loanType, loanAmount, expected) => {
    expect(quickPersonalLoanOffer({ loanType, loanAmount })).toBe(expected);
  });
});
