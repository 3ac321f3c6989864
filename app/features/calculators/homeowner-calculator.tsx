import { type FormEvent, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { CALCULATOR_DEFAULTS, calculatorAmountFit, homeownerCalculator } from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm, type LoanCost } from "~/domain/finance";
import { type ExampleInputs, exampleAnnualRate } from "~/domain/promotion-figures";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN } from "~/domain/rates";
import {
  BelowSecuredMinimum,
  CalculatorCard,
  CorrectTheBox,
  controlClass,
  describedBy,
  Field,
  PoundsInput,
  ResultFigures,
} from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { parseLoanAmount, parseTermYears } from "./inputs";
import { type CalculatorProps, rateOr } from "./submission";

/** Terms the box accepts: a year to the longest term our lenders offer. */
export const HOMEOWNER_TERM_YEARS = { min: 1, max: 30 } as const;

/** The figures, the pointer to personal loans, or what is wrong with which box (shown beside it). */
type Outcome = { cost: LoanCost } | { error: string; field: "amount" | "term" } | { belowMinimum: number };

/** What 'Calculate My Payments' shows for the amount and term as typed. */
export function homeownerOutcome(
  amountText: string,
  yearsText: string,
  rate: ExampleInputs = rateOr(undefined, "homeowner"),
): Outcome {
  const amount = parseLoanAmount(amountText);
  const years = parseTermYears(yearsText, HOMEOWNER_TERM_YEARS.min, HOMEOWNER_TERM_YEARS.max);
  if (amount === null) return { error: "Please enter a loan amount.", field: "amount" };
  const fit = calculatorAmountFit(amount);
  if (fit.fit === "refused") return { error: fit.message, field: "amount" };
  if (fit.fit === "personal-loan") return { belowMinimum: amount };
  if (years === null)
    return {
      error: `Please enter a term in whole years, from ${HOMEOWNER_TERM_YEARS.min} to ${HOMEOWNER_TERM_YEARS.max}.`,
      field: "term",
    };
  return { cost: homeownerCalculator(amount, years, exampleAnnualRate(rate)) };
}

/** /homeowner-loan-calculator: 'Calculate My Payments' shows the payment and total at 5.9%. */
export function HomeownerCalculator({ input, rate: given }: CalculatorProps) {
  const rate = rateOr(given, "homeowner");
  const [amountText, setAmountText] = useState(input?.amount ?? String(CALCULATOR_DEFAULTS.homeowner.amount));
  const [yearsText, setYearsText] = useState(input?.term ?? String(CALCULATOR_DEFAULTS.homeowner.years));
  // A submitted form (no script) arrives with its figures already drawn.
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    input ? homeownerOutcome(input.amount ?? "", input.term ?? "", rate) : null,
  );
  const problem = outcome && "error" in outcome ? outcome : null;
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => {
    setAmountText(onPage.amount ?? "");
    setYearsText(onPage.term ?? "");
  });

  function calculate(event: FormEvent) {
    event.preventDefault();
    setOutcome(homeownerOutcome(amountText, yearsText, rate));
  }

  return (
    <CalculatorCard title="Homeowner loan calculator" titleId="homeowner-calculator-heading">
      <p className="mt-2 text-slate-700">At a fixed rate of {formatPercent(exampleAnnualRate(rate))} a year.</p>
      <form
        ref={form}
        method="get"
        action="#homeowner-calculator-heading"
        noValidate
        onSubmit={calculate}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field
          id="homeowner-amount"
          label="Loan amount"
          hint={`${formatPounds(HOMEOWNER_MIN_LOAN)} to ${formatPounds(HOMEOWNER_MAX_LOAN)}`}
          error={problem?.field === "amount" ? problem.error : undefined}
        >
          <PoundsInput
            id="homeowner-amount"
            name="amount"
            type="number"
            inputMode="numeric"
            min={HOMEOWNER_MIN_LOAN}
            max={HOMEOWNER_MAX_LOAN}
            step={1000}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={problem?.field === "amount" || undefined}
            aria-describedby={describedBy("homeowner-amount", problem?.field === "amount")}
          />
        </Field>
        <Field
          id="homeowner-term"
          label="Loan term (years)"
          hint={`${HOMEOWNER_TERM_YEARS.min} to ${HOMEOWNER_TERM_YEARS.max} years`}
          error={problem?.field === "term" ? problem.error : undefined}
        >
          <input
            id="homeowner-term"
            name="term"
            type="number"
            inputMode="numeric"
            min={HOMEOWNER_TERM_YEARS.min}
            max={HOMEOWNER_TERM_YEARS.max}
            step={1}
            value={yearsText}
            onChange={(e) => setYearsText(e.target.value)}
            aria-invalid={problem?.field === "term" || undefined}
            aria-describedby={describedBy("homeowner-term", problem?.field === "term")}
            className={controlClass}
          />
        </Field>
        <button type="submit" className={buttonVariants({ size: "lg", className: "sm:col-span-2" })}>
          Calculate My Payments
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
                { label: "Total payable", value: formatPounds(outcome.cost.totalPayable, { pence: true }) },
                { label: "Total interest", value: formatPounds(outcome.cost.totalInterest, { pence: true }) },
              ]}
            />
          </div>
        ) : null}
      </div>
    </CalculatorCard>
  );
}
