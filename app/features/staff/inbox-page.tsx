import type { Permission } from "~/domain/permissions";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { type DataColumn, DataTable } from "~/components/console/data-table";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { cn } from "~/components/ui/cn";
import { type InboxCounts, statusText, totalText } from "~/domain/inbox-counts";
import { defaultDir, type InboxFilter, inboxSearchParams, parseInboxFilter } from "~/domain/inbox-filter";
import { presetViews } from "~/domain/inbox-views";
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadKind,
  leadKindShortLabel,
  type LeadStatus,
  TRIAGE_FLAG_LABELS,
  TRIAGE_FLAGS,
  type TriageFlag,
} from "~/domain/leads";
import { leadInList } from "./lead-walk";
import { BULK_FORM_ID, type BulkAnswer, BulkBar, BulkCheck } from "./inbox-bulk";
import { formatDay, formatTime } from "~/domain/date-format";
import { ukClock } from "~/domain/uk-time";
import { formatWhen, leadPath, money, reference, telHref } from "./format";
import { PersonBanner, type PersonBannerView } from "./inbox-banner";
import { InboxKeys, SelectionBar } from "./inbox-keys";
import { fieldLabelClass } from "~/components/console/field-label";
import { textLinkClass } from "~/components/console/text-link";

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
  /** Its person's open complaint or correction request (decision 420), or null. */
  banner?: PersonBannerView | null;
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
  /** Today's UK day (YYYY-MM-DD), for the "New today" view. */
  today: string;
  /** The member's own views (decision 422). */
  views?: { id: number; name: string; query: string }[];
}

/** How often an open inbox asks for new leads (decision 082). */
const REFRESH_MS = 5_000;

/** The inbox re-reads itself every few seconds while the tab is visible: new leads appear without a reload. */
function useShortPoll() {
  const { revalidate, state } = useRevalidator();
  // Not while a lead is being opened (or a form sent): the re-read waits for the next tick.
  const navigation = useNavigation().state;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle" && navigation === "idle") void revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidate, state, navigation]);
}

const selectClass = cn(controlClass, "mt-1");
const chipClass =
  "inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-slate-400 px-3 text-sm font-semibold text-brand-800 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white sm:min-h-8";

/** How many of the folded filters the URL applies (the search, the status and the views say theirs). */
const appliedFilters = (filter: InboxFilter) =>
  [
    filter.kind,
    filter.assignee,
    filter.flag,
    filter.from,
    filter.to,
    filter.campaign,
    filter.minAmount !== undefined,
    filter.maxAmount !== undefined,
    filter.waiting,
  ].filter(Boolean).length;

/** A list's query as the inbox writes it: two queries that mean the same are the same text. */
const sameQuery = (query: string) => inboxSearchParams(parseInboxFilter(new URLSearchParams(query))).toString();

/** The list at a query, from its first page. */
const listPath = (filter: InboxFilter) => {
  const text = inboxSearchParams({ ...filter, after: undefined }).toString();
  return text ? `/staff?${text}` : "/staff";
};

/** The order in words: "newest first", "A to Z". */
function orderText(sort: InboxFilter["sort"], dir: InboxFilter["dir"]) {
  if (sort === "amount") return dir === "desc" ? "largest first" : "smallest first";
  if (sort === "name") return dir === "asc" ? "by name, A to Z" : "by name, Z to A";
  return dir === "desc" ? "newest first" : "oldest first";
}

/** A sortable column's header: a link to the list in that order (again: the other way), from its first page. */
function SortHeader({ filter, column, sort }: { filter: InboxFilter; column: string; sort: InboxFilter["sort"] }) {
  const current = filter.sort === sort;
  const dir = current ? (filter.dir === "desc" ? "asc" : "desc") : defaultDir(sort);
  return (
    <Link to={listPath({ ...filter, sort, dir })} className={textLinkClass}>
      {column}
      <span className="sr-only">, sort {orderText(sort, dir)}</span>
    </Link>
  );
}

/**
 * Where a cell of the inbox goes on a phone, where its row is two lines: the "first" line,
 * the "second", or hidden. From 640 px a row is one line, and at 1280 px every column is
 * in view (decision 516): a long value is cut with an ellipsis, its whole text in the
 * lead; the reference is on the lead's page, in its tick box's label and found by search.
 */
const onPhone = (line: "first" | "second" | "hidden", className?: string) =>
  cn(
    line === "hidden" && "max-sm:hidden",
    line === "second" && "max-sm:mr-3 max-sm:text-sm max-sm:text-slate-700",
    className,
  );

/**
 * The inbox's columns. On a phone two lines: the name and amount (the box before them),
 * then the number, status and when; a third only for a banner or a needs marker. The
 * sortable ones (decisions 393 and 421) each have an index in every lead table, so a page
 * of either order costs the same at a million leads.
 */
