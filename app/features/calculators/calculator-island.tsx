import { useLoaderData } from "react-router";
import { Island } from "~/components/island";
import { CALCULATORS, type CalculatorName } from "./calculators";
import script from "./hydrate-calculators.tsx?island-module";
import { type CalculatorInput, readCalculatorInput } from "./submission";

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
 * figures, and the browser hydrates it from the same inputs.
 */
export function CalculatorIsland({ name }: { name: CalculatorName }) {
  const Calculator = CALCULATORS[name];
  const input = useCalculatorInput();
  const props = input ? { input } : undefined;
  return (
    <Island name={name} script={script} props={props}>
      <Calculator {...props} />
    </Island>
  );
}
