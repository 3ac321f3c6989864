import { type ComponentProps, useState } from "react";
import { cn } from "~/components/ui/cn";
import { controlBoxClass, describedBy, FieldError } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";

// The account forms' controls: a visible label above every box, errors tied to their
// field, and a password box whose text can be shown. Browser-level rules only (spec
// section 5: type=email, required, minlength); the server checks again.

const controlClass = `${controlBoxClass} text-base`;

interface FieldProps extends Omit<ComponentProps<"input">, "id" | "name"> {
  id: string;
  name: string;
  label: string;
  error?: string | null;
}

export function TextField({ id, name, label, error, className, ...props }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={cn(controlClass, "mt-1.5")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, null, error)}
        {...props}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A password box with a Show/Hide button beside it (aria-pressed says which). The button
 * appears once the script has come: before then it could not do anything.
 */
export function PasswordField({ id, name, label, error, className, ...props }: Omit<FieldProps, "type">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          className={cn(controlClass, "pr-20")}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, null, error)}
          autoCapitalize="none"
          spellCheck={false}
          {...props}
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            aria-label={visible ? "Hide password" : "Show password"}
            className="absolute inset-y-1 right-1 min-w-16 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus"
          >
            {visible ? "Hide" : "Show"}
          </button>
        )}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A page-level message: an alert for errors (read out at once), a status for news. */
export function FormMessage({
  tone,
  children,
  id,
}: {
  tone: "error" | "success" | "info";
  children: string;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border px-4 py-3 font-medium",
        tone === "error" && "border-red-300 bg-red-50 text-red-800",
        tone === "success" && "border-accent-600/40 bg-accent-50 text-accent-700",
        tone === "info" && "border-brand-200 bg-brand-50 text-brand-900",
      )}
    >
      {children}
    </div>
  );
}
