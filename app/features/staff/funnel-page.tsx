import { PageHeader } from "~/components/console/page-header";
import { DataTable, reportCellClass } from "~/components/console/data-table";
import { downloadLinkClass, TextLink } from "~/components/console/text-link";
import { cn } from "~/components/ui/cn";
import { FUNNEL_FORMS, type FunnelForm, type FunnelStepRow, funnelStepId, type funnelOf } from "~/domain/funnel";
import { ownValue } from "~/domain/own-keys";
import type { RefusedPeriod } from "~/domain/report-period";
import { QUICK_STEP_TITLES, STEP_TITLES } from "~/content/form-steps";
import { ReportField, ReportPeriodForm, ReportSection, reportControlClass } from "./report-table";

// /staff/funnel (DECISIONS D16): each form's steps as bars drawn on the server (SVG,
// no script), the same figures in a table for screen readers and for copying, and
// leads per campaign.

type Funnel = ReturnType<typeof funnelOf>;

type Conversion = {
  source: string;
  campaign: string;
  leads: number;
  visits: number;
};

export interface FunnelReport {
  query: { from: string; to: string; campaign: string };
  campaigns: string[];
  funnels: Funnel[];
  conversion: Conversion[];
}

const TITLES: Record<FunnelForm, Record<string, string>> = {
  apply: STEP_TITLES,
  "apply-personal": QUICK_STEP_TITLES,
};

const TARGETS: Record<string, string> = {
  "/cannot-help": "/cannot-help",
  "/creditec-redirect": "Creditec",
  "/loanswarehouse-redirect": "Loans Warehouse",
  "external:bridging": "Bridging partner",
  "external:business": "Business partner",
};
const targetName = (target: string) => ownValue(TARGETS, target) ?? target;

/** A counted step in the form's words; on a branch, the branch's name first. */
const stepTitle = (form: FunnelForm, row: FunnelStepRow) => {
  const title = ownValue(TITLES[form], funnelStepId(row.step)) ?? row.step;
  return row.branch ? `${row.branch}: ${title}` : title;
};

const percent = (value: number | null) => (value === null ? "—" : `${value}%`);
const BAR_HEIGHT = 28;
const LABEL_WIDTH = 190;
const CHART_WIDTH = 640;

