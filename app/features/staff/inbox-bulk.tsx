import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { CheckStep, type CheckStepView, cancelPath } from "~/components/console/check-step";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { controlClass, FieldError } from "~/components/ui/field";
import { INBOX_PAGE_SIZE } from "~/domain/inbox-filter";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadKind, type LeadStatus } from "~/domain/leads";
import { leadPath, reference } from "./format";
import { CloseReasonFields } from "./lead-work-forms";
import { Notice } from "./staff-frame";
import { fieldLabelClass } from "~/components/console/field-label";

// Many leads at once from the inbox (docs/decisions/301): the bar of changes above the
// table, and a box on each row. The inbox's table sits inside the same plain form, so
// ticking rows and pressing a button works before (and without) script.

export const BULK_FORM = "bulk";
/** The form the rows' boxes and the bar belong to. */
export const BULK_FORM_ID = "bulk-form";
/** The folded panel of changes, which the selection bar opens. */
export const BULK_DETAILS_ID = "bulk-change";

/** Why ticked leads were not exported: nothing ticked, or more than a page of the inbox (docs/decisions/335). */
export const BULK_EXPORT_PROBLEMS = {
  none: "Tick the leads to export, or all on this page.",
  many: `Export at most ${INBOX_PAGE_SIZE} leads at once: a page of the inbox.`,
};

/** The assignee menu's choice that takes the ticked leads from whoever has them. */
export const UNASSIGN = "none";

/** What a bulk change is refused for at its menu: each starts on "Choose…" (DECISIONS D31). */
export const BULK_PROBLEMS = {
  assignee: "Choose who to assign the ticked leads to, or No one to unassign them.",
  status: "Choose a status.",
  undo: "There is nothing to undo: assign the leads again from the list.",
};

/** The control each refused field's summary link moves to. */
const FIELD_TARGET: Record<string, string> = {
  lead: "bulk-all",
  "bulk-assignee": "bulk-assignee",
  "bulk-to": "bulk-to",
  reason: "reason",
};

type SkipReason = "stale" | "not-found" | "not-allowed" | "invalid" | "not-yours";

/** Why a lead was skipped, in the adviser's words. */
const SKIPPED: Record<SkipReason, string> = {
  stale: "someone changed it after the list was read: open it to see it as it is",
  "not-found": "it is no longer held",
  "not-allowed": "its status cannot move to that one",
  invalid: "it was so already",
  "not-yours": "it is a colleague's",
};

/** What the bulk action answered: a refusal beside its field, or what changed and what was skipped. */
export interface BulkAnswer {
  form: typeof BULK_FORM;
  error?: string;
  field?: string;
  values?: Record<string, string>;
  done?: string;
  result?: { changed: number; skipped: { kind: LeadKind; id: string; reason: SkipReason }[] };
  /** An assignment's undo (DECISIONS D31): one "kind:id:version:assignee" line a lead, posted back by the notice's Undo. */
  undo?: string[];
  /** A change that asks first (closing leads, DECISIONS D31): its check step, drawn above the list. */
  check?: CheckStepView;
}

/** The check step a bulk change answered with, outside the list's form (a form holds no form). */
export function BulkCheck({ check }: { check: CheckStepView }) {
  const location = useLocation();
  return <CheckStep {...check} cancel={cancelPath(location)} autoFocus />;
}

const leadsText = (n: number) => (n === 1 ? "1 lead" : `${n} leads`);

/** "3 leads assigned to Bob Broker.", "2 leads moved to Declined." */
export function bulkDoneText(kind: "assign" | "status", changed: number, to: string | undefined): string {
  if (kind === "assign") return `${leadsText(changed)} ${to ? `assigned to ${to}` : "unassigned"}.`;
  return `${leadsText(changed)} moved to ${LEAD_STATUS_LABELS[to as LeadStatus] ?? to}.`;
}

type SelectionRow = { kind: LeadKind; id: string; version: number; assigneeName?: string | null };

