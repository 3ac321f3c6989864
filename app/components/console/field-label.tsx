import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

// The console's one label look, for the labels of its forms (filters, notes, the case's
// fields). "small" beside the controls of a filter or a report's period; "normal" where a
// form's label reads at the page's size.

const LABEL_SIZES = {
  small: "block text-sm font-semibold text-slate-900",
  normal: "block font-semibold text-slate-900",
} as const;

export type LabelSize = keyof typeof LABEL_SIZES;

/** The class of a console label, for a `<label>` that holds a control or is not a `FieldLabel`. */
export const fieldLabelClass = (size: LabelSize = "small") => LABEL_SIZES[size];

/** A visible label for the control whose id is `htmlFor`. */
export function FieldLabel({
  htmlFor,
  size = "small",
  className,
  children,
}: {
  htmlFor: string;
  size?: LabelSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={cn(fieldLabelClass(size), className)}>
      {children}
    </label>
  );
}
