import { type FormEvent, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { CALCULATOR_DEFAULTS, calculatorAmountFit, securedLoanCalculator } from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm, type LoanCost } from "~/domain/finance";
import { SECURED_CALCULATOR_TERMS_YEARS } from "~/domain/options";
import { type ExampleInputs, exampleAnnualRate } from "~/domain/promotion-figures";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import {
  BelowSecuredMinimum,
  CalculatorCard,
  CorrectTheBox,
  describedBy,
  Field,
  PoundsInput,
  ResultFigures,
  Select,
} from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { parseLoanAmount } from "./inputs";
import { type CalculatorProps, chosenOption, rateOr } from "./submission";

/** The figures, the pointer to personal loans, or what is wrong with which box (shown beside it). */
type Outcome = { cost: LoanCost } | { error: string; field: "amount" | "term" } | { belowMinimum: number };

/** What 'Calculate Payments' shows for the amount and term as sent. */
export function securedLoanOutcome(
  amountText: string,
  termText: string,
  rate: ExampleInputs = rateOr(undefined, "headline"),
): Outcome {
  const amount = parseLoanAmount(amountText);
  const years = chosenOption(SECURED_CALCULATOR_TERMS_YEARS, termText);
  if (amount === null) return { error: "Please enter a loan amount.", field: "amount" };
  const fit = calculatorAmountFit(amount);
  if (fit.fit === "refused") return { error: fit.message, field: "amount" };
  if (fit.fit === "personal-loan") return { belowMinimum: amount };
  if (years === null) return { error: "Please choose a loan term from the list.", field: "term" };
  return { cost: securedLoanCalculator(amount, years, exampleAnnualRate(rate)) };
}

/**
 * /secured-homeowner-loan: nothing is shown until 'Calculate Payments' (spec section 4);
 * then the figures for the amount and term as they were when pressed.
 */
export function SecuredLoanCalculator({ input, rate: given }: CalculatorProps) {
  const rate = rateOr(given, "headline");
  const [amountText, setAmountText] = useState(input?.amount ?? String(CALCULATOR_DEFAULTS.securedLoan.amount));
  const [years, setYears] = useState<number>(
    chosenOption(SECURED_CALCULATOR_TERMS_YEARS, input?.term) ?? CALCULATOR_DEFAULTS.securedLoan.years,
  );
  // A submitted form (no script) arrives with its figures already drawn.
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    input ? securedLoanOutcome(input.amount ?? "", input.term ?? "", rate) : null,
  );
  const problem = outcome && "error" in outcome ? outcome : null;
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => {
    setAmountText(onPage.amount ?? "");
    setYears(chosenOption(SECURED_CALCULATOR_TERMS_YEARS, onPage.term) ?? CALCULATOR_DEFAULTS.securedLoan.years);
  });

  function calculate(event: FormEvent) {
    event.preventDefault();
    setOutcome(securedLoanOutcome(amountText, String(years), rate));
  }

  return (
    <CalculatorCard title="Calculate your repayments" titleId="secured-calculator-heading">
      {/* noValidate: min, max and step guide the box but never block a calculation (spec section 5). */}
      <form
        ref={form}
        method="get"
        action="#secured-calculator-heading"
        noValidate
        onSubmit={calculate}
        className="mt-6 grid gap-5"
      >
        <Field
          id="secured-amount"
          label="Loan amount"
          hint={`${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`}
          error={problem?.field === "amount" ? problem.error : undefined}
        >
          <PoundsInput
            id="secured-amount"
            name="amount"
            type="number"
            inputMode="numeric"
            min={HOMEOWNER_MIN_LOAN}
            max={HOMEOWNER_MAX_LOAN}
            step={1000}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={problem?.field === "amount" || undefined}
            aria-describedby={describedBy("secured-amount", problem?.field === "amount")}
          />
        </Field>
        <Field id="secured-term" label="Loan term" error={problem?.field === "term" ? problem.error : undefined}>
          <Select
            id="secured-term"
            name="term"
            value={years}
            onChange={(e) => setYears(Number(e.target.value))}
            aria-invalid={problem?.field === "term" || undefined}
            aria-describedby={problem?.field === "term" ? "secured-term-error" : undefined}
          >
            {SECURED_CALCULATOR_TERMS_YEARS.map((term) => (
              <option key={term} value={term}>
                {term} years
              </option>
            ))}
          </Select>
        </Field>
        <button type="submit" className={buttonVariants({ size: "lg" })}>
          Calculate Payments
        </button>
      </form>

      <div aria-live="polite" className="mt-6">
        {problem ? <CorrectTheBox field={problem.field} /> : null}
        {outcome && "belowMinimum" in outcome ? <BelowSecuredMinimum amount={outcome.belowMinimum} /> : null}
        {outcome && "cost" in outcome ? (
          <div className="rounded-xl bg-accent-50 p-5">
            <p className="text-sm text-slate-800">
              {formatPounds(outcome.cost.amount)} over {formatTerm(outcome.cost.months)} at a fixed{" "}
              {formatPercent(exampleAnnualRate(rate))} a year
            </p>
            <ResultFigures
              className="mt-3"
              figures={[
                {
                  label: "Monthly payment",
                  value: formatPounds(outcome.cost.monthlyPayment, { pence: true }),
                  primary: true,
                },
                { label: "Total amount", value: formatPounds(outcome.cost.totalPayable, { pence: true }) },
                { label: "Total interest", value: formatPounds(outcome.cost.totalInterest, { pence: true }) },
              ]}
            />
          </div>
        ) : null}
      </div>
      {outcome && "cost" in outcome ? (
        <a href="/apply" className={buttonVariants({ variant: "secondary", size: "lg", className: "mt-5 w-full" })}>
          Get Your Personalised Quote »
        </a>
      ) : null}
    </CalculatorCard>
  );
}