function inboxColumns(list: string, today: string): DataColumn<InboxRow, InboxFilter["sort"]>[] {
  return [
    {
      header: "Received",
      sort: "received",
      className: onPhone("second", "max-sm:order-5"),
      cell: (row) => (
        <>
          <span className="max-sm:hidden">{formatWhen(row.receivedAt)}</span>
          {/* On a phone, the time of a lead from today, the day of another: the line stays one. */}
          <span className="sm:hidden">
            {ukClock(new Date(row.receivedAt)).day === today ? formatTime(row.receivedAt) : formatDay(row.receivedAt)}
          </span>
        </>
      ),
    },
    {
      header: "Name",
      sort: "name",
      className: onPhone("first", "max-sm:order-1 max-sm:w-[calc(100%-6rem)]"),
      cell: (row) => (
        <div className="sm:max-w-44">
          <Link
            to={leadInList(row.kind, row.id, list)}
            className={cn("block truncate", textLinkClass)}
            data-testid="inbox-name"
          >
            {row.name}
          </Link>
        </div>
      ),
    },
    {
      header: "Phone",
      className: onPhone("second", "max-sm:order-3"),
      cell: (row) => (
        <a href={telHref(row.phone)} className="text-brand-700 underline">
          {row.phone}
        </a>
      ),
    },
    { header: "Kind", className: onPhone("hidden"), cell: (row) => leadKindShortLabel(row.kind, row.loanType) },
    {
      header: "Amount",
      sort: "amount",
      numeric: true,
      className: onPhone("first", "max-sm:order-2 max-sm:w-24"),
      cell: (row) => money(row.loanAmount),
    },
    { header: "Status", className: onPhone("second", "max-sm:order-4"), cell: (row) => LEAD_STATUS_LABELS[row.status] },
    {
      header: "Assignee",
      className: onPhone("hidden"),
      cell: (row) => <div className="max-w-28 truncate">{row.assigneeName ?? "—"}</div>,
    },
    // The person's open complaint or correction first (decision 420), then the needs and the flags.
    {
      header: "Flags",
      className: (row) =>
        onPhone(
          row.banner || (row.needs ?? []).length > 0 || row.flags.length > 0 || row.noPanelMatch ? "second" : "hidden",
          "max-sm:order-6 max-sm:basis-full",
        ),
      cell: (row) => (
        <div className="sm:max-w-44 sm:truncate">
          <PersonBanner banner={row.banner} compact />
          <Flags row={row} />
        </div>
      ),
    },
  ];
}

