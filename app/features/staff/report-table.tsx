import type { ReactNode } from "react";
import { FilterBar, FilterField, filterControlClass } from "~/components/console/filter-bar";
import { describedBy, FieldError, FieldHint } from "~/components/ui/field";
import type { RefusedPeriod } from "~/domain/report-period";

// The pieces every report beside the funnel is drawn with (/staff/funnel, its calls
// report, and the reports to come): the period form and a titled section. Their figures
// are a `DataTable` (app/components/console/data-table.tsx).

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

/** A labelled control of the period form, beside From and To (a report's own filter, such as the campaign). */
export const ReportField = FilterField;

/** The class of a control inside a `ReportField`. */
export const reportControlClass = filterControlClass;

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
    <FilterBar label={label} columns={fields ? 4 : 3} submit={submit} action={action} actions={actions}>
      {field("from", from)}
      {field("to", to)}
      {fields}
    </FilterBar>
  );
}
