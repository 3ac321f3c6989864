import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { callbackFromColumns, callbackRequestWords, describeCallback, nextActionFor } from "./callback-choice";
import {
  CALLBACK_CHOICE_REQUIRED,
  CALLBACK_SLOT_PAST,
  CALLBACK_SLOT_UNKNOWN,
  type CallbackRules,
  callbackSlots,
  readCallbackChoice,
} from "./callbacks";
import { type OpeningHours, parseOpeningHours } from "./opening-hours";
import { ukInstant } from "./uk-time";

// Call-backs a borrower books (DECISIONS D21): the hours of the firm's opening hours not
// yet begun, on the next five working days, UK time; weekends and the firm's nation's bank
// holidays left out. The clock is each case's `now`.

const WEEKDAYS_9_TO_5: OpeningHours = [
  { days: ["monday", "tuesday", "wednesday", "thursday", "friday"], opens: 540, closes: 1020 },
];
const SATURDAY_MORNINGS_TOO: OpeningHours = [...WEEKDAYS_9_TO_5, { days: ["saturday"], opens: 600, closes: 780 }];
const england: CallbackRules = { hours: WEEKDAYS_9_TO_5, nation: "england-and-wales" };
const scotland: CallbackRules = { hours: WEEKDAYS_9_TO_5, nation: "scotland" };
const northernIreland: CallbackRules = { hours: WEEKDAYS_9_TO_5, nation: "northern-ireland" };

const FULL_DAY_WINTER = ["09", "10", "11", "12", "13", "14", "15", "16"];

describe("callbackSlots: which days are offered", () => {
  it.each(
    byRule([
      {
        rule: "a Tuesday before opening: today and the next four working days",
        now: "2026-11-24T08:30:00Z",
        rules: england,
        days: ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30"],
      },
      {
        rule: "a Friday after closing: the next week, Monday to Friday",
        now: "2026-11-27T17:30:00Z",
        rules: england,
        days: ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"],
      },
      {
        rule: "at 16:00 exactly the day's last hour has begun: today is not offered",
        now: "2026-11-24T16:00:00Z",
        rules: england,
        days: ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01"],
      },
      {
        rule: "a Saturday: the weekend is left out, even when the office opens on Saturdays",
        now: "2026-11-28T09:00:00Z",
        rules: { ...england, hours: SATURDAY_MORNINGS_TOO },
        days: ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"],
      },
      {
        rule: "a day the office does not open is not offered (closed on Wednesdays)",
        now: "2026-11-24T17:30:00Z",
        rules: { ...england, hours: parseOpeningHours("Mon-Tue 09:00-17:00; Thu-Fri 09:00-17:00") ?? [] },
        days: ["2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01", "2026-12-03"],
      },
      {
        rule: "just after midnight UK time in summer (still the day before in UTC): the UK day",
        now: "2026-06-30T23:30:00Z",
        rules: england,
        days: ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-06", "2026-07-07"],
      },
      // England and Wales
      {
        rule: "England and Wales: Christmas Day and the Boxing Day substitute (Monday 28 December) left out",
        now: "2026-12-24T17:30:00Z",
        rules: england,
        days: ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-04", "2027-01-05"],
      },
      {
        rule: "England and Wales: Good Friday and Easter Monday left out",
        now: "2026-04-02T16:30:00Z",
        rules: england,
        days: ["2026-04-07", "2026-04-08", "2026-04-09", "2026-04-10", "2026-04-13"],
      },
      {
        rule: "England and Wales: 2 January is a working day",
        now: "2025-12-31T17:30:00Z",
        rules: england,
        days: ["2026-01-02", "2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"],
      },
      {
        rule: "England and Wales: St Andrew's Day (Monday 30 November) is a working day",
        now: "2026-11-27T17:30:00Z",
        rules: england,
        days: ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"],
      },
      {
        rule: "England and Wales: the August bank holiday (Monday 31 August) left out",
        now: "2026-08-28T16:30:00Z",
        rules: england,
        days: ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-07"],
      },
      // Scotland
      {
        rule: "Scotland: 2 January left out as well as New Year's Day",
        now: "2025-12-31T17:30:00Z",
        rules: scotland,
        days: ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09"],
      },
      {
        rule: "Scotland: Good Friday left out, Easter Monday a working day",
        now: "2026-04-02T16:30:00Z",
        rules: scotland,
        days: ["2026-04-06", "2026-04-07", "2026-04-08", "2026-04-09", "2026-04-10"],
      },
      {
        rule: "Scotland: St Andrew's Day (Monday 30 November) left out",
        now: "2026-11-27T17:30:00Z",
        rules: scotland,
        days: ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-07"],
      },
      {
        rule: "Scotland: the summer bank holiday is the first Monday of August (3 August)",
        now: "2026-07-31T16:30:00Z",
        rules: scotland,
        days: ["2026-08-04", "2026-08-05", "2026-08-06", "2026-08-07", "2026-08-10"],
      },
      {
        rule: "Scotland: Monday 31 August is a working day",
        now: "2026-08-28T16:30:00Z",
        rules: scotland,
        days: ["2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04"],
      },
      // Northern Ireland
      {
        rule: "Northern Ireland: St Patrick's Day (Tuesday 17 March) left out",
        now: "2026-03-16T17:30:00Z",
        rules: northernIreland,
        days: ["2026-03-18", "2026-03-19", "2026-03-20", "2026-03-23", "2026-03-24"],
      },
      {
        rule: "England and Wales: St Patrick's Day is a working day",
        now: "2026-03-16T17:30:00Z",
        rules: england,
        days: ["2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-23"],
      },
      {
        rule: "Northern Ireland: the Battle of the Boyne on a Sunday moves to Monday 13 July",
        now: "2026-07-10T16:30:00Z",
        rules: northernIreland,
        days: ["2026-07-14", "2026-07-15", "2026-07-16", "2026-07-17", "2026-07-20"],
      },
      {
        rule: "Northern Ireland: Easter Monday left out, as in England and Wales",
        now: "2026-04-02T16:30:00Z",
        rules: northernIreland,
        days: ["2026-04-07", "2026-04-08", "2026-04-09", "2026-04-10", "2026-04-13"],
      },
    ]),
  )("%s", (_, { now, rules, days }) => {
    expect(callbackSlots(new Date(now), rules).map((d) => d.day)).toEqual(days);
  });
});

