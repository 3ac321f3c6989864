import type { AnswerRow } from "~/components/step-form/check-answers";
import { formatPounds } from "~/domain/finance";
import { type MainFormAnswers, mainFormSteps } from "~/domain/main-form";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  optionLabel,
} from "~/domain/options";

const pounds = (n: number | undefined) => (n === undefined ? "" : formatPounds(n));

/** The answers of every step before the last, as 'Check your answers' lists them. */
export function eligibilityAnswerRows(answers: MainFormAnswers): AnswerRow[] {
  const steps = mainFormSteps(answers);
  const rows: AnswerRow[] = [
    { label: "Your home", value: optionLabel(HOMEOWNER_STATUSES, answers.homeownerStatus), step: "status" },
    { label: "Loan amount", value: pounds(answers.loanAmount), step: "amount" },
    { label: "Loan purpose", value: optionLabel(LOAN_PURPOSES, answers.loanPurpose), step: "amount" },
  ];
  if (steps.includes("age")) rows.push({ label: "Age", value: optionLabel(AGE_BANDS, answers.age), step: "age" });
  if (steps.includes("property")) {
    rows.push({ label: "Property value", value: pounds(answers.propertyValue), step: "property" });
    if (answers.homeownerStatus === "mortgage") {
      rows.push({ label: "Mortgage balance", value: pounds(answers.mortgageBalance), step: "property" });
    }
  }
  rows.push(
    { label: "Monthly income", value: pounds(answers.monthlyIncome), step: "income" },
    { label: "Employment", value: optionLabel(EMPLOYMENT_STATUSES, answers.employmentStatus), step: "income" },
    { label: "Credit history", value: optionLabel(CREDIT_HISTORIES, answers.creditHistory), step: "credit" },
  );
  return rows;
}
