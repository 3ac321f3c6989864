// Correcting what a borrower mistyped (DECISIONS D29): which of a lead's fields staff may
// correct, read from a posted form by the very schema the borrower's form was read with
// (same rules, same messages), and the old and new values in the words the forms used.

import { formatPounds, parseWholePounds } from "./finance";
import type { LeadKind } from "./leads";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  type Option,
  optionLabel,
  QUICK_AGE_BANDS,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_HOMEOWNER_STATUSES,
  QUICK_LOAN_PURPOSES,
} from "./options";
import { sanitiseContact, sanitiseEnquiry, sanitiseQuote } from "./sanitise";
import { contactSchema, enquirySchema, quoteSchema } from "./schemas";
import { type FormRead, formRead, formRefused } from "./form-read";

/** One field staff may correct: its column, its key in the form's schema, and how it is typed. */
export interface CorrectableField {
  /** The column's name (camelCase), also the correction form's field name. */
  field: string;
  /** The key the borrower's form sent it under, which the schema's messages are about. */
  key: string;
  label: string;
  input: "text" | "email" | "tel" | "amount" | "choice";
  options?: readonly Option[];
  /** The form let the borrower leave it out (or asked it of only some). */
  optional?: boolean;
}

/** A value as stored: text, whole pounds, or nothing. */
export type StoredValue = string | number | null;

/** One field's correction as the timeline keeps it: for the lead page, never an audit row or log. */
export interface CorrectionChange {
  field: string;
  from: StoredValue;
  to: StoredValue;
}

/** The figures a quote showed its borrower when sent (the quote's LTV, rate and payment). */
export interface ShownFigures {
  ltv: number | null;
  indicativeRate: number | null;
  monthlyPayment: number | null;
}

const contactDetails = (first: string, last: string): CorrectableField[] => [
  { field: "firstName", key: first, label: "First name", input: "text" },
  { field: "lastName", key: last, label: "Last name", input: "text" },
  { field: "email", key: "email", label: "Email", input: "email" },
  { field: "phone", key: "phone", label: "Phone", input: "tel" },
];

/**
 * What each kind of lead may have corrected: every answer its form asked, and the contact
 * details. A contact message's subject and message are what the person wrote, not facts
 * about them, so only its name, email and phone are corrected.
 */
export const CORRECTABLE_FIELDS: Record<LeadKind, readonly CorrectableField[]> = {
  quote: [
    ...contactDetails("first_name", "last_name"),
    { field: "loanPurpose", key: "loan_purpose", label: "Loan purpose", input: "choice", options: LOAN_PURPOSES },
    {
      field: "homeownerStatus",
      key: "homeowner_status",
      label: "Homeowner status",
      input: "choice",
      options: HOMEOWNER_STATUSES,
    },
    {
      field: "creditHistory",
      key: "credit_history",
      label: "Credit history",
      input: "choice",
      options: CREDIT_HISTORIES,
    },
    { field: "loanAmount", key: "loan_amount", label: "Loan amount", input: "amount" },
    { field: "propertyValue", key: "property_value", label: "Property value", input: "amount" },
    { field: "mortgageBalance", key: "mortgage_balance", label: "Mortgage balance", input: "amount" },
    { field: "monthlyIncome", key: "monthly_income", label: "Monthly income", input: "amount", optional: true },
    { field: "age", key: "age", label: "Age", input: "choice", options: AGE_BANDS, optional: true },
    {
      field: "employmentStatus",
      key: "employment_status",
      label: "Employment",
      input: "choice",
      options: EMPLOYMENT_STATUSES,
      optional: true,
    },
  ],
  "personal-enquiry": [
    ...contactDetails("firstName", "lastName"),
    { field: "loanAmount", key: "loanAmount", label: "Loan amount", input: "amount" },
    {
      field: "homeownerStatus",
      key: "homeownerStatus",
      label: "Homeowner status",
      input: "choice",
      options: QUICK_HOMEOWNER_STATUSES,
    },
    { field: "loanPurpose", key: "loanPurpose", label: "Loan purpose", input: "choice", options: QUICK_LOAN_PURPOSES },
    { field: "monthlyIncome", key: "monthlyIncome", label: "Monthly income", input: "amount" },
    {
      field: "employmentStatus",
      key: "employmentStatus",
      label: "Employment",
      input: "choice",
      options: QUICK_EMPLOYMENT_STATUSES,
    },
    {
      field: "creditHistory",
      key: "creditHistory",
      label: "Credit history",
      input: "choice",
      options: CREDIT_HISTORIES,
    },
    { field: "propertyValue", key: "propertyValue", label: "Property value", input: "amount", optional: true },
    { field: "mortgageBalance", key: "mortgageBalance", label: "Mortgage balance", input: "amount", optional: true },
    { field: "age", key: "age", label: "Age", input: "choice", options: QUICK_AGE_BANDS, optional: true },
  ],
  contact: [
    { field: "name", key: "name", label: "Name", input: "text" },
    { field: "email", key: "email", label: "Email", input: "email" },
    { field: "phone", key: "phone", label: "Phone", input: "tel" },
  ],
};

