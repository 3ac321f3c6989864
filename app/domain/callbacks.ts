import Holidays from "date-holidays";
import { CALLBACK_SLOT_MINUTES, type CallbackChoice, SOONEST } from "./callback-choice";
import { formatCalendarDay, formatClockRange } from "./date-format";
import { type OpeningHours, WEEKDAYS, type Weekday } from "./opening-hours";
import { ukClock, ukInstant } from "./uk-time";

// When a borrower may ask to be called (DECISIONS D21): "as soon as possible", or a slot
// in the firm's opening hours over the next few working days, in UK time. Weekends and
// the bank holidays of the firm's nation are left out, from the date-holidays library's
// calendars (kept up to date by its maintainers, not a list typed in here). Pure: the
// clock is always passed in.

/** Days on which a call-back may be booked: weekends are left out even when the office opens (D21). */
const WORKING_WEEKDAYS: readonly Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

/** The UK's three calendars of bank holidays (Wales shares England's). */
export const BANK_HOLIDAY_NATIONS = ["england-and-wales", "scotland", "northern-ireland"] as const;
export type BankHolidayNation = (typeof BANK_HOLIDAY_NATIONS)[number];

const HOLIDAY_REGIONS: Record<BankHolidayNation, string> = {
  "england-and-wales": "ENG",
  scotland: "SCT",
  "northern-ireland": "NIR",
};

/** How many working days ahead a borrower may choose from (today among them while it has a slot left). */
export const CALLBACK_WORKING_DAYS = 5;

export interface CallbackRules {
  hours: OpeningHours;
  nation: BankHolidayNation;
}

function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7] as Weekday;
}

function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- bank holidays

const holidayCache = new Map<string, ReadonlySet<string>>();

/** The nation's bank holidays in a year (YYYY-MM-DD), substitute days included. */
export function bankHolidays(nation: BankHolidayNation, year: number): ReadonlySet<string> {
  const key = `${nation}:${year}`;
  let days = holidayCache.get(key);
  if (!days) {
    const calendar = new Holidays("GB", HOLIDAY_REGIONS[nation]);
    // "public" and "bank" are days off; "observance" days (Mother's Day, Hallowe'en) are working days.
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public" || holiday.type === "bank")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayCache.set(key, days);
  }
  return days;
}

export const isBankHoliday = (nation: BankHolidayNation, day: string) =>
  bankHolidays(nation, Number(day.slice(0, 4))).has(day);

// ---------------------------------------------------------------- slots

export interface CallbackSlot {
  /** When the hour starts, as an ISO 8601 UTC instant: the form's value and what is stored. */
  start: string;
  /** "10am to 11am", UK time. */
  label: string;
}

export interface CallbackDay {
  /** YYYY-MM-DD, UK time. */
  day: string;
  /** "Tue 1 Dec 2026". */
  label: string;
  slots: CallbackSlot[];
}


/** The hours a working day offers, whole slots only, in the order of the day. */
function slotMinutesOn(day: string, rules: CallbackRules): number[] {
  const weekday = weekdayOf(day);
  if (!WORKING_WEEKDAYS.includes(weekday) || isBankHoliday(rules.nation, day)) return [];
  const period = rules.hours.find((p) => p.days.includes(weekday));
  if (!period) return [];
  const starts: number[] = [];
  for (let at = period.opens; at + CALLBACK_SLOT_MINUTES <= period.closes; at += CALLBACK_SLOT_MINUTES) starts.push(at);
  return starts;
}

/**
 * The slots a borrower may choose at `now`: each hour of the opening hours that has not
 * yet begun, on the next few working days (weekends and bank holidays left out), grouped
 * by day. Today counts among the days only while it has an hour left.
 */
export function callbackSlots(now: Date, rules: CallbackRules, workingDays = CALLBACK_WORKING_DAYS): CallbackDay[] {
  const days: CallbackDay[] = [];
  let day = ukClock(now).day;
  // Four weeks are always enough to find a week's working days, whatever the holidays.
  for (let looked = 0; days.length < workingDays && looked < 28; looked += 1, day = nextDay(day)) {
    const slots = slotMinutesOn(day, rules)
      .map((minutes) => ({ minutes, at: ukInstant(day, minutes) }))
      .filter(({ at }) => at.getTime() > now.getTime())
      .map(({ minutes, at }) => ({
        start: at.toISOString(),
        label: formatClockRange(minutes, minutes + CALLBACK_SLOT_MINUTES),
      }));
    if (slots.length > 0) days.push({ day, label: formatCalendarDay(day), slots });
  }
  return days;
}

/** What a page offers a borrower for one lead: the form, or why not. */
export interface CallbackOffer {
  leadId: string;
  /** False when this browser did not send the lead: the page says how else to choose. */
  owned: boolean;
  /** False once the lead is closed. */
  open: boolean;
  /** The stored choice in words, or null before one. */
  chosen: string | null;
  /** The stored choice is an hour (said with "UK time"), not "as soon as possible". */
  chosenSlot: boolean;
  /** The stored choice as the form's value ("soonest" before one). */
  selected: string;
  /** The slots on offer now; none when the form is not shown. */
  days: CallbackDay[];
}

// ---------------------------------------------------------------- the borrower's choice

export const CALLBACK_CHOICE_REQUIRED = "Choose when you would like us to call you";
export const CALLBACK_SLOT_PAST =
  "That time has already passed. Choose a later time, or ask us to call you as soon as possible";
export const CALLBACK_SLOT_UNKNOWN = "Choose one of the times shown, or ask us to call you as soon as possible";

/**
 * The borrower's posted choice, checked against the slots offered at `now`: a slot that
 * has begun is refused as past, and anything not offered (a closed hour, a weekend, a
 * bank holiday, beyond the days shown, not a time at all) as not one of the times shown.
 */
export function readCallbackChoice(
  value: unknown,
  now: Date,
  rules: CallbackRules,
): { ok: true; choice: CallbackChoice } | { ok: false; problem: string } {
  if (typeof value !== "string" || value.trim() === "") return { ok: false, problem: CALLBACK_CHOICE_REQUIRED };
  if (value === SOONEST) return { ok: true, choice: { kind: "soonest" } };
  // Only a slot's own value, as the form writes it: a day a parser would roll over (31
  // November) or a time with an offset is not one.
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== value) return { ok: false, problem: CALLBACK_SLOT_UNKNOWN };
  if (at.getTime() <= now.getTime()) return { ok: false, problem: CALLBACK_SLOT_PAST };
  const offered = callbackSlots(now, rules).some((day) => day.slots.some((slot) => slot.start === at.toISOString()));
  return offered ? { ok: true, choice: { kind: "slot", at } } : { ok: false, problem: CALLBACK_SLOT_UNKNOWN };
}
