import type { ReactNode } from "react";
import { cn } from "./cn";
import { FieldError } from "./field";

interface CheckboxFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string | null;
  className?: string;
}

/** One tick box with its label beside it; the whole row is the tap target. Never pre-ticked by us. */
export function CheckboxField({ id, name, label, checked, onChange, error, className }: CheckboxFieldProps) {
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={cn(
          "flex cursor-pointer items-start gap-3 rounded-lg border-2 bg-white p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
          error ? "border-red-700" : "border-slate-300",
        )}
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700 focus-visible:outline-none"
        />
        <span className="text-slate-800">{label}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