describe("callbackSlots: the hours of a day", () => {
  const firstDay = (now: string, rules = england) => callbackSlots(new Date(now), rules)[0];
  const startsOf = (day: string, hours: string[], offset: "Z" | "+01:00" = "Z") =>
    hours.map((h) => new Date(`${day}T${h}:00:00${offset}`).toISOString());

  it.each(
    byRule([
      {
        rule: "before opening: every hour from 9:00 to the last hour, 16:00 to 17:00",
        now: "2026-11-24T08:59:59Z",
        starts: startsOf("2026-11-24", FULL_DAY_WINTER),
      },
      {
        rule: "at opening: the 9:00 hour has begun and is not offered",
        now: "2026-11-24T09:00:00Z",
        starts: startsOf("2026-11-24", FULL_DAY_WINTER.slice(1)),
      },
      {
        rule: "a second into an hour: that hour is past",
        now: "2026-11-24T10:00:01Z",
        starts: startsOf("2026-11-24", FULL_DAY_WINTER.slice(2)),
      },
      {
        rule: "a second before 16:00: the last hour is still offered",
        now: "2026-11-24T15:59:59Z",
        starts: startsOf("2026-11-24", ["16"]),
      },
      {
        rule: "summer time: 9:00 UK time is 08:00 UTC",
        now: "2026-07-01T07:00:00Z",
        starts: startsOf("2026-07-01", FULL_DAY_WINTER, "+01:00"),
      },
    ]),
  )("%s", (_, { now, starts }) => {
    expect(firstDay(now)?.slots.map((s) => s.start)).toEqual(starts);
  });

  it("labels each day and hour in UK words", () => {
    const day = firstDay("2026-11-24T14:30:00Z");
    expect(day).toEqual({
      day: "2026-11-24",
      label: "Tue 24 Nov 2026",
      slots: [
        { start: "2026-11-24T15:00:00.000Z", label: "3pm to 4pm" },
        { start: "2026-11-24T16:00:00.000Z", label: "4pm to 5pm" },
      ],
    });
  });

  it("offers whole hours from opening: opening at 8:30, the hours start on the half hour and the last ends at closing", () => {
    const rules = { ...england, hours: parseOpeningHours("Mon-Fri 08:30-17:30") ?? [] };
    const labels = firstDay("2026-11-24T07:00:00Z", rules)?.slots.map((s) => s.label);
    expect(labels?.[0]).toBe("8:30am to 9:30am");
    expect(labels?.at(-1)).toBe("4:30pm to 5:30pm");
  });
});

