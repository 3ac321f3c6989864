import { HoneypotField } from "~/components/step-form/honeypot-field";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, describedBy, FieldError, FieldHint } from "~/components/ui/field";
import { ADJUSTMENT_LABELS, ADJUSTMENTS, BORROWER_NEEDS_FIELDS, NEEDS_TEXT_MAX } from "~/domain/needs";

// What would help when we speak to the borrower (DECISIONS D28): one plain form posted to
// the page's own action, so it works the same with or without script, on the thank-you
// page (after the enquiry is sent, so the step forms carry none of it) and in the account.
// Health details only with the box ticked; a refusal comes back with the summary and each
// message beside its field (D24).

export interface NeedsFormValues {
  adjustments: readonly string[];
  note: string;
  health: string;
  consent: boolean;
}

export const EMPTY_NEEDS: NeedsFormValues = { adjustments: [], note: "", health: "", consent: false };

/** What a refused post typed, as the form draws it again. */
export function postedNeeds(values: Record<string, string | string[]>): NeedsFormValues {
  const f = BORROWER_NEEDS_FIELDS;
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  const adjustments = values[f.adjustments];
  return {
    adjustments: Array.isArray(adjustments) ? adjustments : [],
    note: text(f.note),
    health: text(f.health),
    consent: text(f.consent) === "yes",
  };
}

interface NeedsFormProps {
  action: string;
  /** Makes the ids unique on the page. */
  idPrefix: string;
  values: NeedsFormValues;
  problems?: Record<string, string> | null;
  hidden?: Record<string, string>;
  submitLabel: string;
}

export function NeedsForm({ action, idPrefix, values, problems, hidden, submitLabel }: NeedsFormProps) {
  const f = BORROWER_NEEDS_FIELDS;
  const ids = {
    adjustments: `${idPrefix}-${ADJUSTMENTS[0]}`,
    note: `${idPrefix}-note`,
    health: `${idPrefix}-health`,
    consent: `${idPrefix}-consent`,
  };
  const problem = (name: string) => problems?.[name] ?? null;
  const order = [
    [f.adjustments, ids.adjustments],
    [f.note, ids.note],
    [f.health, ids.health],
    [f.consent, ids.consent],
  ] as const;
  const summary = order.flatMap(([name, targetId]) => {
    const message = problem(name);
    return message ? [{ targetId, message }] : [];
  });
  const noteHint = `For example, a time of day that suits you, or the name of someone who may speak for you. Up to ${NEEDS_TEXT_MAX} characters.`;
  const healthHint =
    "Only if it would help us to help you, for example a hearing loss or an illness that makes calls hard. We keep it only with your agreement below.";
  return (
    <form method="post" action={action} noValidate className="relative space-y-5">
      {summary.length > 0 ? <ErrorSummary problems={summary} autoFocus /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset aria-describedby={problem(f.adjustments) ? `${ids.adjustments}-error` : undefined}>
        <legend className="font-semibold text-slate-900">What would help when we speak to you?</legend>
        <FieldHint id={`${idPrefix}-adjustments-hint`}>Tick any that apply.</FieldHint>
        <FieldError id={`${ids.adjustments}-error`} error={problem(f.adjustments)} />
        <div className="mt-2 space-y-2">
          {ADJUSTMENTS.map((adjustment) => (
            <div key={adjustment} className="flex items-start gap-3">
              <input
                id={`${idPrefix}-${adjustment}`}
                name={f.adjustments}
                type="checkbox"
                value={adjustment}
                defaultChecked={values.adjustments.includes(adjustment)}
                className="mt-1 size-5 shrink-0"
              />
              <label htmlFor={`${idPrefix}-${adjustment}`} className="text-slate-900">
                {ADJUSTMENT_LABELS[adjustment]}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={ids.note} className="block font-semibold text-slate-900">
          Anything else we should know (optional)
        </label>
        <FieldHint id={`${ids.note}-hint`}>{noteHint}</FieldHint>
        <textarea
          id={ids.note}
          name={f.note}
          rows={3}
          defaultValue={values.note}
          aria-invalid={problem(f.note) ? true : undefined}
          aria-describedby={describedBy(ids.note, noteHint, problem(f.note))}
          className={`${controlClass} mt-1.5`}
        />
        <FieldError id={`${ids.note}-error`} error={problem(f.note)} />
      </div>
      <div>
        <label htmlFor={ids.health} className="block font-semibold text-slate-900">
          Anything about your health we should know (optional)
        </label>
        <FieldHint id={`${ids.health}-hint`}>{healthHint}</FieldHint>
        <textarea
          id={ids.health}
          name={f.health}
          rows={3}
          defaultValue={values.health}
          aria-invalid={problem(f.health) ? true : undefined}
          aria-describedby={describedBy(ids.health, healthHint, problem(f.health))}
          className={`${controlClass} mt-1.5`}
        />
        <FieldError id={`${ids.health}-error`} error={problem(f.health)} />
      </div>
      <div>
        <FieldError id={`${ids.consent}-error`} error={problem(f.consent)} />
        <div className="mt-1 flex items-start gap-3">
          <input
            id={ids.consent}
            name={f.consent}
            type="checkbox"
            value="yes"
            defaultChecked={values.consent}
            aria-invalid={problem(f.consent) ? true : undefined}
            aria-describedby={problem(f.consent) ? `${ids.consent}-error` : undefined}
            className="mt-1 size-5 shrink-0"
          />
          <label htmlFor={ids.consent} className="text-slate-900">
            I agree that you may keep what I have told you about my health, to help me with my enquiry. I can withdraw
            this at any time in my account, and you will then delete it.
          </label>
        </div>
      </div>
      <HoneypotField />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
}
