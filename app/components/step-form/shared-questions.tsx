import { MoneyField } from "~/components/ui/money-field";
import { type RadioCardOption, RadioCards } from "~/components/ui/radio-cards";
import { formatPounds } from "~/domain/finance";
import type { ChoiceBinding, FieldBinder, MoneyBinding } from "./bind-fields";
import { PersonalLoanOffer } from "./personal-loan-offer";

// The questions both step forms ask in the same words (spec sections 2 and 3): each
// form binds its own answers to them and passes its own options.

/**
 * How much to borrow, within the limits the answers so far allow; once a homeowner's
 * amount is refused below the minimum, where a smaller loan can be had (`offer`); then
 * what the loan is for, where the form asks.
 */
export function AmountQuestions<V extends string>({
  amount,
  minimum,
  maximum,
  offer,
  purpose,
}: {
  amount: MoneyBinding;
  minimum: number;
  maximum: number;
  offer: string | null;
  purpose?: { binding: ChoiceBinding<V>; options: readonly RadioCardOption<V>[] };
}) {
  return (
    <div className="space-y-6">
      <div>
        <MoneyField
          {...amount}
          label="How much would you like to borrow?"
          hint={`From ${formatPounds(minimum)} to ${formatPounds(maximum)}`}
        />
        {offer && <PersonalLoanOffer href={offer} />}
      </div>
      {purpose && <RadioCards {...purpose.binding} legend="What do you need the loan for?" options={purpose.options} />}
    </div>
  );
}

/** Each form's own options for the questions about money both ask. */
export interface FinanceOptions<E extends string, C extends string> {
  employment: readonly RadioCardOption<E>[];
  credit: readonly RadioCardOption<C>[];
  creditHint: string;
}

/** The income step or the credit step, bound to the form's answers of the same names. */
export function FinanceStep<E extends string, C extends string>({
  step,
  bind,
  options,
}: {
  step: "income" | "credit";
  bind: FieldBinder<"monthlyIncome" | "employmentStatus" | "creditHistory">;
  options: FinanceOptions<E, C>;
}) {
  return step === "income" ? (
    <IncomeQuestions
      income={bind.money("monthlyIncome")}
      employment={bind.choice<E>("employmentStatus")}
      options={options.employment}
    />
  ) : (
    <CreditQuestion credit={bind.choice<C>("creditHistory")} hint={options.creditHint} options={options.credit} />
  );
}

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