describe("callbackSlots: the clocks changing", () => {
  it.each(
    byRule([
      {
        rule: "late March: Friday 27 March's 9:00 is 09:00 UTC (GMT)",
        now: "2026-03-27T07:00:00Z",
        day: "2026-03-27",
        first: "2026-03-27T09:00:00.000Z",
        last: "2026-03-27T16:00:00.000Z",
      },
      {
        rule: "late March: after the clocks go forward (Sunday 29 March), Monday's 9:00 is 08:00 UTC (BST)",
        now: "2026-03-27T16:30:00Z",
        day: "2026-03-30",
        first: "2026-03-30T08:00:00.000Z",
        last: "2026-03-30T15:00:00.000Z",
      },
      {
        rule: "late March: asked on the Sunday the clocks change, Monday is the first day",
        now: "2026-03-29T01:30:00Z",
        day: "2026-03-30",
        first: "2026-03-30T08:00:00.000Z",
        last: "2026-03-30T15:00:00.000Z",
      },
      {
        rule: "late October: Friday 23 October's 9:00 is 08:00 UTC (BST)",
        now: "2026-10-23T06:00:00Z",
        day: "2026-10-23",
        first: "2026-10-23T08:00:00.000Z",
        last: "2026-10-23T15:00:00.000Z",
      },
      {
        rule: "late October: after the clocks go back (Sunday 25 October), Monday's 9:00 is 09:00 UTC (GMT)",
        now: "2026-10-23T15:30:00Z",
        day: "2026-10-26",
        first: "2026-10-26T09:00:00.000Z",
        last: "2026-10-26T16:00:00.000Z",
      },
      {
        rule: "late October: asked in the repeated hour (01:30 happens twice), Monday is the first day",
        now: "2026-10-25T01:30:00Z",
        day: "2026-10-26",
        first: "2026-10-26T09:00:00.000Z",
        last: "2026-10-26T16:00:00.000Z",
      },
    ]),
  )("%s", (_, { now, day, first, last }) => {
    const [offered] = callbackSlots(new Date(now), england);
    expect(offered?.day).toBe(day);
    expect(offered?.slots[0]?.start).toBe(first);
    expect(offered?.slots.at(-1)?.start).toBe(last);
    expect(offered?.slots.map((s) => s.label.split(" ")[0])).toEqual([
      "9am",
      "10am",
      "11am",
      "midday",
      "1pm",
      "2pm",
      "3pm",
      "4pm",
    ]);
  });

  it.each([
    ["2026-03-29", 0, "2026-03-29T00:00:00.000Z"],
    ["2026-03-29", 180, "2026-03-29T02:00:00.000Z"],
    ["2026-10-25", 0, "2026-10-24T23:00:00.000Z"],
    ["2026-10-25", 180, "2026-10-25T03:00:00.000Z"],
    ["2026-12-01", 600, "2026-12-01T10:00:00.000Z"],
    ["2026-07-01", 600, "2026-07-01T09:00:00.000Z"],
  ])("ukInstant(%s, %i) is %s", (day, minutes, want) => {
    expect(ukInstant(day, minutes).toISOString()).toBe(want);
  });
});

