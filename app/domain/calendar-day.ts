import { formatCalendarDay } from "./date-format";

// Days and moments as the staff console's URLs carry them (YYYY-MM-DD; a page cursor's
// UTC time to the microsecond). The database refuses an impossible one (30 February,
// month 13) with an error, so each is checked here first, by the calendar's own rules.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;

/** Gregorian leap years: every fourth, except centuries not divisible by 400. */
export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** How many days a month (1 to 12) of a year has. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real day written YYYY-MM-DD, from 0001-01-01 to 9999-12-31. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A real UTC moment as a page cursor writes it: `2026-11-01T10:00:00.123456Z` (fraction optional). */
export function isCalendarMoment(text: string): boolean {
  const match = MOMENT.exec(text);
  return match?.[1] !== undefined && isCalendarDay(match[1]);
}

/** The day `days` after a real day (before, when negative), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date + days);
  return `${String(at.getUTCFullYear()).padStart(4, "0")}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-${String(at.getUTCDate()).padStart(2, "0")}`;
}

/** A real day as the console writes it: "Fri 20 Nov 2026" (date-format.ts, the one formatter). */
export const dayInWords = (day: string) => formatCalendarDay(day);
