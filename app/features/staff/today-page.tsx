import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatDateTime, formatTime } from "~/domain/date-format";
import { ukClock } from "~/domain/uk-time";
import { Notice } from "~/components/console/notice";
import { TextLink, textLinkClass } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass } from "~/components/ui/field";
import { NEXT_ACTION_LABELS, type NextActionKind } from "~/domain/callback-choice";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type DueState,
  describeMinutes,
  PLANNED_ACTION_KINDS,
} from "~/domain/lead-work";
import type { LeadKind } from "~/domain/leads";
import { ComplaintsDue } from "./complaints/complaints-due";
import type { ComplaintRowView } from "./complaints/complaints-list-page";
import { leadPath, money, reference, telHref } from "./format";
import { PersonBanner, type PersonBannerView } from "./inbox-banner";
import { NeedsMarkers } from "./needs/needs-section";

// /staff/today (docs/decisions/190): the adviser's list for the day. Planned actions due
// today (overdue first), new leads nobody has called yet (oldest first, with their wait in
// opening hours), then new leads booked for a later day. Each row is one compact line on a
// desktop (two or three on a phone), its name the link; a lead nobody has can be taken from
// it, and a call logged from it (decision 424). What is late is said in words.

/** What Today's notice says after a row's form did its work. */
export const TODAY_DONE = {
  take: "Lead taken: it is yours now.",
  call: "Call logged.",
} as const;

/** A row's form refused: which lead, which form, the field to mark, and what was typed. */
export interface TodayRefusal {
  lead: string;
  form: "take" | "call";
  error: string;
  field?: string;
  values?: Record<string, string>;
}

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
  /** Whether it is the member's own, and whether anyone has it. */
  mine?: boolean;
  taken?: boolean;
  /** The lead's version as listed: the row's forms are made against it. */
  version?: number;
  /** Its person's open complaint or correction request (decision 420), or null. */
  banner?: PersonBannerView | null;
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
  /** Whether the member works leads: the rows' take and call forms are theirs. */
  works?: boolean;
  /** What a row's form just did. */
  done?: keyof typeof TODAY_DONE | null;
  /** A row's form refused. */
  refusal?: TodayRefusal | null;
}

/** "3pm" today; "Tue 24 Nov 2026, 10am" on another day (UK time). */
function when(iso: string, today: string) {
  return ukClock(new Date(iso)).day === today ? formatTime(iso) : formatDateTime(iso);
}

const badgeClass = "inline-block rounded border-2 px-2 py-0.5 text-sm font-bold";

/** What a row's forms need beyond the row: who may use them, the view to come back to, a refusal. */
interface RowForms {
  works: boolean;
  everyone: boolean;
  refusal: TodayRefusal | null;
}

const smallControl = cn(controlClass, "mt-1");
const smallLabel = "block text-sm font-semibold text-slate-900";

/** The fields every row form posts: the lead, its version, and the view to come back to. */
function RowFields({ row, intent, everyone }: { row: TodayRow; intent: string; everyone: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lead-kind" value={row.kind} />
      <input type="hidden" name="lead" value={row.id} />
      <input type="hidden" name="version" value={row.version ?? 0} />
      {everyone && <input type="hidden" name="everyone" value="1" />}
    </>
  );
}

