import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { controlClass } from "~/components/ui/field";
import { CLOSE_REASON_LABELS, type CloseReason, describeMinutes } from "~/domain/lead-work";
import { LEAD_STATUS_LABELS } from "~/domain/leads";

// /staff/funnel/calls (docs/decisions/190), beside the funnel: how quickly new leads get
// their first call (median and 90th percentile, in minutes of opening hours) per ISO week
// and per adviser, and why leads were declined or withdrawn.

interface Figures {
  leads: number;
  called: number;
  median: number | null;
  p90: number | null;
}

export interface CallsReportPageProps {
  query: { from: string; to: string };
  weeks: (Figures & { week: string })[];
  advisers: (Figures & { adviser: string | null })[];
  reasons: { status: "declined" | "withdrawn"; reason: CloseReason | null; n: number }[];
}

const labelClass = "block text-sm font-semibold text-slate-900";
const th = "py-2 pr-3";
const num = "py-2 pr-3 text-right";
const wait = (minutes: number | null) => (minutes === null ? "—" : describeMinutes(minutes));
const reasonLabel = (reason: CloseReason | null) =>
  reason ? CLOSE_REASON_LABELS[reason].replace(/ \(say why in the note\)$/, "") : "Not recorded";

function FigureCells({ row }: { row: Figures }) {
  return (
    <>
      <td className={num}>{row.called}</td>
      <td className={num}>{wait(row.median)}</td>
      <td className={num}>{wait(row.p90)}</td>
    </>
  );
}

export function CallsReportPage({ query, weeks, advisers, reasons }: CallsReportPageProps) {
  return (
    <>
      <p>
        <Link to="/staff/funnel" className="font-semibold text-brand-700 underline">
          ← Where borrowers drop out
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Calls: time to first contact and reasons for closing</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        For quotes and quick-check enquiries that arrived in the period: how long each waited for its first call, in
        minutes of opening hours (a lead that arrives on Friday evening and is called at 9:05 on Monday waited 5
        minutes). The median is the middle wait; the 90th percentile is the wait nine in ten leads beat.
      </p>
      <Form
        method="get"
        className="mt-4 grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-3"
        aria-label="Choose the period"
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
        <div className="flex items-end">
          <Button type="submit" variant="secondary" size="sm">
            Show
          </Button>
        </div>
      </Form>

      <section aria-labelledby="weeks-heading" className="mt-8">
        <h2 id="weeks-heading" className="text-xl font-bold text-slate-900">
          Time to first contact by week
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full max-w-3xl text-left text-sm" data-testid="first-contact-weeks">
            <caption className="sr-only">Leads by the ISO week they arrived in, and how long they waited</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={th}>
                  Week
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Leads
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Called
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Median wait
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  90th percentile
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.length === 0 ? (
                <tr>
                  <td colSpan={5} className="py-2">
                    No leads arrived in this period.
                  </td>
                </tr>
              ) : (
                weeks.map((row) => (
                  <tr key={row.week} className="border-b border-slate-200">
                    <th scope="row" className={cn(th, "font-normal")}>
                      {row.week}
                    </th>
                    <td className={num}>{row.leads}</td>
                    <FigureCells row={row} />
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="advisers-heading" className="mt-8">
        <h2 id="advisers-heading" className="text-xl font-bold text-slate-900">
          Time to first contact by adviser
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full max-w-3xl text-left text-sm" data-testid="first-contact-advisers">
            <caption className="sr-only">The leads each adviser called first, and how long they had waited</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={th}>
                  Adviser
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  First calls
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Median wait
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  90th percentile
                </th>
              </tr>
            </thead>
            <tbody>
              {advisers.length === 0 ? (
                <tr>
                  <td colSpan={4} className="py-2">
                    No first calls for leads of this period.
                  </td>
                </tr>
              ) : (
                advisers.map((row) => (
                  <tr key={row.adviser ?? ""} className="border-b border-slate-200">
                    <th scope="row" className={cn(th, "font-normal")}>
                      {row.adviser ?? "A former adviser"}
                    </th>
                    <FigureCells row={row} />
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="reasons-heading" className="mt-8">
        <h2 id="reasons-heading" className="text-xl font-bold text-slate-900">
          Why leads were declined or withdrawn
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full max-w-3xl text-left text-sm" data-testid="close-reasons">
            <caption className="sr-only">Leads declined or withdrawn in the period, by reason</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={th}>
                  Reason
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {reasons.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-2">
                    No lead was declined or withdrawn in this period.
                  </td>
                </tr>
              ) : (
                reasons.map((row) => (
                  <tr key={`${row.status}-${row.reason}`} className="border-b border-slate-200">
                    <td className={th}>{LEAD_STATUS_LABELS[row.status]}</td>
                    <td className={th}>{reasonLabel(row.reason)}</td>
                    <td className={num}>{row.n}</td>
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
