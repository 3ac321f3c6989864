// A calculator's inputs come from its form's query (app/domain/calculator-input.ts).
export { type CalculatorInput, readCalculatorInput } from "~/domain/calculator-input";

/** The option a select sent, when it is one of `options`; null otherwise. */
export function chosenOption<T extends number>(options: readonly T[], text: string | undefined): T | null {
  return options.find((option) => String(option) === text?.trim()) ?? null;
}
