import { Island } from "~/components/island";
import { CALCULATORS, type CalculatorName } from "./calculators";
import script from "./hydrate-calculators.tsx?island-module";

/** A calculator on a page that otherwise ships no React: server HTML, hydrated alone. */
export function CalculatorIsland({ name }: { name: CalculatorName }) {
  const Calculator = CALCULATORS[name];
  return (
    <Island name={name} script={script}>
      <Calculator />
    </Island>
  );
}
