import { data, redirectDocument } from "react-router";
import { BULK_MAX, changeMany, readListed, tickedExportPath } from "../../server/staff/leads/bulk.server";
import { listedLeadsNow } from "../../server/staff/leads/listed-leads.server";
import {
  assigneesBefore,
  readUndoLines,
  undoAssignments,
  undoLine,
  undoOf,
} from "../../server/staff/leads/assign-undo.server";
import { closesLead } from "~/domain/console-actions";
import { closeLeadsCheck } from "~/features/staff/lead-status-form";
import { readCloseReason } from "~/domain/lead-work";
import { isLeadStatus } from "~/domain/leads";
import {
  BULK_EXPORT_PROBLEMS,
  BULK_FORM,
  BULK_PROBLEMS,
  type BulkAnswer,
  bulkDoneText,
  bulkUndoneText,
  UNASSIGN,
} from "~/features/staff/inbox-bulk";
import { inboxFilterProblem, inboxSearchParams, parseInboxFilter } from "~/domain/inbox-filter";
import { inboxPage, statusCounts } from "../../server/staff/leads/inbox.server";
import { personBannersOf } from "../../server/staff/leads/inbox-banners.server";
import { savedViewsOf } from "../../server/staff/leads/inbox-views.server";
import { ukClock } from "~/domain/uk-time";
import { bannerView } from "~/features/staff/inbox-banner";
import { assignableStaff } from "../../server/staff/leads/leads.server";
import { liveProducts } from "../../server/staff/lender-panel/lender-panel.server";
import { leadAnswers, noPanelMatch } from "~/domain/lender-matching";
import { heldBy, holds } from "../../server/staff/guard.server";
import { needsMarkersOf } from "../../server/needs/needs.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { type InboxRow, InboxPage } from "~/features/staff/inbox-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff._index";

// /staff: every lead, filtered by the URL (DECISIONS D14).

export const meta: Route.MetaFunction = consoleMeta("Leads");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("leads.read", async ({ request, context, staff: session }) => {
  const { user, headers } = session;
  const params = new URL(request.url).searchParams;
  const problem = inboxFilterProblem(params);
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const filter = parseInboxFilter(params);
  const [page, counts, staff, products, views] = await Promise.all([
    inboxPage(context.db, filter, user.id),
    statusCounts(context.db, filter, user.id),
    assignableStaff(context.db),
    liveProducts(context.db),
    savedViewsOf(context.db, user.id),
  ]);
  // The panel's few live products, read once, held against each row in memory (DECISIONS D22).
  const unmatched = (lead: (typeof page.leads)[number]) => {
    const answers = lead.kind === "contact" ? null : leadAnswers(lead);
    return answers !== null && noPanelMatch(answers, products);
  };
  // Marked so nobody calls a borrower who asked for email (DECISIONS D28): for the roles that work leads.
  // With it, an open complaint or correction request from the lead's person (decision 420), asked once for the page.
  const [needs, banners] = await Promise.all([
    holds(user, "needs.read")
      ? needsMarkersOf(
          context.db,
          page.leads.map((lead) => lead.id),
        )
      : new Map<string, string[]>(),
    personBannersOf(context.db, page.leads),
  ]);
  const rows: InboxRow[] = page.leads.map((lead) => ({
    kind: lead.kind,
    id: lead.id,
    receivedAt: lead.receivedAt.toISOString(),
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    phone: lead.phone,
    loanAmount: lead.loanAmount,
    loanPurpose: lead.loanPurpose,
    loanType: lead.loanType,
    ltv: lead.ltv,
    status: lead.status,
    assigneeName: lead.assigneeName,
    campaign: lead.campaign,
    landingPath: lead.landingPageUrl,
    flags: lead.flags,
    version: lead.version,
    noPanelMatch: unmatched(lead),
    needs: needs.get(lead.id) ?? [],
    duplicateOf: lead.duplicateOf ? { kind: lead.duplicateOf.kind, id: lead.duplicateOf.id } : null,
    banner: bannerView(banners.get(lead.id)),
  }));
  const next = page.next ? inboxSearchParams({ ...filter, after: page.next }).toString() : null;
  const today = ukClock(new Date()).day;
  return data({ filter, rows, next, counts, staff, can: heldBy(user), today, views }, { headers });
});

/**
 * Many leads at once (docs/decisions/301): the ticked rows (or every row on the page) are
 * assigned or moved to a status, each at the version the list showed; the answer says how
 * many changed and names each skipped. An export of them sends the browser to the ticked
 * leads' download (docs/decisions/335). A refusal (nothing ticked, no status, a missing
 * reason) is 400 with the reason beside its field.
 */
