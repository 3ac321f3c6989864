import { Form, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError } from "~/components/ui/field";
import { formatPercent, formatPounds } from "~/domain/finance";
import {
  CORRECTABLE_FIELDS,
  type CorrectableField,
  type CorrectionChange,
  correctionTitle,
  correctionValueText,
  type ShownFigures,
} from "~/domain/lead-corrections";
import type { LeadKind } from "~/domain/leads";
import type { Refusal } from "./lead-work-forms";
import type { LeadView } from "./lead-view";
import { fieldLabelClass } from "~/components/console/field-label";
import { textLinkClass } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";

// Correcting a lead's details on its page (DECISIONS D29, docs/decisions/300): one plain
// form of every field staff may correct, started from the stored values (or what was typed
// in a refused post), each problem beside its field in the borrower's form's words; the
// timeline's entry with the old and new values; and the figures the borrower was shown.

export const CORRECTION_FORM = "correct";

function CorrectionField({
  field,
  value,
  problem,
}: {
  field: CorrectableField;
  value: string;
  problem: string | undefined;
}) {
  const id = `correct-${field.field}`;
  const errorId = `${id}-error`;
  const state = problem ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass("normal")}>
        {field.label}
        {field.optional ? " (if given)" : ""}
      </label>
      <FieldError id={errorId} error={problem} />
      {field.input === "choice" ? (
        <select id={id} name={field.field} defaultValue={value} className={controlClass} {...state}>
          {(field.optional || value === "") && <option value="">Not given</option>}
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field.field}
          type={field.input === "amount" ? "text" : field.input}
          inputMode={field.input === "amount" ? "numeric" : undefined}
          autoComplete="off"
          defaultValue={value}
          className={controlClass}
          {...state}
        />
      )}
    </div>
  );
}

/**
 * The correction form, folded until opened; a refused correction opens it with what was
 * typed and each problem beside its field.
 */
export function CorrectionForm({ lead, refusal, busy }: { lead: LeadView; refusal: Refusal | null; busy: boolean }) {
  const refused = refusal?.form === CORRECTION_FORM;
  // `?correct` (a correction request's link, decision 411) opens it, as a page drawn by the server.
  const [search] = useSearchParams();
  const asked = search.has("correct");
  const values = refused && refusal.values ? { ...lead.correctable, ...refusal.values } : lead.correctable;
  const problems = refused ? (refusal.problems ?? {}) : {};
  return (
    <details className="mt-4" open={refused || asked} data-testid="correction">
      <summary className={cn("cursor-pointer", textLinkClass)}>Correct the details</summary>
      {/* Drawn afresh once a correction moves the lead on, so the form shows the stored values. */}
      <Form method="post" id="correct" className="mt-3 space-y-3" key={`correct-${lead.version}`} noValidate>
        <input type="hidden" name="intent" value={CORRECTION_FORM} />
        <input type="hidden" name="version" value={lead.version} />
        <p className="text-sm text-slate-700">
          What the borrower told you differs from what they typed: change it here. The figures and the lender panel are
          worked out again from the corrected answers; what the borrower was shown is kept.
        </p>
        {CORRECTABLE_FIELDS[lead.kind].map((f) => (
          <CorrectionField key={f.field} field={f} value={values[f.field] ?? ""} problem={problems[f.field]} />
        ))}
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          Save correction
        </Button>
      </Form>
    </details>
  );
}

/** "Phone corrected by Ann Adviser": a correction's heading on the timeline. */
export function correctionHeading(changes: readonly CorrectionChange[], actorName: string | null): string {
  return `${correctionTitle(changes)} by ${actorName ?? "someone"}`;
}

/** Each corrected field's old and new values, for staff on the lead page. */
export function CorrectionChanges({ kind, changes }: { kind: LeadKind; changes: readonly CorrectionChange[] }) {
  return (
    <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]" data-testid="correction-changes">
      {changes.map((c) => {
        const label = CORRECTABLE_FIELDS[kind].find((f) => f.field === c.field)?.label ?? c.field;
        return (
          <li key={c.field}>
            {label}: was {correctionValueText(kind, c.field, c.from)}, now {correctionValueText(kind, c.field, c.to)}
          </li>
        );
      })}
    </ul>
  );
}

/** The quote's figures as the borrower was shown them, beneath the figures worked out now. */
export function ShownFiguresNote({ shown }: { shown: ShownFigures }) {
  const rate = shown.indicativeRate === null ? "no indicative rate" : `${formatPercent(shown.indicativeRate)}`;
  const payment =
    shown.monthlyPayment === null ? "no monthly payment" : formatPounds(shown.monthlyPayment, { pence: true });
  const ltv = shown.ltv === null ? "no loan to value" : `loan to value ${formatPercent(shown.ltv)}`;
  return (
    <p className="mt-3 text-sm" data-testid="shown-figures">
      These figures are worked out from the corrected answers. What the borrower was shown when they sent it: {ltv},{" "}
      {rate}, {payment} a month.
    </p>
  );
}
