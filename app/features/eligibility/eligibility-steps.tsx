import { bindFields } from "~/components/step-form/bind-fields";
import type { EndStep, StepProps as StepFormProps } from "~/components/step-form/step-form";
import {
  AmountQuestions,
  FinanceStep,
  type FinanceOptions,
  PropertyQuestions,
} from "~/components/step-form/shared-questions";
import { RadioCards } from "~/components/ui/radio-cards";
import { type MainFormAnswers, type MainFormField, personalLoanOffer, type StepId } from "~/domain/main-form";
import { AGE_BANDS, CREDIT_HISTORIES, EMPLOYMENT_STATUSES, HOMEOWNER_STATUSES, LOAN_PURPOSES } from "~/domain/options";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, TENANT_MIN_LOAN } from "~/domain/rates";

type StepProps = StepFormProps<MainFormAnswers, MainFormField>;

export const fieldId = (field: MainFormField) => `eligibility-${field}`;

const FINANCES: FinanceOptions<string, string> = {
  employment: EMPLOYMENT_STATUSES,
  credit: CREDIT_HISTORIES,
  creditHint:
    "An honest answer helps us find lenders likely to accept you. Checking your eligibility does not affect your credit score.",
};

/** The questions of every step but the last two (the contact details and the check page, drawn by the form). */
export function EligibilityStep({ step, ...props }: StepProps & { step: Exclude<StepId, EndStep> }) {
  const { answers } = props;
  const bind = bindFields(props, fieldId);
  switch (step) {
    case "status":
      return (
        <RadioCards
          {...bind.choice("homeownerStatus")}
          legend="Which of these describes you?"
          options={HOMEOWNER_STATUSES}
          columns={1}
        />
      );
    case "amount": {
      // Once Next is refused, beside the minimum's message: where a smaller loan can be had.
      const offer = props.attempted && props.errorFor("loanAmount") ? personalLoanOffer(answers) : null;
      return (
        <AmountQuestions
          amount={bind.money("loanAmount")}
          minimum={answers.homeownerStatus === "tenant" ? TENANT_MIN_LOAN : HOMEOWNER_MIN_LOAN}
          maximum={HOMEOWNER_MAX_LOAN}
          offer={offer}
          purpose={{ binding: bind.choice("loanPurpose"), options: LOAN_PURPOSES }}
        />
      );
    }
    case "age":
      return (
        <RadioCards
          {...bind.choice("age")}
          legend="How old are you?"
          hint="Lenders set age limits for the end of the loan, so this helps us find the right ones."
          options={AGE_BANDS}
        />
      );
    case "property":
      return (
        <PropertyQuestions
          value={bind.money("propertyValue")}
          valueLabel={
            answers.homeownerStatus === "tenant" ? "What is the price of the property you want to buy?" : undefined
          }
          balance={answers.homeownerStatus === "mortgage" ? bind.money("mortgageBalance") : undefined}
        />
      );
    case "income":
    case "credit":
      return <FinanceStep step={step} bind={bind} options={FINANCES} />;
  }
}
