import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { FUNNEL_FORMS, type FunnelForm, type FunnelStepRow, funnelStepId, type funnelOf } from "~/domain/funnel";
import { STEP_TITLES } from "~/features/eligibility/flow";
import { QUICK_STEP_TITLES } from "~/features/quick-check/flow";

// /staff/funnel (DECISIONS D16): each form's steps as bars drawn on the server (SVG,
// no script), the same figures in a table for screen readers and for copying, and
// leads per campaign.

type Funnel = ReturnType<typeof funnelOf>;

export interface FunnelPageProps {
  query: { from: string; to: string; campaign: string };
  campaigns: string[];
  funnels: Funnel[];
  conversion: { source: string; campaign: string; leads: number; visits: number }[];
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
const targetName = (target: string) => TARGETS[target] ?? target;

/** A counted step in the form's words; on a branch, the branch's name first. */
const stepTitle = (form: FunnelForm, row: FunnelStepRow) => {
  const title = TITLES[form][funnelStepId(row.step)] ?? row.step;
  return row.branch ? `${row.branch}: ${title}` : title;
};

const labelClass = "block text-sm font-semibold text-slate-900";
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
              {TITLES[funnel.form][funnelStepId(row.step)] ?? row.step}
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
  const id = `funnel-${funnel.form}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {FUNNEL_FORMS[funnel.form].label}
      </h2>
      {funnel.rows.length === 0 ? (
        <p className="mt-2 text-slate-700">No visits in this period.</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          <Bars funnel={funnel} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid={`table-${funnel.form}`}>
              <caption className="sr-only">{FUNNEL_FORMS[funnel.form].label}: visitors at each step</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Step
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Reached
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Kept from the step before
                  </th>
                  <th scope="col" className="py-2">
                    Sent on from here
                  </th>
                </tr>
              </thead>
              <tbody>
                {funnel.rows.map((row) => (
                  <tr key={row.step} className="border-b border-slate-200">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      {stepTitle(funnel.form, row)}
                    </th>
                    <td className="py-2 pr-3 text-right">{row.reached}</td>
                    <td className="py-2 pr-3 text-right">{row.keptPercent === null ? "—" : `${row.keptPercent}%`}</td>
                    <td className="py-2">
                      {row.redirects.length === 0
                        ? "—"
                        : row.redirects.map((r) => `${targetName(r.target)}: ${r.n}`).join(", ")}
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 pr-3">
                    Submitted
                  </th>
                  <td className="py-2 pr-3 text-right font-semibold">{funnel.submitted}</td>
                  <td className="py-2 pr-3 text-right">
                    {funnel.submittedPercent === null ? "—" : `${funnel.submittedPercent}%`}
                  </td>
                  <td className="py-2" />
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

export function FunnelPage({ query, campaigns, funnels, conversion }: FunnelPageProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Where borrowers drop out</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Visits to each step of the two forms, with and without script, counted without cookies or any identifier: a
        visitor who goes back and forward counts once per step. Each step is measured against the step every one of its
        visitors passed before (not an optional one such as the age step), and the quick check's personal and homeowner
        loans each against their own steps.
      </p>
      <p className="mt-2">
        <Link to="/staff/funnel/calls" className="font-semibold text-brand-700 underline">
          Calls: time to first contact and reasons for closing
        </Link>
      </p>
      <Form
        method="get"
        className="mt-4 grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-4"
        aria-label="Choose the period and campaign"
      >
        <div>
          <label htmlFor="from" className={labelClass}>
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={query.from} className={cn(controlClass, "mt-1")} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={query.to} className={cn(controlClass, "mt-1")} />
        </div>
        <div>
          <label htmlFor="campaign" className={labelClass}>
            Campaign
          </label>
          <select id="campaign" name="campaign" defaultValue={query.campaign} className={cn(controlClass, "mt-1")}>
            <option value="">Every campaign</option>
            {campaigns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-3">
          <Button type="submit" variant="secondary" size="sm">
            Show
          </Button>
          <a
            href={`/staff/funnel/export?${new URLSearchParams(query)}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-focus"
          >
            Download CSV
          </a>
        </div>
      </Form>

      {funnels.map((f) => (
        <FunnelSection key={f.form} funnel={f} />
      ))}

      <section aria-labelledby="campaigns-heading" className="mt-10">
        <h2 id="campaigns-heading" className="text-xl font-bold text-slate-900">
          Leads by campaign
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full max-w-3xl text-left text-sm" data-testid="campaigns">
            <caption className="sr-only">Leads and first-step visits per campaign in the period</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Source
                </th>
                <th scope="col" className="py-2 pr-3">
                  Campaign
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Visits to a form
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Leads
                </th>
                <th scope="col" className="py-2 text-right">
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {conversion.length === 0 ? (
                <tr>
                  <td colSpan={5} className="py-2">
                    No leads or visits in this period.
                  </td>
                </tr>
              ) : (
                conversion.map((row) => (
                  <tr key={`${row.source} ${row.campaign}`} className="border-b border-slate-200">
                    <td className="py-2 pr-3">{row.source || "(none)"}</td>
                    <td className="py-2 pr-3">{row.campaign || "(none)"}</td>
                    <td className="py-2 pr-3 text-right">{row.visits}</td>
                    <td className="py-2 pr-3 text-right">{row.leads}</td>
                    <td className="py-2 text-right">
                      {row.visits ? `${Math.round((row.leads / row.visits) * 1000) / 10}%` : "—"}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
