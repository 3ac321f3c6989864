import { type RefObject, useLayoutEffect } from "react";
import { type CalculatorInput, readCalculatorInput } from "./submission";

/**
 * Decision 167: a calculator starts from what is on the page when its script arrives.
 * A borrower may type or choose before then (the island hydrates after paint, when seen
 * or touched: decision 142), and React keeps those values on the page while its state
 * starts from what the server drew. So, once, as React hydrates (a layout effect: before
 * any render could put the drawn values back), the form is read as the server reads a
 * form sent without script, and the calculator takes its inputs from that.
 */
export function useInputsOnPage(form: RefObject<HTMLFormElement | null>, adopt: (input: CalculatorInput) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the island hydrates
  useLayoutEffect(() => {
    if (form.current) adopt(formInput(form.current));
  }, []);
}

/** A form's fields as its GET would send them (a file input, which no calculator has, as its name). */
export function formInput(form: HTMLFormElement): CalculatorInput {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) query.append(name, typeof value === "string" ? value : value.name);
  return readCalculatorInput(query) ?? {};
}
