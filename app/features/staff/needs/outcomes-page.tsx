import { Form } from "react-router";
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

const cell = "px-2 py-2 align-top";

export function OutcomesPage({ quarter, label, lines, quarters }: OutcomesPageProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Consumer Duty outcomes: {label}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        The loan leads received this quarter (UK time) with a needs record, against the rest: whether borrowers with
        characteristics of vulnerability fare as well as anyone. A group of fewer than {MIN_GROUP} leads shows no
        figures, so no one can be singled out.
      </p>
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
        <a
          href={`/staff/outcomes/export?${new URLSearchParams({ quarter })}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          download
        >
          Download as CSV
        </a>
      </Form>
      <table className="mt-6 w-full max-w-4xl border-collapse text-left text-sm" data-testid="outcomes">
        <caption className="text-left text-xl font-bold text-slate-900">The figures</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">
            <th scope="col" className={cell}>
              Measure
            </th>
            <th scope="col" className={cell}>
              With a needs record
            </th>
            <th scope="col" className={cell}>
              Other leads
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label} className="border-b border-slate-200">
              <th scope="row" className={`${cell} font-semibold [overflow-wrap:anywhere]`}>
                {line.label}
              </th>
              <td className={cell} data-testid="outcomes-needs">
                {line.values[0]}
              </td>
              <td className={cell} data-testid="outcomes-others">
                {line.values[1]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
