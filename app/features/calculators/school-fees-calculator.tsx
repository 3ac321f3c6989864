import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import {
  CALCULATOR_DEFAULTS,
  isBelowSecuredMinimum,
  schoolFeesCalculator,
  schoolFeesSelection,
} from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm } from "~/domain/finance";
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
import {
  BelowSecuredMinimum,
  CalculateButton,
  CalculatorCard,
  controlClass,
  Field,
  PoundsInput,
  ResultFigures,
  Select,
} from "./fields";
import type { CalculatorInput } from "./submission";

export interface SchoolFeesState {
  school: School | "";
  yearGroup: SchoolYearGroup | "";
  /** The estimated annual fees box, as typed or as filled in from the fee table. */
  feesText: string;
  amount: number;
  years: number;
  /**
   * The school and year group ("school:yearGroup") whose fee last filled the boxes. The
   * form sends it, so a form sent without script fills them only when the choice changed,
   * and an amount moved afterwards is kept, as it is with script.
   */
  filled: string;
}

export const initialSchoolFeesState: SchoolFeesState = {
  school: "",
  yearGroup: "",
  feesText: "",
  amount: CALCULATOR_DEFAULTS.schoolFees.amount,
  years: CALCULATOR_DEFAULTS.schoolFees.years,
  filled: "",
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
  return {
    ...next,
    feesText: String(selection.estimatedAnnualFees),
    amount: selection.loanAmount,
    filled: `${next.school}:${next.yearGroup}`,
  };
}

/** The fees box keeps digits and commas only. */
const feesBox = (text: string) => text.replace(/[^\d,]/g, "");

/** A whole number typed in a box, when it lies within [min, max]. */
function wholeNumberWithin(text: string, range: { min: number; max: number }): number | null {
  const trimmed = text.replace(/,/g, "").trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? value : null;
}

export interface SchoolFeesSubmission {
  state: SchoolFeesState;
  /** The amount and term boxes as they are to be shown (as typed, or as the fee table filled them). */
  amountText: string;
  yearsText: string;
  /** Why a box cannot be used; none when every box can. */
  problems: { amount?: string; term?: string };
}

export const AMOUNT_PROBLEM = `Enter an amount from ${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.min)} to ${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.max)}, in whole pounds.`;
export const TERM_PROBLEM = `Enter a term from ${SCHOOL_FEES_TERM_RANGE_YEARS.min} to ${SCHOOL_FEES_TERM_RANGE_YEARS.max} years, in whole years.`;

/** The calculator as a form sent without script left it: what was typed, and what was chosen. */
export function readSchoolFeesInput(input: CalculatorInput | undefined): SchoolFeesSubmission {
  if (!input) {
    const { amount, years } = initialSchoolFeesState;
    return { state: initialSchoolFeesState, amountText: String(amount), yearsText: String(years), problems: {} };
  }
  const school = input.school !== undefined && isOptionValue(SCHOOLS, input.school) ? input.school : "";
  const yearGroup =
    input.yearGroup !== undefined && isOptionValue(SCHOOL_YEAR_GROUPS, input.yearGroup) ? input.yearGroup : "";
  const amountText = input.amount ?? "";
  const yearsText = input.term ?? "";
  const amount = wholeNumberWithin(amountText, SCHOOL_FEES_AMOUNT_RANGE);
  const years = wholeNumberWithin(yearsText, SCHOOL_FEES_TERM_RANGE_YEARS);
  const sent: SchoolFeesState = {
    school,
    yearGroup,
    feesText: feesBox(input.fees ?? ""),
    amount: amount ?? initialSchoolFeesState.amount,
    years: years ?? initialSchoolFeesState.years,
    filled: input.filled ?? "",
  };
  const choiceChanged = school !== "" && yearGroup !== "" && `${school}:${yearGroup}` !== sent.filled;
  const state = choiceChanged ? chooseSchool(sent, {}) : sent;
  const refilled = state.filled !== sent.filled;
  return {
    state,
    amountText: refilled ? String(state.amount) : amountText,
    yearsText,
    problems: {
      amount: amount === null && !refilled ? AMOUNT_PROBLEM : undefined,
      term: years === null ? TERM_PROBLEM : undefined,
    },
  };
}

