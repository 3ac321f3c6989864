import { addDays } from "./calendar-day";
import { type CallbackRules, isBankHoliday } from "./callbacks";
import { WEEKDAYS, type Weekday } from "./opening-hours";
import { ukClock, ukInstant } from "./uk-time";

// How long a lead has waited in the firm's opening hours (docs/decisions/190): the minutes
// between two instants that fall inside the configured hours, UK time, on days the office
// opens (a Saturday counts when the office opens on Saturdays), leaving out the bank
// holidays of the firm's nation. A lead that arrives on Friday evening has waited
// nothing by Monday at 9:00. Pure: both instants are passed in.

const weekdayOf = (day: string): Weekday => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7] as Weekday;
};

/** Beyond this many days the wait is counted to here: no lead waits ten years for a call. */
const MAX_DAYS = 3_660;

/** Whole minutes of opening hours from `from` to `to` (0 when `to` is not after `from`). */
export function openingMinutesBetween(from: Date, to: Date, rules: CallbackRules): number {
  if (to.getTime() <= from.getTime()) return 0;
  const last = ukClock(to).day;
  let total = 0;
  let day = ukClock(from).day;
  for (let n = 0; day <= last && n < MAX_DAYS; n += 1, day = addDays(day, 1)) {
    const period = rules.hours.find((p) => p.days.includes(weekdayOf(day)));
    if (!period || isBankHoliday(rules.nation, day)) continue;
    const opens = Math.max(ukInstant(day, period.opens).getTime(), from.getTime());
    const closes = Math.min(ukInstant(day, period.closes).getTime(), to.getTime());
    if (closes > opens) total += closes - opens;
  }
  return Math.floor(total / 60_000);
}
