import { data, type ShouldRevalidateFunction } from "react-router";
import { callbackFromColumns } from "~/domain/callback-choice";
import { isLeadKind } from "~/domain/leads";
import { leadAnswers, matchPanel } from "~/domain/lender-matching";
import { ownValue } from "~/domain/own-keys";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { readFeedShow } from "~/features/staff/lead/activity";
import { MESSAGE_FORM } from "~/features/staff/lead/message-form";
import { CORRECTION_FORM } from "~/features/staff/lead-corrections";
import { LeadPage } from "~/features/staff/lead-page";
import { caseView, leadView, panelView } from "~/features/staff/lead-view";
import { NEEDS_FORM, type NeedsView } from "~/features/staff/needs/needs-section";
import { needsOf } from "../../../server/needs/needs.server";
import { writeAudit } from "../../../server/platform/audit.server";
import { type ConsoleActionArgs, consoleAction, consoleLoader } from "../../../server/staff/console-route.server";
import { heldBy, holds } from "../../../server/staff/guard.server";
import { UNDO_NONE } from "../../../server/staff/leads/assign-undo.server";
import { casesOf } from "../../../server/staff/leads/cases.server";
import { leadRecordsOf } from "../../../server/staff/leads/lead-records.server";
import { undoableOf } from "../../../server/staff/leads/lead-undo.server";
import { leadWalk } from "../../../server/staff/leads/lead-walk.server";
import { assignableStaff, emailsOf, findLead, flagsOf, timelineOf } from "../../../server/staff/leads/leads.server";
import { liveProducts } from "../../../server/staff/lender-panel/lender-panel.server";
import { notFound } from "../../../server/staff/session.server";
import { atVersion, onLead } from "./answer.server";
import { call, message, nextAction } from "./calls.server";
import { CASE_INTENTS, caseMove } from "./case.server";
import { commission } from "./commission.server";
import { correction } from "./correction.server";
import { needs } from "./needs.server";
import { assign, note, status, undo } from "./work.server";
import type { Route } from "./+types/route";

// /staff/leads/:kind/:id: one lead, its figures, emails and timeline; calls, the next
// action, status (with a reason when declining or withdrawing), assignment and notes;
// the lender panel's matches and the lead's case with a lender (docs/decisions/230), with
// the cases lenders declined before it (docs/decisions/256).
// Every view and change is audited (DECISIONS D14, docs/decisions/190).

export const meta: Route.MetaFunction = consoleMeta("Lead");
export const headers: Route.HeadersFunction = privatePageHeaders;

const DONE: Record<string, string> = {
  status: "Status saved.",
  assign: "Assignment saved.",
  "assign-undone": "Assignment undone: the lead is back as it was.",
  "status-undone": "Status change undone: the lead is back as it was.",
  "note-undone": "Note taken off the lead.",
  note: "Note added.",
  call: "Call logged.",
  message: "Email or letter logged.",
  "next-action": "Next action saved.",
  "case-start": "Case started: the application is sent.",
  "case-offer": "Offer recorded.",
  "case-complete": "Completion recorded.",
  "case-decline": "The lender's decline is recorded.",
  "case-commission": "Commission changed.",
  correct: "Correction saved: the figures and the lender panel are worked out from the corrected answers.",
  needs: "Needs record saved.",
};