/** /school-fees-loan: the payment follows every change of amount or term, at 5.69%. */
export function SchoolFeesCalculator({ input }: { input?: CalculatorInput }) {
  const [submission] = useState(() => readSchoolFeesInput(input));
  const [state, setState] = useState(submission.state);
  // Without script the amount and term are number boxes (a slider's value beside it
  // cannot follow it without script); once React runs they become sliders, whose
  // positions are always valid, so the sent boxes' problems no longer apply.
  const sliders = useHydrated();
  const problems = sliders ? {} : submission.problems;
  const cost = schoolFeesCalculator(state.amount, state.years);
  const noFeeHeld = state.school !== "" && state.school !== "other" && state.yearGroup !== "" && state.feesText === "0";

  return (
    <CalculatorCard title="School fees calculator" titleId="school-fees-calculator-heading">
      <p className="mt-2 text-slate-700">
        Choose a school and year group to fill in typical annual fees, or choose Other and enter your own.
      </p>
      <form
        method="get"
        action="#school-fees-calculator-heading"
        noValidate
        onSubmit={(e) => e.preventDefault()}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="filled" value={state.filled} />
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
              const feesText = feesBox(e.target.value);
              setState((s) => ({ ...s, feesText }));
            }}
            aria-describedby="school-fees-hint"
          />
        </Field>
        <SliderOrBox
          id="school-amount"
          name="amount"
          label="Loan amount"
          hint={`${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.min)} to ${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.max)}`}
          range={SCHOOL_FEES_AMOUNT_RANGE}
          slider={sliders}
          value={state.amount}
          shown={formatPounds(state.amount)}
          onChange={(amount) => setState((s) => ({ ...s, amount }))}
          typed={submission.amountText}
          problem={problems.amount}
          pounds
        />
        <SliderOrBox
          id="school-term"
          name="term"
          label="Loan term"
          hint={`${SCHOOL_FEES_TERM_RANGE_YEARS.min} to ${SCHOOL_FEES_TERM_RANGE_YEARS.max} years`}
          range={SCHOOL_FEES_TERM_RANGE_YEARS}
          slider={sliders}
          value={state.years}
          shown={formatTerm(state.years * 12)}
          onChange={(years) => setState((s) => ({ ...s, years }))}
          typed={submission.yearsText}
          problem={problems.term}
        />
        <CalculateButton className="sm:col-span-2" />
      </form>
      {problems.amount || problems.term ? (
        <p aria-live="polite" className="mt-6 font-semibold text-slate-900">
          Correct the boxes above to see your monthly payment.
        </p>
      ) : isBelowSecuredMinimum(state.amount) ? (
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
            columns={2}
            className="mt-4"
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

/**
 * A slider with its value printed beside it once React runs; before that, a box that
 * keeps what was typed and says what is wrong with it (the printed value of a slider
 * cannot follow the slider without script).
 */
function SliderOrBox({
  id,
  name,
  label,
  hint,
  range,
  slider,
  value,
  shown,
  onChange,
  typed,
  problem,
  pounds = false,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  range: { min: number; max: number; step: number };
  slider: boolean;
  value: number;
  /** The value as the page prints it beside the slider. */
  shown: string;
  onChange: (value: number) => void;
  typed: string;
  problem: string | undefined;
  pounds?: boolean;
}) {
  const box = {
    id,
    name,
    type: "text",
    inputMode: "numeric",
    autoComplete: "off",
    defaultValue: typed,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": `${id}-hint${problem ? ` ${id}-error` : ""}`,
  } as const;
  return (
    <Field id={id} label={label} hint={hint} error={problem} className="sm:col-span-2">
      {slider ? (
        <div className="mt-1.5 flex items-center gap-4">
          <input
            id={id}
            name={name}
            type="range"
            min={range.min}
            max={range.max}
            step={range.step}
            value={value}
            aria-valuetext={shown}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange(Number(e.target.value))}
            className="h-12 w-full cursor-pointer accent-accent-600"
          />
          <output htmlFor={id} className="min-w-24 text-right text-lg font-bold text-slate-900">
            {shown}
          </output>
        </div>
      ) : pounds ? (
        <PoundsInput {...box} />
      ) : (
        <input {...box} className={controlClass} />
      )}
    </Field>
  );
}
