import { FilterBar, FilterField, filterControlClass } from "~/components/console/filter-bar";
import { type DataColumn, DataTable } from "~/components/console/data-table";
import { downloadLinkClass, TextLink } from "~/components/console/text-link";
import { type ComplaintsReport, reportFigures } from "~/domain/complaints";
import { formatPounds } from "~/domain/finance";

// /staff/complaints/report: a half-year's complaints as the FCA's complaints return asks
// for them (DISP 1.10), and the same as a CSV.

export interface ComplaintsReportProps {
  report: ComplaintsReport;
  /** The half-years offered: this one and the ones before it. */
  periods: { key: string; label: string }[];
  problem: string | null;
}

export function ComplaintsReportPage({ report, periods, problem }: ComplaintsReportProps) {
  const figures = reportFigures(report).map(({ label, count, percent, pence }): [string, string | number] => [
    label,
    pence !== undefined
      ? formatPounds(pence / 100, { pence: true })
      : percent !== undefined
        ? percent === null
          ? "—"
          : `${percent}%`
        : (count ?? 0),
  ]);
  return (
    <>
      <p>
        <TextLink to="/staff/complaints">All complaints</TextLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Complaints: {report.period.label}</h1>
      {problem && (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {problem}
        </p>
      )}
      <FilterBar
        label="Choose the half-year"
        columns={2}
        submit="Show"
        className="print:hidden"
        actions={
          <a
            href={`/staff/complaints/export?${new URLSearchParams({ period: report.period.key })}`}
            className={downloadLinkClass}
            download
          >
            Download as CSV
          </a>
        }
      >
        <FilterField id="period" label="Half-year">
          <select id="period" name="period" defaultValue={report.period.key} className={filterControlClass}>
            {periods.map((period) => (
              <option key={period.key} value={period.key}>
                {period.label}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <section aria-labelledby="figures-heading" className="mt-6">
        <h2 id="figures-heading" className="text-xl font-bold text-slate-900">
          The figures
        </h2>
        <dl className="mt-3 grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="complaint-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Breakdown
        id="category"
        title="By category"
        columns={["Category", "Opened", "Closed", "Upheld"]}
        rows={report.byCategory.map((row) => [row.label, row.opened, row.closed, row.upheld])}
      />
      <Breakdown
        id="cause"
        title="By root cause"
        columns={["Root cause", "Closed", "Upheld"]}
        rows={report.byRootCause.map((row) => [row.label, row.closed, row.upheld])}
      />
    </>
  );
}

/** A breakdown's table: a row a category or cause, its label first, then its counts. */
function Breakdown({
  id,
  title,
  columns,
  rows,
}: {
  id: string;
  title: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  const tableColumns: DataColumn<(string | number)[]>[] = columns.map((header, index) => ({
    header,
    cell: (row) => row[index],
    ...(index === 0 ? { rowHeader: true } : { numeric: true }),
  }));
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <DataTable className="mt-3" columns={tableColumns} rows={rows} rowKey={(row) => String(row[0])} />
    </section>
  );
}
