import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  formatCalendarDay,
  formatClock,
  formatClockRange,
  formatDateTime,
  formatDay,
  formatTime,
  formatWindow,
} from "./date-format";

// 2026's clocks go forward at 01:00 UTC on Sun 29 Mar and back at 01:00 UTC on Sun 25 Oct.
describe("an instant as the UK writes it (Europe/London)", () => {
  it.each(
    byRule([
      { rule: "a winter afternoon (GMT)", at: "2026-12-07T15:00:00Z", day: "Mon 7 Dec 2026", time: "3pm" },
      { rule: "minutes are written after a colon", at: "2026-12-08T10:30:00Z", day: "Tue 8 Dec 2026", time: "10:30am" },
      { rule: "a minute under ten keeps its nought", at: "2026-12-08T09:05:00Z", day: "Tue 8 Dec 2026", time: "9:05am" },
      { rule: "a summer morning is BST, an hour ahead", at: "2026-07-14T08:00:00Z", day: "Tue 14 Jul 2026", time: "9am" },
      { rule: "September is Sep, never Sept", at: "2026-09-08T11:00:00Z", day: "Tue 8 Sep 2026", time: "midday" },
      { rule: "noon is midday", at: "2026-12-07T12:00:00Z", day: "Mon 7 Dec 2026", time: "midday" },
      { rule: "twelve past noon is pm", at: "2026-12-07T12:15:00Z", day: "Mon 7 Dec 2026", time: "12:15pm" },
      { rule: "twelve past midnight is am", at: "2026-12-07T00:15:00Z", day: "Mon 7 Dec 2026", time: "12:15am" },
      { rule: "the day begins at midnight", at: "2026-12-07T00:00:00Z", day: "Mon 7 Dec 2026", time: "midnight" },
      {
        rule: "late on a summer night in UTC is the next UK day",
        at: "2026-06-30T23:30:00Z",
        day: "Wed 1 Jul 2026",
        time: "12:30am",
      },
      {
        rule: "the spring change day: the last GMT minute",
        at: "2026-03-29T00:59:00Z",
        day: "Sun 29 Mar 2026",
        time: "12:59am",
      },
      {
        rule: "the spring change day: 1am UTC is 2am BST (1am never happens)",
        at: "2026-03-29T01:00:00Z",
        day: "Sun 29 Mar 2026",
        time: "2am",
      },
      {
        rule: "the autumn change day: the first 1:30am, in BST",
        at: "2026-10-25T00:30:00Z",
        day: "Sun 25 Oct 2026",
        time: "1:30am",
      },
      {
        rule: "the autumn change day: the second 1:30am, in GMT",
        at: "2026-10-25T01:30:00Z",
        day: "Sun 25 Oct 2026",
        time: "1:30am",
      },
      { rule: "the autumn change day's afternoon is GMT", at: "2026-10-25T15:00:00Z", day: "Sun 25 Oct 2026", time: "3pm" },
      { rule: "a leap day", at: "2028-02-29T10:00:00Z", day: "Tue 29 Feb 2028", time: "10am" },
    ]),
  )("%s", (_, { at, day, time }) => {
    expect(formatDay(at)).toBe(day);
    expect(formatTime(at)).toBe(time);
    expect(formatDateTime(at)).toBe(`${day}, ${time}`);
    expect(formatDateTime(new Date(at))).toBe(`${day}, ${time}`);
  });
});

describe("a time of day from minutes after midnight", () => {
  it.each(
    byRule([
      { rule: "midnight", minutes: 0, want: "midnight" },
      { rule: "one minute past midnight", minutes: 1, want: "12:01am" },
      { rule: "9am", minutes: 540, want: "9am" },
      { rule: "11:59am", minutes: 719, want: "11:59am" },
      { rule: "midday", minutes: 720, want: "midday" },
      { rule: "1pm", minutes: 780, want: "1pm" },
      { rule: "5:30pm", minutes: 1050, want: "5:30pm" },
      { rule: "11:59pm", minutes: 1439, want: "11:59pm" },
      { rule: "the end of the day is midnight", minutes: 1440, want: "midnight" },
    ]),
  )("%s", (_, { minutes, want }) => {
    expect(formatClock(minutes)).toBe(want);
  });

  it("writes a range with 'to'", () => {
    expect(formatClockRange(900, 960)).toBe("3pm to 4pm");
    expect(formatClockRange(690, 750)).toBe("11:30am to 12:30pm");
  });
});

describe("a calendar day as written", () => {
  it.each(
    byRule([
      { rule: "a Monday", day: "2026-12-07", want: "Mon 7 Dec 2026" },
      { rule: "the first of a year", day: "2027-01-01", want: "Fri 1 Jan 2027" },
      { rule: "a Sunday", day: "2026-11-29", want: "Sun 29 Nov 2026" },
      { rule: "a day before 1970", day: "1969-07-20", want: "Sun 20 Jul 1969" },
    ]),
  )("%s", (_, { day, want }) => {
    expect(formatCalendarDay(day)).toBe(want);
  });
});

describe("a window (a call-back hour)", () => {
  it.each(
    byRule([
      { rule: "an afternoon hour in winter", start: "2026-12-07T15:00:00Z", want: "Mon 7 Dec 2026, 3pm to 4pm" },
      { rule: "an hour in summer (BST)", start: "2026-07-14T09:00:00Z", want: "Tue 14 Jul 2026, 10am to 11am" },
      { rule: "an hour that crosses midday", start: "2026-12-07T11:30:00Z", want: "Mon 7 Dec 2026, 11:30am to 12:30pm" },
      {
        rule: "an hour across the spring change is one hour of the clock's two",
        start: "2026-03-29T00:30:00Z",
        want: "Sun 29 Mar 2026, 12:30am to 2:30am",
      },
      {
        rule: "an hour across midnight names both days",
        start: "2026-12-07T23:30:00Z",
        want: "Mon 7 Dec 2026, 11:30pm to Tue 8 Dec 2026, 12:30am",
      },
    ]),
  )("%s", (_, { start, want }) => {
    expect(formatWindow(start, 60)).toBe(want);
  });
});
