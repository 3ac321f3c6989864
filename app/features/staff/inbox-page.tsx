import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { cn } from "~/components/ui/cn";
import { type InboxCounts, statusText, totalText } from "~/domain/inbox-counts";
import { type InboxFilter, inboxSearchParams } from "~/domain/inbox-filter";
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadKind,
  leadKindLabel,
  leadPurposeLabel,
  type LeadStatus,
  TRIAGE_FLAG_LABELS,
  TRIAGE_FLAGS,
  type TriageFlag,
} from "~/domain/leads";
import { formatWhen, leadPath, money, percentOrDash, reference, telHref } from "./format";

/** One row of the inbox as the page receives it. */
export interface InboxRow {
  kind: LeadKind;
  id: string;
  receivedAt: string;
  name: string;
  phone: string;
  loanAmount: number | null;
  /** As stored: the page shows its label. */
  loanPurpose: string | null;
  loanType: string | null;
  ltv: number | null;
  status: LeadStatus;
  assigneeName: string | null;
  campaign: { source: string; campaign: string } | null;
  landingPath: string | null;
  flags: TriageFlag[];
  /** Some product is live on the lender panel and none fits this lead's answers (DECISIONS D22). */
  noPanelMatch: boolean;
  /** The earlier lead the duplicate flag means. */
  duplicateOf: { kind: LeadKind; id: string } | null;
}

export interface InboxPageProps {
  filter: InboxFilter;
  rows: InboxRow[];
  next: string | null;
  counts: InboxCounts;
  staff: { id: string; name: string }[];
}

/** How often an open inbox asks for new leads (decision 082). */
const REFRESH_MS = 5_000;

/** The inbox re-reads itself every few seconds while the tab is visible: new leads appear without a reload. */
function useShortPoll() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
}

const selectClass = cn(controlClass, "mt-1");
const labelClass = "block text-sm font-semibold text-slate-900";

/** How many of the folded filters the URL applies (the status has its own links above them). */
const appliedFilters = (filter: InboxFilter) =>
  [
    filter.q,
    filter.kind,
    filter.assignee,
    filter.flag,
    filter.from,
    filter.to,
    filter.campaign,
    filter.minAmount !== undefined,
    filter.maxAmount !== undefined,
    filter.sort !== "received",
  ].filter(Boolean).length;

/** A row's flags in words; the duplicate flag names the earlier lead and links to it. */
function Flags({ row }: { row: InboxRow }) {
  if (row.flags.length === 0 && !row.noPanelMatch) return <>—</>;
  return (
    <ul>
      {row.noPanelMatch && <li data-testid="no-panel-match">No panel match</li>}
      {row.flags.map((f) => (
        <li key={f}>
          {f === "duplicate" && row.duplicateOf ? (
            <>
              Duplicate of{" "}
              <Link
                to={leadPath(row.duplicateOf.kind, row.duplicateOf.id)}
                className="font-mono font-semibold text-brand-700 underline"
              >
                {reference(row.duplicateOf.id)}
              </Link>
            </>
          ) : (
            TRIAGE_FLAG_LABELS[f]
          )}
        </li>
      ))}
    </ul>
  );
}

