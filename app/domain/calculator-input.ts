// Every calculator is a plain GET form to its own page (docs/decisions/134): without
// script, pressing its button loads the page with the inputs in the query. The server
// reads the same names to decide whether a page is the prerendered file (no inputs) or
// must be drawn for the inputs sent.

/** What a calculator's form sent, field by field, as typed. */
export type CalculatorInput = Readonly<Record<string, string>>;

/** Every name a calculator's form submits; anything else in the query (utm_source, gclid) is not ours. */
export const CALCULATOR_FIELD_NAMES = [
  "amount",
  "term",
  "creditCards",
  "personalLoans",
  "storeCards",
  "projectType",
  "school",
  "yearGroup",
  "fees",
  "filled",
] as const;

/** Longer than any amount or option value a form sends; stops a long query echoing back. */
const MAX_FIELD_LENGTH = 40;

/** The calculator fields of a query (the first of each, trimmed to length), or null when there are none. */
export function readCalculatorInput(query: URLSearchParams): CalculatorInput | null {
  const input: Record<string, string> = {};
  for (const name of CALCULATOR_FIELD_NAMES) {
    const value = query.get(name);
    if (value !== null) input[name] = value.slice(0, MAX_FIELD_LENGTH);
  }
  return Object.keys(input).length > 0 ? input : null;
}
