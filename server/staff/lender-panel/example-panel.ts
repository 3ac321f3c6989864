import { and, eq } from "drizzle-orm";
import type { LenderCriteria, LenderProductInput } from "../../../app/domain/lender-products";
import type { Database } from "../../platform/db/client";
import { lenderProducts } from "../../platform/db/schema";
import { writeAudit } from "../../platform/audit.server";

// `npm run seed -- --panel`: an example lender panel of made-up lenders (DECISIONS D22:
// never a real lender's name), for trying the matching on a new machine. Each is marked
// as an example in its name; a live product of the same lender and name is left as it is.

const EVERYONE_IN_WORK: LenderCriteria["employment"] = [
  "employed-full-time",
  "employed-part-time",
  "self-employed",
  "retired",
];

export const EXAMPLE_PANEL: readonly LenderProductInput[] = [
  {
    lender: "Example Lender A",
    productName: "Prime homeowner loan (example)",
    kind: "second-charge",
    criteria: {
      minLoan: 10_000,
      maxLoan: 500_000,
      minTermMonths: 36,
      maxTermMonths: 300,
      maxLtvByCredit: { excellent: 85, good: 80, fair: 70, poor: null, unsure: 70 },
      employment: EVERYONE_IN_WORK,
      minMonthlyIncome: 1_500,
      maxAgeAtEnd: 80,
      excludedPurposes: ["business-purposes"],
      rateBands: [
        { upToLtv: 60, ratePercent: 6.49 },
        { upToLtv: 75, ratePercent: 7.19 },
        { upToLtv: 85, ratePercent: 8.29 },
      ],
      feePounds: 495,
      commissionPercent: 2,
      commissionFixedPounds: 0,
    },
  },
  {
    lender: "Example Lender B",
    productName: "Near-prime homeowner loan (example)",
    kind: "second-charge",
    criteria: {
      minLoan: 15_000,
      maxLoan: 250_000,
      minTermMonths: 60,
      maxTermMonths: 240,
      maxLtvByCredit: { excellent: 75, good: 75, fair: 75, poor: 65, unsure: 65 },
      employment: EVERYONE_IN_WORK,
      minMonthlyIncome: 1_200,
      maxAgeAtEnd: 75,
      excludedPurposes: [],
      rateBands: [
        { upToLtv: 65, ratePercent: 8.95 },
        { upToLtv: 75, ratePercent: 9.95 },
      ],
      feePounds: 995,
      commissionPercent: 1.5,
      commissionFixedPounds: 250,
    },
  },
  {
    lender: "Example Lender C",
    productName: "Large loan, employed only (example)",
    kind: "second-charge",
    criteria: {
      minLoan: 100_000,
      maxLoan: 1_000_000,
      minTermMonths: 60,
      maxTermMonths: 300,
      maxLtvByCredit: { excellent: 70, good: 65, fair: null, poor: null, unsure: null },
      employment: ["employed-full-time"],
      minMonthlyIncome: 5_000,
      maxAgeAtEnd: 70,
      excludedPurposes: ["business-purposes", "other"],
      rateBands: [{ upToLtv: 70, ratePercent: 5.99 }],
      feePounds: 1_495,
      commissionPercent: 1,
      commissionFixedPounds: 0,
    },
  },
  {
    lender: "Example Partner D",
    productName: "Personal loan hand-off (example)",
    kind: "partner-hand-off",
    criteria: {
      minLoan: 1_000,
      maxLoan: 25_000,
      minTermMonths: 12,
      maxTermMonths: 84,
      maxLtvByCredit: { excellent: 100, good: 100, fair: 100, poor: null, unsure: 100 },
      employment: ["employed-full-time", "employed-part-time", "self-employed"],
      minMonthlyIncome: 1_000,
      maxAgeAtEnd: null,
      excludedPurposes: ["property-purchase", "business-purposes"],
      rateBands: [{ upToLtv: 100, ratePercent: 12.9 }],
      feePounds: 0,
      commissionPercent: 0,
      commissionFixedPounds: 50,
    },
  },
];

/** Adds the example products not already live; how many it added. Audited, with no actor (the command line). */
export async function seedExamplePanel(db: Database): Promise<number> {
  let added = 0;
  for (const product of EXAMPLE_PANEL) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: lenderProducts.id })
        .from(lenderProducts)
        .where(and(eq(lenderProducts.lender, product.lender), eq(lenderProducts.productName, product.productName)));
      if (existing) return;
      const [row] = await tx.insert(lenderProducts).values(product).returning({ id: lenderProducts.id });
      await writeAudit(tx, {
        action: "panel.product-added",
        actor: null,
        detail: { productId: row?.id, lender: product.lender, productName: product.productName, example: true },
      });
      added++;
    });
  }
  return added;
}
