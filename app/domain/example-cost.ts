// What an example's rate costs (DECISIONS D27, docs/decisions/470): the loan pages and
// their calculators cost their example with the finance module (D2). Apart from
// promotion-figures.ts, which every page loads, so that pages without an example's costs
// do not load them.

import { type LoanCost, loanCost, loanCostAtMonthlyRate } from "./finance";
import type { ExampleInputs } from "./promotion-figures";

/** The monthly rate an example's inputs mean (0.0074166 for 0.74166% a month). */
export function exampleMonthlyRate(inputs: Pick<ExampleInputs, "ratePercent" | "rateBasis">): number {
  return inputs.rateBasis === "monthly" ? inputs.ratePercent / 100 : inputs.ratePercent / 12 / 100;
}

/** What borrowing `amount` over `months` at an example's rate costs: the finance module's figures. */
export function costAtExampleRate(
  inputs: Pick<ExampleInputs, "ratePercent" | "rateBasis">,
  amount: number,
  months: number,
): LoanCost {
  return inputs.rateBasis === "monthly"
    ? loanCostAtMonthlyRate({ amount, monthlyRate: inputs.ratePercent / 100, months })
    : loanCost({ amount, annualRatePercent: inputs.ratePercent, months });
}

/** The example's own loan, costed. */
export function exampleCost(inputs: ExampleInputs): LoanCost {
  return costAtExampleRate(inputs, inputs.amount, inputs.months);
}