/** A row's flags in words, one line; the duplicate flag names the earlier lead and links to it. */
function Flags({ row }: { row: InboxRow }) {
  const needs = row.needs ?? [];
  if (row.flags.length === 0 && !row.noPanelMatch && needs.length === 0) return <>—</>;
  return (
    <ul className="inline sm:[&>li+li]:before:content-[',_']">
      {needs.map((marker) => (
        <li key={marker} className="inline font-semibold text-purple-900" data-testid="needs-marker">
          {marker}
        </li>
      ))}
      {row.noPanelMatch && (
        <li className="inline" data-testid="no-panel-match">
          No panel match
        </li>
      )}
      {row.flags.map((f) => (
        <li key={f} className="inline">
          {f === "duplicate" && row.duplicateOf ? (
            <>
              Duplicate of{" "}
              <Link to={leadPath(row.duplicateOf.kind, row.duplicateOf.id)} className={cn("font-mono", textLinkClass)}>
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

/** The views every member has and the member's own, as chips: the one the list is in is marked. */
function Views({ filter, today, views }: { filter: InboxFilter; today: string; views: InboxPageProps["views"] }) {
  const current = sameQuery(inboxSearchParams({ ...filter, q: undefined, after: undefined }).toString());
  const all = [
    { key: "all", name: "All leads", query: "" },
    ...presetViews(today).map((v) => ({ key: v.id, name: v.name, query: v.query })),
    ...(views ?? []).map((v) => ({ key: `saved-${v.id}`, name: v.name, query: v.query })),
  ];
  return (
    <ul aria-label="Views" className="flex flex-wrap gap-2">
      {all.map((view) => {
        const query = sameQuery(view.query);
        return (
          <li key={view.key}>
            <Link
              to={query ? `/staff?${query}` : "/staff"}
              aria-current={query === current && !filter.q ? "page" : undefined}
              className={chipClass}
              data-testid="inbox-view"
            >
              {view.name}
            </Link>
          </li>
        );
      })}
      <li>
        <Link
          to={`/staff/views${current ? `?${new URLSearchParams({ list: current })}` : ""}`}
          className={cn(
            "inline-flex min-h-10 items-center whitespace-nowrap px-1 text-sm",
            textLinkClass,
            "sm:min-h-8",
          )}
        >
          Save or manage views
        </Link>
      </li>
    </ul>
  );
}

export function InboxPage({ filter, rows, next, counts, staff, can, bulk = null, today, views = [] }: InboxPageProps) {
  useShortPoll();
  const many = can.includes("leads.bulk");
  // Each lead opens within this list, so its page walks to the previous and next (docs/decisions/302).
  const list = inboxSearchParams(filter).toString();
  const query = inboxSearchParams({ ...filter, after: undefined });
  const withStatus = (status: LeadStatus | null) => listPath({ ...filter, statuses: status ? [status] : [] });
  const assignee = typeof filter.assignee === "object" ? filter.assignee.id : (filter.assignee ?? "");
  const applied = appliedFilters(filter);
  // One table for every screen (decision 260): from 640 px a row is one line; below it a
  // row is two, its header hidden.
  const table = (
    <DataTable
      className="mt-4"
      look="compact"
      caption={`Leads, ${orderText(filter.sort, filter.dir)}`}
      columns={inboxColumns(list, today)}
      rows={rows}
      rowKey={(row) => `${row.kind}:${row.id}`}
      empty="No leads match this filter."
      sorted={{ key: filter.sort, dir: filter.dir }}
      sortLink={(sort, header) => <SortHeader filter={filter} column={header} sort={sort} />}
      select={
        many
          ? {
              name: "lead",
              value: (row) => `${row.kind}:${row.id}:${row.version}`,
              label: (row) => `Tick ${reference(row.id)}`,
              header: "Tick",
              form: BULK_FORM_ID,
            }
          : undefined
      }
      testId="inbox-table"
      rowTestId="inbox-row"
      // The row the keyboard is on stands out, as a ticked one does.
      rowProps={(row) => ({ className: "focus-within:bg-brand-50", "data-lead": row.id })}
    />
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h1 className="text-2xl font-bold text-slate-900">Leads</h1>
        <InboxKeys />
      </div>

      {/* The search and the views in one row; the other filters folded below them (decision 422). */}
      <Form
        method="get"
        action="/staff"
        className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2"
        aria-label="Search and filter leads"
      >
        <div className="flex items-center gap-2 max-sm:w-full">
          {/* "Search" seen; the whole of what it searches heard (the name begins with the words seen). */}
          <label htmlFor="q" className="font-semibold text-slate-900">
            Search<span className="sr-only"> by name, email, phone or reference</span>
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            className={cn(controlClass, "min-w-0 max-sm:flex-1 sm:w-60")}
            data-testid="inbox-search"
          />
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </div>
        <Views filter={filter} today={today} views={views} />
        {/* Kept by a search, so it stays in the order chosen. */}
        {filter.sort !== "received" && <input type="hidden" name="sort" value={filter.sort} />}
        {filter.dir !== defaultDir(filter.sort) && <input type="hidden" name="dir" value={filter.dir} />}
        {filter.waiting && <input type="hidden" name="waiting" value="1" />}
        <details className="basis-full rounded-lg border border-slate-300">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-brand-800 sm:min-h-9">
            More filters{applied > 0 && ` (${applied} applied)`}
          </summary>
          <div className="grid gap-4 p-4 pt-0 sm:grid-cols-2 lg:grid-cols-5">
            <div>
              <label htmlFor="status" className={fieldLabelClass()}>
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
              <label htmlFor="kind" className={fieldLabelClass()}>
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
              <label htmlFor="assignee" className={fieldLabelClass()}>
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
              <label htmlFor="flag" className={fieldLabelClass()}>
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
              <label htmlFor="campaign" className={fieldLabelClass()}>
                Campaign or source
              </label>
              <input id="campaign" name="campaign" defaultValue={filter.campaign ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="from" className={fieldLabelClass()}>
                Received from
              </label>
              <input id="from" name="from" type="date" defaultValue={filter.from ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="to" className={fieldLabelClass()}>
                Received to
              </label>
              <input id="to" name="to" type="date" defaultValue={filter.to ?? ""} className={selectClass} />
            </div>
            <div>
              <label htmlFor="min" className={fieldLabelClass()}>
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
              <label htmlFor="max" className={fieldLabelClass()}>
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
            <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-5">
              <Button type="submit" variant="secondary" size="sm">
                Apply filters
              </Button>
              <Link to="/staff" className={cn("inline-flex min-h-10 items-center", textLinkClass)}>
                Clear filters
              </Link>
              {can.includes("leads.export") && (
                <a
                  href={`/staff/export${query.toString() ? `?${query}` : ""}`}
                  className={cn("ml-auto inline-flex min-h-10 items-center", textLinkClass)}
                >
                  Export CSV
                </a>
              )}
            </div>
          </div>
        </details>
      </Form>

      <nav aria-label="Leads by status" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={withStatus(null)}
              aria-current={filter.statuses.length === 0 ? "page" : undefined}
              className={chipClass}
            >
              All <span className="ml-1">({totalText(counts)})</span>
            </Link>
          </li>
          {LEAD_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={withStatus(status)}
                aria-current={filter.statuses.length === 1 && filter.statuses[0] === status ? "page" : undefined}
                className={chipClass}
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
          <SelectionBar />
        </Form>
      ) : (
        table
      )}
      {next && (
        <p className="mt-4">
          <Link to={`/staff?${next}`} className={textLinkClass}>
            Next page
          </Link>
        </p>
      )}
    </>
  );
}
