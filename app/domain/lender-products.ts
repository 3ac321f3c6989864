import { type FormRead, formRead, formRefused, typedNumber } from "./form-read";
import { z } from "./zod";
import {
  CREDIT_HISTORIES,
  type CreditHistory,
  EMPLOYMENT_STATUSES,
  type EmploymentStatus,
  LOAN_PURPOSES,
  type LoanPurpose,
  type Option,
  optionValues,
} from "./options";

// The lender panel's products (DECISIONS D22): what each lends, to whom, at what rate,
// and what it pays the broker. Staff keep them in the console (/staff/lenders); the
// criteria are stored as one JSON value, read back through `lenderCriteriaSchema`, and
// edited through a flat form read by `readProductForm`. Pure: no database, no clock.

export const PRODUCT_KINDS = [
  { value: "second-charge", label: "Second charge" },
  { value: "partner-hand-off", label: "Partner hand-off" },
] as const satisfies readonly Option[];
export type ProductKind = (typeof PRODUCT_KINDS)[number]["value"];

/** One rate band: the rate for an LTV up to and including `upToLtv`. */
export interface RateBand {
  upToLtv: number;
  ratePercent: number;
}

export interface LenderCriteria {
  /** Loan amount range in pounds, both ends included. */
  minLoan: number;
  maxLoan: number;
  /** Term range in months, both ends included. */
  minTermMonths: number;
  maxTermMonths: number;
  /** The highest LTV (per cent) lent to for each credit history the forms ask about; null: none lent to. */
  maxLtvByCredit: Record<CreditHistory, number | null>;
  /** The employment types accepted (every one, when all are ticked). */
  employment: EmploymentStatus[];
  /** The least monthly income in pounds (0: any). */
  minMonthlyIncome: number;
  /** The highest age at the end of the term, in whole years; null: no limit. */
  maxAgeAtEnd: number | null;
  /** The purposes it does not lend for. */
  excludedPurposes: LoanPurpose[];
  /** Ascending by `upToLtv`: the first band that holds the LTV gives the rate. */
  rateBands: RateBand[];
  /** The lender's fee in pounds, paid on top of the repayments (0: none). */
  feePounds: number;
  /** The broker's commission: a percentage of the loan, a fixed sum, or both. */
  commissionPercent: number;
  commissionFixedPounds: number;
}

export interface LenderProduct {
  id: string;
  lender: string;
  productName: string;
  kind: ProductKind;
  criteria: LenderCriteria;
  /** A retired product is kept (cases may name it) but never matched. */
  retired: boolean;
}

/** The editable part of a product: what the form posts. */
export type LenderProductInput = Omit<LenderProduct, "id" | "retired">;

export const LENDER_NAME_MAX_LENGTH = 120;
export const MAX_RATE_BANDS = 4;
/** Sanity caps: far above any real product, low enough for the figures to stay exact. */
const MAX_LOAN_CAP = 10_000_000;
const MAX_TERM_MONTHS_CAP = 480;
const MAX_MONEY_CAP = 1_000_000;

const hundredths = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const percent = z.number().min(0).max(100).refine(hundredths);
const ltvLimit = z.number().min(0).max(100).refine(hundredths).nullable();

