import { MoneyField } from "~/components/ui/money-field";
import { RadioCards } from "~/components/ui/radio-cards";
import { formatPounds } from "~/domain/finance";
import type { MainFormAnswers, MainFormField, StepId } from "~/domain/main-form";
import { AGE_BANDS, CREDIT_HISTORIES, EMPLOYMENT_STATUSES, HOMEOWNER_STATUSES, LOAN_PURPOSES } from "~/domain/options";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, TENANT_MIN_LOAN } from "~/domain/rates";

export interface StepProps {
  answers: MainFormAnswers;
  update(patch: Partial<MainFormAnswers>): void;
  touch(field: MainFormField): void;
  errorFor(field: MainFormField): string | undefined;
}

export const fieldId = (field: MainFormField) => `eligibility-${field}`;

/** The questions of every step but the last (the contact details, drawn by the form). */
export function EligibilityStep({ step, ...props }: StepProps & { step: Exclude<StepId, "contact"> }) {
  const { answers, update, touch, errorFor } = props;
  switch (step) {
    case "status":
      return (
        <RadioCards
          id={fieldId("homeownerStatus")}
          name="homeownerStatus"
          legend="Which of these describes you?"
          options={HOMEOWNER_STATUSES}
          value={answers.homeownerStatus}
          error={errorFor("homeownerStatus")}
          onChange={(homeownerStatus) => update({ homeownerStatus })}
          columns={1}
        />
      );
    case "amount": {
      const minimum = answers.homeownerStatus === "tenant" ? TENANT_MIN_LOAN : HOMEOWNER_MIN_LOAN;
      return (
        <div className="space-y-6">
          <MoneyField
            id={fieldId("loanAmount")}
            name="loanAmount"
            label="How much would you like to borrow?"
            hint={`From ${formatPounds(minimum)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`}
            value={answers.loanAmount}
            onChange={(loanAmount) => update({ loanAmount })}
            onBlur={() => touch("loanAmount")}
            error={errorFor("loanAmount")}
          />
          <RadioCards
            id={fieldId("loanPurpose")}
            name="loanPurpose"
            legend="What do you need the loan for?"
            options={LOAN_PURPOSES}
            value={answers.loanPurpose}
            error={errorFor("loanPurpose")}
            onChange={(loanPurpose) => update({ loanPurpose })}
          />
        </div>
      );
    }
    case "age":
      return (
        <RadioCards
          id={fieldId("age")}
          name="age"
          legend="How old are you?"
          hint="Lenders set age limits for the end of the loan, so this helps us find the right ones."
          options={AGE_BANDS}
          value={answers.age}
          error={errorFor("age")}
          onChange={(age) => update({ age })}
        />
      );
    case "property":
      return (
        <div className="space-y-6">
          <MoneyField
            id={fieldId("propertyValue")}
            name="propertyValue"
            label={
              answers.homeownerStatus === "tenant"
                ? "What is the price of the property you want to buy?"
                : "What is your property worth?"
            }
            hint="An estimate is fine"
            value={answers.propertyValue}
            onChange={(propertyValue) => update({ propertyValue })}
            onBlur={() => touch("propertyValue")}
            error={errorFor("propertyValue")}
          />
          {answers.homeownerStatus === "mortgage" && (
            <MoneyField
              id={fieldId("mortgageBalance")}
              name="mortgageBalance"
              label="How much is left to pay on your mortgage?"
              hint="Your outstanding balance; an estimate is fine"
              value={answers.mortgageBalance}
              onChange={(mortgageBalance) => update({ mortgageBalance })}
              onBlur={() => touch("mortgageBalance")}
              error={errorFor("mortgageBalance")}
            />
          )}
        </div>
      );
    case "income":
      return (
        <div className="space-y-6">
          <MoneyField
            id={fieldId("monthlyIncome")}
            name="monthlyIncome"
            label="What is your monthly income?"
            hint="Your total income each month before tax"
            value={answers.monthlyIncome}
            onChange={(monthlyIncome) => update({ monthlyIncome })}
            onBlur={() => touch("monthlyIncome")}
            error={errorFor("monthlyIncome")}
          />
          <RadioCards
            id={fieldId("employmentStatus")}
            name="employmentStatus"
            legend="What is your employment status?"
            options={EMPLOYMENT_STATUSES}
            value={answers.employmentStatus}
            error={errorFor("employmentStatus")}
            onChange={(employmentStatus) => update({ employmentStatus })}
          />
        </div>
      );
    case "credit":
      return (
        <RadioCards
          id={fieldId("creditHistory")}
          name="creditHistory"
          legend="How would you describe your credit history?"
          hint="An honest answer helps us find lenders likely to accept you. Checking your eligibility does not affect your credit score."
          options={CREDIT_HISTORIES}
          value={answers.creditHistory}
          error={errorFor("creditHistory")}
          onChange={(creditHistory) => update({ creditHistory })}
        />
      );
  }
}
