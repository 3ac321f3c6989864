// The Quick Eligibility Check (/apply-personal): personal loans go to a partner after
// three steps; homeowner loans take seven steps and end in an enquiry (spec sections
// 2, 4, 5, 7, 8; D4).

import { isEmail } from "./email";
import * as m from "./messages";
import type {
  CreditHistory,
  QuickAgeBand,
  QuickEmploymentStatus,
  QuickHomeownerStatus,
  QuickLoanPurpose,
  QuickLoanType,
  ResidentialStatus,
} from "./options";
import { isUkPhone } from "./phone";
import { isAmount, sharedStepIssues } from "./shared-steps";
import {
  HOMEOWNER_MAX_LOAN,
  HOMEOWNER_MIN_LOAN,
  MIN_PROPERTY_VALUE,
  PERSONAL_MAX_LOAN,
  PERSONAL_MIN_LOAN,
  REDIRECT_LOWER_LIMIT,
} from "./rates";
import { sanitiseEnquiry } from "./sanitise";
import type { EnquiryInput } from "./schemas";

export {
  ENQUIRY_FAILED,
  ENQUIRY_INVALID,
  ENQUIRY_SUCCESS,
  ENQUIRY_TOO_MANY,
  PERSONAL_LOAN_TOO_HIGH,
  PERSONAL_LOAN_TOO_LOW,
  QUICK_EMAIL_INVALID,
  QUICK_HOMEOWNER_LOAN_TOO_LOW,
  QUICK_PHONE_INVALID,
  QUICK_REQUIRED_FIELDS,
} from "./messages";

export const QUICK_FORM_SUBMIT_LABEL = "Get Quote";

/** Personal loans from £10,000 up to the lower limit go to partner B only for these. */
const PARTNER_B_PERSONAL_MIN = 10_000;

export interface QuickFormAnswers {
  loanType: QuickLoanType | undefined;
  /** Personal path only. */
  residentialStatus: ResidentialStatus | undefined;
  /** Homeowner path only. */
  homeownerStatus: QuickHomeownerStatus | undefined;
  loanAmount: number | undefined;
  loanPurpose: QuickLoanPurpose | undefined;
  age: QuickAgeBand | undefined;
  propertyValue: number | undefined;
  mortgageBalance: number | undefined;
  monthlyIncome: number | undefined;
  employmentStatus: QuickEmploymentStatus | undefined;
  creditHistory: CreditHistory | undefined;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
}

export const EMPTY_QUICK_FORM_ANSWERS: Readonly<QuickFormAnswers> = {
  loanType: undefined,
  residentialStatus: undefined,
  homeownerStatus: undefined,
  loanAmount: undefined,
  loanPurpose: undefined,
  age: undefined,
  propertyValue: undefined,
  mortgageBalance: undefined,
  monthlyIncome: undefined,
  employmentStatus: undefined,
  creditHistory: undefined,
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  consent: false,
};

export type QuickFormField = keyof QuickFormAnswers;

/** The quick check's steps, in the order they can come (spec section 4). */
export const QUICK_FORM_STEP_IDS = [
  "type",
  "amount",
  "residential",
  "status",
  "age",
  "property",
  "income",
  "credit",
  "contact",
  "check",
] as const satisfies readonly QuickStepId[];

export type QuickStepId =
  | "type"
  | "amount"
  | "residential"
  | "status"
  | "age"
  | "property"
  | "income"
  | "credit"
  | "contact"
  | "check";

// Every step a path can hold, in order; a borrower's path is a subsequence of one.
const PERSONAL_PATH: readonly QuickStepId[] = ["type", "amount", "residential"];
const HOMEOWNER_PATH: readonly QuickStepId[] = [
  "type",
  "status",
  "amount",
  "age",
  "property",
  "income",
  "credit",
  "contact",
  "check",
];

/**
 * Personal: 3 steps. Homeowner: 7, with age for outright owners or property value and
 * mortgage balance otherwise, then 'Check your answers' (decision 500; not a question, so
 * not counted). Before a type is chosen (or for bridging and business, which leave the
 * site) there is only the first step.
 */
export function quickFormSteps(answers: Pick<QuickFormAnswers, "loanType" | "homeownerStatus">): QuickStepId[] {
  if (answers.loanType === "personal") return [...PERSONAL_PATH];
  if (answers.loanType === "homeowner") {
    const skipped: QuickStepId = answers.homeownerStatus === "outright" ? "property" : "age";
    return HOMEOWNER_PATH.filter((step) => step !== skipped);
  }
  return ["type"];
}

/**
 * The N of 'Step n of N': this borrower's questions once the loan type is chosen; before
 * that (and for bridging and business, which leave at the first step) the longest path's
 * (homeowner, 7), so the progress never falls when the type is chosen: a personal loan's
 * 3 steps only jump ahead. The check page is not a question and is not counted.
 */