/** The stored criteria (the jsonb column), as written by `readProductForm` and read back on every load. */
export const lenderCriteriaSchema = z
  .object({
    minLoan: z.number().int().min(1).max(MAX_LOAN_CAP),
    maxLoan: z.number().int().min(1).max(MAX_LOAN_CAP),
    minTermMonths: z.number().int().min(1).max(MAX_TERM_MONTHS_CAP),
    maxTermMonths: z.number().int().min(1).max(MAX_TERM_MONTHS_CAP),
    maxLtvByCredit: z.object({
      excellent: ltvLimit,
      good: ltvLimit,
      fair: ltvLimit,
      poor: ltvLimit,
      unsure: ltvLimit,
    }),
    employment: z.array(z.enum(optionValues(EMPLOYMENT_STATUSES))).min(1),
    minMonthlyIncome: z.number().int().min(0).max(MAX_MONEY_CAP),
    maxAgeAtEnd: z.number().int().min(18).max(120).nullable(),
    excludedPurposes: z.array(z.enum(optionValues(LOAN_PURPOSES))),
    rateBands: z
      .array(z.object({ upToLtv: percent, ratePercent: z.number().min(0).max(100).refine(hundredths) }))
      .min(1)
      .max(MAX_RATE_BANDS),
    feePounds: z.number().min(0).max(MAX_MONEY_CAP).refine(hundredths),
    commissionPercent: percent,
    commissionFixedPounds: z.number().min(0).max(MAX_MONEY_CAP).refine(hundredths),
  })
  .refine((c) => c.minLoan <= c.maxLoan)
  .refine((c) => c.minTermMonths <= c.maxTermMonths)
  .refine((c) => c.rateBands.every((b, i, all) => i === 0 || (all[i - 1] as RateBand).upToLtv < b.upToLtv));

// ── The form ────────────────────────────────────────────────────────────────────
// Field names as the page posts them; each problem names its field, so the page puts
// the message beside it and in the error summary (DECISIONS D24).

export const CREDIT_LTV_FIELDS: Record<CreditHistory, string> = {
  excellent: "ltvExcellent",
  good: "ltvGood",
  fair: "ltvFair",
  poor: "ltvPoor",
  unsure: "ltvUnsure",
};
export const rateBandFields = (i: number) => ({ upTo: `band${i + 1}UpTo`, rate: `band${i + 1}Rate` });

/** The form's fields, in page order: the error summary lists problems in this order. */
export const PRODUCT_FORM_FIELDS = [
  "lender",
  "productName",
  "kind",
  "minLoan",
  "maxLoan",
  "minTermMonths",
  "maxTermMonths",
  ...CREDIT_HISTORIES.map((c) => CREDIT_LTV_FIELDS[c.value]),
  "employment",
  "minMonthlyIncome",
  "maxAgeAtEnd",
  "excludedPurposes",
  ...Array.from({ length: MAX_RATE_BANDS }, (_, i) => [rateBandFields(i).upTo, rateBandFields(i).rate]).flat(),
  "feePounds",
  "commissionPercent",
  "commissionFixedPounds",
] as const;

/** What the form shows: each field's text as typed (or as stored), and the ticked boxes. */
export interface ProductFormValues {
  text: Record<string, string>;
  employment: string[];
  excludedPurposes: string[];
}

export type ProductFormResult = FormRead<LenderProductInput, ProductFormValues>;

/**
 * A number typed in a console form, in [min, max] with at most `decimals` places, or the
 * problem in the console's words ("Enter the smallest loan in pounds as a whole number").
 */
export function readFormNumber(
  text: string,
  what: string,
  { min, max, decimals = 0 }: { min: number; max: number; decimals?: number },
): { ok: true; value: number } | { ok: false; problem: string } {
  const n = typedNumber(text);
  if (n === undefined) return { ok: false, problem: `Enter ${what}` };
  const scaled = n * 10 ** decimals;
  if (Number.isNaN(n) || Math.abs(Math.round(scaled) - scaled) > 1e-6) {
    const places = decimals === 0 ? "a whole number" : `a number with at most ${decimals} decimal places`;
    return { ok: false, problem: `Enter ${what} as ${places}` };
  }
  if (n < min || n > max) {
    return {
      ok: false,
      problem: `Enter ${what} between ${min.toLocaleString("en-GB")} and ${max.toLocaleString("en-GB")}`,
    };
  }
  return { ok: true, value: n };
}

