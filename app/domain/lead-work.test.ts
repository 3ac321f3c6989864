import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  CLOSE_REASON_PROBLEMS,
  describeMinutes,
  dueState,
  endOfUkDay,
  NEXT_ACTION_PROBLEMS,
  nextActionFields,
  readCloseReason,
  readNextAction,
  statusAfterCall,
} from "./lead-work";

// An adviser's work on a lead (docs/decisions/190): the next action read from the form in
// UK time, where a planned action stands on the Today list, the status a call leads to,
// and the reason asked when a lead is closed. Each case's clock is its `now`.

// A Tuesday in winter (UK time is UTC), half a minute past ten.
const NOW = new Date("2026-11-24T10:00:30Z");

describe("readNextAction: the next action an adviser posts, UK time", () => {
  it.each(
    byRule([
      { rule: "no kind is no next action", input: { kind: "", day: "2026-11-24", time: "14:00" }, want: null },
      {
        rule: "'none' is no next action, whatever the day and time",
        input: { kind: "none", day: "x", time: "y" },
        want: null,
      },
      {
        rule: "a call-back today, in winter: UK time is UTC",
        input: { kind: "call-back", day: "2026-11-24", time: "14:30" },
        want: { kind: "call-back", at: "2026-11-24T14:30:00.000Z" },
      },
      {
        rule: "this very minute is not yet past",
        input: { kind: "call-back", day: "2026-11-24", time: "10:00" },
        want: { kind: "call-back", at: "2026-11-24T10:00:00.000Z" },
      },
      {
        rule: "an hour without its leading zero reads too",
        input: { kind: "reply", day: "2026-11-25", time: "9:05" },
        want: { kind: "reply", at: "2026-11-25T09:05:00.000Z" },
      },
      {
        rule: "in summer UK time is an hour ahead of UTC",
        input: { kind: "chase-documents", day: "2027-06-01", time: "10:00" },
        want: { kind: "chase-documents", at: "2027-06-01T09:00:00.000Z" },
      },
      {
        rule: "the day after the clocks go forward is in BST",
        input: { kind: "call-back", day: "2027-03-29", time: "09:00" },
        want: { kind: "call-back", at: "2027-03-29T08:00:00.000Z" },
      },
      {
        rule: "just inside a year ahead",
        input: { kind: "call-back", day: "2027-11-24", time: "09:00" },
        want: { kind: "call-back", at: "2027-11-24T09:00:00.000Z" },
      },
    ]),
  )("%s", (_, { input, want }) => {
    const read = readNextAction(input, NOW);
    expect(read).toEqual({ ok: true, value: want ? { kind: want.kind, at: new Date(want.at) } : null });
  });

  it.each(
    byRule([
      {
        rule: "the borrower's 'as soon as possible' is not planned by an adviser",
        input: { kind: "call-soonest", day: "2026-11-24", time: "14:00" },
        field: "kind",
        problem: NEXT_ACTION_PROBLEMS.kind,
      },
      {
        rule: "a kind the list does not have",
        input: { kind: "dance", day: "2026-11-24", time: "14:00" },
        field: "kind",
        problem: NEXT_ACTION_PROBLEMS.kind,
      },
      {
        rule: "no day",
        input: { kind: "call-back", day: "", time: "14:00" },
        field: "day",
        problem: NEXT_ACTION_PROBLEMS.day,
      },
      {
        rule: "a day the calendar does not have (30 February)",
        input: { kind: "call-back", day: "2027-02-30", time: "14:00" },
        field: "day",
        problem: NEXT_ACTION_PROBLEMS.day,
      },
      {
        rule: "a day written the British way is not the form's",
        input: { kind: "call-back", day: "25/11/2026", time: "14:00" },
        field: "day",
        problem: NEXT_ACTION_PROBLEMS.day,
      },
      {
        rule: "no time",
        input: { kind: "call-back", day: "2026-11-25", time: "" },
        field: "time",
        problem: NEXT_ACTION_PROBLEMS.time,
      },
      {
        rule: "24:00 is not a time of day",
        input: { kind: "call-back", day: "2026-11-25", time: "24:00" },
        field: "time",
        problem: NEXT_ACTION_PROBLEMS.time,
      },
      {
        rule: "the minute before this one has passed",
        input: { kind: "call-back", day: "2026-11-24", time: "09:59" },
        field: "time",
        problem: NEXT_ACTION_PROBLEMS.past,
      },
      {
        rule: "yesterday has passed",
        input: { kind: "call-back", day: "2026-11-23", time: "16:00" },
        field: "time",
        problem: NEXT_ACTION_PROBLEMS.past,
      },
      {
        rule: "1:30 on the morning the clocks go forward never happens",
        input: { kind: "call-back", day: "2027-03-28", time: "01:30" },
        field: "time",
        problem: NEXT_ACTION_PROBLEMS.gap,
      },
      {
        rule: "more than a year ahead",
        input: { kind: "call-back", day: "2027-11-26", time: "09:00" },
        field: "day",
        problem: NEXT_ACTION_PROBLEMS.far,
      },
      {
        rule: "fields that are not text",
        input: { kind: "call-back", day: 20261125, time: null },
        field: "day",
        problem: NEXT_ACTION_PROBLEMS.day,
      },
    ]),
  )("refused: %s", (_, { input, field, problem }) => {
    expect(readNextAction(input, NOW)).toMatchObject({ ok: false, problems: { [field]: problem } });
  });

  it("reads 1:30 on the morning the clocks go back (it happens twice) as the second, GMT", () => {
    const read = readNextAction(
      { kind: "call-back", day: "2026-10-25", time: "01:30" },
      new Date("2026-10-01T09:00:00Z"),
    );
    expect(read.ok && read.value?.at.toISOString()).toBe("2026-10-25T01:30:00.000Z");
  });

  it.each(
    byRule([
      { rule: "winter: the UTC clock", at: "2026-11-24T14:30:00Z", fields: { day: "2026-11-24", time: "14:30" } },
      {
        rule: "summer: an hour ahead, and past midnight the next day",
        at: "2026-06-01T23:15:00Z",
        fields: { day: "2026-06-02", time: "00:15" },
      },
      {
        rule: "the form's fields read back as the same time",
        at: "2027-03-29T08:05:00Z",
        fields: { day: "2027-03-29", time: "09:05" },
      },
    ]),
  )("the form shows a planned time: %s", (_, { at, fields }) => {
    expect(nextActionFields(new Date(at))).toEqual(fields);
    const back = readNextAction({ kind: "call-back", ...fields }, new Date(Date.parse(at) - 86_400_000));
    expect(back.ok && back.value?.at.toISOString()).toBe(new Date(at).toISOString());
  });
});