/** What every bulk form posts: the values to show again, its refusal, and the leads ticked. */
function bulkPost(form: FormData) {
  const values = {
    assignee: String(form.get("bulk-assignee") ?? ""),
    to: String(form.get("bulk-to") ?? ""),
    reason: String(form.get("reason") ?? ""),
    "reason-note": String(form.get("reason-note") ?? ""),
  };
  const refused = (error: string, field?: string) =>
    data<BulkAnswer>({ form: BULK_FORM, error, field, values }, { status: 400 });
  const leads = readListed(form.get("all") === "page" ? form.getAll("shown") : form.getAll("lead"));
  return { values, refused, leads };
}

/** The leads to change: some, and at most a page of the inbox; or the refusal. */
function leadsToChange(form: FormData) {
  const post = bulkPost(form);
  if (post.leads.length === 0)
    return { ...post, refusal: post.refused("Tick the leads to change, or all on this page.", "lead") };
  if (post.leads.length > BULK_MAX)
    return { ...post, refusal: post.refused(`Change at most ${BULK_MAX} leads at once: a page of the inbox.`, "lead") };
  return { ...post, refusal: null };
}

function bulkExport({ form }: ConsoleActionArgs) {
  const { leads, refused } = bulkPost(form);
  if (leads.length === 0) return refused(BULK_EXPORT_PROBLEMS.none, "lead");
  if (leads.length > BULK_MAX) return refused(BULK_EXPORT_PROBLEMS.many, "lead");
  // The file comes from its own address, which the browser is sent to: a download, asked
  // for as every export is, with a fresh code (docs/decisions/335).
  return redirectDocument(tickedExportPath(leads), 303);
}

async function bulkAssign({ form, context, staff }: ConsoleActionArgs) {
  const { values, refused, leads, refusal } = leadsToChange(form);
  if (refusal) return refusal;
  // The menu starts on "Choose…" (DECISIONS D31): nothing is assigned, or unassigned, unless chosen.
  if (!values.assignee) return refused(BULK_PROBLEMS.assignee, "bulk-assignee");
  const members = await assignableStaff(context.db);
  const assignee = members.find((s) => s.id === values.assignee);
  if (values.assignee !== UNASSIGN && !assignee) return refused("Choose someone who works leads.", "bulk-assignee");
  // Undoable (DECISIONS D31): who had each lead is read first, so the notice's Undo can put it back.
  const before = await assigneesBefore(context.db, leads);
  const result = await changeMany(context.db, staff.user, leads, { kind: "assign", assigneeId: assignee?.id ?? null });
  const undo = undoOf(leads, before, result.skipped).map(undoLine);
  return data<BulkAnswer>({
    form: BULK_FORM,
    done: bulkDoneText("assign", result.changed, assignee?.name),
    result,
    undo,
  });
}

/** The notice's Undo: each lead of the last bulk assignment back with the adviser it had. */
async function bulkUndo({ form, context, staff }: ConsoleActionArgs) {
  const undo = readUndoLines(form.getAll("undo"));
  if (undo.length === 0) return data<BulkAnswer>({ form: BULK_FORM, error: BULK_PROBLEMS.undo }, { status: 400 });
  const result = await undoAssignments(context.db, staff.user, undo);
  return data<BulkAnswer>({ form: BULK_FORM, done: bulkUndoneText(result.changed), result });
}

async function bulkStatus({ form, context, staff }: ConsoleActionArgs) {
  const { values, refused, leads, refusal } = leadsToChange(form);
  if (refusal) return refusal;
  const to = values.to;
  if (!isLeadStatus(to)) return refused(BULK_PROBLEMS.status, "bulk-to");
  const reason = readCloseReason(to, values.reason || null, values["reason-note"]);
  if (!reason.ok) return refused(reason.problem, "reason");
  // Closing leads is confirmed (DECISIONS D31): a check step names each lead first, and its
  // Confirm posts the same change for those leads with confirm=yes.
  if (closesLead(to) && form.get("confirm") !== "yes") {
    const named = await listedLeadsNow(context.db, leads);
    const fields: [string, string][] = [
      ["intent", "bulk-status"],
      ["bulk-to", to],
      ["reason", values.reason],
      ["reason-note", values["reason-note"]],
      ...leads.map((l): [string, string] => ["lead", `${l.kind}:${l.id}:${l.version}`]),
    ];
    return data<BulkAnswer>({ form: BULK_FORM, check: closeLeadsCheck(named, to, reason.reason, fields) });
  }
  const change = { kind: "status" as const, to, reason: reason.reason, note: values["reason-note"] };
  const result = await changeMany(context.db, staff.user, leads, change);
  return data<BulkAnswer>({ form: BULK_FORM, done: bulkDoneText("status", result.changed, to), result });
}

export const action = consoleAction("leads.bulk", {
  "bulk-export": bulkExport,
  "bulk-assign": bulkAssign,
  "bulk-undo": bulkUndo,
  "bulk-status": bulkStatus,
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxPage {...loaderData} bulk={actionData ?? null} />;
}
