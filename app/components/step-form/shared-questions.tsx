import { MoneyField } from "~/components/ui/money-field";
import { type RadioCardOption, RadioCards } from "~/components/ui/radio-cards";
import type { ChoiceBinding, MoneyBinding } from "./bind-fields";

// The questions both step forms ask in the same words (spec sections 2 and 3): each
// form binds its own answers to them and passes its own options.

/** What the property is worth and, with a mortgage, what is left to pay on it. */
export function PropertyQuestions({
  value,
  valueLabel = "What is your property worth?",
  balance,
}: {
  value: MoneyBinding;
  valueLabel?: string;
  /** Left out when there is no mortgage to ask about. */
  balance?: MoneyBinding;
}) {
  return (
    <div className="space-y-6">
      <MoneyField {...value} label={valueLabel} hint="An estimate is fine" />
      {balance && (
        <MoneyField
          {...balance}
          label="How much is left to pay on your mortgage?"
          hint="Your outstanding balance; an estimate is fine"
        />
      )}
    </div>
  );
}

/** Monthly income before tax, and how it is earned. */
export function IncomeQuestions<V extends string>({
  income,
  employment,
  options,
}: {
  income: MoneyBinding;
  employment: ChoiceBinding<V>;
  options: readonly RadioCardOption<V>[];
}) {
  return (
    <div className="space-y-6">
      <MoneyField {...income} label="What is your monthly income?" hint="Your total income each month before tax" />
      <RadioCards {...employment} legend="What is your employment status?" options={options} />
    </div>
  );
}

/** The borrower's own view of their credit history. */
export function CreditQuestion<V extends string>({
  credit,
  options,
  hint,
}: {
  credit: ChoiceBinding<V>;
  options: readonly RadioCardOption<V>[];
  hint: string;
}) {
  return <RadioCards {...credit} legend="How would you describe your credit history?" hint={hint} options={options} />;
}
