import type { ReactNode } from "react";
import { cn } from "./cn";
import { describedBy, FieldError, FieldHint } from "./field";

export interface RadioCardOption<V extends string> {
  readonly value: V;
  readonly label: string;
}

interface RadioCardsProps<V extends string> {
  /** Prefix for the ids of the group's parts. */
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: readonly RadioCardOption<V>[];
  value: V | undefined;
  onChange(value: V): void;
  /** Two columns from small screens up; one on phones. */
  columns?: 1 | 2 | 3;
  className?: string;
}

/**
 * A question answered by one choice: native radio buttons (arrow keys move between
 * them, Space picks) drawn as large cards, the whole card a tap target. As in the GOV.UK
 * radios, the first choice carries the group's own id (where an error summary's link
 * lands) and the fieldset names the hint and the message.
 */
export function RadioCards<V extends string>({
  id,
  name,
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  columns = 2,
  className,
}: RadioCardsProps<V>) {
  return (
    <fieldset className={className} aria-describedby={describedBy(id, hint, error)}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      <div
        className={cn(
          "mt-3 grid gap-3",
          columns === 2 && "sm:grid-cols-2",
          columns === 3 && "sm:grid-cols-2 lg:grid-cols-3",
        )}
      >
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                "flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border-2 bg-white px-4 py-3 text-base font-medium text-slate-900 transition-colors hover:border-brand-600 hover:bg-brand-50",
                "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
                error ? "border-red-700" : "border-slate-300",
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                className="h-5 w-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
