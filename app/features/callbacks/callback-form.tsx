import { HoneypotField } from "~/components/step-form/honeypot-field";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, describedBy, FieldError, FieldHint } from "~/components/ui/field";
import { SOONEST } from "~/domain/callback-choice";
import type { CallbackDay } from "~/domain/callbacks";

// The borrower's choice of when to be called (DECISIONS D21): one plain form, posted to
// the page's own action, so it works the same with or without script. "As soon as
// possible" first, then each hour offered, grouped by day (an option group a day). A
// refused choice comes back with the error summary and the message under the field (D24).

export const CALLBACK_FIELD = "callback";

export interface CallbackFormProps {
  /** Where the form posts: the page's own action. */
  action: string;
  /** Makes the ids unique when a page has several (one per enquiry on the account page). */
  idPrefix: string;
  days: CallbackDay[];
  /** What is selected: the posted value after a refusal, else the stored choice if still offered. */
  selected: string;
  /** Opening hours as printed, for the hint. */
  openingHours: string;
  problem?: string | null;
  /** Extra fields the page's action needs (the account page's intent and enquiry id). */
  hidden?: Record<string, string>;
  submitLabel: string;
}

export function CallbackForm({
  action,
  idPrefix,
  days,
  selected,
  openingHours,
  problem,
  hidden,
  submitLabel,
}: CallbackFormProps) {
  const id = `${idPrefix}-time`;
  const hint = `We call in UK time, ${openingHours}, except on bank holidays.`;
  const offered = selected === SOONEST || days.some((day) => day.slots.some((slot) => slot.start === selected));
  return (
    <form method="post" action={action} noValidate className="relative">
      {problem ? <ErrorSummary problems={[{ targetId: id, message: problem }]} autoFocus className="mb-5" /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend className="font-semibold text-slate-900">When would you like us to call you?</legend>
        <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
        <label htmlFor={id} className="mt-3 block font-semibold text-slate-900">
          Day and time
        </label>
        <FieldError id={`${id}-error`} error={problem} />
        <select
          id={id}
          name={CALLBACK_FIELD}
          defaultValue={offered ? selected : SOONEST}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(id, hint, problem)}
          className={`${controlClass} mt-1.5 sm:max-w-md`}
        >
          <option value={SOONEST}>As soon as possible</option>
          {days.map((day) => (
            <optgroup key={day.day} label={day.label}>
              {day.slots.map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {day.label}, {slot.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </fieldset>
      <HoneypotField />
      <Button type="submit" variant="secondary" className="mt-4">
        {submitLabel}
      </Button>
    </form>
  );
}
