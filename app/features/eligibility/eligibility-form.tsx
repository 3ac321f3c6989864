import type { StepFormState } from "~/domain/step-form-post";
import { StepForm, type StepFormScreen } from "~/components/step-form/step-form";
import type { MainFormAnswers, MainFormField, StepId } from "~/domain/main-form";
import { EligibilityStep } from "./eligibility-steps";
import { STEP_TITLES } from "~/content/form-steps";
import { ELIGIBILITY_FLOW, STEP_FIELDS } from "./flow";
import { SUBMISSION_FAILED_PREFIX, SUBMISSION_FAILED_TITLE, UNKNOWN_ERROR } from "./messages";

/**
 * The main eligibility check (/apply, /loan-application): the step form shell with the
 * domain's main-form rules, its toasts and its quote.
 */
export const ELIGIBILITY_SCREEN: StepFormScreen<MainFormAnswers, StepId, MainFormField> = {
  flow: ELIGIBILITY_FLOW,
  idPrefix: "eligibility",
  titles: STEP_TITLES,
  fields: STEP_FIELDS,
  Step: EligibilityStep,
  finalLabel: "Check Eligibility »",
  loadEnd: () => import("./api").then((m) => ({ lead: m.quoteLead, answerRows: m.eligibilityAnswerRows })),
  failedToast: (message) => ({ title: SUBMISSION_FAILED_TITLE, description: `${SUBMISSION_FAILED_PREFIX}${message}` }),
  unloaded: UNKNOWN_ERROR,
};

export function EligibilityForm({ posted }: { posted?: StepFormState<MainFormAnswers, StepId> }) {
  return <StepForm screen={ELIGIBILITY_SCREEN} posted={posted} />;
}
