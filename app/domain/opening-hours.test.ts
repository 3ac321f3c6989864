import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { isoClockTime, openingHoursText, parseOpeningHours } from "./opening-hours";

// Opening hours are configuration (OPENING_HOURS): written by a person, checked at start,
// and printed from the same value wherever the site and its emails show them.

describe("opening hours: read from configuration, printed from the same value", () => {
  const monToFri = ["monday", "tuesday", "wednesday", "thursday", "friday"];
  it.each(
    byRule([
      {
        rule: "the short form",
        text: "Mon-Fri 09:00-17:00",
        hours: [{ days: monToFri, opens: 540, closes: 1020 }],
        printed: "Monday to Friday, 9:00 to 17:00",
      },
      {
        rule: "the printed form reads back as the same hours",
        text: "Monday to Friday, 9:00 to 17:00",
        hours: [{ days: monToFri, opens: 540, closes: 1020 }],
        printed: "Monday to Friday, 9:00 to 17:00",
      },
      {
        rule: "two periods, a Saturday morning among them",
        text: "Mon-Fri 08:30-17:30; Sat 10:00-13:00",
        hours: [
          { days: monToFri, opens: 510, closes: 1050 },
          { days: ["saturday"], opens: 600, closes: 780 },
        ],
        printed: "Monday to Friday, 8:30 to 17:30; Saturday, 10:00 to 13:00",
      },
      {
        rule: "days named one by one, in any case",
        text: "mon, WED and Fri 09:00-17:00",
        hours: [{ days: ["monday", "wednesday", "friday"], opens: 540, closes: 1020 }],
        printed: "Monday, Wednesday and Friday, 9:00 to 17:00",
      },
      {
        rule: "two days in a row are named, not made a range",
        text: "Mon-Tue, Thu 09:00-17:00",
        hours: [{ days: ["monday", "tuesday", "thursday"], opens: 540, closes: 1020 }],
        printed: "Monday, Tuesday and Thursday, 9:00 to 17:00",
      },
    ]),
  )("%s", (_, { text, hours, printed }) => {
    const read = parseOpeningHours(text);
    expect(read).toEqual(hours);
    expect(openingHoursText(read ?? [])).toBe(printed);
    expect(parseOpeningHours(printed)).toEqual(hours);
  });

  it.each(
    byRule([
      { rule: "empty", text: "" },
      { rule: "days without times", text: "Mon-Fri" },
      { rule: "times without days", text: "09:00-17:00" },
      { rule: "a day that is not one", text: "Funday 09:00-17:00" },
      { rule: "a range running backwards", text: "Fri-Mon 09:00-17:00" },
      { rule: "closing before opening", text: "Mon-Fri 17:00-09:00" },
      { rule: "closing as it opens", text: "Mon-Fri 09:00-09:00" },
      { rule: "hours without minutes", text: "Mon-Fri 9-5" },
      { rule: "an hour that is not one", text: "Mon-Fri 09:00-24:00" },
      { rule: "a day in two periods", text: "Mon-Fri 09:00-17:00; Fri 18:00-19:00" },
      { rule: "an empty period", text: "Mon-Fri 09:00-17:00;" },
    ]),
  )("refuses %s", (_, { text }) => {
    expect(parseOpeningHours(text)).toBeNull();
  });

  it.each([
    [540, "09:00"],
    [1050, "17:30"],
  ])("writes %i minutes as %s for machines", (minutes, want) => {
    expect(isoClockTime(minutes)).toBe(want);
  });
});
