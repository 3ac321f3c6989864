import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import type { CallbackRules } from "./callbacks";
import type { OpeningHours } from "./opening-hours";
import { openingMinutesBetween } from "./working-time";

// How long a new lead has waited in opening hours (docs/decisions/190): only the minutes
// the office is open count, UK time, with the firm's nation's bank holidays left out.

const WEEKDAYS_9_TO_5: OpeningHours = [
  { days: ["monday", "tuesday", "wednesday", "thursday", "friday"], opens: 540, closes: 1020 },
];
const england: CallbackRules = { hours: WEEKDAYS_9_TO_5, nation: "england-and-wales" };
const scotland: CallbackRules = { hours: WEEKDAYS_9_TO_5, nation: "scotland" };
const saturdays: CallbackRules = {
  hours: [...WEEKDAYS_9_TO_5, { days: ["saturday"], opens: 600, closes: 780 }],
  nation: "england-and-wales",
};

describe("openingMinutesBetween: a wait counted in opening hours", () => {
  it.each(
    byRule([
      {
        rule: "inside one day's hours: every minute counts",
        from: "2026-11-24T10:00:00Z",
        to: "2026-11-24T10:45:00Z",
        rules: england,
        minutes: 45,
      },
      {
        rule: "arrived before opening: the wait starts at 9:00",
        from: "2026-11-24T07:00:00Z",
        to: "2026-11-24T10:00:00Z",
        rules: england,
        minutes: 60,
      },
      {
        rule: "past closing: the evening does not count",
        from: "2026-11-24T16:30:00Z",
        to: "2026-11-24T21:00:00Z",
        rules: england,
        minutes: 30,
      },
      {
        rule: "part-minutes are not counted",
        from: "2026-11-24T10:00:00Z",
        to: "2026-11-24T10:00:59Z",
        rules: england,
        minutes: 0,
      },
      {
        rule: "a moment not after the arrival: no wait",
        from: "2026-11-24T10:00:00Z",
        to: "2026-11-24T09:00:00Z",
        rules: england,
        minutes: 0,
      },
      {
        rule: "Friday evening to Monday 9:30: the weekend is not a wait",
        from: "2026-11-27T17:30:00Z",
        to: "2026-11-30T09:30:00Z",
        rules: england,
        minutes: 30,
      },
      {
        rule: "Friday 16:30 to Monday 9:15: the half hour on Friday and a quarter on Monday",
        from: "2026-11-27T16:30:00Z",
        to: "2026-11-30T09:15:00Z",
        rules: england,
        minutes: 45,
      },
      {
        rule: "arrived and seen on a weekend: no wait",
        from: "2026-11-28T10:00:00Z",
        to: "2026-11-29T15:00:00Z",
        rules: england,
        minutes: 0,
      },
      {
        rule: "an office open on Saturday mornings counts them",
        from: "2026-11-28T09:00:00Z",
        to: "2026-11-28T12:00:00Z",
        rules: saturdays,
        minutes: 120,
      },
      {
        rule: "a whole working week is five days of eight hours",
        from: "2026-11-23T09:00:00Z",
        to: "2026-11-30T09:00:00Z",
        rules: england,
        minutes: 2400,
      },
      {
        rule: "Christmas: Christmas Day and the substitute for Boxing Day (Monday 28th) are left out",
        from: "2026-12-24T16:00:00Z",
        to: "2026-12-29T09:30:00Z",
        rules: england,
        minutes: 90,
      },
      {
        rule: "New Year in England: 2 January is a working day",
        from: "2025-12-31T16:00:00Z",
        to: "2026-01-05T09:00:00Z",
        rules: england,
        minutes: 540,
      },
      {
        rule: "New Year in Scotland: 2 January is a bank holiday",
        from: "2025-12-31T16:00:00Z",
        to: "2026-01-05T09:00:00Z",
        rules: scotland,
        minutes: 60,
      },
      {
        rule: "Easter in England: Good Friday and Easter Monday are left out",
        from: "2026-04-02T15:00:00Z",
        to: "2026-04-07T08:30:00Z",
        rules: england,
        minutes: 90,
      },
      {
        rule: "Easter in Scotland: Easter Monday is a working day",
        from: "2026-04-02T15:00:00Z",
        to: "2026-04-07T08:30:00Z",
        rules: scotland,
        minutes: 570,
      },
      {
        rule: "the clocks go forward (29 March): 9:30 BST on Monday is 8:30 UTC",
        from: "2026-03-27T16:00:00Z",
        to: "2026-03-30T08:30:00Z",
        rules: england,
        minutes: 90,
      },
      {
        rule: "a summer day runs 8:00 to 16:00 UTC",
        from: "2026-03-30T07:00:00Z",
        to: "2026-03-30T17:00:00Z",
        rules: england,
        minutes: 480,
      },
      {
        rule: "the clocks go back (25 October): Friday 16:00 BST to Monday 9:30 GMT",
        from: "2026-10-23T15:00:00Z",
        to: "2026-10-26T09:30:00Z",
        rules: england,
        minutes: 90,
      },
    ]),
  )("%s", (_, { from, to, rules, minutes }) => {
    expect(openingMinutesBetween(new Date(from), new Date(to), rules)).toBe(minutes);
  });

  it("counts a wait of years only to a limit, without running on", () => {
    const minutes = openingMinutesBetween(new Date("2000-01-03T09:00:00Z"), new Date("2026-11-24T10:00:00Z"), england);
    expect(minutes).toBeGreaterThan(0);
  });
});
