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
import type { QuickFormAnswers, QuickFormField, QuickStepId } from "~/domain/quick-form";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "~/domain/rates";

export interface QuickStepProps {
  answers: QuickFormAnswers;
  update(patch: Partial<QuickFormAnswers>): void;
  touch(field: QuickFormField): void;
  errorFor(field: QuickFormField): string | undefined;
}

const fieldId = (field: QuickFormField) => `quick-${field}`;

/** The questions of every step but the last (the contact details, drawn by the form). */
export function QuickCheckStep({ step, ...props }: QuickStepProps & { step: Exclude<QuickStepId, "contact"> }) {
  const { answers, update, touch, errorFor } = props;
  switch (step) {
    case "type":
      return (
        <div className="space-y-4">
          <RadioCards
            id={fieldId("loanType")}
            name="loanType"
            legend="What kind of loan are you looking for?"
            options={QUICK_LOAN_TYPES}
            value={answers.loanType}
            error={errorFor("loanType")}
            onChange={(loanType) => update({ loanType })}
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
      return (
        <div className="space-y-6">
          <MoneyField
            id={fieldId("loanAmount")}
            name="loanAmount"
            label="How much would you like to borrow?"
            hint={`From ${formatPounds(minimum)} to ${formatPounds(maximum)}`}
            value={answers.loanAmount}
            onChange={(loanAmount) => update({ loanAmount })}
            onBlur={() => touch("loanAmount")}
            error={errorFor("loanAmount")}
          />
          {!personal && (
            <RadioCards
              id={fieldId("loanPurpose")}
              name="loanPurpose"
              legend="What do you need the loan for?"
              options={QUICK_LOAN_PURPOSES}
              value={answers.loanPurpose}
              error={errorFor("loanPurpose")}
              onChange={(loanPurpose) => update({ loanPurpose })}
            />
          )}
        </div>
      );
    }
    case "residential":
      return (
        <RadioCards
          id={fieldId("residentialStatus")}
          name="residentialStatus"
          legend="What is your residential status?"
          options={RESIDENTIAL_STATUSES}
          value={answers.residentialStatus}
          error={errorFor("residentialStatus")}
          onChange={(residentialStatus) => update({ residentialStatus })}
        />
      );
    case "status":
      return (
        <RadioCards
          id={fieldId("homeownerStatus")}
          name="homeownerStatus"
          legend="Do you have a mortgage on your home?"
          options={QUICK_HOMEOWNER_STATUSES}
          value={answers.homeownerStatus}
          error={errorFor("homeownerStatus")}
          onChange={(homeownerStatus) => update({ homeownerStatus })}
          columns={1}
        />
      );
    case "age":
      return (
        <RadioCards
          id={fieldId("age")}
          name="age"
          legend="How old are you?"
          options={QUICK_AGE_BANDS}
          value={answers.age}
          error={errorFor("age")}
          onChange={(age) => update({ age })}
          columns={3}
        />
      );
    case "property":
      return (
        <div className="space-y-6">
          <MoneyField
            id={fieldId("propertyValue")}
            name="propertyValue"
            label="What is your property worth?"
            hint="An estimate is fine"
            value={answers.propertyValue}
            onChange={(propertyValue) => update({ propertyValue })}
            onBlur={() => touch("propertyValue")}
            error={errorFor("propertyValue")}
          />
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
            options={QUICK_EMPLOYMENT_STATUSES}
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
          hint="Checking your eligibility does not affect your credit score."
          options={QUICK_CREDIT_HISTORIES}
          value={answers.creditHistory}
          error={errorFor("creditHistory")}
          onChange={(creditHistory) => update({ creditHistory })}
        />
      );
  }
}
