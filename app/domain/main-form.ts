// The main eligibility form (/apply, /loan-application): which steps a borrower sees,
// what blocks Next, where Next leads (spec sections 2, 4, 5; D3, D4), and the quote
// it finally sends.

import * as m from "./messages";
import type { AgeBand, CreditHistory, EmploymentStatus, HomeownerStatus, LoanPurpose } from "./options";
import { isAmount, sharedStepIssues } from "./shared-steps";
import {
  HOMEOWNER_MAX_LOAN,
  HOMEOWNER_MIN_LOAN,
  MIN_PROPERTY_VALUE,
  REDIRECT_LOWER_LIMIT,
  REDIRECT_UPPER_LIMIT,
  TENANT_MIN_LOAN,
  indicativeQuote,
  roundLtv,
} from "./rates";
import { sanitiseQuote } from "./sanitise";
import type { QuoteInput } from "./schemas";

export { VALIDATION_ERROR_TITLE } from "./messages";

export interface MainFormAnswers {
  homeownerStatus: HomeownerStatus | undefined;
  /** Whole pounds; undefined until entered. */
  loanAmount: number | undefined;
  loanPurpose: LoanPurpose | undefined;
  monthlyIncome: number | undefined;
  employmentStatus: EmploymentStatus | undefined;
  creditHistory: CreditHistory | undefined;
  propertyValue: number | undefined;
  mortgageBalance: number | undefined;
  age: AgeBand | undefined;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
}

/** A fresh form. Consent starts unticked (D12: no pre-ticked boxes). */
export const EMPTY_MAIN_FORM_ANSWERS: Readonly<MainFormAnswers> = {
  homeownerStatus: undefined,
  loanAmount: undefined,
  loanPurpose: undefined,
  monthlyIncome: undefined,
  employmentStatus: undefined,
  creditHistory: undefined,
  propertyValue: undefined,
  mortgageBalance: undefined,
  age: undefined,
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  consent: false,
};

export type MainFormField = keyof MainFormAnswers;

export const MAIN_FORM_STEP_IDS = [
  "status",
  "amount",
  "age",
  "property",
  "income",
  "credit",
  "contact",
  "check",
] as const;
export type StepId = (typeof MAIN_FORM_STEP_IDS)[number];

/**
 * The steps this borrower will see, in order; recomputed as answers change.
 * Mortgage owners and tenants (and anyone before choosing): 6 steps with property.
 * Outright owners: age instead of property, plus property value after age when
 * borrowing over £25,000 (D3: 7 steps). Outright owners of £25,000 or less see 6
 * but are redirected at step 2. Each path ends on 'Check your answers' (decision 500),
 * the page that shows every answer back before sending: not a question, so not counted.
 */
export function mainFormSteps(answers: Pick<MainFormAnswers, "homeownerStatus" | "loanAmount">): StepId[] {
  if (answers.homeownerStatus !== "outright") {
    return ["status", "amount", "property", "income", "credit", "contact", "check"];
  }
  if (isAmount(answers.loanAmount) && answers.loanAmount > REDIRECT_LOWER_LIMIT) {
    return ["status", "amount", "age", "property", "income", "credit", "contact", "check"];
  }
  return ["status", "amount", "age", "income", "credit", "contact", "check"];
}

export interface StepIssues {
  /** Required answers not yet given, in field order. */
  missing: string[];
  /** The same messages by the field each is about: said at the field and in the error summary (D30). */
  missingFields: Partial<Record<MainFormField, string>>;
  /** Answers given but not acceptable: inline messages by field. */
  errors: Partial<Record<MainFormField, string>>;
}

export function stepIssues(stepId: StepId, answers: MainFormAnswers): StepIssues {
  const missing: string[] = [];
  const missingFields: Partial<Record<MainFormField, string>> = {};
  const errors: Partial<Record<MainFormField, string>> = {};
  const need = (field: MainFormField, message: string) => {
    missing.push(message);
    missingFields[field] = message;
  };

  switch (stepId) {
    case "status":
      if (!answers.homeownerStatus) need("homeownerStatus", m.HOMEOWNER_STATUS_MISSING);
      break;
    case "amount": {
      const error = loanAmountError(answers.loanAmount, answers.homeownerStatus);
      if (!isAmount(answers.loanAmount)) need("loanAmount", m.LOAN_AMOUNT_MISSING);
      else if (error) errors.loanAmount = error;
      if (!answers.loanPurpose) need("loanPurpose", m.LOAN_PURPOSE_MISSING);
      break;
    }
    case "age":
      if (!answers.age) need("age", m.AGE_MISSING);
      break;
    case "property": {
      const error = propertyValueError(answers.propertyValue);
      if (!isAmount(answers.propertyValue)) need("propertyValue", m.PROPERTY_VALUE_MISSING);
      else if (error) errors.propertyValue = error;
      // Only mortgage owners must give a balance: outright owners have none (D3) and a
      // tenant's purchase is not secured on an existing mortgage.
      if (answers.homeownerStatus === "mortgage" && !isAmount(answers.mortgageBalance)) {
        need("mortgageBalance", m.MORTGAGE_BALANCE_MISSING);
      }
      if (isAmount(answers.mortgageBalance) && answers.mortgageBalance < 0) {
        errors.mortgageBalance = m.MORTGAGE_BALANCE_NEGATIVE;
      }
      break;
    }
    case "income":
    case "credit":
    case "contact":
    case "check":
      sharedStepIssues(stepId, answers, need, errors);
      break;
  }
  return { missing, missingFields, errors };
}

