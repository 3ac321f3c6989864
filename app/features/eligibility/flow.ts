import type { StepFlow } from "~/domain/step-flow";
import {
  EMPTY_MAIN_FORM_ANSWERS,
  MAIN_FORM_STEP_IDS,
  type MainFormAnswers,
  type MainFormField,
  mainFormSteps,
  nextAfter,
  type StepId,
  stepIssues,
} from "~/domain/main-form";

/** The main eligibility check's rules, every one from the domain (spec sections 4 and 5; D3, D4). */
export const ELIGIBILITY_FLOW: StepFlow<MainFormAnswers, StepId, MainFormField> = {
  funnel: "apply",
  storageKey: "harbourside:eligibility",
  empty: EMPTY_MAIN_FORM_ANSWERS,
  amountFields: ["loanAmount", "propertyValue", "mortgageBalance", "monthlyIncome"],
  stepIds: MAIN_FORM_STEP_IDS,
  steps: mainFormSteps,
  issues: stepIssues,
  nextAfter,
  checkStep: "check",
};

/** The controls on each step, in the order they appear: the first one with a problem gets the focus. */
export const STEP_FIELDS: Record<StepId, MainFormField[]> = {
  status: ["homeownerStatus"],
  amount: ["loanAmount", "loanPurpose"],
  age: ["age"],
  property: ["propertyValue", "mortgageBalance"],
  income: ["monthlyIncome", "employmentStatus"],
  credit: ["creditHistory"],
  contact: ["firstName", "lastName", "email", "phone"],
  check: ["consent"],
};
