import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { addDays, daysInMonth, isCalendarDay, isCalendarMoment, isLeapYear } from "./calendar-day";

// Issue 26: an impossible day in a staff URL (2026-02-30) reached the database, which
// refused it with an error page. Each day and cursor moment is checked by the calendar.

describe("isCalendarDay", () => {
  it.each(
    byRule([
      { rule: "the last day of February in a common year", text: "2026-02-28", want: true },
      { rule: "29 February in a common year is not a day", text: "2026-02-29", want: false },
      { rule: "30 February is never a day", text: "2026-02-30", want: false },
      { rule: "31 February is never a day", text: "2026-02-31", want: false },
      { rule: "29 February in a leap year", text: "2028-02-29", want: true },
      { rule: "30 February in a leap year is not a day", text: "2028-02-30", want: false },
      { rule: "29 February in a century not divisible by 400 is not a day", text: "2100-02-29", want: false },
      { rule: "29 February in a century divisible by 400", text: "2000-02-29", want: true },
      { rule: "30 April (a 30-day month)", text: "2026-04-30", want: true },
      { rule: "31 April is not a day", text: "2026-04-31", want: false },
      { rule: "31 June is not a day", text: "2026-06-31", want: false },
      { rule: "31 September is not a day", text: "2026-09-31", want: false },
      { rule: "31 November is not a day", text: "2026-11-31", want: false },
      { rule: "31 January", text: "2026-01-31", want: true },
      { rule: "31 July", text: "2026-07-31", want: true },
      { rule: "31 August", text: "2026-08-31", want: true },
      { rule: "31 December", text: "2026-12-31", want: true },
      { rule: "32 December is not a day", text: "2026-12-32", want: false },
      { rule: "day 00 is not a day", text: "2026-01-00", want: false },
      { rule: "month 13 is not a month", text: "2026-13-01", want: false },
      { rule: "month 00 is not a month", text: "2026-00-10", want: false },
      { rule: "the first day of year 1", text: "0001-01-01", want: true },
      { rule: "year 0 is not a year", text: "0000-01-01", want: false },
      { rule: "the last day of year 9999", text: "9999-12-31", want: true },
      { rule: "a five-digit year is not read", text: "10000-01-01", want: false },
      { rule: "a one-digit day is not read", text: "2026-11-1", want: false },
      { rule: "a day-first date is not read", text: "01/11/2026", want: false },
      { rule: "more after the day is not read", text: "2026-11-01x", want: false },
      { rule: "a time after the day is not read", text: "2026-11-01T00:00:00Z", want: false },
      { rule: "spaces around the day are not read (the caller trims)", text: " 2026-11-01", want: false },
      { rule: "a NUL after the day is not read", text: "2026-11-01\u0000", want: false },
      { rule: "digits other than ASCII are not read", text: "２０２６-11-01", want: false },
      { rule: "empty", text: "", want: false },
    ]),
  )("%s", (_, { text, want }) => {
    expect(isCalendarDay(text)).toBe(want);
  });
});

describe("leap years and month lengths", () => {
  it.each([
    [2024, true],
    [2026, false],
    [2028, true],
    [1900, false],
    [2000, true],
    [2100, false],
    [2400, true],
  ])("%i is a leap year: %s", (year, want) => {
    expect(isLeapYear(year)).toBe(want);
  });

  it("gives each month of a common and a leap year its days", () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(months.map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(months.map((m) => daysInMonth(2028, m))).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });
});

describe("isCalendarMoment: a page cursor's time", () => {
  it.each(
    byRule([
      { rule: "to the microsecond, as the database writes it", text: "2026-11-01T10:00:00.123456Z", want: true },
      { rule: "without a fraction", text: "2026-11-01T10:00:00Z", want: true },
      { rule: "with a shorter fraction", text: "2026-11-01T10:00:00.1Z", want: true },
      { rule: "the last moment of a leap day", text: "2028-02-29T23:59:59.999999Z", want: true },
      { rule: "on an impossible day", text: "2026-02-29T10:00:00Z", want: false },
      { rule: "hour 24", text: "2026-11-01T24:00:00Z", want: false },
      { rule: "minute 60", text: "2026-11-01T10:60:00Z", want: false },
      { rule: "second 60", text: "2026-11-01T10:00:60Z", want: false },
      { rule: "a fraction of seven digits", text: "2026-11-01T10:00:00.1234567Z", want: false },
      { rule: "without its Z", text: "2026-11-01T10:00:00", want: false },
      { rule: "with an offset", text: "2026-11-01T10:00:00+01:00", want: false },
      { rule: "a day alone", text: "2026-11-01", want: false },
      { rule: "a number (an amount cursor's key)", text: "1", want: false },
      { rule: "empty", text: "", want: false },
    ]),
  )("%s", (_, { text, want }) => {
    expect(isCalendarMoment(text)).toBe(want);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-11-24", -29, "2026-10-26"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["0050-01-01", 0, "0050-01-01"],
    ["2026-11-24", 0, "2026-11-24"],
  ])("%s plus %i days is %s", (day, days, want) => {
    expect(addDays(day, days)).toBe(want);
  });
});
