import { useRef, useState } from "react";
import {
  CALCULATOR_DEFAULTS,
  CONSOLIDATION_TERM_MONTHS,
  CURRENT_PAYMENT_SHARES,
  type Debts,
  debtConsolidationSaving,
  calculatorAmountFit,
  parseMoneyInput,
} from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import { BelowSecuredMinimum, CalculateButton, CalculatorCard, Field, PoundsInput, ResultFigures } from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { type CalculatorInput, type CalculatorProps, rateOr } from "./submission";

/** The debts the calculator asks about, with the average APRs the spec labels them with. */
export const DEBT_FIELDS: readonly { key: keyof Debts; label: string; averageApr: number }[] = [
  { key: "creditCards", label: "Credit card debt", averageApr: 21 },
  { key: "personalLoans", label: "Personal loan", averageApr: 15 },
  { key: "storeCards", label: "Store cards", averageApr: 29 },
];

const share = (fraction: number) => formatPercent(fraction * 100);

/** The boxes as the page opens: the defaults, or what a submitted form sent (kept as typed). */
const initialText = (input: CalculatorInput | undefined): Record<keyof Debts, string> => {
  const defaults = CALCULATOR_DEFAULTS.debtConsolidation;
  // A form sends every box: one left out of the query reads as empty, as an empty box does.
  const sent = (key: keyof Debts) => (input ? (input[key] ?? "") : String(defaults[key]));
  return { creditCards: sent("creditCards"), personalLoans: sent("personalLoans"), storeCards: sent("storeCards") };
};

export const NOT_AN_AMOUNT = "Enter an amount in pounds, like 15,000.";

/**
 * /debt-consolidation: what the debts cost now (assumed payments) against one loan at
 * 5.69% over 5 years. '£' and commas are stripped, a keystroke that is not a number is
 * ignored, and an empty box counts as 0 (spec section 5).
 */
export function DebtConsolidationCalculator({ input, rate: given }: CalculatorProps) {
  const rate = exampleAnnualRate(rateOr(given, "debtConsolidation"));
  const [text, setText] = useState(() => initialText(input));
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => setText(initialText(onPage)));
  // A keystroke never stores text that does not parse; only a submitted form (no script)
  // can bring some, and then that box says so and no figures are shown.
  const parsed = {
    creditCards: parseMoneyInput(text.creditCards),
    personalLoans: parseMoneyInput(text.personalLoans),
    storeCards: parseMoneyInput(text.storeCards),
  };
  const debts: Debts | null =
    parsed.creditCards !== null && parsed.personalLoans !== null && parsed.storeCards !== null
      ? { creditCards: parsed.creditCards, personalLoans: parsed.personalLoans, storeCards: parsed.storeCards }
      : null;
  const result = debts && debtConsolidationSaving(debts, rate);
  const fit = result && result.totalDebt > 0 ? calculatorAmountFit(result.totalDebt) : null;

  function change(key: keyof Debts, value: string) {
    if (parseMoneyInput(value) === null) return;
    setText((current) => ({ ...current, [key]: value }));
  }

  return (
    <CalculatorCard title="Debt consolidation calculator" titleId="debt-calculator-heading">
      <p className="mt-2 text-slate-700">Enter what you owe. We estimate what you pay now and compare one loan.</p>
      <form
        ref={form}
        method="get"
        action="#debt-calculator-heading"
        onSubmit={(e) => e.preventDefault()}
        className="mt-6 grid gap-5 sm:grid-cols-3"
      >
        {DEBT_FIELDS.map((field) => (
          <Field
            key={field.key}
            id={`debt-${field.key}`}
            label={field.label}
            hint={`Average APR ${formatPercent(field.averageApr)}`}
            error={parsed[field.key] === null ? NOT_AN_AMOUNT : undefined}
          >
            <PoundsInput
              id={`debt-${field.key}`}
              name={field.key}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={text[field.key]}
              onChange={(e) => change(field.key, e.target.value)}
              aria-invalid={parsed[field.key] === null || undefined}
              aria-describedby={
                parsed[field.key] === null ? `debt-${field.key}-hint debt-${field.key}-error` : `debt-${field.key}-hint`
              }
            />
          </Field>
        ))}
        <CalculateButton className="sm:col-span-3" />
      </form>

      {result === null ? (
        <p aria-live="polite" className="mt-6 font-semibold text-slate-900">
          Correct the amounts above to see what you could save.
        </p>
      ) : fit?.fit === "personal-loan" ? (
        <div aria-live="polite" className="mt-6">
          <BelowSecuredMinimum amount={result.totalDebt} />
        </div>
      ) : fit?.fit === "refused" ? (
        <p aria-live="polite" className="mt-6 font-semibold text-red-800">
          {fit.message}: your debts come to {formatPounds(result.totalDebt)}.
        </p>
      ) : (
        <div className="mt-6 rounded-xl bg-accent-50 p-5">
          <ResultFigures
            columns={2}
            figures={[
              {
                label: "What you pay now (estimated)",
                value: `${formatPounds(result.currentMonthlyPayment, { pence: true })} a month`,
              },
              {
                label: `One loan of ${formatPounds(result.totalDebt)} at ${formatPercent(rate)}`,
                value: `${formatPounds(result.newLoan.monthlyPayment, { pence: true })} a month`,
              },
            ]}
          />
          <div aria-live="polite" className="mt-5 border-t border-accent-100 pt-5">
            {result.totalDebt === 0 ? (
              <p className="font-semibold text-slate-900">Enter your debts to see what you could save.</p>
            ) : result.monthlySaving > 0 ? (
              <ResultFigures
                columns={2}
                figures={[
                  { label: "Monthly saving", value: formatPounds(result.monthlySaving, { pence: true }) },
                  { label: "Annual saving", value: formatPounds(result.annualSaving, { pence: true }) },
                ]}
              />
            ) : (
              <p className="font-semibold text-slate-900">
                One loan would not lower your monthly payments: it would cost{" "}
                {formatPounds(-result.monthlySaving, { pence: true })} a month more.
              </p>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-700">
            Current payments are estimated at {share(CURRENT_PAYMENT_SHARES.creditCards)} of card balances,{" "}
            {share(CURRENT_PAYMENT_SHARES.personalLoans)} of personal loans and{" "}
            {share(CURRENT_PAYMENT_SHARES.storeCards)} of store cards a month. The loan is repaid over{" "}
            {formatTerm(CONSOLIDATION_TERM_MONTHS)}: {formatPounds(result.newLoan.totalPayable, { pence: true })} in
            total, including {formatPounds(result.newLoan.totalInterest, { pence: true })} interest. Lower monthly
            payments can mean paying more in total, so compare the total cost too.
          </p>
        </div>
      )}
    </CalculatorCard>
  );
}
