import { describe, expect, it } from "vitest";
import { RETENTION, retentionCutoffs } from "./retention";

// DECISIONS D15: the periods the privacy policy promises, and the moments the daily job
// deletes before. The server's retention tests prove the job deletes by these cutoffs;
// these prove the cutoffs are D15's periods, counted by the calendar.

describe("retention periods (D15)", () => {
  it("are D15's: six years from completion, two from last activity, 30 days unconfirmed, audit six years; D26's three years for a complaint; two years for an answered correction request", () => {
    // The literals are D15's; analytics' 26 months is not in D15: it is the provider's period,
    // which the privacy and cookie policies print from here.
    expect(RETENTION).toEqual({
      completedLeadYears: 6,
      otherLeadYears: 2,
      contactMessageYears: 2,
      unconfirmedAccountDays: 30,
      complaintYears: 3,
      correctionRequestYears: 2,
      auditYears: 6,
      analyticsMonths: 26,
    });
  });
});

describe("retention cutoffs", () => {
  it.each([
    {
      rule: "an ordinary day: whole calendar years back, 30 days of 24 hours back",
      now: "2026-11-24T03:15:00.000Z",
      cutoffs: {
        completedLeads: "2020-11-24T03:15:00.000Z",
        otherLeads: "2024-11-24T03:15:00.000Z",
        contactMessages: "2024-11-24T03:15:00.000Z",
        unconfirmedAccounts: "2026-10-25T03:15:00.000Z",
        answeredCorrectionRequests: "2024-11-24T03:15:00.000Z",
        auditRows: "2020-11-24T03:15:00.000Z",
      },
    },
    {
      rule: "29 February goes to 1 March in a year with none",
      now: "2028-02-29T12:00:00.000Z",
      cutoffs: {
        completedLeads: "2022-03-01T12:00:00.000Z",
        otherLeads: "2026-03-01T12:00:00.000Z",
        contactMessages: "2026-03-01T12:00:00.000Z",
        unconfirmedAccounts: "2028-01-30T12:00:00.000Z",
        answeredCorrectionRequests: "2026-03-01T12:00:00.000Z",
        auditRows: "2022-03-01T12:00:00.000Z",
      },
    },
    {
      rule: "just after midnight on 1 January stays on 1 January",
      now: "2027-01-01T00:30:00.000Z",
      cutoffs: {
        completedLeads: "2021-01-01T00:30:00.000Z",
        otherLeads: "2025-01-01T00:30:00.000Z",
        contactMessages: "2025-01-01T00:30:00.000Z",
        unconfirmedAccounts: "2026-12-02T00:30:00.000Z",
        answeredCorrectionRequests: "2025-01-01T00:30:00.000Z",
        auditRows: "2021-01-01T00:30:00.000Z",
      },
    },
  ])("$rule", ({ now, cutoffs }) => {
    const at = new Date(now);
    const got = retentionCutoffs(at);
    expect(Object.fromEntries(Object.entries(got).map(([kind, date]) => [kind, date.toISOString()]))).toEqual(cutoffs);
    // The clock it was given is left as it was.
    expect(at.toISOString()).toBe(now);
  });
});
