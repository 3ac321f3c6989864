import { useState } from "react";
import { formatTerm } from "~/components/representative-example";
import {
  CALCULATOR_DEFAULTS,
  isBelowSecuredMinimum,
  schoolFeesCalculator,
  schoolFeesSelection,
} from "~/domain/calculators";
import { formatPercent, formatPounds } from "~/domain/finance";
import {
  isOptionValue,
  SCHOOL_FEES_AMOUNT_RANGE,
  SCHOOL_FEES_TERM_RANGE_YEARS,
  SCHOOL_YEAR_GROUPS,
  type School,
  SCHOOLS,
  type SchoolYearGroup,
} from "~/domain/options";
import { HEADLINE_APR } from "~/domain/rates";
import { BelowSecuredMinimum, CalculatorCard, Field, PoundsInput, ResultFigures, Select } from "./fields";

export interface SchoolFeesState {
  school: School | "";
  yearGroup: SchoolYearGroup | "";
  /** The estimated annual fees box, as typed or as filled in from the fee table. */
  feesText: string;
  amount: number;
  years: number;
}

export const initialSchoolFeesState: SchoolFeesState = {
  school: "",
  yearGroup: "",
  feesText: "",
  amount: CALCULATOR_DEFAULTS.schoolFees.amount,
  years: CALCULATOR_DEFAULTS.schoolFees.years,
};

/**
 * Choosing a school (other than Other) with a year group fills in the estimated fees and
 * sets the loan amount to that fee, or to £25,000 when the table holds no fee (spec 4).
 */
export function chooseSchool(state: SchoolFeesState, change: Partial<Pick<SchoolFeesState, "school" | "yearGroup">>) {
  const next = { ...state, ...change };
  if (next.school === "" || next.yearGroup === "") return next;
  const selection = schoolFeesSelection(next.school, next.yearGroup);
  if (!selection) return next;
  return { ...next, feesText: String(selection.estimatedAnnualFees), amount: selection.loanAmount };
}

/** /school-fees-loan: the payment follows every change of amount or term, at 5.69%. */
export function SchoolFeesCalculator() {
  const [state, setState] = useState(initialSchoolFeesState);
  const cost = schoolFeesCalculator(state.amount, state.years);
  const noFeeHeld = state.school !== "" && state.school !== "other" && state.yearGroup !== "" && state.feesText === "0";

  return (
    <CalculatorCard title="School fees calculator" titleId="school-fees-calculator-heading">
      <p className="mt-2 text-slate-700">
        Choose a school and year group to fill in typical annual fees, or choose Other and enter your own.
      </p>
      <form onSubmit={(e) => e.preventDefault()} className="mt-6 grid gap-5 sm:grid-cols-2">
        <Field id="school-name" label="School">
          <Select
            id="school-name"
            name="school"
            value={state.school}
            onChange={(e) => {
              const school = e.target.value;
              setState((s) => chooseSchool(s, { school: isOptionValue(SCHOOLS, school) ? school : "" }));
            }}
          >
            <option value="">Choose a school</option>
            {SCHOOLS.map((school) => (
              <option key={school.value} value={school.value}>
                {school.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="school-year-group" label="Year group">
          <Select
            id="school-year-group"
            name="yearGroup"
            value={state.yearGroup}
            onChange={(e) => {
              const yearGroup = e.target.value;
              setState((s) =>
                chooseSchool(s, { yearGroup: isOptionValue(SCHOOL_YEAR_GROUPS, yearGroup) ? yearGroup : "" }),
              );
            }}
          >
            <option value="">Choose a year group</option>
            {SCHOOL_YEAR_GROUPS.map((group) => (
              <option key={group.value} value={group.value}>
                {group.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="school-fees"
          label="Estimated annual fees"
          hint={
            noFeeHeld
              ? "We hold no fee for this school and year group: enter your own estimate."
              : "A year's fees, in pounds"
          }
          className="sm:col-span-2"
        >
          <PoundsInput
            id="school-fees"
            name="fees"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={state.feesText}
            onChange={(e) => {
              const feesText = e.target.value.replace(/[^\d,]/g, "");
              setState((s) => ({ ...s, feesText }));
            }}
            aria-describedby="school-fees-hint"
          />
        </Field>
        <Field id="school-amount" label="Loan amount" className="sm:col-span-2">
          <div className="mt-1.5 flex items-center gap-4">
            <input
              id="school-amount"
              name="amount"
              type="range"
              min={SCHOOL_FEES_AMOUNT_RANGE.min}
              max={SCHOOL_FEES_AMOUNT_RANGE.max}
              step={SCHOOL_FEES_AMOUNT_RANGE.step}
              value={state.amount}
              aria-valuetext={formatPounds(state.amount)}
              onChange={(e) => setState((s) => ({ ...s, amount: Number(e.target.value) }))}
              className="h-12 w-full cursor-pointer accent-accent-600"
            />
            <output htmlFor="school-amount" className="min-w-24 text-right text-lg font-bold text-slate-900">
              {formatPounds(state.amount)}
            </output>
          </div>
        </Field>
        <Field id="school-term" label="Loan term" className="sm:col-span-2">
          <div className="mt-1.5 flex items-center gap-4">
            <input
              id="school-term"
              name="term"
              type="range"
              min={SCHOOL_FEES_TERM_RANGE_YEARS.min}
              max={SCHOOL_FEES_TERM_RANGE_YEARS.max}
              step={SCHOOL_FEES_TERM_RANGE_YEARS.step}
              value={state.years}
              aria-valuetext={formatTerm(state.years * 12)}
              onChange={(e) => setState((s) => ({ ...s, years: Number(e.target.value) }))}
              className="h-12 w-full cursor-pointer accent-accent-600"
            />
            <output htmlFor="school-term" className="min-w-24 text-right text-lg font-bold text-slate-900">
              {formatTerm(state.years * 12)}
            </output>
          </div>
        </Field>
      </form>
      {isBelowSecuredMinimum(state.amount) ? (
        <div aria-live="polite" className="mt-6">
          <BelowSecuredMinimum amount={state.amount} />
        </div>
      ) : (
        <div className="mt-6 rounded-xl bg-accent-50 p-5">
          <div aria-live="polite">
            <ResultFigures
              figures={[
                { label: "Monthly payment", value: formatPounds(cost.monthlyPayment, { pence: true }), primary: true },
              ]}
            />
          </div>
          <ResultFigures
            className="mt-4 sm:grid-cols-2"
            figures={[
              { label: "Total payable", value: formatPounds(cost.totalPayable, { pence: true }) },
              { label: "Total interest", value: formatPounds(cost.totalInterest, { pence: true }) },
            ]}
          />
          <p className="mt-3 text-sm text-slate-700">
            {formatPounds(cost.amount)} over {formatTerm(cost.months)} at a fixed {formatPercent(HEADLINE_APR)} a year.
          </p>
        </div>
      )}
    </CalculatorCard>
  );
}
