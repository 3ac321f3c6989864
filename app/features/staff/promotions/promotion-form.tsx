import { Form } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ErrorSummary, type FieldProblem } from "~/components/ui/error-summary";
import { SelectField, TextField } from "~/components/ui/field";
import {
  CLAIM_FIELDS,
  BASED_ON_FIELD,
  CLAIM_MAX_LENGTHS,
  EXAMPLE_KEYS,
  EXAMPLE_LABELS,
  exampleField,
  MAX_RATE_BANDS,
  PUBLISH_AT_FIELD,
  type PromotionErrors,
  rateTableField,
} from "~/domain/promotions";
import { RATED_CREDIT_HISTORIES, type RatedCreditHistory } from "~/domain/rates";

// The draft form of /staff/promotions (DECISIONS D27): every figure staff may change, each
// with its reason beside it when the check refuses it. Works without script: a post
// comes back with what was typed, the reasons and, asked, the pages it touches.

/** The form's fields by name, as text. */
export type PromotionFormValues = Record<string, string>;

/** `rateTable.0.maxLtv` → `promotion-rateTable-0-maxLtv`: an id for the field of that name. */
export const fieldId = (name: string) => `promotion-${name.replace(/\./g, "-")}`;

const HISTORY_LABELS: Record<RatedCreditHistory, string> = {
  excellent: "Excellent credit (% a year)",
  good: "Good credit (% a year)",
  unsure: "Unsure of credit (% a year)",
};

const fieldsetClass = "rounded-lg border border-slate-300 p-4";
const legendClass = "px-1 font-semibold text-slate-900";
const gridClass = "mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
/** A band or an example's five inputs: one row on a wide screen, their boxes level however their labels wrap. */
const rowGridClass = "mt-2 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-5";

/** The form's field names in the order it shows them: the error summary links to each in that order. */
function orderedNames(bands: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < bands; i++)
    names.push(
      rateTableField(i, "maxLtv"),
      rateTableField(i, "maxLoan"),
      ...RATED_CREDIT_HISTORIES.map((h) => rateTableField(i, h)),
    );
  for (const key of EXAMPLE_KEYS)
    names.push(
      exampleField(key, "amount"),
      exampleField(key, "months"),
      exampleField(key, "ratePercent"),
      exampleField(key, "rateBasis"),
      exampleField(key, "fees"),
    );
  names.push(...Object.values(CLAIM_FIELDS), "summary", PUBLISH_AT_FIELD);
  return names;
}

/** How many rate-table rows the form shows: the bands typed, and two spare, up to the most. */
export const bandRows = (values: PromotionFormValues) => {
  let last = -1;
  for (let i = 0; i < MAX_RATE_BANDS; i++) {
    const typed = [
      rateTableField(i, "maxLtv"),
      rateTableField(i, "maxLoan"),
      ...RATED_CREDIT_HISTORIES.map((h) => rateTableField(i, h)),
    ]
      .map((name) => values[name] ?? "")
      .some((text) => text.trim() !== "");
    if (typed) last = i;
  }
  return Math.min(MAX_RATE_BANDS, last + 3);
};

