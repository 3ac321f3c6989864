import { describe, expect, it } from "vitest";
import { EMPTY_MAIN_FORM_ANSWERS, MAIN_FORM_STEP_IDS, type MainFormAnswers, stepIssues } from "./main-form";
import { EMPTY_QUICK_FORM_ANSWERS, QUICK_FORM_STEP_IDS, type QuickFormAnswers, quickStepIssues } from "./quick-form";

// DECISIONS D30 (decision 380): each step's field messages, said at the field and in the
// error summary, speak in one voice: an answer not given is asked for with "Please enter"
// or "Please select" (the spec's Next-step wording), whichever form and step it is on.

const MAIN_PATHS: Partial<MainFormAnswers>[] = [
  {},
  { homeownerStatus: "mortgage" },
  { homeownerStatus: "outright", loanAmount: 60_000 },
  { homeownerStatus: "tenant" },
];
const QUICK_PATHS: Partial<QuickFormAnswers>[] = [
  {},
  { loanType: "personal" },
  { loanType: "homeowner", homeownerStatus: "mortgage" },
  { loanType: "homeowner", homeownerStatus: "outright" },
];

const ASKS = /^Please (enter|select|agree to) [a-z]/i;

describe("what a step asks for when an answer is not given", () => {
  for (const path of MAIN_PATHS) {
    for (const step of MAIN_FORM_STEP_IDS) {
      it(`/apply, ${step}, ${JSON.stringify(path)}`, () => {
        const { missing, missingFields } = stepIssues(step, { ...EMPTY_MAIN_FORM_ANSWERS, ...path });
        for (const message of missing) expect(message).toMatch(ASKS);
        // The summary's words and the field's are one list of the same messages.
        expect(Object.values(missingFields)).toEqual(missing);
      });
    }
  }
  for (const path of QUICK_PATHS) {
    for (const step of QUICK_FORM_STEP_IDS) {
      it(`/apply-personal, ${step}, ${JSON.stringify(path)}`, () => {
        const { missing, missingFields } = quickStepIssues(step, { ...EMPTY_QUICK_FORM_ANSWERS, ...path });
        for (const message of missing) expect(message).toMatch(ASKS);
        expect(Object.values(missingFields)).toEqual(missing);
      });
    }
  }

  it("the two forms ask for the same answer in the same words", () => {
    const main = stepIssues("contact", { ...EMPTY_MAIN_FORM_ANSWERS });
    const quick = quickStepIssues("contact", { ...EMPTY_QUICK_FORM_ANSWERS });
    expect(quick.missingFields).toEqual(main.missingFields);
    for (const step of ["income", "credit"] as const) {
      expect(quickStepIssues(step, { ...EMPTY_QUICK_FORM_ANSWERS }).missingFields).toEqual(
        stepIssues(step, { ...EMPTY_MAIN_FORM_ANSWERS }).missingFields,
      );
    }
  });
});