export function quickProgressTotal(answers: Pick<QuickFormAnswers, "loanType" | "homeownerStatus">): number {
  const questions = (path: QuickStepId[]) => path.filter((step) => step !== "check").length;
  if (answers.loanType === "personal" || answers.loanType === "homeowner") return questions(quickFormSteps(answers));
  return Math.max(
    questions(quickFormSteps({ loanType: "personal", homeownerStatus: undefined })),
    questions(quickFormSteps({ loanType: "homeowner", homeownerStatus: undefined })),
  );
}

export interface QuickStepIssues {
  /** Required answers not yet given, in field order. */
  missing: string[];
  /** The same messages by the field each is about: said at the field and in the error summary (D30). */
  missingFields: Partial<Record<QuickFormField, string>>;
  /** Inline messages by field. */
  errors: Partial<Record<QuickFormField, string>>;
}

export function quickStepIssues(stepId: QuickStepId, answers: QuickFormAnswers): QuickStepIssues {
  const missing: string[] = [];
  const missingFields: Partial<Record<QuickFormField, string>> = {};
  const errors: Partial<Record<QuickFormField, string>> = {};
  const need = (field: QuickFormField, message: string) => {
    missing.push(message);
    missingFields[field] = message;
  };

  switch (stepId) {
    case "type":
      if (!answers.loanType) need("loanType", m.LOAN_TYPE_MISSING);
      break;
    case "amount": {
      if (!isAmount(answers.loanAmount)) need("loanAmount", m.LOAN_AMOUNT_MISSING);
      const error = quickLoanAmountError(answers.loanAmount, answers.loanType);
      if (error) errors.loanAmount = error;
      if (answers.loanType === "homeowner" && !answers.loanPurpose) need("loanPurpose", m.LOAN_PURPOSE_MISSING);
      break;
    }
    case "residential":
      if (!answers.residentialStatus) need("residentialStatus", m.RESIDENTIAL_STATUS_MISSING);
      break;
    case "status":
      if (!answers.homeownerStatus) need("homeownerStatus", m.HOMEOWNER_STATUS_MISSING);
      break;
    case "age":
      if (!answers.age) need("age", m.AGE_MISSING);
      break;
    case "property":
      if (!isAmount(answers.propertyValue)) need("propertyValue", m.PROPERTY_VALUE_MISSING);
      else if (answers.propertyValue < MIN_PROPERTY_VALUE) errors.propertyValue = m.PROPERTY_VALUE_TOO_LOW;
      if (answers.homeownerStatus === "mortgage" && !isAmount(answers.mortgageBalance)) {
        need("mortgageBalance", m.MORTGAGE_BALANCE_MISSING);
      } else if (isAmount(answers.mortgageBalance) && answers.mortgageBalance < 0) {
        errors.mortgageBalance = m.MORTGAGE_BALANCE_NEGATIVE;
      }
      break;
    case "income":
    case "credit":
    case "contact":
    case "check":
      sharedStepIssues(stepId, answers, need, errors);
      break;
  }
  return { missing, missingFields, errors };
}

export function canContinueQuick(stepId: QuickStepId, answers: QuickFormAnswers): boolean {
  const { missing, errors } = quickStepIssues(stepId, answers);
  return missing.length === 0 && Object.keys(errors).length === 0;
}

/** Personal loans £1,000 to £50,000; homeowner loans £10,000 to £2,500,000. */
export function quickLoanAmountError(
  loanAmount: number | undefined,
  loanType: QuickLoanType | undefined,
): string | null {
  if (!isAmount(loanAmount)) return null;
  if (loanType === "personal") {
    if (loanAmount < PERSONAL_MIN_LOAN) return m.PERSONAL_LOAN_TOO_LOW;
    if (loanAmount > PERSONAL_MAX_LOAN) return m.PERSONAL_LOAN_TOO_HIGH;
  }
  if (loanType === "homeowner") {
    if (loanAmount < HOMEOWNER_MIN_LOAN) return m.QUICK_HOMEOWNER_LOAN_TOO_LOW;
    if (loanAmount > HOMEOWNER_MAX_LOAN) return m.HOMEOWNER_LOAN_TOO_HIGH;
  }
  return null;
}

export type PersonalRoute = "/creditec-redirect" | "/loanswarehouse-redirect";

/**
 * D4: £1,000–£9,999 → partner A whatever the status; £10,000–£25,000 → partner B for
 * homeowners with a mortgage, else partner A; £25,001–£50,000 → partner B.
 */
export function personalRedirect(loanAmount: number, residentialStatus: ResidentialStatus | undefined): PersonalRoute {
  if (loanAmount < PARTNER_B_PERSONAL_MIN) return "/creditec-redirect";
  if (loanAmount <= REDIRECT_LOWER_LIMIT) {
    return residentialStatus === "homeowner-mortgage" ? "/loanswarehouse-redirect" : "/creditec-redirect";
  }
  return "/loanswarehouse-redirect";
}

/**
 * A homeowner-loan enquiry for less than the secured minimum is offered the partner route
 * a personal loan of that amount would take (D4: under £10,000 goes to partner A whatever
 * the residential status), as the calculators offer personal loans. The route, or null.
 */
