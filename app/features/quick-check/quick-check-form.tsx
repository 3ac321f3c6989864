import { RepossessionWarning } from "~/components/risk-warnings";
import { cn } from "~/components/ui/cn";
import type { StepFormState } from "~/domain/step-form-post";
import { StepForm, type StepFormScreen } from "~/components/step-form/step-form";
import {
  ENQUIRY_FAILED,
  ENQUIRY_SUCCESS,
  QUICK_FORM_SUBMIT_LABEL,
  type QuickFormAnswers,
  type QuickFormField,
  type QuickStepId,
  quickSubmitIssue,
} from "~/domain/quick-form";
import { QUICK_STEP_TITLES } from "~/content/form-steps";
import { QUICK_CHECK_FLOW, QUICK_STEP_FIELDS } from "./flow";
import { QuickCheckStep } from "./quick-check-steps";

/**
 * The Quick Eligibility Check (/apply-personal). Loan type first: bridging and business
 * leave for the sister sites; personal loans go to a partner after amount and residential
 * status (D4); homeowner loans take seven steps and end in an enquiry and /thank-you.
 */
export const QUICK_CHECK_SCREEN: StepFormScreen<QuickFormAnswers, QuickStepId, QuickFormField> = {
  flow: QUICK_CHECK_FLOW,
  idPrefix: "quick",
  titles: QUICK_STEP_TITLES,
  fields: QUICK_STEP_FIELDS,
  Step: QuickCheckStep,
  finalLabel: QUICK_FORM_SUBMIT_LABEL,
  // The spec's submit checks, after the step's own (section 5; D30).
  submitIssue: quickSubmitIssue,
  loadEnd: () => import("./api").then((m) => ({ lead: m.enquiryLead, answerRows: m.quickAnswerRows })),
  failedToast: (message) => ({ title: message }),
  unloaded: ENQUIRY_FAILED,
  sentToast: ENQUIRY_SUCCESS,
  // D19: the secured-lending warning goes with the secured product, not a personal-loan hand-off.
  // On the first step it comes with the choice itself (CSS), script or none: a warning that
  // came only with the script would move Next from under a finger that chose before it came.
  below: (answers, step) =>
    (answers.loanType === "homeowner" || step === "type") && (
      <RepossessionWarning
        className={cn(
          "mt-6",
          answers.loanType !== "homeowner" &&
            "hidden [form:has(input[name=loanType][value=homeowner]:checked)_&]:block",
        )}
      />
    ),
};

export function QuickCheckForm({ posted }: { posted?: StepFormState<QuickFormAnswers, QuickStepId> }) {
  return <StepForm screen={QUICK_CHECK_SCREEN} posted={posted} />;
}