/** "Log a call" from the row: folded until opened (or answering its refusal). */
function CallFromRow({ row, forms }: { row: TodayRow; forms: RowForms }) {
  const refusal = forms.refusal?.lead === row.id && forms.refusal.form === "call" ? forms.refusal : null;
  const values = refusal?.values ?? {};
  const id = (field: string) => `call-${row.id}-${field}`;
  const invalid = (field: string) =>
    refusal?.field === field ? { "aria-invalid": true as const, "aria-describedby": id(`${field}-error`) } : {};
  const error = (field: string) =>
    refusal?.field === field ? (
      <p id={id(`${field}-error`)} className="text-sm font-semibold text-red-800">
        <span className="sr-only">Error: </span>
        {refusal.error}
      </p>
    ) : null;
  return (
    <details className="open:basis-full" open={refusal !== null}>
      <summary className="inline-flex min-h-8 cursor-pointer items-center rounded-lg border-2 border-brand-800 px-3 text-sm font-semibold text-brand-800">
        Log a call<span className="sr-only"> with {row.name}</span>
      </summary>
      <Form
        method="post"
        className="mt-2 grid gap-3 sm:grid-cols-[repeat(5,minmax(0,auto))] sm:items-end"
        aria-label={`Log a call with ${row.name}`}
      >
        <RowFields row={row} intent="call" everyone={forms.everyone} />
        {refusal && !refusal.field && <p className="font-semibold text-red-800 sm:col-span-5">{refusal.error}</p>}
        <div>
          <label htmlFor={id("outcome")} className={smallLabel}>
            How did it go?
          </label>
          {error("outcome")}
          <select
            id={id("outcome")}
            name="outcome"
            defaultValue={values.outcome ?? ""}
            className={smallControl}
            {...invalid("outcome")}
          >
            <option value="">Choose…</option>
            {CALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CALL_OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("kind")} className={smallLabel}>
            Next action
          </label>
          {error("kind")}
          <select
            id={id("kind")}
            name="kind"
            defaultValue={values.kind ?? ""}
            className={smallControl}
            {...invalid("kind")}
          >
            <option value="">Choose…</option>
            <option value="none">No next action</option>
            {PLANNED_ACTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {NEXT_ACTION_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("day")} className={smallLabel}>
            Day (UK)
          </label>
          {error("day")}
          <input
            id={id("day")}
            name="day"
            type="date"
            defaultValue={values.day ?? ""}
            className={smallControl}
            {...invalid("day")}
          />
        </div>
        <div>
          <label htmlFor={id("time")} className={smallLabel}>
            Time (UK)
          </label>
          {error("time")}
          <input
            id={id("time")}
            name="time"
            type="time"
            defaultValue={values.time ?? ""}
            className={smallControl}
            {...invalid("time")}
          />
        </div>
        <div>
          <label htmlFor={id("call-note")} className={smallLabel}>
            Note (optional)
          </label>
          {error("call-note")}
          <input
            id={id("call-note")}
            name="call-note"
            maxLength={NOTE_MAX_LENGTH}
            defaultValue={values["call-note"] ?? ""}
            className={smallControl}
            {...invalid("call-note")}
          />
        </div>
        <div className="sm:col-span-5">
          <Button type="submit" size="sm">
            Log call
          </Button>
        </div>
      </Form>
    </details>
  );
}

function LeadCard({
  row,
  children,
  marker,
  forms,
}: {
  row: TodayRow;
  children: ReactNode;
  marker?: string | null;
  forms: RowForms;
}) {
  const takeRefused = forms.refusal?.lead === row.id && forms.refusal.form === "take" ? forms.refusal : null;
  return (
    <li
      className={cn(
        "border-b border-slate-200 py-1.5 [overflow-wrap:anywhere]",
        marker && "border-l-4 border-l-red-700 pl-2",
      )}
      data-testid="today-row"
      data-lead={row.id}
      id={`today-row-${row.id}`}
      tabIndex={-1}
    >
      {/* One compact line on a desktop (the name the link), two or three on a phone; the
          actions at the line's end. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <TextLink to={leadPath(row.kind, row.id)}>{row.name}</TextLink>
        <span className="font-mono text-sm text-slate-700">{reference(row.id)}</span>
        {marker && <span className={`${badgeClass} border-red-700 text-red-800`}>{marker}</span>}
        <PersonBanner banner={row.banner} />
        <a href={telHref(row.phone)} className={textLinkClass}>
          {row.phone}
        </a>
        <span>{row.loanAmount === null ? "No amount (contact message)" : money(row.loanAmount)}</span>
        <span className="text-sm">{children}</span>
        <span className="text-sm text-slate-700">
          {row.mine ? "Yours" : row.assigneeName ? `Assigned to ${row.assigneeName}` : "Not assigned"}
        </span>
        <NeedsMarkers markers={row.needs ?? []} />
        {forms.works && (
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            {!row.taken && (
              <Form method="post">
                <RowFields row={row} intent="take" everyone={forms.everyone} />
                <Button type="submit" size="sm" className="min-h-8 px-3" aria-label={`Take ${row.name}`}>
                  Take it
                </Button>
              </Form>
            )}
          </div>
        )}
        {forms.works && <CallFromRow row={row} forms={forms} />}
      </div>
      {takeRefused && (
        <p className="mt-1 font-semibold text-red-800" data-testid="today-row-error">
          {takeRefused.error}
        </p>
      )}
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
  works = false,
  done = null,
  refusal = null,
}: TodayPageProps) {
  const forms: RowForms = { works, everyone: !mine && canChoose, refusal };
  // A refused row form: the summary links to its field (or its row's first control).
  const problemTarget = refusal
    ? refusal.form === "call"
      ? `call-${refusal.lead}-${refusal.field ?? "outcome"}`
      : `today-row-${refusal.lead}`
    : null;
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
      {refusal && problemTarget && (
        <ErrorSummary className="mt-3" problems={[{ targetId: problemTarget, message: refusal.error }]} autoFocus />
      )}
      {done && !refusal && (
        <div className="mt-3" data-testid="today-done">
          <Notice tone="success">{TODAY_DONE[done]}</Notice>
        </div>
      )}
      {/* On a phone the first lead comes first: the page's explanation is left to screen readers there. */}
      <p className="mt-2 max-w-3xl text-slate-700 max-sm:sr-only">
        Call-backs and other actions due today, then new leads nobody has called yet, the longest waiting first. Times
        are UK time. A wait counts opening hours only; a new lead is marked once it has waited more than{" "}
        {describeMinutes(targetMinutes)}.
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
              <LeadCard key={row.id} row={row} forms={forms} marker={row.state === "overdue" ? "Overdue" : null}>
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
            forms={forms}
            marker={row.overTarget ? `Waiting over ${describeMinutes(targetMinutes)}` : null}
          >
            {actionLabel(row.nextActionKind)}, arrived {when(row.receivedAt, today)}, waited{" "}
            {describeMinutes(row.waitedMinutes)}
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
          <LeadCard key={row.id} row={row} forms={forms}>
            {actionLabel(row.nextActionKind)} at {when(row.nextActionAt, today)}
          </LeadCard>
        ))}
      </Section>

      {/* After the leads: on a phone the first call comes first (docs/decisions/262). */}
      {complaints && <ComplaintsDue rows={complaints} />}
    </>
  );
}