/** "2 now Bob Broker's and 1 with no one": who has the ticked leads now. */
function holdersText(ticked: readonly SelectionRow[]) {
  const counts = new Map<string, number>();
  for (const row of ticked) counts.set(row.assigneeName ?? "", (counts.get(row.assigneeName ?? "") ?? 0) + 1);
  // The largest group first: "2 now Bob's and 1 with no one".
  const parts = [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => (name ? `${n} now ${name}'s` : `${n} with no one`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

/** What the bar would do to the ticked leads: "Assign 3 leads, 2 now Bob's and 1 with no one, to Cara?" */
export function selectionText(ticked: readonly SelectionRow[], assignee: string | null): string {
  if (ticked.length === 0) return "No leads ticked.";
  const holders = holdersText(ticked);
  if (assignee === null) return `${leadsText(ticked.length)} ticked: ${holders}.`;
  return assignee === ""
    ? `Unassign ${leadsText(ticked.length)}, ${holders}?`
    : `Assign ${leadsText(ticked.length)}, ${holders}, to ${assignee}?`;
}

/**
 * The ticked leads in words, kept up to date as boxes are ticked and a member chosen (with
 * script; without it the bar's buttons work the same, unsaid).
 */
function SelectionText({ rows, staff }: { rows: readonly SelectionRow[]; staff: { id: string; name: string }[] }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const form = document.getElementById(BULK_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const read = () => {
      const data = new FormData(form);
      const all = data.get("all") === "page";
      const picked = new Set(data.getAll("lead").map(String));
      const ticked = all ? rows : rows.filter((r) => picked.has(`${r.kind}:${r.id}:${r.version}`));
      const chosen = String(data.get("bulk-assignee") ?? "");
      const assignee = chosen === UNASSIGN ? "" : (staff.find((s) => s.id === chosen)?.name ?? null);
      setText(selectionText(ticked, assignee));
    };
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  }, [rows, staff]);
  if (text === null) return null;
  return (
    <p aria-live="polite" className="font-semibold text-slate-900" data-testid="bulk-selection">
      {text}
    </p>
  );
}

/** "Undone: 3 leads are back with whoever had them." */
export function bulkUndoneText(changed: number): string {
  return `Undone: ${leadsText(changed)} ${changed === 1 ? "is" : "are"} back with whoever had ${changed === 1 ? "it" : "them"}.`;
}

/** The answer of the last bulk post: how many changed, and each lead skipped by name, linked. */
function BulkOutcome({ bulk }: { bulk: BulkAnswer }) {
  // A refusal at a field: the summary links to it, and the field says it again (DECISIONS D30).
  const target = bulk.field ? FIELD_TARGET[bulk.field] : undefined;
  if (bulk.error && target) return <ErrorSummary problems={[{ targetId: target, message: bulk.error }]} autoFocus />;
  if (bulk.error) return <Notice tone="error">{bulk.error}</Notice>;
  const skipped = bulk.result?.skipped ?? [];
  return (
    <Notice tone={skipped.length > 0 ? "error" : "success"}>
      <p data-testid="bulk-done">{bulk.done}</p>
      {/* Undoable (DECISIONS D31): the notice stays until the next action, its Undo with it. */}
      {bulk.undo && bulk.undo.length > 0 && (
        <div className="mt-2">
          {bulk.undo.map((line) => (
            <input key={line} type="hidden" name="undo" value={line} />
          ))}
          <Button
            type="submit"
            name="intent"
            value="bulk-undo"
            variant="secondary"
            size="sm"
            aria-label={`Undo the assignment of ${leadsText(bulk.undo.length)}`}
          >
            Undo
          </Button>
        </div>
      )}
      {skipped.length > 0 && (
        <>
          <p className="mt-1 font-semibold">
            {leadsText(skipped.length)} skipped, left as {skipped.length === 1 ? "it was" : "they were"}:
          </p>
          <ul className="mt-1 list-disc pl-5" data-testid="bulk-skipped">
            {skipped.map((s) => (
              <li key={s.id}>
                <Link to={leadPath(s.kind, s.id)} className="font-mono font-semibold underline">
                  {reference(s.id)}
                </Link>
                : {SKIPPED[s.reason]}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}

/**
 * The changes a manager makes to the ticked leads: assign them, move their status (with
 * the closing reason where the status needs one). Each button posts the same form.
 */
export function BulkBar({
  bulk,
  staff,
  rows,
  canExport,
}: {
  bulk: BulkAnswer | null;
  staff: { id: string; name: string }[];
  rows: SelectionRow[];
  /** Whether the member may export leads (a download that asks for a fresh code first). */
  canExport: boolean;
}) {
  const values = bulk?.error ? (bulk.values ?? {}) : {};
  const invalid = (field: string) =>
    bulk?.error && bulk.field === field ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  const error = (field: string) => (bulk?.field === field ? bulk.error : undefined);
  // Open while it answers a post: the page hydrated after a refused post can draw it closed,
  // hiding the refusal and its field.
  const opened = useRef<HTMLDetailsElement>(null);
  // Drawn open as the page first answered (each post reloads the page): a re-read of the
  // list every few seconds, which may forget the post's answer, does not fold it again.
  const [startOpen] = useState(() => bulk !== null && !bulk.check);
  useEffect(() => {
    if (bulk && !bulk.check && opened.current) opened.current.open = true;
  }, [bulk]);
  return (
    // Folded until wanted (or answering a post). It follows the list, which a phone keeps
    // (its first lead stays on the first screen: rows ticked, then the change chosen below);
    // from a small tablet up it is drawn above the table.
    <details
      ref={opened}
      id={BULK_DETAILS_ID}
      className="mt-4 rounded-lg border border-slate-300 sm:order-first"
      open={startOpen}
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-brand-800">
        Change the ticked leads
      </summary>
      <div className="space-y-4 p-4 pt-0">
        {bulk && !bulk.check && <BulkOutcome bulk={bulk} />}
        <input type="hidden" name="form" value={BULK_FORM} />
        {rows.map((r) => (
          <input key={r.id} type="hidden" name="shown" value={`${r.kind}:${r.id}:${r.version}`} />
        ))}
        <div className="flex min-h-11 items-center gap-2">
          <input id="bulk-all" type="checkbox" name="all" value="page" className="size-5" {...invalid("lead")} />
          <label htmlFor="bulk-all" className="font-semibold">
            All {leadsText(rows.length)} on this page
          </label>
        </div>
        <FieldError id="lead-error" error={error("lead")} />
        <SelectionText rows={rows} staff={staff} />
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <label htmlFor="bulk-assignee" className={fieldLabelClass()}>
              Assign to
            </label>
            <FieldError id="bulk-assignee-error" error={error("bulk-assignee")} />
            <select
              id="bulk-assignee"
              name="bulk-assignee"
              defaultValue={values.assignee ?? ""}
              className={controlClass}
              {...invalid("bulk-assignee")}
            >
              <option value="">Choose…</option>
              <option value={UNASSIGN}>No one (unassign them)</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button type="submit" name="intent" value="bulk-assign" variant="secondary" size="sm">
              Assign ticked leads
            </Button>
          </div>
          <div className="space-y-2">
            <label htmlFor="bulk-to" className={fieldLabelClass()}>
              Move to status
            </label>
            <FieldError id="bulk-to-error" error={error("bulk-to")} />
            <select
              id="bulk-to"
              name="bulk-to"
              defaultValue={values.to ?? ""}
              className={controlClass}
              {...invalid("bulk-to")}
            >
              <option value="">Choose…</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <CloseReasonFields
              refusal={
                bulk?.error && bulk.field === "reason"
                  ? { error: bulk.error, form: "status", field: "reason", values: bulk.values }
                  : null
              }
            />
            <Button type="submit" name="intent" value="bulk-status" variant="secondary" size="sm">
              Change status of ticked leads
            </Button>
          </div>
        </div>
        {canExport && (
          <div className="space-y-1">
            <Button type="submit" name="intent" value="bulk-export" variant="secondary" size="sm">
              Export ticked leads (CSV)
            </Button>
            <p className="text-sm text-slate-700">
              Downloads a file. You may be asked for a code from your authenticator app first.
            </p>
          </div>
        )}
      </div>
    </details>
  );
}
