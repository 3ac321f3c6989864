// "Rates from" (DECISIONS D27, docs/decisions/470): apart from promotion-figures.ts, which
// every page loads, so that only the pages that print it load it.

import type { PromotionFigures } from "./promotion-figures";
import { RATED_CREDIT_HISTORIES } from "./rates";

/** The lowest rate in the table: "rates from" on every page. */
export function ratesFrom(figures: Pick<PromotionFigures, "rateTable">): number {
  return Math.min(...figures.rateTable.flatMap((band) => RATED_CREDIT_HISTORIES.map((h) => band.rates[h])));
}
