import { useRef, useState } from "react";
import {
  CALCULATOR_DEFAULTS,
  type CalculatorAmountFit,
  calculatorAmountFit,
  parseWholePounds,
  SCHOOL_FEES_MAXIMUM,
  schoolFeesCalculator,
  schoolFeesSelection,
} from "~/domain/calculators";
import { formatPercent, formatPounds, formatTerm, type LoanCost } from "~/domain/finance";
import {
  isOptionValue,
  SCHOOL_FEES_AMOUNT_RANGE,
  SCHOOL_FEES_TERM_RANGE_YEARS,
  SCHOOL_YEAR_GROUPS,
  type School,
  SCHOOLS,
  type SchoolYearGroup,
} from "~/domain/options";
import { exampleAnnualRate } from "~/domain/promotion-figures";
import {
  BelowSecuredMinimum,
  CalculateButton,
  CalculatorCard,
  controlClass,
  describedBy,
  Field,
  PoundsInput,
  ResultFigures,
  Select,
} from "./fields";
import { useInputsOnPage } from "./inputs-on-page";
import { type CalculatorInput, type CalculatorProps, rateOr } from "./submission";

export interface SchoolFeesState {
  school: School | "";
  yearGroup: SchoolYearGroup | "";
  /** The estimated annual fees box, as typed or as filled in from the fee table. */
  feesText: string;
  /** The loan amount box, as typed or as filled in from the fee table: whole pounds, never rounded to a step. */
  amountText: string;
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
  amountText: String(CALCULATOR_DEFAULTS.schoolFees.amount),
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
    amountText: String(selection.loanAmount),
    filled: `${next.school}:${next.yearGroup}`,
  };
}

/** The fees and amount boxes keep digits and commas only. */
const poundsBox = (text: string) => text.replace(/[^\d,]/g, "");

/** A whole number typed in a box, when it lies within [min, max]. */
function wholeNumberWithin(text: string, range: { min: number; max: number }): number | null {
  const value = parseWholePounds(text);
  return value !== null && value >= range.min && value <= range.max ? value : null;
}

export const AMOUNT_PROBLEM = "Enter an amount in whole pounds, like 25,000.";
export const TERM_PROBLEM = `Enter a term from ${SCHOOL_FEES_TERM_RANGE_YEARS.min} to ${SCHOOL_FEES_TERM_RANGE_YEARS.max} years, in whole years.`;

/** What the amount box holds: a figure, the pointer to personal loans, or why not (beside the box). */
export function schoolFeesAmount(
  amountText: string,
): { amount: number; fit: CalculatorAmountFit } | { problem: string } {
  const amount = parseWholePounds(amountText);
  if (amount === null) return { problem: AMOUNT_PROBLEM };
  const fit = calculatorAmountFit(amount, SCHOOL_FEES_MAXIMUM);
  return fit.fit === "refused" ? { problem: fit.message } : { amount, fit };
}

export interface SchoolFeesSubmission {
  state: SchoolFeesState;
  /** The term box as it is to be shown without script (as typed). */
  yearsText: string;
  /** Why the term box cannot be used, if it cannot. */
  termProblem?: string;
}

/**
 * The calculator as a form sent without script left it, or as the page holds it when the
 * script arrives (decision 167): what was typed, and what was chosen.
 */
export function readSchoolFeesInput(input: CalculatorInput | undefined): SchoolFeesSubmission {
  if (!input) return { state: initialSchoolFeesState, yearsText: String(initialSchoolFeesState.years) };
  const school = input.school !== undefined && isOptionValue(SCHOOLS, input.school) ? input.school : "";
  const yearGroup =
    input.yearGroup !== undefined && isOptionValue(SCHOOL_YEAR_GROUPS, input.yearGroup) ? input.yearGroup : "";
  const yearsText = input.term ?? "";
  const years = wholeNumberWithin(yearsText, SCHOOL_FEES_TERM_RANGE_YEARS);
  const sent: SchoolFeesState = {
    school,
    yearGroup,
    feesText: poundsBox(input.fees ?? ""),
    amountText: input.amount ?? "",
    years: years ?? initialSchoolFeesState.years,
    filled: input.filled ?? "",
  };
  const choiceChanged = school !== "" && yearGroup !== "" && `${school}:${yearGroup}` !== sent.filled;
  return {
    state: choiceChanged ? chooseSchool(sent, {}) : sent,
    yearsText,
    termProblem: years === null ? TERM_PROBLEM : undefined,
  };
}

