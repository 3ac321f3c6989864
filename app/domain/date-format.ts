import { ukClock } from "./uk-time";

// The one way the product writes a day or a time, the UK's way and on the UK's clock
// (Europe/London: GMT in winter, BST in summer), whatever the server's or browser's zone:
// "Mon 7 Dec 2026", "10:30am", "3pm", "3pm to 4pm", "Mon 7 Dec 2026, 10:30am". Written by
// hand, not by Intl's month names: those change with the platform ("Sep" or "Sept").
// Pure: no clock is read here.

const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const asDate = (at: Date | string) => (typeof at === "string" ? new Date(at) : at);

/** A calendar day (YYYY-MM-DD) in words: "Mon 7 Dec 2026". No clock: the day as written. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return `${WEEKDAY_SHORT[weekday]} ${date} ${MONTH_SHORT[month - 1]} ${year}`;
}

/**
 * A time of day from minutes after midnight: "10:30am", "3pm"; the ends of the day as
 * "midday" and "midnight" (12am and 12pm are read both ways).
 */
export function formatClock(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  if (inDay === 0) return "midnight";
  if (inDay === 720) return "midday";
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const hour = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const suffix = hour24 < 12 ? "am" : "pm";
  return minute === 0 ? `${hour}${suffix}` : `${hour}:${String(minute).padStart(2, "0")}${suffix}`;
}

/** The UK day of an instant in words: "Mon 7 Dec 2026". */
export const formatDay = (at: Date | string) => formatCalendarDay(ukClock(asDate(at)).day);

/** The UK time of an instant: "10:30am", "3pm". */
export const formatTime = (at: Date | string) => formatClock(ukClock(asDate(at)).minutes);

/** An instant, day and time: "Mon 7 Dec 2026, 10:30am". */
export function formatDateTime(at: Date | string): string {
  const { day, minutes } = ukClock(asDate(at));
  return `${formatCalendarDay(day)}, ${formatClock(minutes)}`;
}

/** Two times of one day: "3pm to 4pm". */
export const formatClockRange = (from: number, to: number) => `${formatClock(from)} to ${formatClock(to)}`;

/**
 * A window that starts at an instant and lasts `minutes`: "Mon 7 Dec 2026, 3pm to 4pm".
 * A window that runs past midnight names its second day too.
 */
export function formatWindow(start: Date | string, minutes: number): string {
  const from = asDate(start);
  const to = new Date(from.getTime() + minutes * 60_000);
  const a = ukClock(from);
  const b = ukClock(to);
  if (a.day === b.day) return `${formatCalendarDay(a.day)}, ${formatClockRange(a.minutes, b.minutes)}`;
  return `${formatDateTime(from)} to ${formatDateTime(to)}`;
}
