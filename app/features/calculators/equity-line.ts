import { monthlyRate, roundToPence } from "~/domain/finance";

/**
 * A home equity line charges interest only on what has been drawn: one month's interest
 * on a draw is the draw × the monthly rate (APR / 12, as every calculator here, D2).
 */
export function monthlyInterestOnDraw(drawn: number, annualRatePercent: number): number {
  return roundToPence(drawn * monthlyRate(annualRatePercent));
}
