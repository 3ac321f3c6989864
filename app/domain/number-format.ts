// Numbers written the way `Intl.NumberFormat("en-GB")` writes them ("1,234.5",
// "-£1,235"), for the handful of forms this site prints, without asking the browser's
// Intl. The first NumberFormat a page makes loads the locale's data: 19 ms on a fast
// desktop, four times that on a mid-range phone, the largest single piece of a form's
// start-up (decision 221). The tests hold every function here to Intl's own answer.

/** Digits either side of the point, as the shortest decimal that reads back as `n` (n ≥ 0, finite). */
function decimalParts(n: number): { whole: string; fraction: string } {
  // String() gives the shortest round-trip digits, as ICU reads a double: 1.005 is "1.005",
  // not the binary 1.00499…, so it rounds to "1.01" here as it does in Intl.
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!match) throw new RangeError(`Not a finite, non-negative number: ${n}`);
  let digits = `${match[1]}${match[2] ?? ""}`;
  let point = (match[1] as string).length + Number(match[3] ?? 0);
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, "0");
  return { whole: digits.slice(0, point).replace(/^0+(?=\d)/, ""), fraction: digits.slice(point) };
}

/** A string of decimal digits plus one, carrying: "0999" → "1000", "99" → "100". */
function addOne(digits: string): string {
  let carry = true;
  let result = "";
  for (let i = digits.length - 1; i >= 0; i--) {
    const digit: number = Number(digits[i]) + (carry ? 1 : 0);
    carry = digit === 10;
    result = String(carry ? 0 : digit) + result;
  }
  return carry ? `1${result}` : result;
}

/** "1234567" → "1,234,567". */
function group(whole: string): string {
  let grouped = whole.slice(0, whole.length % 3 || 3);
  for (let i = grouped.length; i < whole.length; i += 3) grouped += `,${whole.slice(i, i + 3)}`;
  return grouped;
}

/** "5000" → "5": the fraction's digits without the zeros that end it. */
function withoutTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === "0") end--;
  return digits.slice(0, end);
}

export interface DecimalFormat {
  minimumFractionDigits?: number;
  maximumFractionDigits: number;
  /** Written between the sign and the digits: "£" for pounds. */
  prefix?: string;
}

/**
 * `n` rounded half away from zero to `maximumFractionDigits`, trailing zeros dropped down
 * to `minimumFractionDigits`, the whole part grouped by commas, as
 * `new Intl.NumberFormat("en-GB", …).format(n)` writes it (a minus sign before the prefix,
 * kept on a negative that rounds to zero, as Intl keeps it).
 */
export function formatDecimal(
  n: number,
  { minimumFractionDigits = 0, maximumFractionDigits, prefix = "" }: DecimalFormat,
) {
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  if (Number.isNaN(n)) return `${prefix}NaN`;
  if (!Number.isFinite(n)) return `${sign}${prefix}∞`;
  let { whole, fraction } = decimalParts(Math.abs(n));
  if (fraction.length > maximumFractionDigits) {
    const roundsUp = (fraction[maximumFractionDigits] as string) >= "5";
    const kept = whole + fraction.slice(0, maximumFractionDigits);
    const rounded = roundsUp ? addOne(kept) : kept;
    whole = rounded.slice(0, rounded.length - maximumFractionDigits) || "0";
    fraction = rounded.slice(rounded.length - maximumFractionDigits);
  }
  fraction = withoutTrailingZeros(fraction).padEnd(minimumFractionDigits, "0");
  return `${sign}${prefix}${group(whole)}${fraction ? `.${fraction}` : ""}`;
}
