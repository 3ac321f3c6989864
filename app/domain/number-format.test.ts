import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatGrouped, formatPercent, formatPounds } from "./finance";
import { type DecimalFormat, formatDecimal } from "./number-format";

// Held to Intl's own answer: the site wrote every figure with Intl.NumberFormat("en-GB")
// before, and a borrower must read the same figure now.
const intlFormats = new Map<string, Intl.NumberFormat>();
function intl(n: number, { minimumFractionDigits = 0, maximumFractionDigits, prefix = "" }: DecimalFormat) {
  const key = `${minimumFractionDigits} ${maximumFractionDigits} ${prefix}`;
  let format = intlFormats.get(key);
  if (!format) {
    const currency: Intl.NumberFormatOptions = prefix === "£" ? { style: "currency", currency: "GBP" } : {};
    format = new Intl.NumberFormat("en-GB", { ...currency, minimumFractionDigits, maximumFractionDigits });
    intlFormats.set(key, format);
  }
  return format.format(n);
}

const FORMATS: DecimalFormat[] = [
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 3 },
  { maximumFractionDigits: 0, prefix: "£" },
  { minimumFractionDigits: 2, maximumFractionDigits: 2, prefix: "£" },
];

describe("formatDecimal writes what Intl.NumberFormat('en-GB') writes", () => {
  it.each([
    // [n, format, expected]
    [0, { maximumFractionDigits: 0 }, "0"],
    [999, { maximumFractionDigits: 0 }, "999"],
    [1000, { maximumFractionDigits: 0 }, "1,000"],
    [2_500_000, { maximumFractionDigits: 0, prefix: "£" }, "£2,500,000"],
    [547.35, { minimumFractionDigits: 2, maximumFractionDigits: 2, prefix: "£" }, "£547.35"],
    [65682.1, { minimumFractionDigits: 2, maximumFractionDigits: 2, prefix: "£" }, "£65,682.10"],
    [999.995, { minimumFractionDigits: 2, maximumFractionDigits: 2, prefix: "£" }, "£1,000.00"],
    [0.5, { maximumFractionDigits: 0, prefix: "£" }, "£1"],
    [-1234.5, { maximumFractionDigits: 0, prefix: "£" }, "-£1,235"],
    [-0, { maximumFractionDigits: 0 }, "-0"],
    [-0.001, { maximumFractionDigits: 2 }, "-0"],
    // The shortest decimal that reads back as the double, as ICU rounds it: 1.005 is
    // stored as 1.00499…, yet written "1.01".
    [1.005, { maximumFractionDigits: 2 }, "1.01"],
    [2.675, { maximumFractionDigits: 2 }, "2.68"],
    [0.125, { maximumFractionDigits: 2 }, "0.13"],
    [5.69, { maximumFractionDigits: 2 }, "5.69"],
    [10, { maximumFractionDigits: 2 }, "10"],
    [1.5e-7, { maximumFractionDigits: 2 }, "0"],
    [1e21, { maximumFractionDigits: 0 }, "1,000,000,000,000,000,000,000"],
    [Number.NaN, { maximumFractionDigits: 0, prefix: "£" }, "£NaN"],
    [Number.POSITIVE_INFINITY, { maximumFractionDigits: 0 }, "∞"],
    [Number.NEGATIVE_INFINITY, { maximumFractionDigits: 0, prefix: "£" }, "-£∞"],
  ] satisfies [number, DecimalFormat, string][])("%s with %o → %s", (n, format, expected) => {
    expect(formatDecimal(n, format)).toBe(expected);
    expect(formatDecimal(n, format)).toBe(intl(n, format));
  });

  it.each(FORMATS)("on any double, for %o", (format) => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (n) => formatDecimal(n, format) === intl(n, format)),
      { numRuns: 5_000 },
    );
  });

  it.each(FORMATS)("on pounds and pence, for %o", (format) => {
    const pence = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
    fc.assert(
      fc.property(pence, fc.integer({ min: 0, max: 999 }), (p, thousandths) => {
        const n = p / 100 + thousandths / 100_000;
        return formatDecimal(n, format) === intl(n, format);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("the site's own formats", () => {
  it.each([
    [50_000, "£50,000"],
    [547.35, "£547.35"],
    [547.351, "£547.35"],
    [49_999.999, "£50,000"],
    [49_999.994, "£49,999.99"],
  ])("formatPounds(%s) is %s", (n, expected) => expect(formatPounds(n)).toBe(expected));

  it.each([
    [5.69, 2, "5.69%"],
    [10, 2, "10%"],
    [7.125, 2, "7.13%"],
    [82.456, 0, "82%"],
  ])("formatPercent(%s, %s) is %s", (n, digits, expected) => expect(formatPercent(n, digits)).toBe(expected));

  it.each([
    [undefined, ""],
    [Number.NaN, ""],
    [50_000, "50,000"],
    [1_234.6, "1,235"],
  ])("formatGrouped(%s) is %s", (n, expected) => expect(formatGrouped(n)).toBe(expected));
});
