import { Link } from "react-router";
import { COMPLAINT_SUBJECTS, type ComplaintAttention, type ComplaintSubject } from "~/domain/complaints";
import { dayInWords } from "~/domain/calendar-day";
import { ukClock } from "~/domain/uk-time";
import { formatWhen } from "../format";
import { Notice } from "../staff-frame";

// /staff/complaints: every open complaint, oldest first with what its clock needs now,
// and the latest closed ones (DISP 1, DECISIONS D26).

export interface ComplaintRowView {
  id: string;
  reference: string;
  receivedAt: string;
  name: string;
  about: ComplaintSubject;
  handlerName: string | null;
  closedAt: string | null;
  /** What an open one needs, its deadline as ISO text. */
  needs: { kind: ComplaintAttention["kind"]; by: string; overdue?: boolean } | null;
  /** An open one answered (its final response sent) or held (a holding letter sent): nothing more is due on its clock. */
  answered?: "response" | "holding" | null;
}

export interface ComplaintsListProps {
  open: ComplaintRowView[];
  closed: ComplaintRowView[];
  canReport: boolean;
  notice: string | null;
}

const h2Class = "text-xl font-bold text-slate-900";
const cell = "px-2 py-2";

/** A deadline at a UK midnight, as the day it closes: "the end of 2 Dec 2026". */
export const endOfDay = (iso: string) => `the end of ${dayInWords(ukClock(new Date(new Date(iso).getTime() - 1)).day)}`;

/** What the clock asks for, in words, and whether it is overdue. */
export function needsInWords(needs: NonNullable<ComplaintRowView["needs"]>): { text: string; overdue: boolean } {
  const by = endOfDay(needs.by);
  switch (needs.kind) {
    case "acknowledge":
      return { text: `Acknowledge it by ${by}`, overdue: needs.overdue === true };
    case "summary-resolution":
      return { text: `A summary resolution may close it until ${by}; final response due later`, overdue: false };
    case "half-way":
      return { text: `Four weeks on: final response due by ${by}`, overdue: false };
    case "eighth-week":
      return { text: `Eighth week: final response due by ${by}`, overdue: false };
    case "final-response":
      return { text: `Final response was due by ${by}`, overdue: true };
    case "waiting":
      return { text: `Final response due by ${by}`, overdue: false };
  }
}

export function ComplaintsListPage({ open, closed, canReport, notice }: ComplaintsListProps) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Complaints</h1>
        <p className="flex flex-wrap gap-4">
          <Link to="/staff/complaints/new" className="font-semibold text-brand-700 underline">
            Record a complaint
          </Link>
          {canReport && (
            <Link to="/staff/complaints/report" className="font-semibold text-brand-700 underline">
              Half-year report
            </Link>
          )}
          {/* The roles that read the complaints report read the outcomes report too (DECISIONS D28). */}
          {canReport && (
            <Link to="/staff/outcomes" className="font-semibold text-brand-700 underline">
              Consumer Duty outcomes
            </Link>
          )}
          {/* The same roles approve the promotions the site shows (DECISIONS D27). */}
          {canReport && (
            <Link to="/staff/promotions" className="font-semibold text-brand-700 underline">
              Promotions to approve
            </Link>
          )}
        </p>
      </div>
      {notice && (
        <div className="mt-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      <section aria-labelledby="open-heading" className="mt-6">
        <h2 id="open-heading" className={h2Class}>
          Open ({open.length})
        </h2>
        {open.length === 0 ? (
          <p className="mt-3">No complaint is open.</p>
        ) : (
          <ComplaintTable rows={open} columns={["Reference", "Received", "From", "About", "Handler", "Needs"]} />
        )}
      </section>
      <section aria-labelledby="closed-heading" className="mt-8">
        <h2 id="closed-heading" className={h2Class}>
          Closed lately
        </h2>
        {closed.length === 0 ? (
          <p className="mt-3">None closed yet.</p>
        ) : (
          <ComplaintTable rows={closed} columns={["Reference", "Received", "From", "About", "Handler", "Closed"]} />
        )}
      </section>
    </>
  );
}

function ComplaintTable({ rows, columns }: { rows: ComplaintRowView[]; columns: string[] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b-2 border-slate-400">
            {columns.map((column) => (
              <th key={column} scope="col" className={`${cell} font-semibold`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const needs = row.needs ? needsInWords(row.needs) : null;
            return (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <td className={cell}>
                  <Link to={`/staff/complaints/${row.id}`} className="font-semibold text-brand-700 underline">
                    {row.reference}
                  </Link>
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatWhen(row.receivedAt)}</td>
                <td className={cell}>{row.name}</td>
                <td className={cell}>{COMPLAINT_SUBJECTS[row.about]}</td>
                <td className={cell}>{row.handlerName ?? "Not yet taken"}</td>
                <td className={cell}>
                  {row.closedAt ? (
                    formatWhen(row.closedAt)
                  ) : row.answered === "response" ? (
                    "Final response sent: close it with its outcome"
                  ) : row.answered === "holding" ? (
                    "Holding letter sent: nothing due on its clock"
                  ) : needs ? (
                    <span className={needs.overdue ? "font-semibold text-red-800" : undefined}>
                      {needs.overdue ? "Overdue: " : ""}
                      {needs.text}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
