import { poundsAndPence } from "./campaign-report";
import { ukInstant, ukOffsetMinutes } from "./uk-time";

// The offline-conversions file for Google Ads (DECISIONS D23, issue 30): each completed
// loan whose visitor came from an advert's click and had accepted advertising cookies,
// as Google's "conversions from clicks" import reads it: the click id, the conversion's
// name, when it happened with its time zone, its value (the broker's commission, in
// pounds) and currency. Pure: the server picks the completions and writes the file.

/** The template's header row, word for word: Google refuses a file without it. */
export const GOOGLE_ADS_CONVERSION_HEADERS = [
  "Google Click ID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

export const CONVERSION_CURRENCY = "GBP";

/** The conversion action's name in Google Ads when the configuration names none. */
export const DEFAULT_CONVERSION_NAME = "Completed loan";

/**
 * When a loan that completed on a UK day converted: midday UK time that day (a
 * completion is recorded by its day; midday is clear of the clock changes at 1 am),
 * but never after `now`, since Google refuses a conversion from the future.
 */
export function conversionMoment(completedOn: string, now: Date): Date {
  const noon = ukInstant(completedOn, 12 * 60);
  return noon.getTime() > now.getTime() ? now : noon;
}

/**
 * A moment as the conversion's time with its zone: UK local time and its offset,
 * `yyyy-mm-dd hh:mm:ss+hh:mm` (Google's own format for a conversion's date and time),
 * so each row says its zone and a summer completion is not read an hour out.
 */
export function conversionTime(at: Date): string {
  const offset = ukOffsetMinutes(at.getTime());
  const local = new Date(at.getTime() + offset * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${zone}`
  );
}

/** A completed loan the file may carry. */
export interface ConvertedLoan {
  gclid: string;
  completedOn: string;
  commissionPence: number;
}

/** One row of the file, in the header's order. */
export function conversionRow(loan: ConvertedLoan, conversionName: string, now: Date): string[] {
  return [
    loan.gclid,
    conversionName,
    conversionTime(conversionMoment(loan.completedOn, now)),
    poundsAndPence(loan.commissionPence),
    CONVERSION_CURRENCY,
  ];
}
