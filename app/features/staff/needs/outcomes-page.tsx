import { PageHeader } from "~/components/console/page-header";
import { Form } from "react-router";
import { DataTable } from "~/components/console/data-table";
import { downloadLinkClass } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { MIN_GROUP } from "~/domain/needs-outcomes";

// /staff/outcomes: the Consumer Duty's outcomes for a UK quarter (DECISIONS D28), the loan
// leads with a needs record against the rest, one measure a row; and the same as a CSV.

export interface OutcomesPageProps {
  quarter: string;
  label: string;
  lines: { label: string; values: [string, string] }[];
  quarters: { key: string; label: string }[];
}

export function OutcomesPage({ quarter, label, lines, quarters }: OutcomesPageProps) {
  return (
    <>
      <PageHeader
        title={<>Consumer Duty outcomes: {label}</>}
        intro={
          <>
            The loan leads received this quarter (UK time) with a needs record, against the rest: whether borrowers with
            characteristics of vulnerability fare as well as anyone. A group of fewer than {MIN_GROUP} leads shows no
            figures, so no one can be singled out.
          </>
        }
      />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <SelectField
          id="quarter"
          name="quarter"
          label="Quarter"
          defaultValue={quarter}
          options={Object.fromEntries(quarters.map((q) => [q.key, q.label]))}
        />
        <Button type="submit" variant="secondary" size="sm">
          Show
        </Button>
        <a href={`/staff/outcomes/export?${new URLSearchParams({ quarter })}`} className={downloadLinkClass} download>
          Download as CSV
        </a>
      </Form>
      <DataTable
        look="list"
        className="mt-6 max-w-4xl"
        testId="outcomes"
        caption="The figures"
        captionShown="title"
        rows={lines}
        rowKey={(line) => line.label}
        alignTop
        columns={[
          {
            header: "Measure",
            rowHeader: true,
            className: "font-semibold [overflow-wrap:anywhere]",
            cell: (line) => line.label,
          },
          {
            header: "With a needs record",
            testId: "outcomes-needs",
            cell: (line) => line.values[0],
          },
          {
            header: "Other leads",
            testId: "outcomes-others",
            cell: (line) => line.values[1],
          },
        ]}
      />
    </>
  );
}
