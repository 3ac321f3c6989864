import { useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import {
  CALCULATOR_DEFAULTS,
  calculatorAmountFit,
  homeImprovementCalculator,
  parseHomeImprovementAmount,
} from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import {
  HOME_IMPROVEMENT_PROJECT_TYPES,
  HOME_IMPROVEMENT_TERMS_YEARS,
  type HomeImprovementProjectType,
  isOptionValue,
} from "~/domain/options";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import {
  BelowSecuredMinimum,
  CalculateButton,
  CalculatorCard,
  Field,
  PoundsInput,
  ResultFigures,
  Select,
} from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { type CalculatorProps, chosenOption, rateOr } from "./submission";

const chosenProjectType = (text: string | undefined): HomeImprovementProjectType | "" =>
  text !== undefined && isOptionValue(HOME_IMPROVEMENT_PROJECT_TYPES, text) ? text : "";

/**
 * /home-improvement-loan: the payment follows the inputs at the representative 7.74%;
 * Check Eligibility stays disabled until a project type is chosen (spec section 4).
 */
export function HomeImprovementCalculator({ input, rate: given }: CalculatorProps) {
  const rate = exampleAnnualRate(rateOr(given, "homeImprovement"));
  const [projectType, setProjectType] = useState(() => chosenProjectType(input?.projectType));
  const [amountText, setAmountText] = useState<string>(input?.amount ?? CALCULATOR_DEFAULTS.homeImprovement.amountText);
  const [years, setYears] = useState<number>(
    chosenOption(HOME_IMPROVEMENT_TERMS_YEARS, input?.term) ?? CALCULATOR_DEFAULTS.homeImprovement.years,
  );
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => {
    setProjectType(chosenProjectType(onPage.projectType));
    setAmountText(onPage.amount ?? "");
    setYears(chosenOption(HOME_IMPROVEMENT_TERMS_YEARS, onPage.term) ?? CALCULATOR_DEFAULTS.homeImprovement.years);
  });
  const amount = parseHomeImprovementAmount(amountText);
  const fit = amount === null ? null : calculatorAmountFit(amount);
  const cost = fit?.fit === "secured" ? homeImprovementCalculator(amountText, years, rate) : null;
  const amountProblem =
    fit?.fit === "refused"
      ? fit.message
      : amount === null && amountText.trim() !== ""
        ? "Enter an amount in pounds, like 50,000."
        : undefined;

  return (
    <CalculatorCard title="Home improvement loan calculator" titleId="home-improvement-calculator-heading">
      <form
        ref={form}
        method="get"
        action="#home-improvement-calculator-heading"
        onSubmit={(e) => e.preventDefault()}
        className="mt-6 grid gap-5"
      >
        <Field id="project-type" label="Project type">
          <Select
            id="project-type"
            name="projectType"
            value={projectType}
            onChange={(e) => setProjectType(chosenProjectType(e.target.value))}
          >
            <option value="">Choose your project</option>
            {HOME_IMPROVEMENT_PROJECT_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="home-improvement-amount" label="Loan amount" error={amountProblem}>
            <PoundsInput
              id="home-improvement-amount"
              name="amount"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              aria-invalid={amountProblem ? true : undefined}
              aria-describedby={amountProblem ? "home-improvement-amount-error" : undefined}
            />
          </Field>
          <Field id="home-improvement-term" label="Loan term">
            <Select
              id="home-improvement-term"
              name="term"
              value={years}
              onChange={(e) => setYears(Number(e.target.value))}
            >
              {HOME_IMPROVEMENT_TERMS_YEARS.map((term) => (
                <option key={term} value={term}>
                  {term} years
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <CalculateButton />
      </form>

      {amount !== null && fit?.fit === "personal-loan" ? (
        <div aria-live="polite" className="mt-6">
          <BelowSecuredMinimum amount={amount} />
        </div>
      ) : (
        <div className="mt-6 rounded-xl bg-accent-50 p-5">
          <div aria-live="polite">
            {cost ? (
              <ResultFigures
                figures={[
                  {
                    label: "Monthly payment",
                    value: formatPounds(cost.monthlyPayment, { pence: true }),
                    primary: true,
                  },
                ]}
              />
            ) : (
              <p className="font-semibold text-slate-900">
                {amountProblem
                  ? "Correct the loan amount above to see your monthly payment."
                  : "Enter a loan amount to see your monthly payment."}
              </p>
            )}
          </div>
          {cost ? (
            <>
              <ResultFigures
                columns={2}
                className="mt-4"
                figures={[
                  { label: "Total payable", value: formatPounds(cost.totalPayable, { pence: true }) },
                  { label: "Total interest", value: formatPounds(cost.totalInterest, { pence: true }) },
                ]}
              />
              <p className="mt-3 text-sm text-slate-700">
                {formatPounds(cost.amount)} over {formatTerm(cost.months)} at the representative fixed rate of{" "}
                {formatPercent(rate)} a year.
              </p>
            </>
          ) : null}
        </div>
      )}

      <div className="mt-5">
        {projectType ? (
          <a href="/apply" className={buttonVariants({ size: "lg", className: "w-full" })}>
            Check Eligibility »
          </a>
        ) : (
          <>
            <button
              type="button"
              disabled
              aria-describedby="project-type-needed"
              className={buttonVariants({ size: "lg", className: "w-full" })}
            >
              Check Eligibility »
            </button>
            <p id="project-type-needed" className="mt-2 text-center text-sm text-slate-700">
              Choose your project type to continue.
            </p>
          </>
        )}
      </div>
    </CalculatorCard>
  );
}
