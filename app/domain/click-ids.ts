// The click ids an advert adds to the landing URL (DECISIONS D23): kept with the lead
// only when Google could have issued them. Apart from the conversions file's module so
// the forms, which clean the landing URL before sending, carry nothing more.

/**
 * A Google click id as Google writes one: letters, digits, `-` and `_` (base64 for URLs),
 * starting with a letter or digit, at most 500 characters. Anything else on a landing URL
 * was not put there by Google (`-2-3` or `-SUM-A1` is a formula to a spreadsheet), and is
 * neither kept with the lead nor written into a file a spreadsheet may open.
 */
export function isGoogleClickId(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]{0,499}$/.test(value);
}

/** Each click id parameter as the database reads it from the landing URL (server/platform/db/schema.ts). */
const CLICK_ID_PARAMETER = /([?&])(?:gclid|gbraid|wbraid)=([^&#]*)/g;
/** Marks where a query's first parameter was dropped; a line never holds a NUL (sanitiseLine). */
const DROPPED_FIRST = "?\u0000";

/**
 * The landing URL without the click ids Google did not issue: each `gclid`, `gbraid` or
 * `wbraid` whose value is not of Google's shape is dropped, parameter and all, so the
 * lead is kept but its click id never reaches the offline-conversions file.
 */
export function withoutForeignClickIds(url: string): string {
  const kept = url.replace(CLICK_ID_PARAMETER, (whole, separator: string, value: string) => {
    if (isGoogleClickId(value)) return whole;
    return separator === "?" ? DROPPED_FIRST : "";
  });
  return kept.replaceAll(`${DROPPED_FIRST}&`, "?").replaceAll(DROPPED_FIRST, "");
}
