import { describe, expect, it } from "vitest";
import {
  conversionMoment,
  conversionRow,
  conversionTime,
  GOOGLE_ADS_CONVERSION_HEADERS,
} from "./offline-conversions";

const LATER = new Date("2030-01-01T00:00:00Z");

describe("the offline-conversions file for Google Ads", () => {
  it("has Google's header row, word for word", () => {
    expect(GOOGLE_ADS_CONVERSION_HEADERS.join(",")).toBe(
      "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
    );
  });

  it.each([
    ["2026-01-15", "2026-01-15 12:00:00+00:00", "winter: GMT"],
    ["2026-07-15", "2026-07-15 12:00:00+01:00", "summer: BST"],
    ["2026-03-28", "2026-03-28 12:00:00+00:00", "the last day of GMT"],
    ["2026-03-29", "2026-03-29 12:00:00+01:00", "the day the clocks go forward (1 am)"],
    ["2026-10-24", "2026-10-24 12:00:00+01:00", "the last full day of BST"],
    ["2026-10-25", "2026-10-25 12:00:00+00:00", "the day the clocks go back (2 am)"],
    ["2024-02-29", "2024-02-29 12:00:00+00:00", "a leap day"],
  ])("a loan completed on %s converted at %s (%s)", (day, time) => {
    expect(conversionTime(conversionMoment(day, LATER))).toBe(time);
  });

  it("never dates a conversion after now: a completion today before midday is now", () => {
    const now = new Date("2026-07-15T08:30:15Z");
    expect(conversionTime(conversionMoment("2026-07-15", now))).toBe("2026-07-15 09:30:15+01:00");
    const afterNoon = new Date("2026-07-15T11:00:01Z");
    expect(conversionTime(conversionMoment("2026-07-15", afterNoon))).toBe("2026-07-15 12:00:00+01:00");
  });

  it("writes a moment in UK time with its offset, at a UK midnight", () => {
    expect(conversionTime(new Date("2026-06-30T23:00:00Z"))).toBe("2026-07-01 00:00:00+01:00");
    expect(conversionTime(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31 23:59:59+00:00");
  });

  it("is one row per loan: the click id, the name, the time with its zone, the commission in pounds, GBP", () => {
    expect(
      conversionRow({ gclid: "Cj0KCQ", completedOn: "2026-07-15", commissionPence: 123_456 }, "Completed loan", LATER),
    ).toEqual(["Cj0KCQ", "Completed loan", "2026-07-15 12:00:00+01:00", "1234.56", "GBP"]);
  });
});
