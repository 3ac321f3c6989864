import type { StepFlow } from "~/domain/step-flow";
import {
  EMPTY_QUICK_FORM_ANSWERS,
  QUICK_FORM_STEP_IDS,
  type QuickFormAnswers,
  type QuickFormField,
  type QuickStepId,
  quickFormSteps,
  quickNextAfter,
  quickProgressTotal,
  quickStepIssues,
} from "~/domain/quick-form";

const QUICK_STEP_IDS = QUICK_FORM_STEP_IDS;

/** The quick check's rules, every one from the domain (spec sections 4 and 5; D4). */
export const QUICK_CHECK_FLOW: StepFlow<QuickFormAnswers, QuickStepId, QuickFormField> = {
  funnel: "apply-personal",
  storageKey: "harbourside:quick-check",
  empty: EMPTY_QUICK_FORM_ANSWERS,
  amountFields: ["loanAmount", "propertyValue", "mortgageBalance", "monthlyIncome"],
  stepIds: QUICK_STEP_IDS,
  steps: quickFormSteps,
  issues: quickStepIssues,
  nextAfter: quickNextAfter,
  progressTotal: quickProgressTotal,
  checkStep: "check",
};

export const QUICK_STEP_FIELDS: Record<QuickStepId, QuickFormField[]> = {
  type: ["loanType"],
  amount: ["loanAmount", "loanPurpose"],
  residential: ["residentialStatus"],
  status: ["homeownerStatus"],
  age: ["age"],
  property: ["propertyValue", "mortgageBalance"],
  income: ["monthlyIncome", "employmentStatus"],
  credit: ["creditHistory"],
  contact: ["firstName", "lastName", "email", "phone"],
  check: ["consent"],
};
