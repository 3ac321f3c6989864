// The submit-time schemas the browser and the server share (D1: same schema both sides).
// Unknown keys (the honeypot among them) are stripped; the server deals with those.

import { z } from "./zod";
import { EMAIL_PATTERN } from "./email";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from "./field-limits";
import * as m from "./messages";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  QUICK_AGE_BANDS,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_HOMEOWNER_STATUSES,
  QUICK_LOAN_PURPOSES,
  optionValues,
} from "./options";
import { isUkPhone } from "./phone";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, MIN_PROPERTY_VALUE } from "./rates";

// Sanity caps on money fields: far above any real case, low enough for a 32-bit column.
const MAX_PROPERTY_VALUE = 1_000_000_000;
const MAX_MONTHLY_INCOME = 100_000_000;

// ── Field builders ────────────────────────────────────────────────────────────

function requiredText(required: string, tooLong: string, maxLength = NAME_MAX_LENGTH) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(maxLength, { error: tooLong });
}

const email = z
  .string({ error: m.EMAIL_INVALID })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: m.EMAIL_INVALID })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: m.EMAIL_INVALID }));

const ukPhone = z
  .string({ error: m.PHONE_REQUIRED })
  .trim()
  // abort: an empty number is "required", not also "invalid".
  .min(1, { error: m.PHONE_REQUIRED, abort: true })
  .max(PHONE_MAX_LENGTH, { error: m.UK_PHONE_INVALID, abort: true })
  .refine(isUkPhone, { error: m.UK_PHONE_INVALID });

function wholePounds(required: string) {
  return z.number({ error: required }).int({ error: m.WHOLE_POUNDS });
}

const homeownerLoanAmount = (tooLow: string, tooHigh: string) =>
  wholePounds(m.LOAN_AMOUNT_REQUIRED)
    .min(HOMEOWNER_MIN_LOAN, { error: tooLow })
    .max(HOMEOWNER_MAX_LOAN, { error: tooHigh });

const propertyValue = wholePounds(m.PROPERTY_VALUE_REQUIRED)
  .min(MIN_PROPERTY_VALUE, { error: m.PROPERTY_VALUE_TOO_LOW })
  .max(MAX_PROPERTY_VALUE, { error: m.AMOUNT_TOO_HIGH });

const mortgageBalance = wholePounds(m.MORTGAGE_BALANCE_REQUIRED)
  .min(0, { error: m.AMOUNT_NOT_NEGATIVE })
  .max(MAX_PROPERTY_VALUE, { error: m.AMOUNT_TOO_HIGH });

const monthlyIncome = wholePounds(m.MONTHLY_INCOME_REQUIRED)
  .min(0, { error: m.AMOUNT_NOT_NEGATIVE })
  .max(MAX_MONTHLY_INCOME, { error: m.AMOUNT_TOO_HIGH });

const landingPageUrl = z
  .string({ error: m.LANDING_PAGE_URL_TOO_LONG })
  .max(URL_MAX_LENGTH, { error: m.LANDING_PAGE_URL_TOO_LONG })
  .optional();

// Advisory figures: accepted so the browser can send what it showed, but the server
// recomputes them from the answers (rates.indicativeQuote) and never trusts these.
const advisoryFigure = z.number({ error: m.NUMBER_INVALID }).nullish();

const consent = z.literal(true, { error: m.CONSENT_REQUIRED });

// ── Quote (main form, spec section 5 "Schema on submit") ──────────────────────

export const quoteSchema = z.object({
  email,
  first_name: requiredText(m.FIRST_NAME_REQUIRED, m.FIRST_NAME_TOO_LONG),
  last_name: requiredText(m.LAST_NAME_REQUIRED, m.LAST_NAME_TOO_LONG),
  phone: ukPhone,
  loan_purpose: z.enum(optionValues(LOAN_PURPOSES), { error: m.LOAN_PURPOSE_REQUIRED }),
  homeowner_status: z.enum(optionValues(HOMEOWNER_STATUSES), { error: m.HOMEOWNER_STATUS_REQUIRED }),
  credit_history: z.enum(optionValues(CREDIT_HISTORIES), { error: m.CREDIT_HISTORY_REQUIRED }),
  loan_amount: homeownerLoanAmount(m.LOAN_AMOUNT_TOO_LOW, m.LOAN_AMOUNT_TOO_HIGH),
  // Required for everyone, outright owners included: D3 gives them a property step.
  property_value: propertyValue,
  mortgage_balance: mortgageBalance.default(0),
  monthly_income: monthlyIncome.optional(),
  age: z.enum(optionValues(AGE_BANDS), { error: m.AGE_INVALID }).optional(),
  employment_status: z.enum(optionValues(EMPLOYMENT_STATUSES), { error: m.EMPLOYMENT_STATUS_INVALID }).optional(),
  ltv_ratio: advisoryFigure,
  indicative_rate: advisoryFigure,
  monthly_payment: advisoryFigure,
  landing_page_url: landingPageUrl,
  // Validated, never stored (spec section 3).
  consent,
});