export const loader = consoleLoader("leads.read", async ({ request, params, context, staff: session }) => {
  const id = String(params.id);
  const { user, headers } = session;
  if (!isLeadKind(params.kind)) throw notFound();
  const lead = await findLead(context.db, params.kind, id);
  if (!lead) throw notFound();
  await writeAudit(context.db, { action: "lead.view", actor: user, lead: { kind: lead.kind, id: lead.row.id } });
  const [timeline, emails, staff, { flags, duplicateOf }, products, [leadCase, ...earlierCases], records] =
    await Promise.all([
      timelineOf(context.db, lead.row.id),
      emailsOf(context.db, lead.kind, lead.row.id),
      assignableStaff(context.db),
      flagsOf(context.db, lead),
      lead.kind === "contact" ? [] : liveProducts(context.db),
      lead.kind === "contact" ? [] : casesOf(context.db, lead.kind, lead.row.id),
      leadRecordsOf(context.db, { kind: lead.kind, id: lead.row.id, email: String(lead.row.email ?? "") }),
    ]);
  // The lender panel against the lead's answers (DECISIONS D22); a contact message has none.
  const answers = lead.kind === "contact" ? null : leadAnswers(lead.row);
  const url = new URL(request.url);
  const doneText = ownValue(DONE, url.searchParams.get("done") ?? "");
  const list = url.searchParams.get("list");
  // The Undo of the assignment just saved, while the lead is as that save left it (DECISIONS D31).
  const was = url.searchParams.get("was");
  const undoTo = was === UNDO_NONE ? { id: "", name: "no one" } : staff.find((s) => s.id === was);
  const assignUndo =
    doneText &&
    url.searchParams.get("done") === "assign" &&
    undoTo &&
    url.searchParams.get("at") === String(lead.row.version)
      ? { assigneeId: undoTo.id, name: undoTo.name, version: lead.row.version }
      : null;
  // The Undo of the member's last status move or note, until anything else is done (DECISIONS D31).
  const undoable = await undoableOf(context.db, { id: lead.row.id, status: lead.row.status }, user.id);
  const leadUndo = undoable && {
    ...undoable,
    version: lead.row.version,
    inNotice: url.searchParams.get("done") === undoable.kind,
  };
  // Opened from the inbox: the list's previous and next (docs/decisions/302).
  const walk = list === null ? null : await leadWalk(context.db, list, { kind: lead.kind, id: lead.row.id }, user.id);
  // The needs record (DECISIONS D28), for the roles that work leads only; its view an audit row without the details.
  const needsRecord = holds(user, "needs.read")
    ? await needsOf(context.db, { kind: lead.kind, id: lead.row.id })
    : null;
  if (needsRecord) {
    await writeAudit(context.db, { action: "needs.view", actor: user, lead: { kind: lead.kind, id: lead.row.id } });
  }
  const needs: NeedsView | null = needsRecord
    ? {
        ...needsRecord,
        healthConsentAt: needsRecord.healthConsentAt?.toISOString() ?? null,
        recordedAt: needsRecord.recordedAt.toISOString(),
      }
    : null;
  const choice = lead.kind === "contact" ? null : callbackFromColumns(lead.row.callbackChoice, lead.row.callbackAt);
  const chosenAt = lead.kind === "contact" ? null : lead.row.callbackChosenAt;
  return data(
    {
      lead: leadView(lead.kind, lead.row, flags, duplicateOf),
      timeline: timeline.map((e) => ({
        ...e,
        at: e.at.toISOString(),
        nextActionAt: e.nextActionAt?.toISOString() ?? null,
      })),
      emails: emails.map((m) => ({
        ...m,
        queuedAt: m.queuedAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
      borrowerChoice:
        choice && chosenAt
          ? {
              choice: choice.kind === "slot" ? { kind: "slot" as const, at: choice.at.toISOString() } : choice,
              at: chosenAt.toISOString(),
            }
          : null,
      staff,
      panel: answers ? panelView(matchPanel(answers, products), products.length) : null,
      leadCase: leadCase ? caseView(leadCase) : null,
      // The cases lenders declined before the latest, read-only beneath it (docs/decisions/256).
      earlierCases: earlierCases.map(caseView),
      viewerId: user.id,
      needs,
      walk,
      records: {
        complaints: records.complaints.map((c) => ({
          id: c.id,
          receivedAt: c.receivedAt.toISOString(),
          closedAt: c.closedAt?.toISOString() ?? null,
        })),
        dataRequests: records.dataRequests.map((r) => ({
          id: r.id,
          kind: r.kind,
          receivedAt: r.receivedAt.toISOString(),
          dueBy: r.dueBy.toISOString(),
          answeredAt: r.answeredAt?.toISOString() ?? null,
        })),
        needsChanges: records.needsChanges.map((n) => ({ ...n, at: n.at.toISOString() })),
        needsHeld: records.needsHeld,
      },
      feed: readFeedShow(url.searchParams.get("feed")),
      keep: list === null ? "" : new URLSearchParams({ list }).toString(),
      can: heldBy(user),
      notice: doneText ? { tone: "success" as const, text: doneText } : null,
      assignUndo,
      leadUndo,
    },
    { headers },
  );
});

/** An intent of the lead's work (leads.work): the route itself asks only that the member reads leads. */
const working = <H extends (args: ConsoleActionArgs) => unknown>(handle: H) => ({
  permission: "leads.work" as const,
  handle,
});

// The route asks leads.read, each intent its own line (decision 411): compliance, which reads
// leads and answers correction requests, corrects a lead's details and does none of its work.
// Each intent's body is in the file beside this one that its concern names.
export const action = consoleAction("leads.read", {
  status: working(onLead(atVersion(status))),
  assign: working(onLead(atVersion(assign))),
  note: working(onLead(note)),
  undo: working(onLead(atVersion(undo))),
  [MESSAGE_FORM]: working(onLead(message)),
  call: working(onLead(atVersion(call))),
  "next-action": working(onLead(atVersion(nextAction))),
  ...Object.fromEntries(
    Object.entries(CASE_INTENTS).map(([intent, stage]) => [intent, working(onLead(caseMove(intent, stage)))]),
  ),
  [CORRECTION_FORM]: { permission: "leads.correct", handle: onLead(correction) },
  [NEEDS_FORM]: { permission: "needs.record", handle: onLead(needs) },
  "case-commission": { permission: "commission.change", handle: onLead(commission) },
});

/**
 * After a change refused as stale (409) the page reads the lead again, as the message says
 * it does: React Router otherwise keeps the page's data after a 4xx (without script the
 * server draws the page afresh anyway).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** A lead no longer held (an old link, an erased lead) answers the console's own page, in its frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

/** The forms whose refusal at a field is said in the form's own error summary (decision 412). */
const SUMMARISED_FORMS = new Set(["status", "call", MESSAGE_FORM, "note"]);

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const check = actionData && "check" in actionData ? actionData.check : null;
  const refusal = actionData && "error" in actionData ? actionData : null;
  // These forms say their refusals in their own summary and at the field (DECISIONS D30), not again above.
  const atField = SUMMARISED_FORMS.has(refusal?.form ?? "") && refusal?.field !== undefined;
  const notice = refusal && !atField ? { tone: "error" as const, text: refusal.error } : loaderData.notice;
  return <LeadPage {...loaderData} notice={check ? null : notice} refusal={refusal} statusCheck={check} />;
}
