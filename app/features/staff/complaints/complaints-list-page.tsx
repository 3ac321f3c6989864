import { type DataColumn, TableSection } from "~/components/console/data-table";
import { TextLink } from "~/components/console/text-link";
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

/** A deadline at a UK midnight, as the day it closes: "the end of 2 Dec 2026". */
export const endOfDay = (iso: string) => `the end of ${dayInWords(ukClock(new Date(new Date(iso).getTime() - 1)).day)}`;

/** What the clock asks for, in words, and whether it is overdue. */
export function needsInWords(needs: NonNullable<ComplaintRowView["needs"]>): { text: string; overdue: boolean } {
  const by = endOfDay(needs.by);
  switch (needs.kind) {
    case "acknowledge":
      return { text: `Acknowledge it by ${by}`, overdue: needs.overdue === true };
    case "reopened":
      return needs.overdue
        ? { text: `Reopened: final response was due by ${by}`, overdue: true }
        : { text: `Reopened: final response due by ${by}`, overdue: false };
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
          <TextLink to="/staff/complaints/new">Record a complaint</TextLink>
          {canReport && <TextLink to="/staff/complaints/report">Half-year report</TextLink>}
          {/* The roles that read the complaints report read the outcomes report too (DECISIONS D28). */}
          {canReport && <TextLink to="/staff/outcomes">Consumer Duty outcomes</TextLink>}
          {/* The same roles approve the promotions the site shows (DECISIONS D27). */}
          {canReport && <TextLink to="/staff/promotions">Promotions to approve</TextLink>}
        </p>
      </div>
      {notice && (
        <div className="mt-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      <TableSection
        id="open"
        title={`Open (${open.length})`}
        none="No complaint is open."
        look="list"
        columns={complaintColumns("Needs")}
        rows={open}
        rowKey={(row) => row.id}
        alignTop
      />
      <TableSection
        id="closed"
        title="Closed lately"
        none="None closed yet."
        look="list"
        columns={complaintColumns("Closed")}
        rows={closed}
        rowKey={(row) => row.id}
        alignTop
      />
    </>
  );
}

/** The columns both lists share; the last says what an open one needs, or when a closed one closed. */
function complaintColumns(last: "Needs" | "Closed"): DataColumn<ComplaintRowView>[] {
  return [
    {
      header: "Reference",
      cell: (row) => <TextLink to={`/staff/complaints/${row.id}`}>{row.reference}</TextLink>,
    },
    { header: "Received", cell: (row) => formatWhen(row.receivedAt), className: "whitespace-nowrap" },
    { header: "From", cell: (row) => row.name },
    { header: "About", cell: (row) => COMPLAINT_SUBJECTS[row.about] },
    { header: "Handler", cell: (row) => row.handlerName ?? "Not yet taken" },
    { header: last, cell: stageOf },
  ];
}

/** When a closed one closed; for an open one, what has been sent or what its clock needs now. */
function stageOf(row: ComplaintRowView) {
  if (row.closedAt) return formatWhen(row.closedAt);
  if (row.answered === "response") return "Final response sent: close it with its outcome";
  if (row.answered === "holding") return "Holding letter sent: nothing due on its clock";
  const needs = row.needs ? needsInWords(row.needs) : null;
  if (!needs) return null;
  return (
    <span className={needs.overdue ? "font-semibold text-red-800" : undefined}>
      {needs.overdue ? "Overdue: " : ""}
      {needs.text}
    </span>
  );
}
