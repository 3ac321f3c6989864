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
  leadAnswerLabel,
  leadKindLabel,
  leadKindShortLabel,
  leadPurposeLabel,
  leadReference,
  spreadsheetCallTime,
  spreadsheetPhone,
  spreadsheetTime,
  splitFullName,
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
    ["quote", "homeowner", "Quote"],
    ["personal-enquiry", "homeowner", "Quick check (homeowner)"],
    ["personal-enquiry", "bridging", "Quick check (bridging)"],
    ["personal-enquiry", null, "Quick check"],
    ["personal-enquiry", "a-type-since-gone", "Quick check (a-type-since-gone)"],
    ["contact", null, "Contact message"],
  ] as const)("in a list's column, a %s for a %s loan is a %o", (kind, loanType, label) => {
    expect(leadKindShortLabel(kind, loanType)).toBe(label);
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

describe("listed answers in the words of the form that asked", () => {
  it.each([
    ["quote", "employmentStatus", "employed-full-time", "Employed full-time"],
    ["personal-enquiry", "employmentStatus", "employed-full-time", "Employed full time"],
    ["quote", "creditHistory", "unsure", "Unsure"],
    ["personal-enquiry", "creditHistory", "unsure", "Not sure"],
    ["quote", "age", "61-70", "61 – 70"],
    ["personal-enquiry", "age", "over-65", "Over 65"],
    ["quote", "homeownerStatus", "outright", "Homeowner (no mortgage)"],
    ["personal-enquiry", "homeownerStatus", "mortgage", "Homeowner with mortgage"],
    ["quote", "employmentStatus", null, null],
    ["quote", "employmentStatus", "", null],
    ["quote", "age", "a-band-since-gone", "a-band-since-gone"],
    ["contact", "age", "under-50", null],
  ] as const)("a %s's %s %o reads %o", (kind, field, value, label) => {
    expect(leadAnswerLabel(kind, field, value)).toBe(label);
  });
});

describe("the export's cells a spreadsheet reads", () => {
  it.each([
    ["2026-11-03T10:00:00Z", "2026-11-03T10:00:00", "winter: GMT, as UTC"],
    ["2026-07-01T23:30:05Z", "2026-07-02T00:30:05", "summer: BST, the next UK day"],
    ["2026-03-29T00:59:59Z", "2026-03-29T00:59:59", "the last second before the clocks go forward"],
    ["2026-03-29T01:00:00Z", "2026-03-29T02:00:00", "the first after"],
    ["2026-10-25T00:30:00Z", "2026-10-25T01:30:00", "the first 01:30 in October (BST)"],
    ["2026-10-25T01:30:00Z", "2026-10-25T01:30:00", "the second (GMT)"],
    ["2026-12-31T23:59:59.999Z", "2026-12-31T23:59:59", "the year's last moment, milliseconds dropped"],
    ["2027-01-01T00:00:00Z", "2027-01-01T00:00:00", "midnight as 00, never 24"],
  ])("%s is %s (%s)", (iso, text) => {
    expect(spreadsheetTime(new Date(iso))).toBe(text);
  });

  it.each([
    ["slot", "2026-11-26T10:00:00Z", "2026-11-26T10:00:00", "a slot in winter: its start, UK time"],
    ["slot", "2026-07-02T09:00:00Z", "2026-07-02T10:00:00", "a slot in summer: BST"],
    ["soonest", null, "As soon as possible", "as soon as possible"],
    ["slot", null, null, "a slot without its time (never stored): no cell"],
    [null, null, null, "nothing chosen"],
  ])("the chosen call time %s at %s is %s (%s)", (kind, at, cell, _case) => {
    expect(spreadsheetCallTime(kind, at === null ? null : new Date(at))).toBe(cell);
  });

  it.each([
    ["07700900123", "07700 900123", "a mobile typed as one run of digits"],
    ["07700 900 123", "07700 900123", "a mobile spaced another way"],
    ["+447700900123", "07700 900123", "+44 written as 0"],
    ["+44 (0)7700 900123", "+44 (0)7700 900123", "a shape D5 refuses, left as typed"],
    ["020 7946 0000", "020 7946 0000", "London"],
    ["02079460000", "020 7946 0000", "London, digits alone"],
    ["+44 117 496 0000", "0117 496 0000", "Bristol (011x)"],
    ["01614960000", "0161 496 0000", "Manchester (01x1)"],
    ["01632960000", "01632 960000", "another area code of five"],
    ["0169772345", "01697 72345", "ten digits in all"],
    ["0300 123 4567", "0300 123 4567", "a non-geographic number"],
    ["  12345  ", "12345", "anything else, trimmed"],
  ])("%o is %o (%s)", (phone, text) => {
    expect(spreadsheetPhone(phone)).toBe(text);
  });

  it.each([
    ["Dan Dyer", "Dan", "Dyer"],
    ["  Dan   Dyer ", "Dan", "Dyer"],
    ["Mary Ann Smith", "Mary Ann", "Smith"],
    ["Anna van der Berg", "Anna", "van der Berg"],
    ["Rosa de la Cruz", "Rosa", "de la Cruz"],
    ["Madonna", "Madonna", ""],
    ["", "", ""],
    ["van Berg", "van", "Berg"],
  ])("%o is first name %o, last name %o", (name, firstName, lastName) => {
    expect(splitFullName(name)).toEqual({ firstName, lastName });
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
