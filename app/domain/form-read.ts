// What reading a posted form gives, for every form of the site and the console: the
// value it makes, or the problems keyed by field (in the words the page shows beside
// each field and in its error summary) with the values as typed, for the page to show
// again so nothing typed is lost. And the one reader of a number staff type.

/** Each problem by field: a form with named fields has some of them; one read by any name, a record. */
export type FormProblems<Field extends string = string> = string extends Field
  ? Record<string, string>
  : Partial<Record<Field, string>>;

/** A form read: the value, or each problem by field with what was typed. */
export type FormRead<Value, Typed = Record<string, string>, Field extends string = string> =
  | { ok: true; value: Value }
  | { ok: false; problems: FormProblems<Field>; values: Typed };

/** A form that reads. */
export const formRead = <Value>(value: Value): { ok: true; value: Value } => ({ ok: true, value });

/** A form that does not: its problems, and what was typed. */
export const formRefused = <Typed, Field extends string = string>(
  problems: Partial<Record<Field, string>>,
  values: Typed,
): { ok: false; problems: FormProblems<Field>; values: Typed } => ({
  ok: false,
  problems: problems as FormProblems<Field>,
  values,
});

/**
 * The problem a page names first (in its notice and its summary's first line): the first
 * field, in the form's order of fields where it is given, that has one.
 */
export function firstProblem<Field extends string>(
  problems: FormProblems<Field>,
  order: readonly string[] = [],
): [field: Field, message: string] {
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const found = (Object.entries(problems) as [Field, string | undefined][])
    .filter((entry): entry is [Field, string] => entry[1] !== undefined)
    .sort(([a], [b]) => rank(a) - rank(b));
  const first = found[0];
  if (!first) throw new Error("a refused form names at least one problem");
  return first;
}

/**
 * A number as staff type it ("£25,000", "75%", " 6.5 ", ".5"): undefined when blank, NaN
 * when it is not a number. The one reader of amounts, rates and percentages typed in the
 * console; what range and how many decimal places a field takes is its form's rule.
 */
export function typedNumber(text: string | null | undefined): number | undefined {
  const bare = (text ?? "").replace(/[£,%\s]/g, "");
  if (bare === "") return undefined;
  return /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(bare) ? Number(bare) : Number.NaN;
}

/**
 * Pounds as typed ("£1,250.50", "0") in pence: null when blank, not a number, more than
 * two decimal places, or over `maxPounds`.
 */
export function typedPence(text: string | null | undefined, maxPounds: number): number | null {
  const pounds = typedNumber(text);
  if (pounds === undefined || Number.isNaN(pounds)) return null;
  const pence = Math.round(pounds * 100);
  if (Math.abs(pence - pounds * 100) > 1e-6 || pounds > maxPounds) return null;
  return pence;
}

/**
 * A refused post as a console page draws it again: the one message, the form it came
 * from, the field to mark and what was typed, or each problem beside its field for a form
 * of several. The one shape of a refusal a page shows (the guard's 403 is a
 * `PermissionRefusal`, a borrower's account form's an `AccountRefusal`).
 */
export interface Refusal {
  error: string;
  form?: string;
  field?: string;
  values?: Record<string, string>;
  /** Every problem of a form with several fields (the case's), each beside its field. */
  problems?: Record<string, string>;
}
