import type { AnswerRow } from "~/components/step-form/check-answers";
import { formatPounds } from "~/domain/finance";
import {
  optionLabel,
  QUICK_AGE_BANDS,
  QUICK_CREDIT_HISTORIES,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_HOMEOWNER_STATUSES,
  QUICK_LOAN_PURPOSES,
  QUICK_LOAN_TYPES,
} from "~/domain/options";
import type { QuickFormAnswers } from "~/domain/quick-form";

const pounds = (n: number | undefined) => (n === undefined ? "" : formatPounds(n));

/** The homeowner path's answers before its last step, for 'Check your answers'. */
export function quickAnswerRows(answers: QuickFormAnswers): AnswerRow[] {
  const rows: AnswerRow[] = [
    { label: "Loan type", value: optionLabel(QUICK_LOAN_TYPES, answers.loanType), step: "type" },
    { label: "Your home", value: optionLabel(QUICK_HOMEOWNER_STATUSES, answers.homeownerStatus), step: "status" },
    { label: "Loan amount", value: pounds(answers.loanAmount), step: "amount" },
    { label: "Loan purpose", value: optionLabel(QUICK_LOAN_PURPOSES, answers.loanPurpose), step: "amount" },
  ];
  if (answers.homeownerStatus === "outright") {
    rows.push({ label: "Age", value: optionLabel(QUICK_AGE_BANDS, answers.age), step: "age" });
  } else {
    rows.push(
      { label: "Property value", value: pounds(answers.propertyValue), step: "property" },
      { label: "Mortgage balance", value: pounds(answers.mortgageBalance), step: "property" },
    );
  }
  rows.push(
    { label: "Monthly income", value: pounds(answers.monthlyIncome), step: "income" },
    { label: "Employment", value: optionLabel(QUICK_EMPLOYMENT_STATUSES, answers.employmentStatus), step: "income" },
    { label: "Credit history", value: optionLabel(QUICK_CREDIT_HISTORIES, answers.creditHistory), step: "credit" },
  );
  return rows;
}