export function InboxPage({ filter, rows, next, counts, staff }: InboxPageProps) {
  useShortPoll();
  const query = inboxSearchParams({ ...filter, after: undefined });
  const withStatus = (status: LeadStatus | null) => {
    const params = inboxSearchParams({ ...filter, statuses: status ? [status] : [], after: undefined });
    const text = params.toString();
    return text ? `/staff?${text}` : "/staff";
  };
  const assignee = typeof filter.assignee === "object" ? filter.assignee.id : (filter.assignee ?? "");
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Leads</h1>

      <nav aria-label="Leads by status" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={withStatus(null)}
              aria-current={filter.statuses.length === 0 ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-400 px-3 font-semibold text-brand-800 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
            >
              All <span className="ml-1">({totalText(counts)})</span>
            </Link>
          </li>
          {LEAD_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={withStatus(status)}
                aria-current={filter.statuses.length === 1 && filter.statuses[0] === status ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-400 px-3 font-semibold text-brand-800 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
              >
                {LEAD_STATUS_LABELS[status]}
                {statusText(counts, status) !== null && (
                  <>
                    {" "}
                    <span className="ml-1">({statusText(counts, status)})</span>
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {/* Folded on a phone, so the first lead is on the first screen, saying how many are
          applied; from a small tablet up always shown, where the browser can style a closed
          <details> (elsewhere folded there too). */}
      <details className="mt-6 rounded-lg border border-slate-300 sm:[&::details-content]:[content-visibility:visible] sm:[&::details-content]:block">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-brand-800 supports-[selector(::details-content)]:sm:hidden">
          Search and filter
          {appliedFilters(filter) > 0 && ` (${appliedFilters(filter)} applied)`}
        </summary>
        <Form method="get" action="/staff" className="p-4 max-sm:pt-0" aria-label="Filter leads">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="sm:col-span-2">
              <label htmlFor="q" className={labelClass}>
                Search by name, email, phone or reference
              </label>
              <input id="q" name="q" type="search" defaultValue={filter.q ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="status" className={labelClass}>
                Status
              </label>
              <select id="status" name="status" defaultValue={filter.statuses[0] ?? ""} className={selectClass}>
                <option value="">Any status</option>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {LEAD_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="kind" className={labelClass}>
                Kind
              </label>
              <select id="kind" name="kind" defaultValue={filter.kind ?? ""} className={selectClass}>
                <option value="">Every kind</option>
                {LEAD_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {LEAD_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="assignee" className={labelClass}>
                Assigned to
              </label>
              <select id="assignee" name="assignee" defaultValue={assignee} className={selectClass}>
                <option value="">Anyone or no one</option>
                <option value="mine">Me</option>
                <option value="unassigned">No one yet</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="flag" className={labelClass}>
                Triage flag
              </label>
              <select id="flag" name="flag" defaultValue={filter.flag ?? ""} className={selectClass}>
                <option value="">Any</option>
                {TRIAGE_FLAGS.map((f) => (
                  <option key={f} value={f}>
                    {TRIAGE_FLAG_LABELS[f]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="from" className={labelClass}>
                Received from
              </label>
              <input id="from" name="from" type="date" defaultValue={filter.from ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="to" className={labelClass}>
                Received to
              </label>
              <input id="to" name="to" type="date" defaultValue={filter.to ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="campaign" className={labelClass}>
                Campaign or source
              </label>
              <input id="campaign" name="campaign" defaultValue={filter.campaign ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="min" className={labelClass}>
                Amount from (£)
              </label>
              <input
                id="min"
                name="min"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={filter.minAmount ?? ""}
                className={selectClass}
              />
            </div>
            <div>
              <label htmlFor="max" className={labelClass}>
                Amount to (£)
              </label>
              <input
                id="max"
                name="max"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={filter.maxAmount ?? ""}
                className={selectClass}
              />
            </div>
            <div>
              <label htmlFor="sort" className={labelClass}>
                Sort by
              </label>
              <select id="sort" name="sort" defaultValue={filter.sort} className={selectClass}>
                <option value="received">Newest first</option>
                <option value="amount">Largest amount first</option>
              </select>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" variant="secondary" size="sm">
              Apply filters
            </Button>
            <Link to="/staff" className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline">
              Clear filters
            </Link>
            <a
              href={`/staff/export${query.toString() ? `?${query}` : ""}`}
              className="ml-auto inline-flex min-h-10 items-center font-semibold text-brand-700 underline"
              download
            >
              Export CSV
            </a>
          </div>
        </Form>
      </details>

      <ul aria-label="Leads" className="mt-6 sm:hidden" data-testid="lead-cards">
        {rows.length === 0 && <li className="py-6 text-center">No leads match this filter.</li>}
        {rows.map((row) => (
          <li key={`${row.kind}:${row.id}`} className="border-b border-slate-200 py-3 [overflow-wrap:anywhere]">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={leadPath(row.kind, row.id)} className="font-mono font-semibold text-brand-700 underline">
                {reference(row.id)}
              </Link>
              <span className="font-semibold">{money(row.loanAmount)}</span>
            </p>
            <p className="mt-1 font-semibold">{row.name}</p>
            <p>
              <a href={telHref(row.phone)} className="inline-flex min-h-11 items-center text-brand-700 underline">
                {row.phone}
              </a>
            </p>
            <p className="text-sm text-slate-700">
              {[
                leadKindLabel(row.kind, row.loanType),
                leadPurposeLabel(row.kind, row.loanPurpose),
                LEAD_STATUS_LABELS[row.status],
                formatWhen(row.receivedAt),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {(row.flags.length > 0 || row.noPanelMatch) && (
              <div className="mt-1 text-sm text-amber-900">
                <Flags row={row} />
              </div>
            )}
          </li>
        ))}
      </ul>

      <div className="mt-6 overflow-x-auto max-sm:hidden">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Leads, {filter.sort === "amount" ? "largest amount" : "newest"} first</caption>
          <thead>
            <tr className="border-b-2 border-slate-400">
              {[
                "Received",
                "Reference",
                "Name",
                "Phone",
                "Kind",
                "Amount",
                "Purpose",
                "LTV",
                "Status",
                "Assignee",
                "Campaign",
                "Flags",
              ].map((h) => (
                <th key={h} scope="col" className="px-2 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={12} className="px-2 py-6 text-center">
                  No leads match this filter.
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.id}`} className="border-b border-slate-200 align-top">
                <td className="px-2 py-2 whitespace-nowrap">{formatWhen(row.receivedAt)}</td>
                <td className="px-2 py-2 font-mono">
                  <Link to={leadPath(row.kind, row.id)} className="font-semibold text-brand-700 underline">
                    {reference(row.id)}
                  </Link>
                </td>
                <td className="px-2 py-2">{row.name}</td>
                <td className="px-2 py-2 whitespace-nowrap">
                  <a href={telHref(row.phone)} className="text-brand-700 underline">
                    {row.phone}
                  </a>
                </td>
                <td className="px-2 py-2">{leadKindLabel(row.kind, row.loanType)}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap">{money(row.loanAmount)}</td>
                <td className="px-2 py-2">{leadPurposeLabel(row.kind, row.loanPurpose) ?? "—"}</td>
                <td className="px-2 py-2 text-right">{percentOrDash(row.ltv)}</td>
                <td className="px-2 py-2">{LEAD_STATUS_LABELS[row.status]}</td>
                <td className="px-2 py-2">{row.assigneeName ?? "—"}</td>
                <td className="px-2 py-2">
                  {row.campaign ? [row.campaign.source, row.campaign.campaign].filter(Boolean).join(" / ") : "—"}
                </td>
                <td className="px-2 py-2">
                  <Flags row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next && (
        <p className="mt-4">
          <Link to={`/staff?${next}`} className="font-semibold text-brand-700 underline">
            Next page
          </Link>
        </p>
      )}
    </>
  );
}
