import { useState } from "react";
import { formatTerm } from "~/components/representative-example";
import {
  CALCULATOR_DEFAULTS,
  CONSOLIDATION_TERM_MONTHS,
  CURRENT_PAYMENT_SHARES,
  type Debts,
  debtConsolidationSaving,
  parseMoneyInput,
} from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import { HEADLINE_APR } from "~/domain/rates";
import { CalculatorCard, Field, PoundsInput, ResultFigures } from "./fields";

/** The debts the calculator asks about, with the average APRs the spec labels them with. */
export const DEBT_FIELDS: readonly { key: keyof Debts; label: string; averageApr: number }[] = [
  { key: "creditCards", label: "Credit card debt", averageApr: 21 },
  { key: "personalLoans", label: "Personal loan", averageApr: 15 },
  { key: "storeCards", label: "Store cards", averageApr: 29 },
];

const share = (fraction: number) => formatPercent(fraction * 100);

const initialText = (debts: Debts): Record<keyof Debts, string> => ({
  creditCards: String(debts.creditCards),
  personalLoans: String(debts.personalLoans),
  storeCards: String(debts.storeCards),
});

/**
 * /debt-consolidation: what the debts cost now (assumed payments) against one loan at
 * 5.69% over 5 years. '£' and commas are stripped, a keystroke that is not a number is
 * ignored, and an empty box counts as 0 (spec section 5).
 */
export function DebtConsolidationCalculator() {
  const [text, setText] = useState(() => initialText(CALCULATOR_DEFAULTS.debtConsolidation));
  // Every accepted text parses (only parsable text is ever stored), so ?? 0 never applies.
  const debts: Debts = {
    creditCards: parseMoneyInput(text.creditCards) ?? 0,
    personalLoans: parseMoneyInput(text.personalLoans) ?? 0,
    storeCards: parseMoneyInput(text.storeCards) ?? 0,
  };
  const result = debtConsolidationSaving(debts);

  function change(key: keyof Debts, value: string) {
    if (parseMoneyInput(value) === null) return;
    setText((current) => ({ ...current, [key]: value }));
  }

  return (
    <CalculatorCard title="Debt consolidation calculator" titleId="debt-calculator-heading">
      <p className="mt-2 text-slate-700">Enter what you owe. We estimate what you pay now and compare one loan.</p>
      <form onSubmit={(e) => e.preventDefault()} className="mt-6 grid gap-5 sm:grid-cols-3">
        {DEBT_FIELDS.map((field) => (
          <Field
            key={field.key}
            id={`debt-${field.key}`}
            label={field.label}
            hint={`Average APR ${formatPercent(field.averageApr)}`}
          >
            <PoundsInput
              id={`debt-${field.key}`}
              name={field.key}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={text[field.key]}
              onChange={(e) => change(field.key, e.target.value)}
              aria-describedby={`debt-${field.key}-hint`}
            />
          </Field>
        ))}
      </form>

      <div className="mt-6 rounded-xl bg-accent-50 p-5">
        <ResultFigures
          className="sm:grid-cols-2"
          figures={[
            {
              label: "What you pay now (estimated)",
              value: `${formatPounds(result.currentMonthlyPayment, { pence: true })} a month`,
            },
            {
              label: `One loan of ${formatPounds(result.totalDebt)} at ${formatPercent(HEADLINE_APR)}`,
              value: `${formatPounds(result.newLoan.monthlyPayment, { pence: true })} a month`,
            },
          ]}
        />
        <div aria-live="polite" className="mt-5 border-t border-accent-100 pt-5">
          {result.totalDebt === 0 ? (
            <p className="font-semibold text-slate-900">Enter your debts to see what you could save.</p>
          ) : result.monthlySaving > 0 ? (
            <ResultFigures
              className="sm:grid-cols-2"
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
          {share(CURRENT_PAYMENT_SHARES.personalLoans)} of personal loans and {share(CURRENT_PAYMENT_SHARES.storeCards)}{" "}
          of store cards a month. The loan is repaid over {formatTerm(CONSOLIDATION_TERM_MONTHS)}:{" "}
          {formatPounds(result.newLoan.totalPayable, { pence: true })} in total, including{" "}
          {formatPounds(result.newLoan.totalInterest, { pence: true })} interest. Lower monthly payments can mean paying
          more in total, so compare the total cost too.
        </p>
      </div>
    </CalculatorCard>
  );
}