export function PromotionForm({
  values,
  errors,
  refused,
}: {
  values: PromotionFormValues;
  errors: PromotionErrors;
  /** The form came back refused: its summary takes the focus. */
  refused: boolean;
}) {
  const rows = bandRows(values);
  const problems: FieldProblem[] = orderedNames(rows)
    .filter((name) => errors[name])
    .map((name) => ({ targetId: fieldId(name), message: errors[name] as string }));
  // A reason keyed past the rows shown (the table's first band when it has none) still shows.
  for (const [name, message] of Object.entries(errors))
    if (!problems.some((p) => p.targetId === fieldId(name)))
      problems.push({ targetId: fieldId(rateTableField(0, "maxLtv")), message });
  const text = (name: string) => values[name] ?? "";
  const field = (name: string, label: string, hint?: string, inputMode: "decimal" | "numeric" | "text" = "decimal") => (
    <TextField
      key={name}
      id={fieldId(name)}
      name={name}
      label={label}
      hint={hint}
      inputMode={inputMode === "text" ? undefined : inputMode}
      maxLength={(CLAIM_MAX_LENGTHS as Record<string, number | undefined>)[name]}
      autoComplete="off"
      defaultValue={text(name)}
      error={errors[name]}
    />
  );

  return (
    <Form method="post" noValidate className="mt-4 space-y-6">
      <ErrorSummary problems={problems} autoFocus={refused} />
      <input type="hidden" name={BASED_ON_FIELD} value={text(BASED_ON_FIELD)} />
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>The rate table</legend>
        <p className="mt-1 text-sm text-slate-700">
          Each band quotes the rate for loans up to its LTV and its largest loan, by the borrower's credit history.
          Bands rise in LTV; a band's largest loan is no higher than the one before. Leave a row empty to have no band
          there.
        </p>
        <div className="mt-3 space-y-4">
          {Array.from({ length: rows }, (_, i) => (
            <fieldset key={rateTableField(i, "maxLtv")} className="rounded-md border border-slate-200 p-3">
              <legend className={legendClass}>Band {i + 1}</legend>
              <div className={rowGridClass}>
                {field(rateTableField(i, "maxLtv"), "Up to LTV (%)")}
                {field(rateTableField(i, "maxLoan"), "Largest loan (£)", undefined, "numeric")}
                {RATED_CREDIT_HISTORIES.map((h) => field(rateTableField(i, h), HISTORY_LABELS[h]))}
              </div>
            </fieldset>
          ))}
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Representative examples</legend>
        <p className="mt-1 text-sm text-slate-700">
          The inputs only: each page computes its APRC, monthly payment and total payable from these.
        </p>
        <div className="mt-3 space-y-4">
          {EXAMPLE_KEYS.map((key) => (
            <fieldset key={key} className="rounded-md border border-slate-200 p-3">
              <legend className={legendClass}>{EXAMPLE_LABELS[key]}</legend>
              <div className={rowGridClass}>
                {field(exampleField(key, "amount"), "Amount of credit (£)", undefined, "numeric")}
                {field(exampleField(key, "months"), "Term (months)", undefined, "numeric")}
                {field(exampleField(key, "ratePercent"), "Rate (%)")}
                <SelectField
                  id={fieldId(exampleField(key, "rateBasis"))}
                  name={exampleField(key, "rateBasis")}
                  label="The rate is"
                  defaultValue={text(exampleField(key, "rateBasis"))}
                  options={{ annual: "A year (nominal)", monthly: "A month" }}
                  error={errors[exampleField(key, "rateBasis")]}
                />
                {field(exampleField(key, "fees"), "Fees (£)", "0: the examples are computed without fees", "numeric")}
              </div>
            </fieldset>
          ))}
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Claims, each with its source</legend>
        <p className="mt-1 text-sm text-slate-700">Leave every part of a claim empty to make no claim.</p>
        <div className={gridClass}>
          {field(CLAIM_FIELDS.panelSize, "Lenders on the panel", "Like 20+", "text")}
          {field(CLAIM_FIELDS.panelSource, "Where the panel size can be checked", undefined, "text")}
          {field(CLAIM_FIELDS.ratingScore, "Review rating out of 5", "Like 4.8")}
          {field(CLAIM_FIELDS.ratingCount, "Number of reviews", undefined, "numeric")}
          {field(CLAIM_FIELDS.ratingSite, "Review site", "Like Trustpilot", "text")}
          {field(CLAIM_FIELDS.ratingUrl, "Review page address", "https://…", "text")}
          {field(CLAIM_FIELDS.ratingDate, "When the rating was read", "Like November 2026", "text")}
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>The change</legend>
        <div className="mt-2 space-y-4">
          <TextField
            id={fieldId("summary")}
            name="summary"
            label="What the change is for"
            hint="For the approver and the record, like: Lender A's rates from 1 March"
            maxLength={300}
            autoComplete="off"
            defaultValue={text("summary")}
            error={errors.summary}
          />
          <fieldset>
            <legend className="font-semibold text-slate-900">Goes live (UK time)</legend>
            <p className="text-sm text-slate-600">Leave both empty to publish as soon as it is approved.</p>
            <div className="mt-1.5 flex flex-wrap gap-4">
              <TextField
                id={fieldId(PUBLISH_AT_FIELD)}
                name="publishDay"
                type="date"
                label="Day"
                defaultValue={text("publishDay")}
                error={errors[PUBLISH_AT_FIELD]}
              />
              <TextField
                id={fieldId("publishTime")}
                name="publishTime"
                type="time"
                label="Time"
                defaultValue={text("publishTime")}
              />
            </div>
          </fieldset>
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="preview" className={buttonVariants({ variant: "outline" })}>
          Show the pages it changes
        </button>
        <button type="submit" name="intent" value="draft" className={buttonVariants()}>
          Send for approval
        </button>
      </div>
    </Form>
  );
}
