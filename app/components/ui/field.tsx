import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

// A labelled form control: a visible label above it, an optional hint, and an error
// message tied to the control (aria-describedby, aria-invalid) so a screen reader reads
// the label, the hint and the problem together.

/** A control's box without its text size, for a control that sets its own (the money field). */
export const controlBoxClass =
  "block min-h-12 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700";

export const controlClass = `${controlBoxClass} text-base`;

/** The ids a control should name in aria-describedby: its hint, then its error. */
export function describedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
      </svg>
      {error}
    </p>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<"input">, "id"> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** What every labelled control shares: its label, hint and error, and the attributes that tie them to it. */
interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: (control: {
    id: string;
    className: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}

function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {children({
        id,
        className: cn(controlClass, "mt-1.5"),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, hint, error),
      })}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextField({ id, label, hint, error, className, ...props }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...props} />}
    </FieldFrame>
  );
}

/** The staff's authenticator code: six digits, offered by the phone as a one-time code. */
export function AuthenticatorCodeField({ autoFocus, error }: { autoFocus?: boolean; error?: string | null }) {
  return (
    <TextField
      id="code"
      name="code"
      label="Code from your authenticator app"
      hint="Six digits; a new one every 30 seconds."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      autoFocus={autoFocus}
      error={error}
    />
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<"select">, "id"> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The choices, value to label, in order. */
  options: Readonly<Record<string, string>>;
  /** A first, empty choice ("Choose"): the field then starts unanswered. */
  placeholder?: string;
}

/** A labelled list of choices, its hint and error tied to it as TextField's are. */
export function SelectField({ id, label, hint, error, options, placeholder, className, ...props }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
