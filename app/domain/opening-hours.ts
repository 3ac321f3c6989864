// The firm's opening hours as structured configuration: read from the text a person
// writes ("Mon-Fri 09:00-17:00"), printed the one way the footer, the pages and the
// emails show them ("Monday to Friday, 9:00 to 17:00"), and given to the call-back
// slots (callbacks.ts) and the firm's schema.org data. Pure and small: pages may import it.

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** Some days the office is open, from `opens` to `closes` (minutes after midnight, UK time). */
export interface OpeningPeriod {
  days: Weekday[];
  opens: number;
  closes: number;
}
/** The firm's opening hours: no day in two periods. */
export type OpeningHours = OpeningPeriod[];

const DAY_WORDS: Record<string, Weekday> = Object.fromEntries(
  WEEKDAYS.flatMap((day) => [
    [day, day],
    [day.slice(0, 3), day],
  ]),
);
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export const OPENING_HOURS_FORMAT =
  'must be days and times like "Mon-Fri 09:00-17:00" (periods apart with ";", e.g. "Mon-Fri 09:00-17:30; Sat 10:00-13:00")';

const minutesOf = (time: string): number | null => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** The text without the spaces and commas that end it. */
function withoutSeparatorsAtEnd(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s,]/.test(text[end - 1] as string)) end--;
  return text.slice(0, end);
}

/** "Mon-Fri", "Monday to Friday", "Mon, Wed and Fri": the days named, in the week's order, or null. */
function readDays(text: string): Weekday[] | null {
  const days: Weekday[] = [];
  for (const item of text.split(/,|\band\b/i)) {
    const range = /^([a-z]+)(?:\s*(?:-|–|\bto\b)\s*([a-z]+))?$/i.exec(item.trim());
    const first = range?.[1] && DAY_WORDS[range[1].toLowerCase()];
    const last = range?.[2] ? DAY_WORDS[range[2].toLowerCase()] : first;
    if (!first || !last) return null;
    const from = WEEKDAYS.indexOf(first);
    const to = WEEKDAYS.indexOf(last);
    if (to < from) return null;
    days.push(...WEEKDAYS.slice(from, to + 1));
  }
  return days;
}

/**
 * Reads opening hours written as a person would ("Mon-Fri 09:00-17:00; Sat 10:00-13:00",
 * or the printed "Monday to Friday, 9:00 to 17:00"). Null when it cannot be read, a
 * period closes before it opens, or a day is named twice.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  const periods: OpeningHours = [];
  const seen = new Set<Weekday>();
  for (const part of text.split(";")) {
    // Days are words, so the times start at the first digit, after a space or a comma.
    const period = part.trim();
    const timesAt = period.search(/\d/);
    const daysText = timesAt > 0 ? withoutSeparatorsAtEnd(period.slice(0, timesAt)) : "";
    const times = /^(\d{1,2}:\d{2})\s*(?:-|–|\bto\b)\s*(\d{1,2}:\d{2})$/i.exec(period.slice(timesAt));
    if (!daysText || daysText.length === timesAt || !times?.[1] || !times[2]) return null;
    const days = readDays(daysText);
    const opens = minutesOf(times[1]);
    const closes = minutesOf(times[2]);
    if (!days || opens === null || closes === null || closes <= opens) return null;
    if (days.some((day) => seen.has(day))) return null;
    for (const day of days) seen.add(day);
    periods.push({ days, opens, closes });
  }
  return periods;
}

/** 540 → "9:00", as the site has always printed its hours. */
export const clockTime = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
/** 540 → "09:00", as schema.org and a time element want it. */
export const isoClockTime = (minutes: number) => clockTime(minutes).padStart(5, "0");

/** The days in runs of consecutive days: "Monday to Friday", "Monday and Wednesday". */
function daysText(days: readonly Weekday[]): string {
  const runs: Weekday[][] = [];
  for (const day of [...days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(last) + 1) run.push(day);
    else runs.push([day]);
  }
  const words = runs.flatMap((run) => {
    const first = run[0] as Weekday;
    const last = run.at(-1) as Weekday;
    if (run.length === 1) return [WEEKDAY_NAMES[first]];
    if (run.length === 2) return [WEEKDAY_NAMES[first], WEEKDAY_NAMES[last]];
    return [`${WEEKDAY_NAMES[first]} to ${WEEKDAY_NAMES[last]}`];
  });
  return words.length === 1 ? (words[0] as string) : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The hours as the footer, the pages and the emails print them: "Monday to Friday, 9:00 to 17:00". */
export function openingHoursText(hours: OpeningHours): string {
  return hours
    .map((period) => `${daysText(period.days)}, ${clockTime(period.opens)} to ${clockTime(period.closes)}`)
    .join("; ");
}