const moneyText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** A stored product as the form's values (for editing it). */
export function productFormValues(product: LenderProductInput): ProductFormValues {
  const c = product.criteria;
  const text: Record<string, string> = {
    lender: product.lender,
    productName: product.productName,
    kind: product.kind,
    minLoan: String(c.minLoan),
    maxLoan: String(c.maxLoan),
    minTermMonths: String(c.minTermMonths),
    maxTermMonths: String(c.maxTermMonths),
    minMonthlyIncome: String(c.minMonthlyIncome),
    maxAgeAtEnd: c.maxAgeAtEnd === null ? "" : String(c.maxAgeAtEnd),
    feePounds: moneyText(c.feePounds),
    commissionPercent: String(c.commissionPercent),
    commissionFixedPounds: moneyText(c.commissionFixedPounds),
  };
  for (const { value } of CREDIT_HISTORIES) {
    const limit = c.maxLtvByCredit[value];
    text[CREDIT_LTV_FIELDS[value]] = limit === null ? "" : String(limit);
  }
  for (const [i, band] of c.rateBands.entries()) {
    text[rateBandFields(i).upTo] = String(band.upToLtv);
    text[rateBandFields(i).rate] = String(band.ratePercent);
  }
  return { text, employment: [...c.employment], excludedPurposes: [...c.excludedPurposes] };
}

/** An empty form: every employment type accepted, nothing excluded. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  text: { kind: "second-charge", feePounds: "0", commissionPercent: "0", commissionFixedPounds: "0" },
  employment: EMPLOYMENT_STATUSES.map((e) => e.value),
  excludedPurposes: [],
};

type Read = (name: string) => string;

/**
 * The posted form as a product, or each problem beside its field. `get` reads one
 * field's text, `getAll` a group of ticked boxes (FormData's own methods fit).
 */
