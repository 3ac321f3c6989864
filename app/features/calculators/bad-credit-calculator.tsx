import { type FormEvent, useState } from "react";
import { formatTerm } from "~/components/representative-example";
import { buttonVariants } from "~/components/ui/button";
import { badCreditCalculator, CALCULATOR_DEFAULTS } from "~/domain/calculators";
import { formatPercent, formatPounds, type LoanCost } from "~/domain/finance";
import { BAD_CREDIT_AMOUNTS, BAD_CREDIT_TERMS_YEARS } from "~/domain/options";
import { CalculatorCard, Field, ResultFigures, Select } from "./fields";

/**
 * /bad-credit-homeowner-loan: a result only after 'Calculate Monthly Payment', and only
 * when the payment is above 0 (spec section 4).
 */
export function BadCreditCalculator() {
  const [amount, setAmount] = useState<number>(CALCULATOR_DEFAULTS.badCredit.amount);
  const [years, setYears] = useState<number>(CALCULATOR_DEFAULTS.badCredit.years);
  const [cost, setCost] = useState<LoanCost | null>(null);

  function calculate(event: FormEvent) {
    event.preventDefault();
    const result = badCreditCalculator(amount, years);
    setCost(result.monthlyPayment > 0 ? result : null);
  }

  return (
    <CalculatorCard title="Estimate your monthly payment" titleId="bad-credit-calculator-heading">
      <form onSubmit={calculate} className="mt-6 grid gap-5 sm:grid-cols-2">
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
