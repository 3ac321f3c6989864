import { bindFields } from "~/components/step-form/bind-fields";
import type { StepProps as StepFormProps } from "~/components/step-form/step-form";
import { CreditQuestion, IncomeQuestions, PropertyQuestions } from "~/components/step-form/shared-questions";
import { MoneyField } from "~/components/ui/money-field";
import { RadioCards } from "~/components/ui/radio-cards";
import { formatPounds } from "~/domain/finance";
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
import { PersonalLoanOffer } from "~/components/step-form/personal-loan-offer";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";

type QuickStepProps = StepFormProps<QuickFormAnswers, QuickFormField>;

const fieldId = (field: QuickFormField) => `quick-${field}`;

/** The questions of every step but the last (the contact details, drawn by the form). */
export function QuickCheckStep({ step, ...props }: QuickStepProps & { step: Exclude<QuickStepId, "contact"> }) {
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
          {(answers.loanType === "bridging" || answers.loanType === "business") && (
            <p className="rounded-lg bg-brand-50 px-4 py-3 text-slate-800">
              {answers.loanType === "bridging" ? "Bridging loans" : "Business loans"} are arranged by our specialist
              sister site. Next takes you there.
            </p>
          )}
        </div>
      );
    case "amount": {
      const personal = answers.loanType === "personal";
      const [minimum, maximum] = personal
        ? [PERSONAL_MIN_LOAN, PERSONAL_MAX_LOAN]
        : [HOMEOWNER_MIN_LOAN, HOMEOWNER_MAX_LOAN];
      // Once Next is refused, beside the homeowner minimum's message: where a smaller loan can be had.
      const offer = props.attempted && props.errorFor("loanAmount") ? quickPersonalLoanOffer(answers) : null;
      return (
        <div className="space-y-6">
          <div>
            <MoneyField
              {...bind.money("loanAmount")}
              label="How much would you like to borrow?"
              hint={`From ${formatPounds(minimum)} to ${formatPounds(maximum)}`}
            />
            {offer && <PersonalLoanOffer href={offer} />}
          </div>
          {!personal && (
            <RadioCards
              {...bind.choice("loanPurpose")}
              legend="What do you need the loan for?"
              options={QUICK_LOAN_PURPOSES}
            />
          )}
        </div>
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
      return (
        <IncomeQuestions
          income={bind.money("monthlyIncome")}
          employment={bind.choice("employmentStatus")}
          options={QUICK_EMPLOYMENT_STATUSES}
        />
      );
    case "credit":
      return (
        <CreditQuestion
          credit={bind.choice("creditHistory")}
          hint="Checking your eligibility does not affect your credit score."
          options={QUICK_CREDIT_HISTORIES}
        />
      );
  }
}
