import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { NEXT_ACTION_LABELS } from "~/domain/callback-choice";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  CLOSE_REASON_LABELS,
  nextActionFields,
  PLANNED_ACTION_KINDS,
  REASONS_FOR,
} from "~/domain/lead-work";
import { LEAD_STATUS_LABELS } from "~/domain/leads";
import type { LeadView } from "./lead-view";
import type { Refusal } from "~/domain/form-read";
import { fieldLabelClass } from "~/components/console/field-label";

// The lead page's forms for a day's work (docs/decisions/190): logging a call with its
// outcome and the next action in one post, planning the next action alone, and the reason
// a lead is declined or withdrawn. Plain forms: each works before script.

export type { Refusal };

const legendClass = "font-semibold";
const hintClass = "text-sm text-slate-700";

/** The values a form starts from: what was typed in a refused post, else the lead's own. */
function startValues(refusal: Refusal | null, form: string, own: Record<string, string>) {
  return refusal?.form === form && refusal.values ? { ...own, ...refusal.values } : own;
}

/** The invalid state and the error's id for one field, when the refusal is about it. */
function fieldState(refusal: Refusal | null, form: string, field: string, errorId: string) {
  const invalid = refusal?.form === form && refusal.field === field;
  return invalid ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

function FieldError({
  refusal,
  form,
  field,
  id,
}: {
  refusal: Refusal | null;
  form: string;
  field: string;
  id: string;
}) {
  if (refusal?.form !== form || refusal.field !== field) return null;
  return (
    <p id={id} className="font-semibold text-red-800">
      <span className="sr-only">Error: </span>
      {refusal.error}
    </p>
  );
}

/** What the next action is and when, UK time: a kind (or none), a day and a time. */
function NextActionFields({
  prefix,
  form,
  refusal,
  values,
  required,
}: {
  prefix: string;
  form: string;
  refusal: Refusal | null;
  values: Record<string, string>;
  required: boolean;
}) {
  const errorId = `${prefix}-error`;
  return (
    <fieldset className="space-y-2">
      <legend className={legendClass}>Next action</legend>
      <FieldError refusal={refusal} form={form} field="kind" id={`${errorId}-kind`} />
      <div>
        <label htmlFor={`${prefix}-kind`} className={fieldLabelClass("normal")}>
          What
        </label>
        <select
          id={`${prefix}-kind`}
          name="kind"
          defaultValue={values.kind ?? ""}
          required={required}
          className={controlClass}
          {...fieldState(refusal, form, "kind", `${errorId}-kind`)}
        >
          {required && <option value="">Choose…</option>}
          <option value="none">No next action</option>
          {PLANNED_ACTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {NEXT_ACTION_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <p className={hintClass} id={`${prefix}-when-hint`}>
        When, in UK time. Leave empty for no next action.
      </p>
      <FieldError refusal={refusal} form={form} field="day" id={`${errorId}-day`} />
      <FieldError refusal={refusal} form={form} field="time" id={`${errorId}-time`} />
      <div className="grid grid-cols-2 gap-3">
        <div className="min-w-0">
          <label htmlFor={`${prefix}-day`} className={fieldLabelClass("normal")}>
            Day
          </label>
          <input
            id={`${prefix}-day`}
            name="day"
            type="date"
            defaultValue={values.day ?? ""}
            className={controlClass}
            aria-describedby={`${prefix}-when-hint`}
            {...fieldState(refusal, form, "day", `${errorId}-day`)}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${prefix}-time`} className={fieldLabelClass("normal")}>
            Time
          </label>
          <input
            id={`${prefix}-time`}
            name="time"
            type="time"
            defaultValue={values.time ?? ""}
            className={controlClass}
            aria-describedby={`${prefix}-when-hint`}
            {...fieldState(refusal, form, "time", `${errorId}-time`)}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** Logging a call: how it went, a note, and what happens next, in one post. */
export function CallForm({ lead, refusal, busy }: { lead: LeadView; refusal: Refusal | null; busy: boolean }) {
  const values = startValues(refusal, "call", {});
  return (
    <Form method="post" className="space-y-3" aria-labelledby="call-heading" data-testid="call-form" noValidate>
      <h3 id="call-heading" className="text-lg font-bold text-slate-900">
        Log a call
      </h3>
      <input type="hidden" name="intent" value="call" />
      <input type="hidden" name="version" value={lead.version} />
      <fieldset className="space-y-1">
        <legend className={legendClass}>How did the call go?</legend>
        <FieldError refusal={refusal} form="call" field="outcome" id="call-error-outcome" />
        {CALL_OUTCOMES.map((outcome) => (
          <div key={outcome} className="flex min-h-11 items-center gap-2">
            <input
              id={`call-outcome-${outcome}`}
              type="radio"
              name="outcome"
              value={outcome}
              defaultChecked={values.outcome === outcome}
              required
              className="size-5"
            />
            <label htmlFor={`call-outcome-${outcome}`}>{CALL_OUTCOME_LABELS[outcome]}</label>
          </div>
        ))}
      </fieldset>
      <div>
        <label htmlFor="call-note" className={fieldLabelClass("normal")}>
          Note (optional)
        </label>
        <textarea
          id="call-note"
          name="call-note"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={values["call-note"] ?? ""}
          className={controlClass}
        />
      </div>
      <NextActionFields prefix="call-next" form="call" refusal={refusal} values={values} required />
      <Button type="submit" size="sm" disabled={busy}>
        Log call
      </Button>
    </Form>
  );
}

/** Planning the next action without a call (a borrower's email, documents to chase). */
export function NextActionForm({ lead, refusal, busy }: { lead: LeadView; refusal: Refusal | null; busy: boolean }) {
  // "As soon as possible" is not planned for a time: the form starts from a call-back to fill in.
  const own = !lead.nextAction
    ? { kind: "none" }
    : lead.nextAction.kind === "call-soonest"
      ? { kind: "call-back" }
      : { kind: lead.nextAction.kind, ...nextActionFields(new Date(lead.nextAction.at)) };
  const values = startValues(refusal, "next-action", own);
  return (
    <Form method="post" className="space-y-3" aria-labelledby="next-heading" data-testid="next-action-form">
      <h3 id="next-heading" className="text-lg font-bold text-slate-900">
        Plan the next action
      </h3>
      <input type="hidden" name="intent" value="next-action" />
      <input type="hidden" name="version" value={lead.version} />
      <NextActionFields prefix="next" form="next-action" refusal={refusal} values={values} required={false} />
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        Save next action
      </Button>
    </Form>
  );
}

/**
 * The reason asked when declining or withdrawing, beside the status select: every
 * reason is offered under its status (no script to show only one status's), and the
 * server takes only one of the chosen status's own.
 */
export function CloseReasonFields({ refusal }: { refusal: Refusal | null }) {
  const values = startValues(refusal, "status", {});
  return (
    <>
      <FieldError refusal={refusal} form="status" field="reason" id="reason-error" />
      <div>
        <label htmlFor="reason" className={fieldLabelClass("normal")}>
          Reason, when declining or withdrawing
        </label>
        <select
          id="reason"
          name="reason"
          defaultValue={values.reason ?? ""}
          className={cn(controlClass)}
          {...fieldState(refusal, "status", "reason", "reason-error")}
        >
          <option value="">No reason needed</option>
          {(["declined", "withdrawn"] as const).map((status) => (
            <optgroup key={status} label={LEAD_STATUS_LABELS[status]}>
              {REASONS_FOR[status].map((reason) => (
                <option key={`${status}-${reason}`} value={reason}>
                  {CLOSE_REASON_LABELS[reason]}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="reason-note" className={fieldLabelClass("normal")}>
          Note on the reason (needed for other)
        </label>
        <textarea
          id="reason-note"
          name="reason-note"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={values["reason-note"] ?? ""}
          className={controlClass}
        />
      </div>
    </>
  );
}