describe("readCallbackChoice: what the form may post", () => {
  const now = new Date("2026-11-24T10:30:00Z"); // Tuesday, 10:30 GMT
  it.each(
    byRule([
      { rule: "as soon as possible", value: "soonest", want: { ok: true, choice: { kind: "soonest" } } },
      {
        rule: "an hour offered later today",
        value: "2026-11-24T11:00:00.000Z",
        want: { ok: true, choice: { kind: "slot", at: new Date("2026-11-24T11:00:00Z") } },
      },
      {
        rule: "the last hour of the fifth working day",
        value: "2026-11-30T16:00:00.000Z",
        want: { ok: true, choice: { kind: "slot", at: new Date("2026-11-30T16:00:00Z") } },
      },
      { rule: "nothing chosen", value: "", want: { ok: false, problem: CALLBACK_CHOICE_REQUIRED } },
      { rule: "no field at all", value: undefined, want: { ok: false, problem: CALLBACK_CHOICE_REQUIRED } },
      { rule: "a file, not a text", value: { name: "x" }, want: { ok: false, problem: CALLBACK_CHOICE_REQUIRED } },
      {
        rule: "an hour already past (9:00 today)",
        value: "2026-11-24T09:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_PAST },
      },
      {
        rule: "the hour that has begun (10:00 today)",
        value: "2026-11-24T10:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_PAST },
      },
      {
        rule: "an hour of last week",
        value: "2026-11-17T11:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_PAST },
      },
      {
        rule: "an hour after closing",
        value: "2026-11-24T17:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "a half hour (not a slot's start)",
        value: "2026-11-24T11:30:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "a Saturday",
        value: "2026-11-28T11:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "beyond the fifth working day",
        value: "2026-12-01T11:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "a bank holiday (Christmas Day)",
        value: "2026-12-25T11:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "an impossible day that a date parser would roll over (31 November is 1 December)",
        value: "2026-11-31T11:00:00.000Z",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      {
        rule: "a time with an offset rather than in UTC",
        value: "2026-11-24T11:00:00+00:00",
        want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN },
      },
      { rule: "words", value: "tomorrow morning", want: { ok: false, problem: CALLBACK_SLOT_UNKNOWN } },
    ]),
  )("%s", (_, { value, want }) => {
    expect(readCallbackChoice(value, now, england)).toEqual(want);
  });
});

describe("describeCallback and callbackRequestWords: the choice as the borrower, the adviser and the timeline read it", () => {
  it.each(
    byRule([
      {
        rule: "as soon as possible",
        choice: { kind: "soonest" as const },
        want: "As soon as possible",
        timeline: "as soon as possible",
      },
      {
        rule: "a winter hour (GMT)",
        choice: { kind: "slot" as const, at: new Date("2026-12-01T10:00:00Z") },
        want: "Tue 1 Dec 2026, 10am to 11am",
        timeline: "on Tue 1 Dec 2026, 10am to 11am",
      },
      {
        rule: "a summer hour (BST): 08:00 UTC is 9:00",
        choice: { kind: "slot" as const, at: new Date("2026-07-01T08:00:00Z") },
        want: "Wed 1 Jul 2026, 9am to 10am",
        timeline: "on Wed 1 Jul 2026, 9am to 10am",
      },
      {
        rule: "an hour on the UK's next day though the same UTC day (BST, 23:00 UTC)",
        choice: { kind: "slot" as const, at: new Date("2026-06-30T23:00:00Z") },
        want: "Wed 1 Jul 2026, midnight to 1am",
        timeline: "on Wed 1 Jul 2026, midnight to 1am",
      },
    ]),
  )("%s", (_, { choice, want, timeline }) => {
    expect(describeCallback(choice)).toBe(want);
    expect(callbackRequestWords(choice)).toBe(timeline);
  });

  it.each([
    {
      kind: "slot",
      at: new Date("2026-12-01T10:00:00Z"),
      want: { kind: "slot", at: new Date("2026-12-01T10:00:00Z") },
    },
    { kind: "soonest", at: null, want: { kind: "soonest" } },
    { kind: null, at: null, want: null },
    { kind: "slot", at: null, want: null },
  ])("the stored columns ($kind, $at) read as $want", ({ kind, at, want }) => {
    expect(callbackFromColumns(kind, at)).toEqual(want);
  });
});

describe("nextActionFor: the adviser's next action seeded from the borrower's choice", () => {
  const now = new Date("2026-11-24T10:30:00Z");
  const arrived = new Date("2026-11-24T10:29:00Z");
  const slot = new Date("2026-11-25T14:00:00Z");
  it.each(
    byRule([
      {
        rule: "a slot: call back at its start",
        choice: { kind: "slot" as const, at: slot },
        current: { kind: "call-soonest", at: arrived },
        want: { kind: "call-back", at: slot },
      },
      {
        rule: "as soon as possible on a new lead: it keeps its place in the queue",
        choice: { kind: "soonest" as const },
        current: { kind: "call-soonest", at: arrived },
        want: { kind: "call-soonest", at: arrived },
      },
      {
        rule: "as soon as possible instead of a slot: from the moment asked",
        choice: { kind: "soonest" as const },
        current: { kind: "call-back", at: slot },
        want: { kind: "call-soonest", at: now },
      },
      {
        rule: "as soon as possible with no next action: from the moment asked",
        choice: { kind: "soonest" as const },
        current: null,
        want: { kind: "call-soonest", at: now },
      },
    ]),
  )("%s", (_, { choice, current, want }) => {
    expect(nextActionFor(choice, now, current)).toEqual(want);
  });
});
