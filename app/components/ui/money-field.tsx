import { type ReactNode, useLayoutEffect, useRef } from "react";
import { formatGrouped, parseWholePounds } from "~/domain/finance";
import { cn } from "./cn";
import { controlBoxClass, describedBy, FieldError, FieldHint } from "./field";

/** Nine digits: up to £999,999,999, far above any real answer, safely inside an integer. */
const MAX_DIGITS = 9;

interface MoneyFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Whole pounds, or undefined while empty. */
  value: number | undefined;
  onChange(value: number | undefined): void;
  onBlur?(): void;
  className?: string;
}

/**
 * A whole-pounds amount: typed as digits (a pasted "£10,000" or "10000.00" is fine),
 * shown grouped as "50,000" while typing, with the caret kept after the digit the
 * borrower just typed. A numeric keypad on phones.
 */
export function MoneyField({ id, name, label, hint, error, value, onChange, onBlur, className }: MoneyFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // Digits before the caret at the last edit, to put it back once the grouping changes.
  const caretDigits = useRef<number | null>(null);
  const shown = formatGrouped(value);

  useLayoutEffect(() => {
    const element = input.current;
    const digits = caretDigits.current;
    if (!element || digits === null || document.activeElement !== element) return;
    caretDigits.current = null;
    let position = 0;
    for (let seen = 0; position < shown.length && seen < digits; position++) {
      if (/\d/.test(shown[position] as string)) seen++;
    }
    element.setSelectionRange(position, position);
  }, [shown]);

  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      <div className="relative mt-1.5 max-w-xs">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-lg text-slate-700"
        >
          £
        </span>
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          onChange={(event) => {
            const raw = event.target.value;
            const beforeCaret = raw.slice(0, event.target.selectionStart ?? raw.length).split(".")[0] ?? "";
            const amount = parseWholePounds(raw);
            if (amount !== undefined && String(amount).length > MAX_DIGITS) return;
            caretDigits.current = beforeCaret.replace(/\D/g, "").length;
            onChange(amount);
          }}
          onBlur={onBlur}
          className={cn(controlBoxClass, "pl-8 text-lg tabular-nums")}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