describe("dueState: a planned action on the Today list", () => {
  const at = new Date("2026-11-24T10:00:00Z");
  it.each(
    byRule([
      { rule: "a second before its time: later today", now: "2026-11-24T09:59:59Z", state: "later-today" },
      { rule: "at its time: due now", now: "2026-11-24T10:00:00Z", state: "due-now" },
      { rule: "the last second of its hour: still due now", now: "2026-11-24T10:59:59Z", state: "due-now" },
      { rule: "an hour after its time: overdue", now: "2026-11-24T11:00:00Z", state: "overdue" },
      { rule: "days later: overdue", now: "2026-11-27T09:00:00Z", state: "overdue" },
    ]),
  )("%s", (_, { now, state }) => {
    expect(dueState(at, new Date(now))).toBe(state);
  });
});

describe("endOfUkDay: where today ends, UK time", () => {
  it.each(
    byRule([
      { rule: "winter: midnight UTC", now: "2026-11-24T23:30:00Z", end: "2026-11-25T00:00:00.000Z" },
      { rule: "summer: midnight BST is 23:00 UTC", now: "2026-06-01T22:30:00Z", end: "2026-06-01T23:00:00.000Z" },
      {
        rule: "summer, half past midnight BST: already the next day",
        now: "2026-06-01T23:30:00Z",
        end: "2026-06-02T23:00:00.000Z",
      },
      {
        rule: "the day the clocks go forward ends at midnight BST",
        now: "2026-03-29T10:00:00Z",
        end: "2026-03-29T23:00:00.000Z",
      },
      {
        rule: "the day the clocks go back ends at midnight GMT",
        now: "2026-10-25T10:00:00Z",
        end: "2026-10-26T00:00:00.000Z",
      },
    ]),
  )("%s", (_, { now, end }) => {
    expect(endOfUkDay(new Date(now)).toISOString()).toBe(end);
  });
});

describe("describeMinutes: a wait in words", () => {
  it.each([
    [0, "0 minutes"],
    [1, "1 minute"],
    [29.6, "30 minutes"],
    [60, "1 hour"],
    [61, "1 hour 1 minute"],
    [125, "2 hours 5 minutes"],
    [-5, "0 minutes"],
  ])("%s minutes: %s", (minutes, words) => {
    expect(describeMinutes(minutes)).toBe(words);
  });
});

describe("statusAfterCall: speaking to a new lead's borrower makes it contacted", () => {
  it.each([
    ["new", "spoke", "contacted"],
    ["new", "no-answer", "new"],
    ["new", "voicemail", "new"],
    ["new", "wrong-number", "new"],
    ["contacted", "spoke", "contacted"],
    ["in-progress", "spoke", "in-progress"],
    ["declined", "spoke", "declined"],
  ] as const)("%s, %s: %s", (status, outcome, after) => {
    expect(statusAfterCall(status, outcome)).toBe(after);
  });
});

describe("readCloseReason: declining or withdrawing asks why", () => {
  it.each(
    byRule([
      {
        rule: "a status that does not close takes no reason, even if one is sent",
        to: "contacted",
        reason: "affordability",
        note: "",
        want: { ok: true, reason: null },
      },
      {
        rule: "declined for one of its reasons",
        to: "declined",
        reason: "no-lender-fits",
        note: "",
        want: { ok: true, reason: "no-lender-fits" },
      },
      {
        rule: "withdrawn for one of its reasons",
        to: "withdrawn",
        reason: "could-not-reach",
        note: "",
        want: { ok: true, reason: "could-not-reach" },
      },
      {
        rule: "other, with a note",
        to: "withdrawn",
        reason: "other",
        note: "Moving abroad",
        want: { ok: true, reason: "other" },
      },
      {
        rule: "declined without a reason",
        to: "declined",
        reason: "",
        note: "",
        want: { ok: false, problem: CLOSE_REASON_PROBLEMS.reason },
      },
      {
        rule: "declined for a withdrawal's reason",
        to: "declined",
        reason: "found-elsewhere",
        note: "",
        want: { ok: false, problem: CLOSE_REASON_PROBLEMS.reason },
      },
      {
        rule: "a reason not on the list",
        to: "withdrawn",
        reason: "bored",
        note: "",
        want: { ok: false, problem: CLOSE_REASON_PROBLEMS.reason },
      },
      {
        rule: "other without a note",
        to: "declined",
        reason: "other",
        note: "   ",
        want: { ok: false, problem: CLOSE_REASON_PROBLEMS.note },
      },
    ] as const),
  )("%s", (_, { to, reason, note, want }) => {
    expect(readCloseReason(to, reason, note)).toEqual(want);
  });
});
