import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass, describedBy, FieldError, FieldHint } from "~/components/ui/field";
import type { RefusedPeriod } from "~/domain/report-period";

// The pieces every report beside the funnel is drawn with (/staff/funnel, its calls
// report, and the reports to come): the period form, a titled section, and a table of
// figures. Server-rendered, no script: a table has a caption for screen readers, column
// headers, an optional row header, figures aligned right, and says so when it is empty.

/** One column of a report's table. */
export interface ReportColumn<Row> {
  header: string;
  /** The cell's content for a row. */
  cell: (row: Row) => ReactNode;
  /** A figure: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** This column names the row (a `th scope="row"`); at most one column should. */
  rowHeader?: boolean;
}

export interface ReportTableProps<Row> {
  /** Said to screen readers before the table (a visually hidden caption). */
  caption: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** A key unique among the rows. */
  rowKey: (row: Row) => string;
  /** The one line shown across the table when there are no rows. */
  empty: string;
  /** Rows drawn after the others, such as a total (`<tr>` elements); shown even when `rows` is empty. */
  footer?: ReactNode;
  testId?: string;
  /** The table's width: a column's width by default; "full" in a grid cell of its own. */
  width?: "column" | "full";
}

const cellClass = "py-2 pr-3";
/** A report table's cell classes, for rows passed in `footer`. */
export const reportCellClass = (numeric = false) => cn(cellClass, numeric && "text-right");

export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  footer,
  testId,
  width = "column",
}: ReportTableProps<Row>) {
  return (
    <div className="overflow-x-auto">
      <table className={cn("w-full text-left text-sm", width === "column" && "max-w-3xl")} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((column) => (
              <th key={column.header} scope="col" className={reportCellClass(column.numeric)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !footer ? (
            <tr>
              <td colSpan={columns.length} className="py-2">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-slate-200">
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" className={cn(reportCellClass(column.numeric), "font-normal")}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={reportCellClass(column.numeric)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
          {footer}
        </tbody>
      </table>
    </div>
  );
}

/** A report's part: a level-2 heading that names the section, then its content. */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const labelClass = "block text-sm font-semibold text-slate-900";

/** A labelled control of the period form, beside From and To (a report's own filter, such as the campaign). */
export function ReportField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The class of a control inside a `ReportField`. */
export const reportControlClass = cn(controlClass, "mt-1");

/**
 * The report's period: From and To (UK days or months, `from` and `to` in the URL), any
 * fields of the report's own, then the button and any actions (a download link), as a
 * GET form, so the report's address is the report. Sent to a resource route (`action`),
 * it is a download instead.
 */
export function ReportPeriodForm({
  label,
  from,
  to,
  type = "date",
  fieldLabels = { from: "From", to: "To" },
  idPrefix = "",
  submit = "Show",
  action,
  fields,
  actions,
  refused,
}: {
  /** The form's accessible name, such as "Choose the period". */
  label: string;
  from: string;
  to: string;
  /** Days (`date`) or months (`month`, `YYYY-MM`). */
  type?: "date" | "month";
  fieldLabels?: { from: string; to: string };
  /** Before the fields' ids, when a page has more than one such form. */
  idPrefix?: string;
  submit?: string;
  /** A resource route (a download) the form is sent to, rather than this page. */
  action?: string;
  /** More `ReportField`s, after To. */
  fields?: ReactNode;
  /** After the button, such as a download link. */
  actions?: ReactNode;
  /** A period the report refused: the fields show what was typed, the message beside its field. */
  refused?: RefusedPeriod;
}) {
  const field = (name: "from" | "to", value: string) => {
    const id = `${idPrefix}${name}`;
    const error = refused?.field === name ? refused.message : undefined;
    // Where a browser has no month picker the field is text: say how to write it (a
    // placeholder is not allowed on a month field).
    const hint = type === "month" ? "As YYYY-MM, such as 2026-02" : null;
    return (
      <ReportField id={id} label={fieldLabels[name]}>
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={refused ? refused[name] : value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={reportControlClass}
        />
        {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
        <FieldError id={`${id}-error`} error={error} />
      </ReportField>
    );
  };
  return (
    <Form
      method="get"
      action={action}
      // A download is a document, not a page React Router can draw.
      reloadDocument={action !== undefined}
      className={cn(
        "mt-4 grid gap-4 rounded-lg border border-slate-300 p-4",
        fields ? "sm:grid-cols-4" : "sm:grid-cols-3",
      )}
      aria-label={label}
    >
      {field("from", from)}
      {field("to", to)}
      {fields}
      <div className="flex items-end gap-3">
        <Button type="submit" variant="secondary" size="sm">
          {submit}
        </Button>
        {actions}
      </div>
    </Form>
  );
}
