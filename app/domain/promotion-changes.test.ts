import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  changesByField,
  figureChanges,
  pageChanges,
  promotionWarnings,
  warningsRefusal,
  warningsSeenValue,
} from "./promotion-changes";
import { defaultPromotionFigures, exampleField, type PromotionFigures, rateTableField } from "./promotions";

const base = () => defaultPromotionFigures();
const withFigures = (change: (f: PromotionFigures) => void) => {
  const f = base();
  change(f);
  return f;
};

/** A product of the panel with these rates (its other criteria do not matter here). */
const product = (
  rates: number[],
  more: { kind?: "second-charge" | "partner-hand-off"; retired?: boolean; lender?: string } = {},
) => ({
  lender: more.lender ?? "Lender A",
  productName: "Homeowner loan",
  kind: more.kind ?? ("second-charge" as const),
  retired: more.retired ?? false,
  criteria: { rateBands: rates.map((ratePercent, i) => ({ upToLtv: 60 + i * 10, ratePercent })) },
});

describe("what a version changes, figure by figure", () => {
  it.each(
    byRule([
      { rule: "the same figures: nothing changes", after: base(), expected: [] },
      {
        rule: "Excellent credit raised in the first band: that one cell, old and new as printed",
        after: withFigures((f) => {
          f.rateTable[0]!.rates.excellent = 6.19;
        }),
        expected: [
          {
            field: rateTableField(0, "excellent"),
            part: "rate-table",
            label: "Up to 60% LTV, Excellent credit",
            before: "5.69%",
            after: "6.19%",
          },
        ],
      },
      {
        rule: "a band taken off the end: each of its figures with nothing after, named as it was",
        after: withFigures((f) => {
          f.rateTable.pop();
        }),
        expected: [
          {
            field: rateTableField(6, "maxLtv"),
            part: "rate-table",
            label: "Up to 95% LTV, LTV",
            before: "95%",
            after: null,
          },
          {
            field: rateTableField(6, "maxLoan"),
            part: "rate-table",
            label: "Up to 95% LTV, largest loan",
            before: "£50,000",
            after: null,
          },
          {
            field: rateTableField(6, "excellent"),
            part: "rate-table",
            label: "Up to 95% LTV, Excellent credit",
            before: "10%",
            after: null,
          },
          {
            field: rateTableField(6, "good"),
            part: "rate-table",
            label: "Up to 95% LTV, Good credit",
            before: "10%",
            after: null,
          },
          {
            field: rateTableField(6, "unsure"),
            part: "rate-table",
            label: "Up to 95% LTV, Unsure of credit",
            before: "10%",
            after: null,
          },
        ],
      },
      {
        rule: "an example's term: only the term, in the words the pages use",
        after: withFigures((f) => {
          f.examples.schoolFees.months = 60;
        }),
        expected: [
          {
            field: exampleField("schoolFees", "months"),
            part: "example",
            label: "School fees loan: term",
            before: "10 years",
            after: "5 years",
          },
        ],
      },
      {
        rule: "a monthly rate changed: shown as a month's and a year's",
        after: withFigures((f) => {
          f.examples.badCredit.ratePercent = 0.8;
        }),
        expected: [
          {
            field: exampleField("badCredit", "ratePercent"),
            part: "example",
            label: "Bad credit homeowner loan: rate",
            before: "0.74166% a month (8.9% a year)",
            after: "0.8% a month (9.6% a year)",
          },
        ],
      },
      {
        rule: "a claim made where none was: each part with nothing before",
        after: withFigures((f) => {
          f.claims.lenderPanel = { size: "20+", source: "Our panel list" };
        }),
        expected: [
          {
            field: "claims.lenderPanel.size",
            part: "claims",
            label: "Lenders on the panel",
            before: null,
            after: "20+",
          },
          {
            field: "claims.lenderPanel.source",
            part: "claims",
            label: "Where the panel size can be checked",
            before: null,
            after: "Our panel list",
          },
        ],
      },
      {
        rule: "a figure typed otherwise but printed alike (5.5 and 5.50) is no change",
        after: withFigures((f) => {
          f.rateTable[0]!.rates.good = 5.690000000000001;
        }),
        expected: [],
      },
    ]),
  )("%s", (_, { after, expected }) => {
    expect(figureChanges(base(), after)).toEqual(expected);
  });

  it("keys the changes by field, for a page to mark each where it prints it", () => {
    const after = withFigures((f) => {
      f.rateTable[0]!.rates.excellent = 6.19;
    });
    expect(Object.keys(changesByField(figureChanges(base(), after)))).toEqual([rateTableField(0, "excellent")]);
  });
});

