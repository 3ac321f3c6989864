import type { ComponentProps, ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { formatPounds } from "~/domain/finance";
import { HOMEOWNER_MIN_LOAN } from "~/domain/rates";

// The calculators' shared pieces: a labelled field, the control styles, and the figures
// a result shows. Small and local to the feature; pages never style a control themselves.

const controlBox =
  "block min-h-12 w-full rounded-lg border border-slate-500 bg-white py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus";

export const controlClass = `mt-1.5 px-3 ${controlBox}`;

export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Why what was sent cannot be used (its control points here with aria-describedby `${id}-error`). */
  error?: string;
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
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The submit button of a calculator whose figures follow every change. Without script it
 * sends the form and the server draws the figures; with script the figures are already
 * there, and it stays (pressing it changes nothing) so hydration moves nothing on the page.
 */
export function CalculateButton({ className }: { className?: string }) {
  return (
    <button type="submit" className={buttonVariants({ variant: "outline", className })}>
      Calculate
    </button>
  );
}

/** A pounds input: the £ sits beside the box, so a typed or pasted "£" is harmless too. */
export function PoundsInput(props: Omit<ComponentProps<"input">, "className">) {
  return (
    <div className="relative mt-1.5">
      <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-700">
        £
      </span>
      <input className={`pl-7 pr-3 ${controlBox}`} {...props} />
    </div>
  );
}

export function Select(props: Omit<ComponentProps<"select">, "className">) {
  return <select className={`cursor-pointer ${controlClass}`} {...props} />;
}

export interface Figure {
  label: string;
  value: string;
  /** The headline figure, shown larger. */
  primary?: boolean;
}

/** A result's figures as a description list, the headline first, in two or three columns on wider screens. */
export function ResultFigures({
  figures,
  columns = 3,
  className = "",
}: {
  figures: readonly Figure[];
  columns?: 2 | 3;
  /** Spacing around the list. */
  className?: string;
}) {
  return (
    <dl className={`grid gap-4 ${columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3"} ${className}`}>
      {figures.map((figure) => (
        <div key={figure.label} className={figure.primary ? "sm:col-span-3" : undefined}>
          <dt className="text-sm font-medium text-slate-700">{figure.label}</dt>
          <dd className={`font-bold ${figure.primary ? "text-4xl text-accent-700" : "text-xl text-slate-900"}`}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The card every calculator sits in. */
export function CalculatorCard({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800 shadow-lg sm:p-8"
    >
      {/* A sent form opens the page at this heading: clear of the sticky site header. */}
      <h2 id={titleId} className="scroll-mt-24 text-2xl font-bold text-slate-900">
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

/** A control's aria-describedby: its hint, and its error when it has one (as `Field` draws them). */
export const describedBy = (id: string, error: boolean) => (error ? `${id}-hint ${id}-error` : `${id}-hint`);

/**
 * Where a calculator's figures would be, when a box beside its field says what is wrong:
 * announced (the results are a live region), pointing back to that box.
 */
export function CorrectTheBox({ field }: { field: "amount" | "term" }) {
  return (
    <p className="font-semibold text-slate-900">
      Correct the loan {field === "amount" ? "amount" : "term"} above to see your payments.
    </p>
  );
}