export function readProductForm(get: Read, getAll: (name: string) => string[]): ProductFormResult {
  const problems: Record<string, string> = {};
  const text: Record<string, string> = {};
  for (const name of PRODUCT_FORM_FIELDS) {
    if (name !== "employment" && name !== "excludedPurposes") text[name] = get(name).trim();
  }
  const values: ProductFormValues = {
    text,
    employment: getAll("employment"),
    excludedPurposes: getAll("excludedPurposes"),
  };
  const problem = (field: string, message: string) => {
    problems[field] ??= message;
  };

  const name = (field: "lender" | "productName", what: string) => {
    const value = text[field] ?? "";
    if (value === "") problem(field, `Enter the ${what}`);
    else if (value.length > LENDER_NAME_MAX_LENGTH)
      problem(field, `The ${what} must be ${LENDER_NAME_MAX_LENGTH} characters or fewer`);
    return value;
  };
  const lender = name("lender", "lender's name");
  const productName = name("productName", "product's name");
  const kind = PRODUCT_KINDS.find((k) => k.value === text.kind)?.value;
  if (!kind) problem("kind", "Choose the kind of product");

  /** A number in [min, max] with at most `decimals` places; undefined (and a problem) otherwise. */
  const number = (
    field: string,
    what: string,
    { min, max, decimals = 0, optional = false }: { min: number; max: number; decimals?: number; optional?: boolean },
  ): number | undefined | null => {
    const typed = text[field] ?? "";
    if (optional && typedNumber(typed) === undefined) return null;
    const read = readFormNumber(typed, what, { min, max, decimals });
    if (read.ok) return read.value;
    problem(field, read.problem);
    return undefined;
  };

  const minLoan = number("minLoan", "the smallest loan in pounds", { min: 1, max: MAX_LOAN_CAP });
  const maxLoan = number("maxLoan", "the largest loan in pounds", { min: 1, max: MAX_LOAN_CAP });
  if (typeof minLoan === "number" && typeof maxLoan === "number" && maxLoan < minLoan)
    problem("maxLoan", "The largest loan must be at least the smallest");
  const minTerm = number("minTermMonths", "the shortest term in months", { min: 1, max: MAX_TERM_MONTHS_CAP });
  const maxTerm = number("maxTermMonths", "the longest term in months", { min: 1, max: MAX_TERM_MONTHS_CAP });
  if (typeof minTerm === "number" && typeof maxTerm === "number" && maxTerm < minTerm)
    problem("maxTermMonths", "The longest term must be at least the shortest");

  const maxLtvByCredit = {} as Record<CreditHistory, number | null>;
  for (const { value, label } of CREDIT_HISTORIES) {
    const field = CREDIT_LTV_FIELDS[value];
    const limit = number(field, `the highest LTV for ${label.toLowerCase()} credit in per cent`, {
      min: 0,
      max: 100,
      decimals: 2,
      optional: true,
    });
    maxLtvByCredit[value] = limit ?? null;
  }
  if (CREDIT_HISTORIES.every((c) => text[CREDIT_LTV_FIELDS[c.value]] === ""))
    problem(CREDIT_LTV_FIELDS.excellent, "Enter the highest LTV for at least one credit history");

  const employment = EMPLOYMENT_STATUSES.map((e) => e.value).filter((v) => values.employment.includes(v));
  if (employment.length === 0) problem("employment", "Tick at least one employment type this product accepts");
  const excludedPurposes = LOAN_PURPOSES.map((p) => p.value).filter((v) => values.excludedPurposes.includes(v));

  const minMonthlyIncome = number("minMonthlyIncome", "the least monthly income in pounds (0 for any)", {
    min: 0,
    max: MAX_MONEY_CAP,
  });
  const maxAgeAtEnd = number("maxAgeAtEnd", "the highest age at the end of the term in years", {
    min: 18,
    max: 120,
    optional: true,
  });

  const rateBands: RateBand[] = [];
  for (let i = 0; i < MAX_RATE_BANDS; i++) {
    const f = rateBandFields(i);
    if (text[f.upTo] === "" && text[f.rate] === "") continue;
    const upToLtv = number(f.upTo, `the band's highest LTV in per cent`, { min: 0, max: 100, decimals: 2 });
    const ratePercent = number(f.rate, "the band's rate in per cent", { min: 0, max: 100, decimals: 2 });
    if (typeof upToLtv !== "number" || typeof ratePercent !== "number") continue;
    const previous = rateBands.at(-1);
    if (previous && upToLtv <= previous.upToLtv)
      problem(f.upTo, "Each band's highest LTV must be above the band before it");
    else rateBands.push({ upToLtv, ratePercent });
  }
  if (rateBands.length === 0 && !Object.keys(problems).some((p) => p.startsWith("band")))
    problem(rateBandFields(0).upTo, "Enter at least one rate band: its highest LTV and its rate");

  const feePounds = number("feePounds", "the lender's fee in pounds (0 for none)", {
    min: 0,
    max: MAX_MONEY_CAP,
    decimals: 2,
  });
  const commissionPercent = number("commissionPercent", "the commission as a percentage of the loan (0 for none)", {
    min: 0,
    max: 100,
    decimals: 2,
  });
  const commissionFixedPounds = number("commissionFixedPounds", "the fixed commission in pounds (0 for none)", {
    min: 0,
    max: MAX_MONEY_CAP,
    decimals: 2,
  });

  if (Object.keys(problems).length > 0 || !kind) return formRefused(problems, values);
  const criteria: LenderCriteria = {
    minLoan: minLoan as number,
    maxLoan: maxLoan as number,
    minTermMonths: minTerm as number,
    maxTermMonths: maxTerm as number,
    maxLtvByCredit,
    employment,
    minMonthlyIncome: minMonthlyIncome as number,
    maxAgeAtEnd: maxAgeAtEnd ?? null,
    excludedPurposes,
    rateBands,
    feePounds: feePounds as number,
    commissionPercent: commissionPercent as number,
    commissionFixedPounds: commissionFixedPounds as number,
  };
  // The stored shape's own check: what the form lets through, the schema must take.
  lenderCriteriaSchema.parse(criteria);
  return formRead({ lender, productName, kind, criteria });
}

/** The problems in the form's order, for the error summary. */
export function problemsInOrder(problems: Partial<Record<string, string>>): { field: string; message: string }[] {
  return PRODUCT_FORM_FIELDS.filter((f) => problems[f]).map((f) => ({ field: f, message: problems[f] as string }));
}