/** What the browser sends. */
export type QuoteInput = z.input<typeof quoteSchema>;
/** What the server stores after parsing (defaults applied, strings trimmed). */
export type Quote = z.output<typeof quoteSchema>;

// ── Personal enquiry (quick form, homeowner path; spec section 7) ─────────────

export const enquirySchema = z
  .object({
    // The quick form only sends an enquiry from its homeowner path.
    loanType: z.literal("homeowner", { error: m.LOAN_TYPE_HOMEOWNER_ONLY }),
    loanAmount: homeownerLoanAmount(m.QUICK_HOMEOWNER_LOAN_TOO_LOW, m.HOMEOWNER_LOAN_TOO_HIGH),
    homeownerStatus: z.enum(optionValues(QUICK_HOMEOWNER_STATUSES), {
      error: m.HOMEOWNER_STATUS_REQUIRED,
    }),
    loanPurpose: z.enum(optionValues(QUICK_LOAN_PURPOSES), { error: m.LOAN_PURPOSE_REQUIRED }),
    monthlyIncome,
    employmentStatus: z.enum(optionValues(QUICK_EMPLOYMENT_STATUSES), {
      error: m.EMPLOYMENT_STATUS_REQUIRED,
    }),
    creditHistory: z.enum(optionValues(CREDIT_HISTORIES), { error: m.CREDIT_HISTORY_REQUIRED }),
    // Required for mortgage owners (below); outright owners are asked their age instead.
    propertyValue: propertyValue.optional(),
    mortgageBalance: mortgageBalance.optional(),
    age: z.enum(optionValues(QUICK_AGE_BANDS), { error: m.AGE_INVALID }).optional(),
    firstName: requiredText(m.FIRST_NAME_REQUIRED, m.FIRST_NAME_TOO_LONG),
    lastName: requiredText(m.LAST_NAME_REQUIRED, m.LAST_NAME_TOO_LONG),
    email,
    phone: ukPhone,
    landingPageUrl,
    consent,
  })
  // `when: always` so these report alongside other field errors instead of only after
  // everything else passes; each checks only for absence, so never doubles a field error.
  .refine((v) => v.homeownerStatus !== "mortgage" || v.propertyValue !== undefined, {
    error: m.PROPERTY_VALUE_REQUIRED,
    path: ["propertyValue"],
    when: always,
  })
  .refine((v) => v.homeownerStatus !== "mortgage" || v.mortgageBalance !== undefined, {
    error: m.MORTGAGE_BALANCE_REQUIRED,
    path: ["mortgageBalance"],
    when: always,
  })
  .refine((v) => v.homeownerStatus !== "outright" || v.age !== undefined, {
    error: m.AGE_REQUIRED,
    path: ["age"],
    when: always,
  });

function always(): boolean {
  return true;
}

export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;

// ── Contact form ──────────────────────────────────────────────────────────────

function minMaxText(min: number, tooShort: string, max: number, tooLong: string) {
  return z.string({ error: tooShort }).trim().min(min, { error: tooShort }).max(max, { error: tooLong });
}

export const contactSchema = z.object({
  name: minMaxText(2, m.CONTACT_NAME_TOO_SHORT, NAME_MAX_LENGTH, m.CONTACT_NAME_TOO_LONG),
  email,
  // Any phone will do here (overseas customers write in too), so only a length check.
  phone: minMaxText(10, m.CONTACT_PHONE_INVALID, PHONE_MAX_LENGTH, m.CONTACT_PHONE_TOO_LONG),
  subject: minMaxText(5, m.CONTACT_SUBJECT_TOO_SHORT, CONTACT_SUBJECT_MAX_LENGTH, m.CONTACT_SUBJECT_TOO_LONG),
  message: minMaxText(10, m.CONTACT_MESSAGE_TOO_SHORT, CONTACT_MESSAGE_MAX_LENGTH, m.CONTACT_MESSAGE_TOO_LONG),
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

// ── Errors ────────────────────────────────────────────────────────────────────

export interface FieldError {
  /** Dotted field path, e.g. "loan_amount"; "" for a problem with the whole payload. */
  path: string;
  message: string;
}

/** For the 'Validation Error' toast and the server's 400 bodies. */
export function issuesToFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}
