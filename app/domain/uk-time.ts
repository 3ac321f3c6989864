// The UK's wall clock (Europe/London: GMT in winter, BST in summer) from an instant and
// back, by the platform's own time-zone data. Pure: no clock is read here.

export const UK_TIME_ZONE = "Europe/London";

// Made when first asked, not as the module loads: a DateTimeFormat costs far more to make than to use.
let partsFormat: Intl.DateTimeFormat | undefined;
const ukParts = () =>
  (partsFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: UK_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));

/** The UK wall clock at an instant: its day (YYYY-MM-DD) and minutes after midnight. */
export function ukClock(at: Date): { day: string; minutes: number } {
  const part = Object.fromEntries(
    ukParts()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** How far UK time is ahead of UTC at an instant, in minutes (0 in winter, 60 in summer). */
export function ukOffsetMinutes(at: number): number {
  const { day, minutes } = ukClock(new Date(at));
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The instant the UK clock shows `minutes` after midnight on `day` (YYYY-MM-DD). */
export function ukInstant(day: string, minutes: number): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // The offset at a first guess, then at the instant it gives: right on both sides of a change.
  const first = wall - ukOffsetMinutes(wall) * 60_000;
  return new Date(wall - ukOffsetMinutes(first) * 60_000);
}
