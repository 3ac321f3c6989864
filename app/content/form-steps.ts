import type { StepId } from "~/domain/main-form";
import type { QuickStepId } from "~/domain/quick-form";

// The borrower's two step forms' headings, read by the forms and by the console's funnel
// report, which names each step as the borrower saw it.

/** The eligibility check's steps' headings: the focus lands here when the step changes. */
export const STEP_TITLES: Record<StepId, string> = {
  status: "About your home",
  amount: "Your loan",
  age: "Your age",
  property: "Your property",
  income: "Your income",
  credit: "Your credit history",
  contact: "Your details",
  check: "Check your answers",
};

/** The quick check's steps' headings: the focus lands here when the step changes. */
export const QUICK_STEP_TITLES: Record<QuickStepId, string> = {
  type: "Your loan",
  amount: "How much you need",
  residential: "Where you live",
  status: "About your home",
  age: "Your age",
  property: "Your property",
  income: "Your income",
  credit: "Your credit history",
  contact: "Your details",
  check: "Check your answers",
};
