import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { FieldLabel } from "./field-label";

// A console page's filter: a GET form, so the page's address is what it shows, of
// labelled controls in a row and a submit at the row's end (the audit log's filter, a
// report's period). Server-rendered; it works before any script.

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-4",
} as const;

/** The class of a control inside a `FilterField`. */
export const filterControlClass = cn(controlClass, "mt-1");

/** A labelled control of a filter bar; the control is `children`, its id `id`. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
    </div>
  );
}

export function FilterBar({
  label,
  columns,
  submit,
  action,
  actions,
  className,
  children,
}: {
  /** The form's accessible name, such as "Filter the audit log". */
  label: string;
  /** How many cells the row has from 640 px, the submit's among them. */
  columns: keyof typeof COLUMNS;
  /** The button's words, such as "Apply filters". */
  submit: string;
  /** A resource route (a download) the form is sent to, rather than this page. */
  action?: string;
  /** After the button, such as a download link. */
  actions?: ReactNode;
  /** More classes for the form, such as `print:hidden` on a page meant to be printed. */
  className?: string;
  /** The `FilterField`s. */
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      // A download is a document, not a page React Router can draw.
      reloadDocument={action !== undefined}
      className={cn("mt-4 grid gap-4 rounded-lg border border-slate-300 p-4", COLUMNS[columns], className)}
      aria-label={label}
    >
      {children}
      <div className="flex items-end gap-3">
        <Button type="submit" variant="secondary" size="sm">
          {submit}
        </Button>
        {actions}
      </div>
    </Form>
  );
}
