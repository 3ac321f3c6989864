import type { ComponentProps, ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MIN_LOAN } from "~/domain/rates";

// The calculators' shared pieces: a labelled field, the control styles, and the figures
// a result shows. Small and local to the feature; pages never style a control themselves.

export const controlClass =
  "mt-1.5 block min-h-12 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus";

export function Field({
  id,
  label,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A pounds input: the £ sits beside the box, so a typed or pasted "£" is harmless too. */
export function PoundsInput({ className, ...props }: ComponentProps<"input">) {
  return (
    <div className="relative mt-1.5">
      <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-700">
        £
      </span>
      <input className={cn(controlClass, "mt-0 pl-7", className)} {...props} />
    </div>
  );
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClass, "cursor-pointer", className)} {...props} />;
}

export interface Figure {
  label: string;
  value: string;
  /** The headline figure, shown larger. */
  primary?: boolean;
}

/** A result's figures as a description list, the headline first. */
export function ResultFigures({ figures, className }: { figures: readonly Figure[]; className?: string }) {
  return (
    <dl className={cn("grid gap-4 sm:grid-cols-3", className)}>
      {figures.map((figure) => (
        <div key={figure.label} className={cn(figure.primary && "sm:col-span-3")}>
          <dt className="text-sm font-medium text-slate-700">{figure.label}</dt>
          <dd className={cn("font-bold text-slate-900", figure.primary ? "text-4xl text-accent-700" : "text-xl")}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The card every calculator sits in. */
export function CalculatorCard({
  title,
  titleId,
  children,
  className,
}: {
  title: string;
  titleId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn("rounded-2xl border border-slate-200 bg-white p-6 text-slate-800 shadow-lg sm:p-8", className)}
    >
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What a calculator shows instead of figures for an amount below the firm's secured
 * minimum: that it does not arrange it, and where a loan that size can be checked.
 */
export function BelowSecuredMinimum({ amount }: { amount: number }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
      <p className="font-semibold">We arrange secured loans from {formatPounds(HOMEOWNER_MIN_LOAN)}.</p>
      <p className="mt-1 text-slate-800">
        For {formatPounds(amount)}, a personal loan may suit you better: it is not secured on your home.
      </p>
      <a href="/apply-personal" className={buttonVariants({ variant: "secondary", className: "mt-3" })}>
        Check personal loans
      </a>
    </div>
  );
}
