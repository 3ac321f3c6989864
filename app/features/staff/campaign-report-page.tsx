import { PageHeader } from "~/components/console/page-header";
import { type DataColumn, DataTable, reportCellClass } from "~/components/console/data-table";
import { downloadLinkClass } from "~/components/console/text-link";
import {
  type CampaignFigures,
  type CampaignMonthRow,
  campaignLabel,
  type MonthRange,
  monthLabel,
} from "~/domain/campaign-report";
import { formatPounds } from "~/domain/finance";
import type { RefusedPeriod } from "~/domain/report-period";
import { ReportPeriodForm, ReportSection } from "./report-table";

// /staff/funnel/campaigns (DECISIONS D23, docs/decisions/235), beside the funnel: each
// campaign from visits to commission, by UK month; and the offline-conversions file for
// Google Ads (docs/decisions/236). Server-rendered: both downloads are plain links and
// forms, so the page works without script.

export interface CampaignReport {
  range: MonthRange;
  rows: CampaignMonthRow[];
  totals: CampaignFigures;
  /** The conversions form's days to start from (the last 30 days). */
  conversions: { from: string; to: string };
  conversionName: string;
}

const pence = (n: number) => formatPounds(n / 100, { pence: true });

const FIGURES: DataColumn<CampaignFigures>[] = [
  { header: "Visits", numeric: true, cell: (f) => f.visits },
  { header: "Leads", numeric: true, cell: (f) => f.leads },
  { header: "Cases", numeric: true, cell: (f) => f.cases },
  { header: "Completions", numeric: true, cell: (f) => f.completions },
  {
    header: "Money lent",
    numeric: true,
    cell: (f) => formatPounds(f.lentPounds),
  },
  {
    header: "Commission",
    numeric: true,
    cell: (f) => pence(f.commissionPence),
  },
];

const COLUMNS: DataColumn<CampaignMonthRow>[] = [
  { header: "Month", rowHeader: true, cell: (row) => monthLabel(row.month) },
  { header: "Source", cell: (row) => campaignLabel(row.source) },
  { header: "Campaign", cell: (row) => campaignLabel(row.campaign) },
  ...FIGURES,
];

/** The period's totals under the months: named by its first cell, the two beside it blank. */
function TotalsRow({ totals }: { totals: CampaignFigures }) {
  return (
    <tr className="font-semibold">
      <th scope="row" className={reportCellClass()}>
        All months
      </th>
      <td className={reportCellClass()} />
      <td className={reportCellClass()} />
      {FIGURES.map((column) => (
        <td key={column.header} className={reportCellClass(true)}>
          {column.cell(totals)}
        </td>
      ))}
    </tr>
  );
}

/** The report for the months asked, or the months refused as they were typed (no figures then). */
export type CampaignReportPageProps =
  | { report: CampaignReport; refused?: never }
  | { refused: RefusedPeriod; report?: never };

export function CampaignReportPage({ report, refused }: CampaignReportPageProps) {
  return (
    <>
      <PageHeader
        title="What each campaign earned"
        back={{ to: "/staff/funnel", label: "Where borrowers drop out" }}
        intro={
          <>
            Each campaign (the utm source and campaign of the page a visitor first landed on) by month, UK time. Visits
            are visitors who reached the first step of either form, counted without cookies; leads are quotes and
            quick-check enquiries received; cases are applications sent to a lender; completions, money lent and
            commission are counted in the month the loan completed. "(none)" is a visit or lead that came with no
            campaign.
          </>
        }
      />
      <ReportPeriodForm
        label="Choose the months"
        type="month"
        from={report?.range.from ?? ""}
        to={report?.range.to ?? ""}
        fieldLabels={{ from: "From month", to: "To month" }}
        refused={refused}
        actions={
          report && (
            <a
              href={`/staff/funnel/campaigns/export?${new URLSearchParams({ ...report.range })}`}
              download
              className={downloadLinkClass}
            >
              Download CSV
            </a>
          )
        }
      />
      {report && <CampaignFiguresAndConversions {...report} />}
    </>
  );
}

function CampaignFiguresAndConversions({ rows, totals, conversions, conversionName }: CampaignReport) {
  return (
    <>
      <ReportSection id="campaign-months-heading" title="By month and campaign">
        <DataTable
          caption="Visits, leads, cases, completions, money lent and commission per campaign and month"
          testId="campaign-months"
          width="full"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => `${row.month} ${row.source} ${row.campaign}`}
          empty="No visits, leads or cases in these months."
          footer={<TotalsRow totals={totals} />}
        />
      </ReportSection>

      <ReportSection id="conversions-heading" title="Offline conversions for Google Ads">
        <p className="max-w-3xl text-slate-700">
          The loans completed in the period whose visitor came from a Google advert and had accepted advertising
          cookies, as a file Google Ads imports (Goals, Conversions, Uploads): the click id, the conversion "
          {conversionName}", the completion day at midday UK time with its offset from UTC, and the commission in
          pounds. A visitor who did not accept advertising cookies is never in it.
        </p>
        <ReportPeriodForm
          label="Choose the completion days"
          from={conversions.from}
          to={conversions.to}
          fieldLabels={{ from: "Completed from", to: "Completed to" }}
          idPrefix="conversions-"
          action="/staff/funnel/campaigns/conversions"
          submit="Download conversions file"
        />
      </ReportSection>
    </>
  );
}
