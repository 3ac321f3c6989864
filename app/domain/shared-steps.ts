// The steps both eligibility checks ask alike (the homeowner check of /apply and
// /loan-application, and the quick check of /apply-personal): monthly income and
// employment, credit history, the contact details, and the page that checks every answer
// back before sending (where the terms are agreed to). One set of checks, in the spec's
// words, so the two forms cannot drift apart.

import { isEmail } from "./email";
import * as m from "./messages";
import { isUkPhone } from "./phone";

export type SharedStepId = "income" | "credit" | "contact" | "check";

/** An amount typed and read: a finite number. */
export function isAmount(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n);
}

export interface SharedStepAnswers {
  monthlyIncome: number | undefined;
  employmentStatus: string | undefined;
  creditHistory: string | undefined;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
}

export type SharedStepField = keyof SharedStepAnswers;

export const isSharedStep = (stepId: string): stepId is SharedStepId =>
  stepId === "income" || stepId === "credit" || stepId === "contact" || stepId === "check";

/**
 * What one shared step lacks (through `need`, which records the field and its message) and
 * what it has wrong (into `errors`), as each form's own step check gathers them.
 */
export function sharedStepIssues(
  stepId: SharedStepId,
  answers: SharedStepAnswers,
  need: (field: SharedStepField, message: string) => void,
  errors: Partial<Record<SharedStepField, string>>,
): void {
  switch (stepId) {
    case "income":
      if (!isAmount(answers.monthlyIncome)) need("monthlyIncome", m.MONTHLY_INCOME_MISSING);
      else if (answers.monthlyIncome < 0) errors.monthlyIncome = m.MONTHLY_INCOME_NEGATIVE;
      if (!answers.employmentStatus) need("employmentStatus", m.EMPLOYMENT_STATUS_MISSING);
      break;
    case "credit":
      if (!answers.creditHistory) need("creditHistory", m.CREDIT_HISTORY_MISSING);
      break;
    case "contact":
      // Said at each field and in the error summary, in the voice of the steps before (D30).
      if (!answers.firstName.trim()) need("firstName", m.FIRST_NAME_MISSING);
      if (!answers.lastName.trim()) need("lastName", m.LAST_NAME_MISSING);
      if (!answers.email.trim()) need("email", m.EMAIL_MISSING);
      else if (!isEmail(answers.email)) errors.email = m.EMAIL_INVALID;
      if (!answers.phone.trim()) need("phone", m.PHONE_MISSING);
      else if (!isUkPhone(answers.phone)) errors.phone = m.UK_PHONE_INVALID;
      break;
    case "check":
      // The last page before sending: every answer shown back, and the terms agreed to there.
      if (!answers.consent) need("consent", m.CONSENT_MISSING);
      break;
  }
}
