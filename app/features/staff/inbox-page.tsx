import type { Permission } from "~/domain/permissions";
import { type ReactNode, useEffect } from "react";
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
import { leadInList } from "./lead-walk";
import { BULK_FORM_ID, type BulkAnswer, BulkBar, BulkCheck, RowBox } from "./inbox-bulk";
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
  /** Its needs markers ("Prefers email", DECISIONS D28); empty without a record or the permission. */
  needs?: string[];
  /** The earlier lead the duplicate flag means. */
  duplicateOf: { kind: LeadKind; id: string } | null;
  /** The lead's version as listed: a change of many leads is made against it. */
  version: number;
}

export interface InboxPageProps {
  filter: InboxFilter;
  rows: InboxRow[];
  next: string | null;
  counts: InboxCounts;
  staff: { id: string; name: string }[];
  /** What the member's roles allow (DECISIONS D25): the export is offered to those who may. */
  can: readonly Permission[];
  /** The answer of the last change of many leads, if this page follows one. */
  bulk?: BulkAnswer | null;
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

const INBOX_COLUMNS = [
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
] as const;

/**
 * The columns whose header sorts the list (decision 393): each has an index in every lead
 * table, so a page of either order costs the same at a million leads.
 */
const SORTABLE: Partial<Record<(typeof INBOX_COLUMNS)[number], InboxFilter["sort"]>> = {
  Received: "received",
  Amount: "amount",
};

/** A sortable column's header: a link to the list in that order (again: the other way), from its first page. */
function SortHeader({ filter, column, sort }: { filter: InboxFilter; column: string; sort: InboxFilter["sort"] }) {
  const current = filter.sort === sort;
  const dir = current && filter.dir === "desc" ? "asc" : "desc";
  const text = inboxSearchParams({ ...filter, sort, dir, after: undefined }).toString();
  return (
    <Link to={text ? `/staff?${text}` : "/staff"} className="font-semibold text-brand-700 underline">
      {column}
      <span className="sr-only">
        , sort{" "}
        {sort === "amount"
          ? dir === "desc"
            ? "largest first"
            : "smallest first"
          : dir === "desc"
            ? "newest first"
            : "oldest first"}
      </span>
    </Link>
  );
}

/**
 * A link a thumb can hit on a phone: 44 px high, reaching into the half lines above and
 * below it (no other link is there), so the card's lines stay a line apart.
 */
const tapClass = "max-sm:-my-3 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center";

/**
 * A cell of the inbox's table. On a phone it is a line of the lead's card: its column's
 * name (a visible element, hidden from 640 px where the header row says it) beside the value.
 */
function Cell({
  column,
  className,
  children,
}: {
  column: (typeof INBOX_COLUMNS)[number];
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      className={cn(
        "px-2 py-2 max-sm:grid max-sm:grid-cols-[5.5rem_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-x-2 max-sm:px-0 max-sm:py-0.5",
        className,
      )}
    >
      <div className="text-slate-600 sm:hidden">{column}</div>
      <div>{children}</div>
    </td>
  );
}

/** A row's flags in words; the duplicate flag names the earlier lead and links to it. */
function Flags({ row }: { row: InboxRow }) {
  const needs = row.needs ?? [];
  if (row.flags.length === 0 && !row.noPanelMatch && needs.length === 0) return <>—</>;
  return (
    <ul>
      {needs.map((marker) => (
        <li key={marker} className="font-semibold text-purple-900" data-testid="needs-marker">
          {marker}
        </li>
      ))}
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

export function InboxPage({ filter, rows, next, counts, staff, can, bulk = null }: InboxPageProps) {
  useShortPoll();
  const many = can.includes("leads.bulk");
  // Each lead opens within this list, so its page walks to the previous and next (docs/decisions/302).
  const list = inboxSearchParams(filter).toString();
  const query = inboxSearchParams({ ...filter, after: undefined });
  const withStatus = (status: LeadStatus | null) => {
    const params = inboxSearchParams({
      ...filter,
      statuses: status ? [status] : [],
      after: undefined,
    });
    const text = params.toString();
    return text ? `/staff?${text}` : "/staff";
  };
  const assignee = typeof filter.assignee === "object" ? filter.assignee.id : (filter.assignee ?? "");
  // One table for every screen (decision 260): below 640 px its rows are cards of
  // labelled lines, each cell saying its column's name, and its header row is hidden.
  const table = (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm max-sm:block">
        <caption className="sr-only">
          Leads,{" "}
          {filter.sort === "amount"
            ? filter.dir === "asc"
              ? "smallest amount"
              : "largest amount"
            : filter.dir === "asc"
              ? "oldest"
              : "newest"}{" "}
          first
        </caption>
        <thead className="max-sm:hidden">
          <tr className="border-b-2 border-slate-400">
            {many && (
              <th scope="col" className="px-2 py-2 font-semibold">
                Tick
              </th>
            )}
            {INBOX_COLUMNS.map((h) => {
              const sort = SORTABLE[h];
              return (
                <th
                  key={h}
                  scope="col"
                  className="px-2 py-2 font-semibold"
                  aria-sort={
                    sort && filter.sort === sort ? (filter.dir === "asc" ? "ascending" : "descending") : undefined
                  }
                >
                  {sort ? <SortHeader filter={filter} column={h} sort={sort} /> : h}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.length === 0 && (
            <tr className="max-sm:block">
              <td colSpan={INBOX_COLUMNS.length + (many ? 1 : 0)} className="px-2 py-6 text-center max-sm:block">
                No leads match this filter.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr
              key={`${row.kind}:${row.id}`}
              // A ticked row stands out (DECISIONS D31), so what a change reaches is seen before it is made.
              className="border-b border-slate-200 align-top has-checked:bg-amber-50 has-checked:outline-2 has-checked:outline-amber-600 max-sm:flex max-sm:flex-col max-sm:py-3 max-sm:[overflow-wrap:anywhere]"
            >
              {many && <RowBox row={row} />}
              {/* Last on a phone, so a card starts with the lead and its number; it holds no
                    link, so the keyboard still meets the links in the order the eye does. */}
              <Cell column="Received" className="max-sm:order-last sm:whitespace-nowrap">
                {formatWhen(row.receivedAt)}
              </Cell>
              <Cell column="Reference">
                <Link
                  to={leadInList(row.kind, row.id, list)}
                  className={cn("font-mono font-semibold text-brand-700 underline", tapClass)}
                >
                  {reference(row.id)}
                </Link>
              </Cell>
              <Cell column="Name">
                <Link
                  to={leadInList(row.kind, row.id, list)}
                  className={cn("font-semibold text-brand-700 underline", tapClass)}
                  data-testid="inbox-name"
                >
                  {row.name}
                </Link>
              </Cell>
              <Cell column="Phone" className="sm:whitespace-nowrap">
                <a href={telHref(row.phone)} className={cn("text-brand-700 underline", tapClass)}>
                  {row.phone}
                </a>
              </Cell>
              <Cell column="Kind">{leadKindLabel(row.kind, row.loanType)}</Cell>
              <Cell column="Amount" className="sm:text-right sm:whitespace-nowrap">
                {money(row.loanAmount)}
              </Cell>
              <Cell column="Purpose">{leadPurposeLabel(row.kind, row.loanPurpose) ?? "—"}</Cell>
              <Cell column="LTV" className="sm:text-right">
                {percentOrDash(row.ltv)}
              </Cell>
              <Cell column="Status">{LEAD_STATUS_LABELS[row.status]}</Cell>
              <Cell column="Assignee">{row.assigneeName ?? "—"}</Cell>
              <Cell column="Campaign">
                {row.campaign ? [row.campaign.source, row.campaign.campaign].filter(Boolean).join(" / ") : "—"}
              </Cell>
              <Cell column="Flags">
                <Flags row={row} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
            {can.includes("leads.export") && (
              <a
                href={`/staff/export${query.toString() ? `?${query}` : ""}`}
                className="ml-auto inline-flex min-h-10 items-center font-semibold text-brand-700 underline"
              >
                Export CSV
              </a>
            )}
          </div>
        </Form>
      </details>

      {/* A manager's change of many leads (docs/decisions/301) posts the ticked rows with the bar above them. */}
      {many && bulk?.check && <BulkCheck check={bulk.check} />}
      {many ? (
        // A whole-page post, so the export's answer (sent on to its download) is the browser's own.
        <Form
          method="post"
          id={BULK_FORM_ID}
          aria-label="Change many leads"
          reloadDocument
          className="sm:flex sm:flex-col"
        >
          {table}
          <BulkBar bulk={bulk} staff={staff} rows={rows} canExport={can.includes("leads.export")} />
        </Form>
      ) : (
        table
      )}
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
