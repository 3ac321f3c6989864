import { PageHeader } from "~/components/console/page-header";
import { type DataColumn, DataTable } from "~/components/console/data-table";
import { CLOSE_REASON_LABELS, type CloseReason, describeMinutes } from "~/domain/lead-work";
import { LEAD_STATUS_LABELS } from "~/domain/leads";
import type { RefusedPeriod } from "~/domain/report-period";
import { ReportPeriodForm, ReportSection } from "./report-table";

// /staff/funnel/calls (docs/decisions/190), beside the funnel: how quickly new leads get
// their first call (median and 90th percentile, in minutes of opening hours) per ISO week
// and per adviser, and why leads were declined or withdrawn.

interface Figures {
  leads: number;
  called: number;
  median: number | null;
  p90: number | null;
}

export interface CallsReport {
  query: { from: string; to: string };
  weeks: (Figures & { week: string })[];
  advisers: (Figures & { adviser: string | null })[];
  reasons: {
    status: "declined" | "withdrawn";
    reason: CloseReason | null;
    n: number;
  }[];
}

const wait = (minutes: number | null) => (minutes === null ? "—" : describeMinutes(minutes));
const reasonLabel = (reason: CloseReason | null) =>
  reason ? CLOSE_REASON_LABELS[reason].replace(/ \(say why in the note\)$/, "") : "Not recorded";

/** The figures both tables of waits end with. */
const waitColumns = (calledHeader: string): DataColumn<Figures>[] => [
  { header: calledHeader, numeric: true, cell: (row) => row.called },
  { header: "Median wait", numeric: true, cell: (row) => wait(row.median) },
  { header: "90th percentile", numeric: true, cell: (row) => wait(row.p90) },
];

/** The report for the period asked, or the period refused as it was typed (no figures then). */
export type CallsReportPageProps =
  | { report: CallsReport; refused?: never }
  | { refused: RefusedPeriod; report?: never };

export function CallsReportPage({ report, refused }: CallsReportPageProps) {
  return (
    <>
      <PageHeader
        title="Calls: time to first contact and reasons for closing"
        back={{ to: "/staff/funnel", label: "Where borrowers drop out" }}
        intro={
          <>
            For quotes and quick-check enquiries that arrived in the period: how long each waited for its first call, in
            minutes of opening hours (a lead that arrives on Friday evening and is called at 9:05 on Monday waited 5
            minutes). The median is the middle wait; the 90th percentile is the wait nine in ten leads beat.
          </>
        }
      />
      <ReportPeriodForm
        label="Choose the period"
        from={report?.query.from ?? ""}
        to={report?.query.to ?? ""}
        refused={refused}
      />
      {report && <CallsFigures {...report} />}
    </>
  );
}

function CallsFigures({ weeks, advisers, reasons }: CallsReport) {
  return (
    <>
      <ReportSection id="weeks-heading" title="Time to first contact by week">
        <DataTable
          caption="Leads by the ISO week they arrived in, and how long they waited"
          testId="first-contact-weeks"
          columns={[
            { header: "Week", rowHeader: true, cell: (row) => row.week },
            { header: "Leads", numeric: true, cell: (row) => row.leads },
            ...waitColumns("Called"),
          ]}
          rows={weeks}
          rowKey={(row) => row.week}
          empty="No leads arrived in this period."
        />
      </ReportSection>

      <ReportSection id="advisers-heading" title="Time to first contact by adviser">
        <DataTable
          caption="The leads each adviser called first, and how long they had waited"
          testId="first-contact-advisers"
          columns={[
            {
              header: "Adviser",
              rowHeader: true,
              cell: (row) => row.adviser ?? "A former adviser",
            },
            ...waitColumns("First calls"),
          ]}
          rows={advisers}
          rowKey={(row) => row.adviser ?? ""}
          empty="No first calls for leads of this period."
        />
      </ReportSection>

      <ReportSection id="reasons-heading" title="Why leads were declined or withdrawn">
        <DataTable
          caption="Leads declined or withdrawn in the period, by reason"
          testId="close-reasons"
          columns={[
            { header: "Status", cell: (row) => LEAD_STATUS_LABELS[row.status] },
            { header: "Reason", cell: (row) => reasonLabel(row.reason) },
            { header: "Leads", numeric: true, cell: (row) => row.n },
          ]}
          rows={reasons}
          rowKey={(row) => `${row.status}-${row.reason}`}
          empty="No lead was declined or withdrawn in this period."
        />
      </ReportSection>
    </>
  );
}
