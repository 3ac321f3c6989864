// How the calculators read what borrowers type. The figures themselves come from the
// domain (app/domain/calculators.ts); this is only about turning text into numbers.

/**
 * A loan amount from a number box, or null when there is none. 0 and less are amounts
 * too: the calculator says the minimum for them (calculatorAmountFit), not "enter one".
 */
export function parseLoanAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const amount = Number(trimmed);
  return Number.isFinite(amount) ? amount : null;
}

/** A term typed in whole years within [min, max], or null. */
export function parseTermYears(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const years = Number(trimmed);
  return years >= min && years <= max ? years : null;
}
