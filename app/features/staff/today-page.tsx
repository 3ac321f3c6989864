import type { ReactNode } from "react";
import { formatDateTime, formatTime } from "~/domain/date-format";
import { ukClock } from "~/domain/uk-time";
import { TextLink, textLinkClass } from "~/components/console/text-link";
import { NEXT_ACTION_LABELS, type NextActionKind } from "~/domain/callback-choice";
import { type DueState, describeMinutes } from "~/domain/lead-work";
import type { LeadKind } from "~/domain/leads";
import { ComplaintsDue } from "./complaints/complaints-due";
import type { ComplaintRowView } from "./complaints/complaints-list-page";
import { leadPath, money, reference, telHref } from "./format";
import { NeedsMarkers } from "./needs/needs-section";

// /staff/today (docs/decisions/190): the adviser's list for the day. Planned actions due
// today (overdue first), new leads nobody has called yet (oldest first, with their wait in
// opening hours), then new leads booked for a later day. Each row is a small card, so a
// 390 px phone shows it without scrolling sideways; what is late is said in words.

export interface TodayRow {
  kind: LeadKind;
  id: string;
  name: string;
  phone: string;
  loanAmount: number | null;
  /** ISO 8601. */
  receivedAt: string;
  assigneeName: string | null;
  nextActionKind: NextActionKind | null;
  /** ISO 8601. */
  nextActionAt: string | null;
  /** Its needs markers ("Prefers email", DECISIONS D28); empty without a record or the permission. */
  needs?: string[];
}

export interface TodayPageProps {
  /** Today's UK day (YYYY-MM-DD): a time today is shown as its hour only. */
  today: string;
  mine: boolean;
  /** Whether the member may switch between their own and everyone's (a manager). */
  canChoose?: boolean;
  targetMinutes: number;
  planned: (TodayRow & { state: DueState; nextActionAt: string })[];
  waiting: (TodayRow & { waitedMinutes: number; overTarget: boolean })[];
  booked: (TodayRow & { nextActionAt: string })[];
  more: boolean;
  /** For those who handle complaints: the open ones that need something today. */
  complaints?: ComplaintRowView[] | null;
}

/** "3pm" today; "Tue 24 Nov 2026, 10am" on another day (UK time). */
function when(iso: string, today: string) {
  return ukClock(new Date(iso)).day === today ? formatTime(iso) : formatDateTime(iso);
}

const badgeClass = "inline-block rounded border-2 px-2 py-0.5 text-sm font-bold";

function LeadCard({ row, children, marker }: { row: TodayRow; children: ReactNode; marker?: string | null }) {
  return (
    <li
      className={
        marker
          ? "rounded-lg border-2 border-red-700 px-3 py-2 [overflow-wrap:anywhere]"
          : "rounded-lg border border-slate-300 px-3 py-2 [overflow-wrap:anywhere]"
      }
      data-testid="today-row"
      data-lead={row.id}
    >
      {/* One compact row on a desktop (the name the link), two or three lines on a phone. */}
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <TextLink to={leadPath(row.kind, row.id)}>{row.name}</TextLink>
        <span className="font-mono text-sm text-slate-700">{reference(row.id)}</span>
        {marker && <span className={`${badgeClass} border-red-700 text-red-800`}>{marker}</span>}
        <a href={telHref(row.phone)} className={textLinkClass}>
          {row.phone}
        </a>
        <span>{row.loanAmount === null ? "No amount (contact message)" : money(row.loanAmount)}</span>
        <span>{children}</span>
        <span className="text-sm text-slate-700">
          {row.assigneeName ? `Assigned to ${row.assigneeName}` : "Not assigned"}
        </span>
      </p>
      <NeedsMarkers markers={row.needs ?? []} className="mt-1" />
    </li>
  );
}

function Section({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-4 sm:mt-8">
      {count === 0 ? (
        // An empty list takes one line where it fits: on a phone the first lead stays on the first screen.
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id={id} className="text-lg font-bold text-slate-900">
            {title} <span className="font-normal text-slate-700">({count})</span>
          </h2>
          <p className="text-slate-700">{empty}</p>
        </div>
      ) : (
        <>
          <h2 id={id} className="text-xl font-bold text-slate-900">
            {title} <span className="font-normal text-slate-700">({count})</span>
          </h2>
          <ul className="mt-3 space-y-2">{children}</ul>
        </>
      )}
    </section>
  );
}

const actionLabel = (kind: NextActionKind | null) => (kind ? NEXT_ACTION_LABELS[kind] : "No next action");

export function TodayPage({
  today,
  mine,
  canChoose = false,
  targetMinutes,
  planned,
  waiting,
  booked,
  more,
  complaints,
}: TodayPageProps) {
  const by = (state: DueState) => planned.filter((row) => row.state === state);
  const groups: { state: DueState; title: string; empty: string }[] = [
    { state: "overdue", title: "Overdue", empty: "Nothing is overdue." },
    { state: "due-now", title: "Due now", empty: "Nothing is due now." },
    {
      state: "later-today",
      title: "Later today",
      empty: "Nothing else is planned for today.",
    },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Today</h1>
      {/* On a phone the first lead comes first: the page's explanation is left to screen readers there. */}
      <p className="mt-2 max-w-3xl text-slate-700 max-sm:sr-only">
        Call-backs and other actions due today, then new leads nobody has called yet, the longest waiting first. Times
        are UK time. A new lead is marked once it has waited more than {describeMinutes(targetMinutes)} of opening
        hours.
      </p>
      <p className="mt-2">
        {mine ? (
          <>
            Showing your leads and those not assigned.{" "}
            {canChoose && <TextLink to="/staff/today?everyone=1">Show everyone's</TextLink>}
          </>
        ) : (
          <>
            Showing everyone's leads.{" "}
            {canChoose && <TextLink to="/staff/today">Show only mine and those not assigned</TextLink>}
          </>
        )}
      </p>
      {more && (
        <p className="mt-2 font-semibold">
          Some lists are long: each shows its first 200. Work through them, or find the rest in the leads list.
        </p>
      )}

      {groups.map((group) => {
        const rows = by(group.state);
        return (
          <Section
            key={group.state}
            id={`today-${group.state}`}
            title={group.title}
            count={rows.length}
            empty={group.empty}
          >
            {rows.map((row) => (
              <LeadCard key={row.id} row={row} marker={row.state === "overdue" ? "Overdue" : null}>
                {actionLabel(row.nextActionKind)} at {when(row.nextActionAt, today)}
              </LeadCard>
            ))}
          </Section>
        );
      })}

      <Section
        id="today-waiting"
        title="New leads waiting for a first call"
        count={waiting.length}
        empty="Every new lead has had a call."
      >
        {waiting.map((row) => (
          <LeadCard
            key={row.id}
            row={row}
            marker={row.overTarget ? `Waiting over ${describeMinutes(targetMinutes)}` : null}
          >
            {actionLabel(row.nextActionKind)}: arrived {when(row.receivedAt, today)}, waited{" "}
            {describeMinutes(row.waitedMinutes)} in opening hours
          </LeadCard>
        ))}
      </Section>

      <Section
        id="today-booked"
        title="New leads booked for a later day"
        count={booked.length}
        empty="No new lead is booked for a later day."
      >
        {booked.map((row) => (
          <LeadCard key={row.id} row={row}>
            {actionLabel(row.nextActionKind)} at {when(row.nextActionAt, today)}
          </LeadCard>
        ))}
      </Section>

      {/* After the leads: on a phone the first call comes first (docs/decisions/262). */}
      {complaints && <ComplaintsDue rows={complaints} />}
    </>
  );
}
