import {
  defaultPromotionFigures,
  type ExampleInputs,
  type ExampleKey,
  exampleAnnualRate,
  type PromotionFigures,
} from "~/domain/promotion-figures";
import { useGivenPromotion } from "./promotion-context";

// The promotion figures a page prints (DECISIONS D27): the live or past version's
// (promotion-context.tsx), or else the code's.

/** The figures the code holds: what a page prints where no live version reached it. */
export const CODE_FIGURES = defaultPromotionFigures();

/** The figures this page prints. */
export function usePromotion(): PromotionFigures {
  return useGivenPromotion() ?? CODE_FIGURES;
}

/** One page's example inputs. */
export function useExample(key: ExampleKey): ExampleInputs {
  return usePromotion().examples[key];
}

/** The annual rate an example is printed at (the bad credit page's monthly rate, as a year's). */
export const printedRate = (inputs: ExampleInputs) => exampleAnnualRate(inputs);