/** The schema the borrower's form was read with, after the same cleaning. */
const SCHEMAS = {
  quote: { clean: sanitiseQuote, schema: quoteSchema, fixed: { consent: true } },
  "personal-enquiry": {
    clean: sanitiseEnquiry,
    schema: enquirySchema,
    fixed: { consent: true, loanType: "homeowner" },
  },
  contact: { clean: sanitiseContact, schema: contactSchema, fixed: {} },
} as const;

/** A field of the lead as the correction form starts it: the stored value as typed text. */
export function formValueOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** A correction read: the lead's answers as corrected, or each problem by field with what was typed. */
export type CorrectionRead = FormRead<Record<string, unknown>>;

/**
 * Reads a correction form against the lead as stored (`row`, by column): each posted field
 * replaces its stored value, and the whole is read by the kind's own schema, so a corrected
 * field is held to the rules (and the messages) the borrower's form held it to. A field
 * left blank is unanswered. Problems are keyed by the form's field names.
 */
export function readCorrection(
  kind: LeadKind,
  row: Record<string, unknown>,
  posted: (field: string) => string | null,
): CorrectionRead {
  const fields = CORRECTABLE_FIELDS[kind];
  const { clean, schema, fixed } = SCHEMAS[kind];
  const input: Record<string, unknown> = { ...fixed };
  const values: Record<string, string> = {};
  // A contact message's subject and message are not corrected but the schema reads them.
  if (kind === "contact") Object.assign(input, { subject: row.subject, message: row.message });
  for (const f of fields) {
    const typed = posted(f.field);
    values[f.field] = typed ?? formValueOf(row[f.field]);
    const raw = typed ?? row[f.field];
    if (raw === null || raw === undefined || raw === "")
      input[f.key] = f.input === "text" || f.input === "email" || f.input === "tel" ? "" : undefined;
    else if (f.input === "amount") input[f.key] = typeof raw === "number" ? raw : parseWholePounds(String(raw));
    else input[f.key] = String(raw);
  }
  const read = schema.safeParse(clean(input));
  if (read.success) return formRead(read.data as Record<string, unknown>);
  const problems: Record<string, string> = {};
  for (const issue of read.error.issues) {
    const field = fields.find((f) => f.key === issue.path[0])?.field;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return formRefused(problems, values);
}

/** The fields whose values differ between the lead as stored and as corrected, in the form's order. */
export function changesBetween(
  kind: LeadKind,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): CorrectionChange[] {
  const stored = (v: unknown): StoredValue => (typeof v === "number" || typeof v === "string" ? v : null);
  return CORRECTABLE_FIELDS[kind]
    .map((f) => ({ field: f.field, from: stored(before[f.field]), to: stored(after[f.field]) }))
    .filter((c) => c.from !== c.to);
}

/** A corrected value in the forms' words: a choice's label, an amount in pounds, or "Not given". */
export function correctionValueText(kind: LeadKind, field: string, value: StoredValue): string {
  if (value === null || value === "") return "Not given";
  const f = CORRECTABLE_FIELDS[kind].find((x) => x.field === field);
  if (f?.input === "amount" && typeof value === "number") return formatPounds(value);
  if (f?.options) return optionLabel(f.options, String(value));
  return String(value);
}

/** "Phone and property value corrected": the timeline's heading for a correction. */
export function correctionTitle(changes: readonly CorrectionChange[]): string {
  // A field has the same label whatever the kind of lead.
  const all = Object.values(CORRECTABLE_FIELDS).flat();
  const labels = changes.map((c) => all.find((f) => f.field === c.field)?.label ?? c.field);
  const words = labels.map((l, i) => (i === 0 ? l : l.toLowerCase()));
  const list = words.length <= 1 ? (words[0] ?? "Details") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return `${list} corrected`;
}

export const CORRECTION_PROBLEMS = {
  unchanged: "Nothing was changed: correct a field, then save.",
} as const;
