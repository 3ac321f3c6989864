import { bindFields } from "~/components/step-form/bind-fields";
import type { EndStep, StepProps as StepFormProps } from "~/components/step-form/step-form";
import {
  AmountQuestions,
  FinanceStep,
  type FinanceOptions,
  PropertyQuestions,
} from "~/components/step-form/shared-questions";
import { RadioCards } from "~/components/ui/radio-cards";
import {
  QUICK_AGE_BANDS,
  QUICK_CREDIT_HISTORIES,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_HOMEOWNER_STATUSES,
  QUICK_LOAN_PURPOSES,
  QUICK_LOAN_TYPES,
  RESIDENTIAL_STATUSES,
} from "~/domain/options";
import {
  type QuickFormAnswers,
  type QuickFormField,
  type QuickStepId,
  quickPersonalLoanOffer,
} from "~/domain/quick-form";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";

type QuickStepProps = StepFormProps<QuickFormAnswers, QuickFormField>;

const fieldId = (field: QuickFormField) => `quick-${field}`;

const FINANCES: FinanceOptions<string, string> = {
  employment: QUICK_EMPLOYMENT_STATUSES,
  credit: QUICK_CREDIT_HISTORIES,
  creditHint: "Checking your eligibility does not affect your credit score.",
};

/** The questions of every step but the last two (the contact details and the check page, drawn by the form). */
export function QuickCheckStep({ step, ...props }: QuickStepProps & { step: Exclude<QuickStepId, EndStep> }) {
  const { answers } = props;
  const bind = bindFields(props, fieldId);
  switch (step) {
    case "type":
      return (
        <div className="space-y-4">
          <RadioCards
            {...bind.choice("loanType")}
            legend="What kind of loan are you looking for?"
            options={QUICK_LOAN_TYPES}
          />
          {/* Shown by the choice itself (CSS), script or none: a note that came only with the
              script would move Next from under a finger that chose before it came. */}
          <p className="hidden rounded-lg bg-brand-50 px-4 py-3 text-slate-800 [form:has(input[name=loanType][value=bridging]:checked)_&]:block">
            Bridging loans are arranged by our specialist sister site. Next takes you there.
          </p>
          <p className="hidden rounded-lg bg-brand-50 px-4 py-3 text-slate-800 [form:has(input[name=loanType][value=business]:checked)_&]:block">
            Business loans are arranged by our specialist sister site. Next takes you there.
          </p>
        </div>
      );
    case "amount": {
      const personal = answers.loanType === "personal";
      // Once Next is refused, beside the homeowner minimum's message: where a smaller loan can be had.
      const offer = props.attempted && props.errorFor("loanAmount") ? quickPersonalLoanOffer(answers) : null;
      return (
        <AmountQuestions
          amount={bind.money("loanAmount")}
          minimum={personal ? PERSONAL_MIN_LOAN : HOMEOWNER_MIN_LOAN}
          maximum={personal ? PERSONAL_MAX_LOAN : HOMEOWNER_MAX_LOAN}
          offer={offer}
          purpose={personal ? undefined : { binding: bind.choice("loanPurpose"), options: QUICK_LOAN_PURPOSES }}
        />
      );
    }
    case "residential":
      return (
        <RadioCards
          {...bind.choice("residentialStatus")}
          legend="What is your residential status?"
          options={RESIDENTIAL_STATUSES}
        />
      );
    case "status":
      return (
        <RadioCards
          {...bind.choice("homeownerStatus")}
          legend="Do you have a mortgage on your home?"
          options={QUICK_HOMEOWNER_STATUSES}
          columns={1}
        />
      );
    case "age":
      return <RadioCards {...bind.choice("age")} legend="How old are you?" options={QUICK_AGE_BANDS} columns={3} />;
    case "property":
      return <PropertyQuestions value={bind.money("propertyValue")} balance={bind.money("mortgageBalance")} />;
    case "income":
    case "credit":
      return <FinanceStep step={step} bind={bind} options={FINANCES} />;
  }
}