function Bars({ funnel }: { funnel: Funnel }) {
  const max = Math.max(1, ...funnel.rows.map((r) => r.reached));
  const height = funnel.rows.length * (BAR_HEIGHT + 8);
  const room = CHART_WIDTH - LABEL_WIDTH - 60;
  return (
    <svg
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      width="100%"
      className="max-w-2xl"
      aria-hidden="true"
      focusable="false"
      data-testid={`bars-${funnel.form}`}
    >
      {funnel.rows.map((row, i) => {
        const y = i * (BAR_HEIGHT + 8);
        const width = Math.max(2, Math.round((row.reached / max) * room));
        return (
          <g key={row.step}>
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2 + 5} textAnchor="end" fontSize="14" fill="#0f172a">
              {ownValue(TITLES[funnel.form], funnelStepId(row.step)) ?? row.step}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx="3" fill="#1d4ed8" />
            <text x={LABEL_WIDTH + width + 6} y={y + BAR_HEIGHT / 2 + 5} fontSize="14" fill="#0f172a">
              {row.reached}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function FunnelSection({ funnel }: { funnel: Funnel }) {
  const label = FUNNEL_FORMS[funnel.form].label;
  return (
    <ReportSection id={`funnel-${funnel.form}`} title={label}>
      {funnel.rows.length === 0 ? (
        <p className="text-slate-700">No visits in this period.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Bars funnel={funnel} />
          <DataTable
            caption={`${label}: visitors at each step`}
            testId={`table-${funnel.form}`}
            width="full"
            columns={[
              {
                header: "Step",
                rowHeader: true,
                cell: (row: FunnelStepRow) => stepTitle(funnel.form, row),
              },
              { header: "Reached", numeric: true, cell: (row) => row.reached },
              {
                header: "Kept from the step before",
                numeric: true,
                cell: (row) => percent(row.keptPercent),
              },
              {
                header: "Sent on from here",
                cell: (row) =>
                  row.redirects.length === 0
                    ? "—"
                    : row.redirects.map((r) => `${targetName(r.target)}: ${r.n}`).join(", "),
              },
            ]}
            rows={funnel.rows}
            rowKey={(row) => row.step}
            empty="No visits in this period."
            footer={
              <tr>
                <th scope="row" className={reportCellClass()}>
                  Submitted
                </th>
                <td className={cn(reportCellClass(true), "font-semibold")}>{funnel.submitted}</td>
                <td className={reportCellClass(true)}>{percent(funnel.submittedPercent)}</td>
                <td className={reportCellClass()} />
              </tr>
            }
          />
        </div>
      )}
    </ReportSection>
  );
}

/**
 * The report for the period asked, or the period refused as it was typed (no figures
 * then; the campaign chosen is kept, as the only one offered beside every campaign).
 */
export type FunnelPageProps =
  | { report: FunnelReport; refused?: never; campaign?: never }
  | { refused: RefusedPeriod; campaign: string; report?: never };

export function FunnelPage({ report, refused, campaign }: FunnelPageProps) {
  const query = report?.query ?? { from: "", to: "", campaign: campaign ?? "" };
  const campaigns = report?.campaigns ?? (query.campaign ? [query.campaign] : []);
  return (
    <>
      <PageHeader
        title="Where borrowers drop out"
        intro={
          <>
            Visits to each step of the two forms, with and without script, counted without cookies or any identifier: a
            visitor who goes back and forward counts once per step. Each step is measured against the step every one of
            its visitors passed before (not an optional one such as the age step), and the quick check's personal and
            homeowner loans each against their own steps.
          </>
        }
      />
      <ul className="mt-2 space-y-1">
        <li>
          <TextLink to="/staff/funnel/calls">Calls: time to first contact and reasons for closing</TextLink>
        </li>
        <li>
          <TextLink to="/staff/funnel/campaigns">What each campaign earned</TextLink>
        </li>
        <li>
          {/* Managers read the funnel and the outcomes alike (DECISIONS D25, D28). */}
          <TextLink to="/staff/outcomes">
            Consumer Duty outcomes: borrowers who need more care against the rest
          </TextLink>
        </li>
        <li>
          {/* Managers draft the rates, examples and claims the pages show (DECISIONS D27). */}
          <TextLink to="/staff/promotions">
            Promotions: the rates, examples and claims the site shows, their drafts and history
          </TextLink>
        </li>
      </ul>
      <ReportPeriodForm
        label="Choose the period and campaign"
        from={query.from}
        to={query.to}
        refused={refused}
        fields={
          <ReportField id="campaign" label="Campaign">
            <select id="campaign" name="campaign" defaultValue={query.campaign} className={reportControlClass}>
              <option value="">Every campaign</option>
              {campaigns.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </ReportField>
        }
        actions={
          report && (
            <a href={`/staff/funnel/export?${new URLSearchParams(query)}`} download className={downloadLinkClass}>
              Download CSV
            </a>
          )
        }
      />
      {report && <FunnelFigures {...report} />}
    </>
  );
}

function FunnelFigures({ funnels, conversion }: FunnelReport) {
  return (
    <>
      {funnels.map((f) => (
        <FunnelSection key={f.form} funnel={f} />
      ))}

      <ReportSection id="campaigns-heading" title="Leads by campaign">
        <DataTable
          caption="Leads and first-step visits per campaign in the period"
          testId="campaigns"
          columns={[
            {
              header: "Source",
              cell: (row: Conversion) => row.source || "(none)",
            },
            { header: "Campaign", cell: (row) => row.campaign || "(none)" },
            {
              header: "Visits to a form",
              numeric: true,
              cell: (row) => row.visits,
            },
            { header: "Leads", numeric: true, cell: (row) => row.leads },
            {
              header: "Conversion",
              numeric: true,
              cell: (row) => (row.visits ? `${Math.round((row.leads / row.visits) * 1000) / 10}%` : "—"),
            },
          ]}
          rows={conversion}
          rowKey={(row) => `${row.source} ${row.campaign}`}
          empty="No leads or visits in this period."
        />
      </ReportSection>
    </>
  );
}