/** Next (or the final button) is enabled only with nothing missing and nothing in error. */
export function canContinue(stepId: StepId, answers: MainFormAnswers): boolean {
  const { missing, errors } = stepIssues(stepId, answers);
  return missing.length === 0 && Object.keys(errors).length === 0;
}

/** The inline loan amount message, or null. Tenants' minimum is £1,000. */
export function loanAmountError(
  loanAmount: number | undefined,
  homeownerStatus: HomeownerStatus | undefined,
): string | null {
  if (!isAmount(loanAmount)) return null;
  if (homeownerStatus === "tenant") {
    if (loanAmount < TENANT_MIN_LOAN) return m.MAIN_LOAN_BELOW_TENANT_MIN;
  } else if (loanAmount < HOMEOWNER_MIN_LOAN) {
    return m.MAIN_LOAN_BELOW_HOMEOWNER_MIN;
  }
  if (loanAmount > HOMEOWNER_MAX_LOAN) return m.MAIN_LOAN_ABOVE_MAX;
  return null;
}

/**
 * A homeowner asking for less than the secured minimum is not left with a refusal: the
 * quick check's personal loans (£1,000 to £50,000, through partners) are offered, as the
 * calculators offer them. The page to offer, or null.
 */
export function personalLoanOffer(
  answers: Pick<MainFormAnswers, "homeownerStatus" | "loanAmount">,
): "/apply-personal" | null {
  const { homeownerStatus, loanAmount } = answers;
  if (homeownerStatus === "tenant" || !isAmount(loanAmount)) return null;
  return loanAmount < HOMEOWNER_MIN_LOAN ? "/apply-personal" : null;
}

/** The inline property value message, or null. */
export function propertyValueError(propertyValue: number | undefined): string | null {
  if (!isAmount(propertyValue)) return null;
  return propertyValue < MIN_PROPERTY_VALUE ? m.PROPERTY_VALUE_TOO_LOW : null;
}

export type PartnerRoute = "/creditec-redirect" | "/loanswarehouse-redirect" | "/cannot-help";

export type NextStep =
  | { kind: "step"; step: StepId }
  | { kind: "redirect"; to: PartnerRoute }
  /** After the last step: submit the quote. */
  | { kind: "submit" };

/**
 * Where Next leads from a step whose answers are complete (check canContinue first).
 * Spec section 4 redirects, with D4's boundaries (25,000 / 25,001 and 50,000 / 50,001).
 */
export function nextAfter(stepId: StepId, answers: MainFormAnswers): NextStep {
  const { homeownerStatus, loanAmount = 0 } = answers;

  if (stepId === "amount") {
    if (homeownerStatus === "tenant") {
      if (loanAmount <= REDIRECT_LOWER_LIMIT) return redirect("/creditec-redirect");
      if (loanAmount <= REDIRECT_UPPER_LIMIT) return redirect("/loanswarehouse-redirect");
      if (answers.loanPurpose !== "property-purchase") return redirect("/cannot-help");
    }
    if (homeownerStatus === "outright" && loanAmount <= REDIRECT_LOWER_LIMIT) {
      return redirect("/creditec-redirect");
    }
  }

  if (
    stepId === "age" &&
    homeownerStatus === "outright" &&
    answers.age === "under-50" &&
    loanAmount > REDIRECT_LOWER_LIMIT &&
    loanAmount <= REDIRECT_UPPER_LIMIT
  ) {
    return redirect("/loanswarehouse-redirect");
  }

  // The first step of this borrower's path after this one in the canonical order, so a
  // step dropped by a changed answer still leads somewhere sensible.
  const position = MAIN_FORM_STEP_IDS.indexOf(stepId);
  const next = mainFormSteps(answers).find((step) => MAIN_FORM_STEP_IDS.indexOf(step) > position);
  return next === undefined ? { kind: "submit" } : { kind: "step", step: next };
}

function redirect(to: PartnerRoute): NextStep {
  return { kind: "redirect", to };
}

/**
 * The final 'Check Eligibility »' button sends only with first name, last name, email,
 * phone and consent, and neither the email nor the phone in error.
 */
export function canSubmit(answers: MainFormAnswers): boolean {
  return canContinue("contact", answers) && canContinue("check", answers);
}

/** Partial because required answers may still be missing; quoteSchema decides. */
export type QuotePayload = Partial<Omit<QuoteInput, "consent">> & { consent: boolean };

/**
 * The quote as sent to the server (spec section 3), sanitised (spec section 5), with
 * the indicative figures shown to the borrower (the server recomputes them).
 */
export function toQuotePayload(answers: MainFormAnswers, landingPageUrl?: string | null): QuotePayload {
  const outright = answers.homeownerStatus === "outright";
  const mortgageBalance = outright ? 0 : (answers.mortgageBalance ?? 0);
  const quote = indicativeQuote({ ...answers, mortgageBalance });
  return sanitiseQuote<QuotePayload>({
    email: answers.email,
    first_name: answers.firstName,
    last_name: answers.lastName,
    phone: answers.phone,
    loan_purpose: answers.loanPurpose,
    homeowner_status: answers.homeownerStatus,
    credit_history: answers.creditHistory,
    loan_amount: answers.loanAmount,
    property_value: answers.propertyValue,
    mortgage_balance: mortgageBalance,
    monthly_income: answers.monthlyIncome,
    // Age is asked of outright owners only; a stale answer from a changed status is dropped.
    age: outright ? answers.age : undefined,
    employment_status: answers.employmentStatus,
    ltv_ratio: quote.ltv === null ? undefined : roundLtv(quote.ltv),
    indicative_rate: quote.rate ?? undefined,
    monthly_payment: quote.rate === null ? undefined : quote.monthlyPayment,
    landing_page_url: landingPageUrl || undefined,
    consent: answers.consent,
  });
}
