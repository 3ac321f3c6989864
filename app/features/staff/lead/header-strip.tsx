import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatDay } from "~/domain/date-format";
import { LEAD_STATUS_LABELS, type LeadStatus } from "~/domain/leads";
import { personPath, reference } from "../format";
import type { LeadView } from "../lead-view";
import type { LeadRecordsView } from "./activity";
import { nextActionLine } from "./next-action";

// The lead page's first screen (issue 50): who, the status as a badge, the owner, the one
// next action with its time, and the actions of the moment. The
// actions are links to their forms on the page (and "Take it" a form of its own), so
// each works before script.

const STATUS_BADGE: Record<LeadStatus, string> = {
  new: "border-brand-700 bg-brand-50 text-brand-900",
  contacted: "border-accent-700 bg-accent-50 text-accent-700",
  "in-progress": "border-accent-700 bg-accent-50 text-accent-700",
  completed: "border-accent-700 bg-accent-100 text-accent-700",
  declined: "border-slate-500 bg-slate-100 text-slate-900",
  withdrawn: "border-slate-500 bg-slate-100 text-slate-900",
};

/** A lead's status as a badge: never a control that starts on a value (DECISIONS D31). */
export function StatusBadge({ status, testId }: { status: LeadStatus; testId?: string }) {
  return (
    <span
      className={cn("inline-block rounded border-2 px-2 py-0.5 text-sm font-bold", STATUS_BADGE[status])}
      data-testid={testId}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

const actionClass = buttonVariants({ variant: "outline", size: "sm" });

export interface HeaderStripProps {
  lead: LeadView;
  ownerName: string | null;
  viewerId: string;
  work: boolean;
  records: LeadRecordsView;
  /** The query the page's own links keep (the inbox list it was opened from). */
  keep: string;
  busy: boolean;
  /** What comes before the actions: the needs record (before the number) and how to reach them. */
  children?: ReactNode;
}

export function HeaderStrip({ lead, ownerName, viewerId, work, records, keep, busy, children }: HeaderStripProps) {
  const next = nextActionLine(lead);
  const openComplaints = records.complaints.filter((c) => c.closedAt === null);
  const openRequests = records.dataRequests.filter((r) => r.answeredAt === null);
  const here = (hash: string) => `${keep ? `?${keep}` : ""}#${hash}`;
  return (
    <header className="mt-3 rounded-lg border border-slate-300 p-3 sm:p-4" data-testid="lead-header">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
          {lead.name} <span className="font-mono text-lg text-slate-700">({reference(lead.id)})</span>
        </h1>
        <StatusBadge status={lead.status} testId="lead-status" />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 sm:gap-x-6">
        <dt className="font-semibold">Next action</dt>
        <dd data-testid="lead-next">
          {next ? (
            <>
              <strong data-testid="lead-next-action">{next.what}</strong>: <span>{next.when}</span>
            </>
          ) : (
            <span data-testid="lead-next-action">None</span>
          )}
        </dd>
        <dt className="font-semibold">Owner</dt>
        <dd data-testid="lead-owner">
          {ownerName ? (lead.assigneeId === viewerId ? `${ownerName} (you)` : ownerName) : "Nobody yet"}
        </dd>
      </dl>
      {(openComplaints.length > 0 || openRequests.length > 0) && (
        <ul className="mt-3 space-y-1" data-testid="lead-banners">
          {openComplaints.map((c) => (
            <li key={c.id} className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-900">
              Open complaint from this person, received {formatDay(c.receivedAt)}: see the activity below, or{" "}
              <Link to={personPath(lead.kind, lead.id)} className="underline">
                their whole record
              </Link>
              .
            </li>
          ))}
          {openRequests.map((r) => (
            <li key={r.id} className="rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 font-semibold">
              Open correction request from this person, to answer by {formatDay(new Date(Date.parse(r.dueBy) - 1))}: see{" "}
              <Link to={personPath(lead.kind, lead.id)} className="underline">
                their whole record
              </Link>
              .
            </li>
          ))}
        </ul>
      )}
      {children}
      {work && (
        <div className="mt-3 flex flex-wrap gap-2" data-testid="lead-actions">
          <Link to={here("log-call")} className={actionClass}>
            Log a call
          </Link>
          <Link to={here("log-message")} className={actionClass}>
            Log an email or letter
          </Link>
          <Link to={here("add-note")} className={actionClass}>
            Add a note
          </Link>
          {lead.assigneeId === null && (
            <Form method="post">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={lead.version} />
              <input type="hidden" name="assignee" value={viewerId} />
              <Button type="submit" size="sm" disabled={busy}>
                Take it
              </Button>
            </Form>
          )}
        </div>
      )}
    </header>
  );
}
