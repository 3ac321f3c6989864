import { useLoaderData } from "react-router";
import { Island } from "~/components/island";
import { usePromotion } from "~/components/promotion";
import type { ExampleKey } from "~/domain/promotion-figures";
import { CALCULATORS, type CalculatorName } from "./calculators";
import script from "./hydrate-calculators.tsx?island-module";
import { type CalculatorInput, type CalculatorProps, readCalculatorInput } from "./submission";

/** Each calculator's rate: its page's example in the promotion figures (DECISIONS D27). */
const CALCULATOR_EXAMPLES: Record<CalculatorName, ExampleKey> = {
  "bad-credit": "badCredit",
  "debt-consolidation": "debtConsolidation",
  "home-improvement": "homeImprovement",
  homeowner: "homeowner",
  "school-fees": "schoolFees",
  "secured-loan": "headline",
};

/**
 * A calculator page's loader (`export const loader = calculatorLoader`): the inputs its
 * form sent, if any. None when the bare page is prerendered at build.
 */
export function calculatorLoader({ request }: { request: Request }) {
  return { calculatorInput: readCalculatorInput(new URL(request.url).searchParams) };
}

/** The inputs the page's loader read, or null (a page without the loader, or a bare page). */
function useCalculatorInput(): CalculatorInput | null {
  const data = useLoaderData() as Partial<ReturnType<typeof calculatorLoader>> | undefined;
  return data?.calculatorInput ?? null;
}

/**
 * A calculator on a page that otherwise ships no React: server HTML, hydrated alone.
 * With a submitted form's inputs, the server draws it with those inputs and their
 * figures, and the browser hydrates it from the same inputs. Its rate is the live
 * promotion's, carried in its props so the browser computes with the figures the server did.
 */
export function CalculatorIsland({ name }: { name: CalculatorName }) {
  const Calculator = CALCULATORS[name];
  const input = useCalculatorInput();
  const rate = usePromotion().examples[CALCULATOR_EXAMPLES[name]];
  const props: CalculatorProps = input ? { input, rate } : { rate };
  return (
    <Island name={name} script={script} props={{ ...props }}>
      <Calculator {...props} />
    </Island>
  );
}
