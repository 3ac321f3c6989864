import type { PromotionFigures } from "~/domain/promotion-figures";
import { ratesFrom } from "~/domain/rates-from";
import { CODE_FIGURES, usePromotion } from "./promotion";

// What a loan page reads of the promotion beyond its footer's example: "rates from", and
// the live figures in its `meta`. Apart from promotion.tsx, so that only the pages that
// print them load them (docs/decisions/470, 501).

/** "Rates from": the lowest rate in the live table. */
export function useRatesFrom(): number {
  return ratesFrom(usePromotion());
}

type MatchWithData = { id: string; data?: unknown } | undefined;

/** The live figures from a `meta` function's `matches`. */
export function promotionFromMatches(matches: readonly MatchWithData[]): PromotionFigures {
  const root = matches.find((m) => m?.id === "root");
  return (root?.data as { promotion?: { figures: PromotionFigures } } | undefined)?.promotion?.figures ?? CODE_FIGURES;
}