/** /school-fees-loan: the payment follows every change of amount or term, at 5.69%. */
export function SchoolFeesCalculator({ input, rate: given }: CalculatorProps) {
  const rate = exampleAnnualRate(rateOr(given, "schoolFees"));
  const [submission] = useState(() => readSchoolFeesInput(input));
  const [state, setState] = useState(submission.state);
  // Without script the term is a number box (a slider's value beside it cannot follow it
  // without script) and the amount has no slider; once React runs and has read the form
  // as the page holds it, the sliders appear. A slider's position is always valid, so
  // the sent term box's problem no longer applies.
  const [sliders, setSliders] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useInputsOnPage(form, (onPage) => {
    setState(readSchoolFeesInput(onPage).state);
    setSliders(true);
  });
  const termProblem = sliders ? undefined : submission.termProblem;
  const amount = schoolFeesAmount(state.amountText);
  const amountProblem = "problem" in amount ? amount.problem : undefined;
  const noFeeHeld = state.school !== "" && state.school !== "other" && state.yearGroup !== "" && state.feesText === "0";
  const sliderAmount = Math.min(
    SCHOOL_FEES_AMOUNT_RANGE.max,
    Math.max(SCHOOL_FEES_AMOUNT_RANGE.min, "amount" in amount ? amount.amount : CALCULATOR_DEFAULTS.schoolFees.amount),
  );

  return (
    <CalculatorCard title="School fees calculator" titleId="school-fees-calculator-heading">
      <p className="mt-2 text-slate-700">
        Choose a school and year group to fill in typical annual fees, or choose Other and enter your own.
      </p>
      <form
        ref={form}
        method="get"
        action="#school-fees-calculator-heading"
        noValidate
        // Never restored by the browser on reload: the hidden choice that last filled the
        // boxes must not come back beside other boxes (HTML allows no autocomplete on a
        // hidden field itself).
        autoComplete="off"
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
              const feesText = poundsBox(e.target.value);
              setState((s) => ({ ...s, feesText }));
            }}
            aria-describedby="school-fees-hint"
          />
        </Field>
        <Field
          id="school-amount"
          label="Loan amount"
          hint={`${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.min)} to ${formatPounds(SCHOOL_FEES_AMOUNT_RANGE.max)}`}
          error={amountProblem}
          className="sm:col-span-2"
        >
          <PoundsInput
            id="school-amount"
            name="amount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={state.amountText}
            onChange={(e) => {
              const amountText = poundsBox(e.target.value);
              setState((s) => ({ ...s, amountText }));
            }}
            aria-invalid={amountProblem ? true : undefined}
            aria-describedby={describedBy("school-amount", amountProblem !== undefined)}
          />
          {/* A quicker way to move the amount, in £1,000 steps, once the script runs; the box
              holds the exact amount (a fee of £49,194 stays £49,194) and is what is sent.
              Its room is kept before then, so nothing below moves when it appears. */}
          <div className="mt-2 h-12">
            {sliders ? (
              <input
                type="range"
                aria-label="Loan amount slider"
                min={SCHOOL_FEES_AMOUNT_RANGE.min}
                max={SCHOOL_FEES_AMOUNT_RANGE.max}
                step={SCHOOL_FEES_AMOUNT_RANGE.step}
                value={sliderAmount}
                aria-valuetext={formatPounds(sliderAmount)}
                onChange={(e) => {
                  const amountText = e.target.value;
                  setState((s) => ({ ...s, amountText }));
                }}
                className="h-12 w-full cursor-pointer accent-accent-600"
              />
            ) : null}
          </div>
        </Field>
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
          problem={termProblem}
        />
        <CalculateButton className="sm:col-span-2" />
      </form>
      {"problem" in amount || termProblem ? (
        <p aria-live="polite" className="mt-6 font-semibold text-slate-900">
          Correct the boxes above to see your monthly payment.
        </p>
      ) : amount.fit.fit === "personal-loan" ? (
        <div aria-live="polite" className="mt-6">
          <BelowSecuredMinimum amount={amount.amount} />
        </div>
      ) : (
        <SchoolFeesFigures cost={schoolFeesCalculator(amount.amount, state.years, rate)} />
      )}
    </CalculatorCard>
  );
}

function SchoolFeesFigures({ cost }: { cost: LoanCost }) {
  return (
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
        {formatPounds(cost.amount)} over {formatTerm(cost.months)} at a fixed {formatPercent(cost.annualRatePercent)} a
        year.
      </p>
    </div>
  );
}

/**
 * The term: a slider with its value printed beside it once React runs; before that, a box
 * that keeps what was typed and says what is wrong with it (the printed value of a slider
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
      ) : (
        <input {...box} className={controlClass} />
      )}
    </Field>
  );
}