export function quickPersonalLoanOffer(
  answers: Pick<QuickFormAnswers, "loanType" | "loanAmount">,
): PersonalRoute | null {
  const { loanType, loanAmount } = answers;
  if (loanType !== "homeowner" || !isAmount(loanAmount) || loanAmount >= HOMEOWNER_MIN_LOAN) return null;
  return personalRedirect(loanAmount, undefined);
}

export type QuickNextStep =
  | { kind: "step"; step: QuickStepId }
  | { kind: "redirect"; to: PersonalRoute }
  /** Bridging and business loans go to the sister sites; their URLs are configuration. */
  | { kind: "external"; partner: "bridging" | "business" }
  | { kind: "submit" };

/** Where Next leads from a complete step (check canContinueQuick first). */
export function quickNextAfter(stepId: QuickStepId, answers: QuickFormAnswers): QuickNextStep {
  if (stepId === "type" && (answers.loanType === "bridging" || answers.loanType === "business")) {
    return { kind: "external", partner: answers.loanType };
  }
  if (answers.loanType === "personal" && stepId === "residential") {
    return { kind: "redirect", to: personalRedirect(answers.loanAmount ?? 0, answers.residentialStatus) };
  }
  const order = answers.loanType === "personal" ? PERSONAL_PATH : HOMEOWNER_PATH;
  const position = order.indexOf(stepId);
  const next = quickFormSteps(answers).find((step) => order.indexOf(step) > position);
  return next === undefined ? { kind: "submit" } : { kind: "step", step: next };
}

/**
 * The check run when 'Get Quote' is pressed: the first problem's message (spec section 5
 * wording), or null when the enquiry can be sent.
 */
export function quickSubmitIssue(answers: QuickFormAnswers): string | null {
  const mortgage = answers.homeownerStatus === "mortgage";
  const outright = answers.homeownerStatus === "outright";
  const required = [
    answers.loanType === "homeowner",
    answers.homeownerStatus !== undefined,
    isAmount(answers.loanAmount),
    answers.loanPurpose !== undefined,
    !outright || answers.age !== undefined,
    !mortgage || isAmount(answers.propertyValue),
    !mortgage || isAmount(answers.mortgageBalance),
    isAmount(answers.monthlyIncome),
    answers.employmentStatus !== undefined,
    answers.creditHistory !== undefined,
    answers.firstName.trim() !== "",
    answers.lastName.trim() !== "",
    answers.email.trim() !== "",
    answers.phone.trim() !== "",
    answers.consent,
  ];
  if (required.includes(false)) return m.QUICK_REQUIRED_FIELDS;
  if (!isEmail(answers.email)) return m.QUICK_EMAIL_INVALID;
  if (!isUkPhone(answers.phone)) return m.QUICK_PHONE_INVALID;
  if ((answers.loanAmount ?? 0) < HOMEOWNER_MIN_LOAN) return m.QUICK_HOMEOWNER_LOAN_TOO_LOW;
  // Past the steps these cannot happen, but the check should not rely on that.
  if ((answers.loanAmount ?? 0) > HOMEOWNER_MAX_LOAN) return m.HOMEOWNER_LOAN_TOO_HIGH;
  if (mortgage && (answers.propertyValue ?? 0) < MIN_PROPERTY_VALUE) return m.PROPERTY_VALUE_TOO_LOW;
  return null;
}

/** Partial because answers may be missing; enquirySchema decides. */
export type EnquiryPayload = Partial<Omit<EnquiryInput, "loanType" | "consent">> & {
  loanType: QuickLoanType | undefined;
  consent: boolean;
};

/**
 * The send-personal-enquiry payload (spec section 7), sanitised; email trimmed and
 * lowercased. Outright owners send a mortgage balance of 0 and no property value.
 */
export function toEnquiryPayload(answers: QuickFormAnswers, landingPageUrl?: string | null): EnquiryPayload {
  const mortgage = answers.homeownerStatus === "mortgage";
  return sanitiseEnquiry<EnquiryPayload>({
    loanType: answers.loanType,
    loanAmount: answers.loanAmount,
    homeownerStatus: answers.homeownerStatus,
    loanPurpose: answers.loanPurpose,
    monthlyIncome: answers.monthlyIncome,
    employmentStatus: answers.employmentStatus,
    creditHistory: answers.creditHistory,
    propertyValue: mortgage ? answers.propertyValue : undefined,
    mortgageBalance: mortgage ? answers.mortgageBalance : 0,
    age: answers.homeownerStatus === "outright" ? answers.age : undefined,
    firstName: answers.firstName,
    lastName: answers.lastName,
    email: answers.email,
    phone: answers.phone,
    landingPageUrl: landingPageUrl || undefined,
    consent: answers.consent,
  });
}

/** The toast for a failed enquiry, from the server's error message (spec section 8). */
export function enquiryErrorMessage(serverMessage: string | null | undefined): string {
  if (serverMessage?.includes("Too many requests")) return m.ENQUIRY_TOO_MANY;
  if (serverMessage?.includes("Invalid")) return m.ENQUIRY_INVALID;
  return m.ENQUIRY_FAILED;
}
