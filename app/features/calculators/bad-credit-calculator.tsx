import { type FormEvent, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { badCreditCalculator, CALCULATOR_DEFAULTS } from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm, type LoanCost } from "~/domain/finance";
import { BAD_CREDIT_AMOUNTS, BAD_CREDIT_TERMS_YEARS } from "~/domain/options";
import { exampleMonthlyRate } from "~/domain/example-cost";
import type { ExampleInputs } from "~/domain/promotion-figures";
import { CalculatorCard, Field, ResultFigures, Select } from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { type CalculatorProps, chosenOption, rateOr } from "./submission";

type Outcome = { cost: LoanCost } | { error: string } | null;

/**
 * What 'Calculate Monthly Payment' shows for the options sent. Every amount offered is
 * at least the secured minimum of £10,000; one that is not offered is refused, so no
 * secured figure is ever shown for less.
 */
export function badCreditOutcome(
  amountText: string,
  termText: string,
  rate: ExampleInputs = rateOr(undefined, "badCredit"),
): Outcome {
  const amount = chosenOption(BAD_CREDIT_AMOUNTS, amountText);
  const years = chosenOption(BAD_CREDIT_TERMS_YEARS, termText);
  if (amount === null) return { error: "Please choose a loan amount from the list." };
  if (years === null) return { error: "Please choose a loan term from the list." };
  const cost = badCreditCalculator(amount, years, exampleMonthlyRate(rate));
  return cost.monthlyPayment > 0 ? { cost } : null;
}

/**
 * /bad-credit-homeowner-loan: a result only after 'Calculate Monthly Payment', and only
 * when the payment is above 0 (spec section 4).
 */
export function BadCreditCalculator({ input, rate: given }: CalculatorProps) {
  const rate = rateOr(given, "badCredit");
  const [amount, setAmount] = useState<number>(
    chosenOption(BAD_CREDIT_AMOUNTS, input?.amount) ?? CALCULATOR_DEFAULTS.badCredit.amount,
  );
  const [years, setYears] = useState<number>(
    chosenOption(BAD_CREDIT_TERMS_YEARS, input?.term) ?? CALCULATOR_DEFAULTS.badCredit.years,
  );
  // A submitted form (no script) arrives with its figures already drawn.
  const [outcome, setOutcome] = useState<Outcome>(() =>
    input ? badCreditOutcome(input.amount ?? "", input.term ?? "", rate) : null,
  );
  const cost = outcome && "cost" in outcome ? outcome.cost : null;
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => {
    setAmount(chosenOption(BAD_CREDIT_AMOUNTS, onPage.amount) ?? CALCULATOR_DEFAULTS.badCredit.amount);
    setYears(chosenOption(BAD_CREDIT_TERMS_YEARS, onPage.term) ?? CALCULATOR_DEFAULTS.badCredit.years);
  });

  function calculate(event: FormEvent) {
    event.preventDefault();
    setOutcome(badCreditOutcome(String(amount), String(years), rate));
  }

  return (
    <CalculatorCard title="Estimate your monthly payment" titleId="bad-credit-calculator-heading">
      <form
        ref={form}
        method="get"
        action="#bad-credit-calculator-heading"
        onSubmit={calculate}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field id="bad-credit-amount" label="Loan amount">
          <Select
            id="bad-credit-amount"
            name="amount"
            value={amount}
            onChange={(e) => setAmount(Number(e.target.value))}
          >
            {BAD_CREDIT_AMOUNTS.map((option) => (
              <option key={option} value={option}>
                {formatPounds(option)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="bad-credit-term" label="Loan term">
          <Select id="bad-credit-term" name="term" value={years} onChange={(e) => setYears(Number(e.target.value))}>
            {BAD_CREDIT_TERMS_YEARS.map((term) => (
              <option key={term} value={term}>
                {term} years
              </option>
            ))}
          </Select>
        </Field>
        <button type="submit" className={buttonVariants({ size: "lg", className: "sm:col-span-2" })}>
          Calculate Monthly Payment
        </button>
      </form>
      <div aria-live="polite" className="mt-6">
        {outcome && "error" in outcome ? <p className="font-semibold text-red-800">{outcome.error}</p> : null}
        {cost ? (
          <div className="rounded-xl bg-accent-50 p-5">
            <p className="text-sm text-slate-800">
              {formatPounds(cost.amount)} over {formatTerm(cost.months)} at a fixed{" "}
              {formatPercent(cost.annualRatePercent, 2)} a year
            </p>
            <ResultFigures
              className="mt-3"
              figures={[
                { label: "Monthly payment", value: formatPounds(cost.monthlyPayment, { pence: true }), primary: true },
                { label: "Total payable", value: formatPounds(cost.totalPayable, { pence: true }) },
                { label: "Total interest", value: formatPounds(cost.totalInterest, { pence: true }) },
              ]}
            />
            <p className="mt-3 text-sm text-slate-700">
              An estimate: the rate you are offered depends on your credit history and the equity in your home.
            </p>
          </div>
        ) : null}
      </div>
    </CalculatorCard>
  );
}
