// A calculator's inputs come from its form's query (app/domain/calculator-input.ts).
export { type CalculatorInput, readCalculatorInput } from "~/domain/calculator-input";
import type { CalculatorInput } from "~/domain/calculator-input";
import { defaultPromotionFigures, type ExampleInputs, type ExampleKey } from "~/domain/promotion-figures";

/**
 * What a calculator is drawn with: the inputs its form sent, if any, and the rate of the
 * live promotion (DECISIONS D27), given by the page so the island hydrates with the same.
 */
export interface CalculatorProps {
  input?: CalculatorInput;
  rate?: ExampleInputs;
}

const CODE_FIGURES = defaultPromotionFigures();

/** The rate a calculator was given, or the code's for its page (a test drawing it alone). */
export const rateOr = (rate: ExampleInputs | undefined, key: ExampleKey): ExampleInputs =>
  rate ?? CODE_FIGURES.examples[key];

/** The option a select sent, when it is one of `options`; null otherwise. */
export function chosenOption<T extends number>(options: readonly T[], text: string | undefined): T | null {
  return options.find((option) => String(option) === text?.trim()) ?? null;
}