describe("each page a version touches, with only its figures that differ", () => {
  it.each(
    byRule([
      {
        rule: "Excellent raised in the table: the two checks that quote it, the cell alone, no example",
        after: withFigures((f) => {
          f.rateTable[0]!.rates.excellent = 6.19;
        }),
        expected: [
          {
            path: "/apply",
            differences: [{ label: "Up to 60% LTV, Excellent credit", before: "5.69%", after: "6.19%" }],
          },
          {
            path: "/apply-personal",
            differences: [{ label: "Up to 60% LTV, Excellent credit", before: "5.69%", after: "6.19%" }],
          },
        ],
      },
      {
        rule: "the school fees term: its page's term, payment and total, never its unchanged amount or rate",
        after: withFigures((f) => {
          f.examples.schoolFees.months = 60;
        }),
        expected: [
          {
            path: "/school-fees-loan",
            differences: [
              { label: "Example: term", before: "10 years", after: "5 years" },
              { label: "Example: monthly payment", before: "£273.68", after: "£479.72" },
              { label: "Example: total payable", before: "£32,841.05", after: "£28,783.48" },
            ],
          },
        ],
      },
    ]),
  )("%s", (_, { after, expected }) => {
    const pages = pageChanges(base(), after).map(({ path, differences }) => ({ path, differences }));
    expect(pages).toEqual(expected);
    for (const page of pages) for (const d of page.differences) expect(d.before).not.toBe(d.after);
  });

  it("figures read back with their keys in another order (as jsonb stores them) touch no page", () => {
    const reordered = JSON.parse(
      JSON.stringify(base(), (_, value) =>
        value && typeof value === "object" && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    ) as PromotionFigures;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(base()));
    expect(pageChanges(reordered, base())).toEqual([]);
  });

  it("a lower headline rate: its pages' example rate and 'rates from', each only where it differs", () => {
    const after = withFigures((f) => {
      for (const h of ["excellent", "good", "unsure"] as const) f.rateTable[0]!.rates[h] = 5.29;
      f.examples.headline.ratePercent = 5.29;
    });
    const home = pageChanges(base(), after).find((p) => p.path === "/");
    expect(home?.differences.map((d) => [d.label, d.before, d.after])).toEqual([
      ["Example: rate (fixed) and representative APRC", "5.69%", "5.29%"],
      ["Example: monthly payment", "£547.35", "£537.44"],
      ["Example: total payable", "£65,682.09", "£64,493.20"],
      ["Rates from", "5.69%", "5.29%"],
    ]);
  });
});

describe("the warnings an approver acknowledges", () => {
  const panel = [product([5.69, 6.49]), product([7.5], { lender: "Lender B" })];
  it.each(
    byRule([
      {
        rule: "the figures the site was built with, on a panel offering 5.69%: none",
        figures: base(),
        panel,
        expected: [],
      },
      {
        rule: "Excellent dearer than Good in a band: a better credit history costs more",
        figures: withFigures((f) => {
          f.rateTable[0]!.rates.excellent = 6.19;
        }),
        panel,
        expected: [
          "credit-order: Up to 60% LTV: Excellent credit costs more (6.19%) than Good credit (5.69%). A better credit history should never cost more.",
          // Excellent at 60% (6.19%) is dearer than at 65% (5.99%) too.
          "ltv-order: Excellent credit: up to 60% LTV costs more (6.19%) than up to 65% LTV (5.99%). A lower LTV should never cost more.",
        ],
      },
      {
        rule: "Good dearer than Unsure: warned, Excellent below both is not",
        figures: withFigures((f) => {
          f.rateTable[3]!.rates.good = 7;
        }),
        panel,
        expected: [
          "credit-order: Up to 75% LTV: Good credit costs more (7%) than Unsure of credit (6.84%). A better credit history should never cost more.",
        ],
      },
      {
        rule: "a lower LTV dearer than the band above it, for one credit history",
        figures: withFigures((f) => {
          f.rateTable[4]!.rates.unsure = 9;
        }),
        panel,
        expected: [
          "ltv-order: Unsure of credit: up to 85% LTV costs more (9%) than up to 90% LTV (8.79%). A lower LTV should never cost more.",
        ],
      },
      {
        rule: "equal rates across credit and LTV are in order",
        figures: withFigures((f) => {
          f.rateTable[1]!.rates = { excellent: 5.69, good: 5.69, unsure: 5.69 };
        }),
        panel,
        expected: [],
      },
      {
        rule: "rates from below the panel's lowest: warned with the lowest and its product",
        figures: base(),
        panel: [product([5.99, 6.49])],
        expected: [
          "from-below-panel: The site advertises rates from 5.69%, below the lender panel's lowest rate (5.99%, Lender A, Homeowner loan): no borrower could get it.",
        ],
      },
      {
        rule: "rates from above the lowest but offered by no product",
        figures: base(),
        panel: [product([5.49, 6.49])],
        expected: [
          "from-not-offered: The site advertises rates from 5.69%, a rate no product on the lender panel offers (its lowest is 5.49%, Lender A, Homeowner loan).",
        ],
      },
      {
        rule: "a retired product and a partner hand-off offer nothing the table advertises",
        figures: base(),
        panel: [product([5.69], { retired: true }), product([5.69], { kind: "partner-hand-off" }), product([6.49])],
        expected: [
          "from-below-panel: The site advertises rates from 5.69%, below the lender panel's lowest rate (6.49%, Lender A, Homeowner loan): no borrower could get it.",
        ],
      },
      {
        rule: "no live homeowner product on the panel: nothing offers it",
        figures: base(),
        panel: [],
        expected: [
          "from-not-offered: The site advertises rates from 5.69%, but the lender panel has no live homeowner product: no lender offers it.",
        ],
      },
    ]),
  )("%s", (_, { figures, panel: products, expected }) => {
    expect(promotionWarnings(figures, products).map((w) => `${w.kind}: ${w.message}`)).toEqual(expected);
  });

  it("is acknowledged only by a tick for the warnings shown now", () => {
    const dearer = withFigures((f) => {
      f.rateTable[0]!.rates.excellent = 6.19;
    });
    const warnings = promotionWarnings(dearer, panel);
    const other = promotionWarnings(base(), []);
    expect(warningsRefusal([], null)).toBeNull();
    expect(warningsRefusal(warnings, warningsSeenValue(warnings))).toBeNull();
    expect(warningsRefusal(warnings, null)).toBe(
      "Confirm that you have read the 2 warnings above and approve the version as it is, or send it back",
    );
    expect(warningsRefusal(warnings, warningsSeenValue(other))).not.toBeNull();
    expect(warningsRefusal(other, "")).toBe(
      "Confirm that you have read the warning above and approve the version as it is, or send it back",
    );
  });
});
