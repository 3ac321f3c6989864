import { describe, expect, it } from "vitest";
import {
  campaignOf,
  DUPLICATE_WINDOW_DAYS,
  isLeadId,
  isLeadKind,
  isLeadStatus,
  isRecentDuplicate,
  isTriageFlag,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  leadKindLabel,
  leadPurposeLabel,
  leadReference,
  TRIAGE_FLAG_LABELS,
  triageFlags,
} from "./leads";

// The lead's words and guards as the console shows and trusts them, and the edges of
// the triage rules the main table does not reach (absent values, the window's ends).

const DAY = 86_400_000;
const received = new Date("2026-11-23T12:00:00Z");

describe("the console's words for statuses, kinds and flags", () => {
  it("names each as advisers read it", () => {
    expect(LEAD_STATUS_LABELS).toEqual({
      new: "New",
      contacted: "Contacted",
      "in-progress": "In progress",
      completed: "Completed",
      declined: "Declined",
      withdrawn: "Withdrawn",
    });
    expect(LEAD_KIND_LABELS).toEqual({
      quote: "Quote",
      "personal-enquiry": "Quick-check enquiry",
      contact: "Contact message",
    });
    expect(TRIAGE_FLAG_LABELS).toEqual({
      "no-rate": "No indicative rate",
      "ltv-over-100": "LTV over 100%",
      "no-income": "No income",
      "amount-outside-range": "Amount outside lending range",
      duplicate: "Duplicate of a recent lead",
    });
  });
});

describe("labels, never stored values", () => {
  it.each([
    ["quote", null, "Quote"],
    ["quote", "homeowner", "Quote"],
    ["personal-enquiry", "homeowner", "Quick-check enquiry (homeowner loan)"],
    ["personal-enquiry", "personal", "Quick-check enquiry (personal loan)"],
    ["personal-enquiry", null, "Quick-check enquiry"],
    ["personal-enquiry", "a-type-since-gone", "Quick-check enquiry (a-type-since-gone)"],
    ["contact", null, "Contact message"],
  ] as const)("a %s for a %s loan is a %o", (kind, loanType, label) => {
    expect(leadKindLabel(kind, loanType)).toBe(label);
  });

  it.each([
    ["quote", "home-improvements", "Home improvements"],
    ["quote", "debt-consolidation", "Debt consolidation"],
    ["quote", "business-purposes", "Business purposes"],
    ["personal-enquiry", "property-purchase", "Property purchase"],
    ["personal-enquiry", "other", "Other"],
    ["personal-enquiry", null, null],
    ["quote", "a-purpose-since-gone", "a-purpose-since-gone"],
    // A contact message's subject is the borrower's words, not a stored value.
    ["contact", "home-improvements", "home-improvements"],
    ["contact", "Question about my loan", "Question about my loan"],
    ["contact", "", null],
  ] as const)("a %s's purpose %o reads %o", (kind, purpose, label) => {
    expect(leadPurposeLabel(kind, purpose)).toBe(label);
  });
});

describe("guards on values from a URL or a form", () => {
  it.each([
    [isLeadStatus, "in-progress", true],
    [isLeadStatus, "In progress", false],
    [isLeadStatus, 1, false],
    [isLeadKind, "personal-enquiry", true],
    [isLeadKind, "enquiry", false],
    [isLeadKind, null, false],
    [isTriageFlag, "duplicate", true],
    [isTriageFlag, "dup", false],
    [isTriageFlag, undefined, false],
  ] as const)("%o(%o) is %s", (guard, value, expected) => {
    expect((guard as (v: unknown) => boolean)(value)).toBe(expected);
  });
});

describe("lead ids and references", () => {
  const ID = "0b9a7c1e-5d2f-4e8a-9c3b-1f2e3d4c5b6a";

  it("quotes the first 8 characters, upper case, as the reference", () => {
    expect(leadReference(ID)).toBe("0B9A7C1E");
  });

  it.each([
    [ID, true],
    [ID.toUpperCase(), true],
    [null, false],
    ["", false],
    [`x${ID}`, false],
    [`${ID}x`, false],
    [ID.replace("0b9a7c1e", "0b9a7c1"), false],
    [ID.replace("5d2f", "5d2"), false],
    [ID.replace("4e8a", "4e8"), false],
    [ID.replace("9c3b", "9c3"), false],
    [ID.replace("1f2e3d4c5b6a", "1f2e3d4c5b6"), false],
    [ID.replace("0b9a7c1e", "0b9a7c1g"), false],
    [ID.replace("5d2f", "5d2g"), false],
    [ID.replace("4e8a", "4e8g"), false],
    [ID.replace("9c3b", "9c3g"), false],
    [ID.replace("1f2e3d4c5b6a", "1f2e3d4c5b6g"), false],
  ])("%o is a lead id: %s", (value, expected) => {
    expect(isLeadId(value)).toBe(expected);
  });
});

describe("triage at its edges", () => {
  it("judges only what was given: no LTV and no amount raise no flag", () => {
    expect(triageFlags({ kind: "quote", indicativeRate: 5.5, monthlyIncome: 3_000, receivedAt: received })).toEqual([]);
    expect(
      triageFlags({
        kind: "quote",
        indicativeRate: 5.5,
        monthlyIncome: 3_000,
        ltv: null,
        loanAmount: null,
        receivedAt: received,
      }),
    ).toEqual([]);
  });

  it("flags an LTV over 100% but not 100% exactly", () => {
    const base = { kind: "quote" as const, indicativeRate: 5.5, monthlyIncome: 3_000, receivedAt: received };
    expect(triageFlags({ ...base, ltv: 100 })).toEqual([]);
    expect(triageFlags({ ...base, ltv: 100.01 })).toEqual(["ltv-over-100"]);
  });

  it("judges a quote against the homeowner range whatever its loan type says", () => {
    const base = { kind: "quote" as const, indicativeRate: 5.5, monthlyIncome: 3_000, receivedAt: received };
    expect(triageFlags({ ...base, loanType: "personal", loanAmount: 5_000 })).toEqual(["amount-outside-range"]);
  });

  it("gives a contact message no loan flags, only the duplicate one", () => {
    expect(
      triageFlags({
        kind: "contact",
        loanAmount: 1,
        monthlyIncome: 0,
        previousLeadAt: new Date(received.getTime() - DAY),
        receivedAt: received,
      }),
    ).toEqual(["duplicate"]);
  });

  it("counts a lead as a duplicate within the window, not at the same moment nor after it", () => {
    expect(isRecentDuplicate(received, received)).toBe(false);
    expect(isRecentDuplicate(new Date(received.getTime() - 1), received)).toBe(true);
    expect(isRecentDuplicate(new Date(received.getTime() - DUPLICATE_WINDOW_DAYS * DAY), received)).toBe(true);
    expect(isRecentDuplicate(new Date(received.getTime() - DUPLICATE_WINDOW_DAYS * DAY - 1), received)).toBe(false);
    expect(isRecentDuplicate(new Date(received.getTime() + DAY), received)).toBe(false);
  });
});

describe("campaign values", () => {
  it("are trimmed, and a URL that cannot be read has none", () => {
    expect(campaignOf("/?utm_source=%20google%20&utm_campaign=+spring+")).toEqual({
      source: "google",
      campaign: "spring",
    });
    expect(campaignOf("/?utm_campaign=winter")).toEqual({ source: "", campaign: "winter" });
    expect(campaignOf("/?utm_source=%20&utm_campaign=")).toBeNull();
    expect(campaignOf("http://[::1")).toBeNull();
    expect(campaignOf("")).toBeNull();
  });
});
