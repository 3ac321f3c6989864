import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { ownValue } from "~/domain/own-keys";
import { writeAudit } from "../../server/platform/audit.server";
import {
  type CaseMove,
  caseOf,
  casesOf,
  changeCommission,
  moveCase,
  NOT_COMPLETED,
  STALE_CASE,
} from "../../server/staff/leads/cases.server";
import { liveProducts } from "../../server/staff/lender-panel/lender-panel.server";
import { correctLead } from "../../server/staff/leads/corrections.server";
import { leadWalk } from "../../server/staff/leads/lead-walk.server";
import { leadRecordsOf } from "../../server/staff/leads/lead-records.server";
import {
  addNote,
  assignableStaff,
  logMessage,
  assignLead,
  changeStatus,
  emailsOf,
  findLead,
  flagsOf,
  logCall,
  setNextAction,
  STALE_SAVE,
  timelineOf,
} from "../../server/staff/leads/leads.server";
import { notFound, type StaffActor } from "../../server/staff/session.server";
import { needsOf, recordNeeds } from "../../server/needs/needs.server";
import { formValues, readAdviserNeeds } from "~/domain/needs";
import { NEEDS_FORM, type NeedsView } from "~/features/staff/needs/needs-section";
import { heldBy, holds } from "../../server/staff/guard.server";
import {
  isCallOutcome,
  isMessageChannel,
  NEXT_ACTION_PROBLEMS,
  readCloseReason,
  readNextAction,
} from "~/domain/lead-work";
import { readFeedShow } from "~/features/staff/lead/activity";
import { MESSAGE_FORM } from "~/features/staff/lead/message-form";
import { callbackFromColumns } from "~/domain/callback-choice";
import { isLeadKind, isLeadStatus, isRecordVersion, type LeadKind } from "~/domain/leads";
import {
  CASE_FIELDS,
  CASE_PROBLEMS,
  COMMISSION_CHANGE_FIELDS,
  type CaseStage,
  type FormRead,
  readCommissionChange,
  readCompletion,
  readDecline,
  readOffer,
} from "~/domain/lead-cases";
import { leadAnswers, matchPanel } from "~/domain/lender-matching";
import { CORRECTION_PROBLEMS, readCorrection } from "~/domain/lead-corrections";
import { CORRECTION_FORM } from "~/features/staff/lead-corrections";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { LeadPage } from "~/features/staff/lead-page";
import { closeLeadCheck, STATUS_PROBLEMS } from "~/features/staff/lead-status-form";
import { closesLead } from "~/domain/console-actions";
import { UNDO_NONE } from "../../server/staff/leads/assign-undo.server";
import { undoableOf, undoLast } from "../../server/staff/leads/lead-undo.server";
import type { CheckStepView } from "~/components/console/check-step";
import { caseView, leadView, panelView } from "~/features/staff/lead-view";
import { consoleMeta } from "~/features/staff/console-meta";
import {
  type ConsoleActionArgs,
  consoleAction,
  consoleLoader,
  requireAlso,
} from "../../server/staff/console-route.server";
import { firstProblem, type Refusal } from "~/domain/form-read";
import type { Route } from "./+types/staff.leads.$kind.$id";

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

/** The case's forms: each posts `intent` and moves the case to its stage. */
const CASE_INTENTS: Record<string, CaseStage> = {
  "case-start": "application-sent",
  "case-offer": "offer-received",
  "case-complete": "completed",
  "case-decline": "declined",
};

const refused = (refusal: Refusal, status = 400) => data(refusal, { status });

/** Longer than any field a correction takes: the schema refuses what is too long with its own words. */
const CORRECTION_TEXT_MAX = 1_000;

/** The posted fields a refused form is drawn again with, so nothing typed is lost. */
const valuesOf = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));

/**
 * Where a saved change returns: the lead's page saying what was saved, within the inbox list
 * it was opened from when the form was posted from such a page (docs/decisions/302), so the
 * walk to the previous and next lead goes on.
 */
function savedPath(request: Request, kind: string, id: string, done: string) {
  const list = new URL(request.url).searchParams.get("list");
  return `/staff/leads/${kind}/${id}?${new URLSearchParams({ done, ...(list === null ? {} : { list }) })}`;
}

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

/** The lead a form posts to, with the version its page showed; a path whose kind is no lead's is a 404. */
interface PostedLead {
  kind: LeadKind;
  id: string;
  version: number;
}

/** What an intent on a lead answers: back to the lead, or a refusal the page shows. */
type LeadAnswer = ReturnType<typeof refused> | ReturnType<typeof data<{ check: CheckStepView }>> | Response;

type LeadIntent = (args: ConsoleActionArgs, lead: PostedLead, now: Date) => Promise<LeadAnswer>;

/** An intent on the lead of the path. */
const onLead =
  (handle: LeadIntent) =>
  (args: ConsoleActionArgs): Promise<LeadAnswer> => {
    const { kind, id } = args.params;
    if (!isLeadKind(kind)) throw notFound();
    return handle(args, { kind, id: String(id), version: Number(args.form.get("version")) }, new Date());
  };

/**
 * A change made against the version the page showed (every change but a note): a version
 * that cannot be one is refused before anything is read.
 */
const atVersion =
  (handle: LeadIntent): LeadIntent =>
  (args, lead, now) =>
    isRecordVersion(lead.version)
      ? handle(args, lead, now)
      : Promise.resolve(refused({ error: "Please reload the page." }));

/** What a saved change answers: back to the lead (within its list), or the reason it was not saved. */
function answered(
  request: Request,
  lead: PostedLead,
  intent: string,
  outcome: { ok: true } | { ok: false; reason: string },
) {
  if (outcome.ok) return redirect(savedPath(request, lead.kind, lead.id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_SAVE }, 409);
  if (outcome.reason === "not-allowed") return refused({ error: "That status change is not allowed from here." });
  return refused({ error: "That change could not be saved: check it and try again." });
}

const STATUS_FIELDS = ["to", "reason", "reason-note"];
const NOTE_EMPTY = "Write the note.";

const status: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const to = form.get("to");
  // The menu starts on "Choose…" (DECISIONS D31): refused at its field, with what was chosen kept.
  if (!isLeadStatus(to)) {
    return refused({ error: STATUS_PROBLEMS.to, form: "status", field: "to", values: valuesOf(form, STATUS_FIELDS) });
  }
  const note = String(form.get("reason-note") ?? "");
  const reason = readCloseReason(to, form.get("reason"), note);
  if (!reason.ok) {
    return refused({
      error: reason.problem,
      form: "status",
      field: "reason",
      values: valuesOf(form, STATUS_FIELDS),
    });
  }
  // Closing a lead is confirmed (DECISIONS D31): the first post answers a check step that
  // names the lead and what happens; its Confirm posts the same fields with confirm=yes.
  if (closesLead(to) && form.get("confirm") !== "yes") {
    const found = await findLead(context.db, lead.kind, lead.id);
    if (!found) throw notFound();
    const fields = [
      ["intent", "status"],
      ["version", String(lead.version)],
      ...Object.entries(valuesOf(form, STATUS_FIELDS)),
    ];
    const name = found.kind === "contact" ? found.row.name : `${found.row.firstName} ${found.row.lastName}`.trim();
    return data({ check: closeLeadCheck({ id: lead.id, name }, to, reason.reason, fields as [string, string][]) });
  }
  const outcome = await changeStatus(context.db, staff.user, { ...lead, to, reason: reason.reason, note });
  return answered(request, lead, "status", outcome);
};

const assign: LeadIntent = async (args, lead) => {
  const { request, form, context, staff } = args;
  const { user } = staff;
  const assignee = String(form.get("assignee") ?? "");
  // Taking a lead, or handing one's own back, is an adviser's; anything else a manager's.
  const mayAssign = holds(user, "leads.assign");
  if (!mayAssign && assignee && assignee !== user.id) await requireAlso(args, "leads.assign");
  // Undoable (DECISIONS D31): who had the lead at the version the page showed, for the notice's Undo.
  const undo = form.get("undo") === "yes";
  const before = await findLead(context.db, lead.kind, lead.id);
  const had = before?.row.version === lead.version ? (before.row.assigneeId ?? UNDO_NONE) : null;
  const outcome = await assignLead(context.db, user, {
    ...lead,
    assigneeId: assignee || null,
    onlyOwn: !mayAssign,
    undo,
  });
  if (!outcome.ok && outcome.reason === "not-yours") await requireAlso(args, "leads.assign");
  if (outcome.ok && !undo && had) {
    const back = new URLSearchParams({ was: had, at: String(lead.version + 1) });
    return redirect(`${savedPath(request, lead.kind, lead.id, "assign")}&${back}`);
  }
  return answered(request, lead, undo ? "assign-undone" : "assign", outcome);
};

const note: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const text = String(form.get("note") ?? "");
  if (!text.trim()) return refused({ error: NOTE_EMPTY, form: "note", field: "note", values: { note: text } });
  return answered(request, lead, "note", await addNote(context.db, staff.user, lead, text));
};

/** The Undo of the member's last status move or note: refused as stale once anything else was done to the lead. */
const undo: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const found = await findLead(context.db, lead.kind, lead.id);
  if (!found) throw notFound();
  const eventId = Number(form.get("event"));
  const outcome = Number.isSafeInteger(eventId)
    ? await undoLast(context.db, staff.user, { ...lead, status: found.row.status }, eventId)
    : ({ ok: false, reason: "stale" } as const);
  if (outcome.ok) return redirect(savedPath(request, lead.kind, lead.id, `${outcome.kind}-undone`));
  if (outcome.reason === "not-found") throw notFound();
  return refused(
    { error: "That can no longer be undone: the lead has changed since. Reload the page to see it." },
    409,
  );
};

const message: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const values = valuesOf(form, ["channel", "message-note"]);
  const channel = form.get("channel");
  if (!isMessageChannel(channel)) {
    return refused({ error: "Choose which way it went.", form: MESSAGE_FORM, field: "channel", values });
  }
  const outcome = await logMessage(context.db, staff.user, lead, { channel, note: values["message-note"] ?? "" });
  return answered(request, lead, MESSAGE_FORM, outcome);
};

const call: LeadIntent = async ({ request, form, context, staff }, lead, now) => {
  const values = valuesOf(form, ["outcome", "call-note", "kind", "day", "time"]);
  const callOutcome = form.get("outcome");
  if (!isCallOutcome(callOutcome)) {
    return refused({ error: "Choose how the call went.", form: "call", field: "outcome", values });
  }
  if (!values.kind) return refused({ error: NEXT_ACTION_PROBLEMS.kind, form: "call", field: "kind", values });
  const next = readNextAction(values, now);
  if (!next.ok) {
    const [field, error] = firstProblem(next.problems);
    return refused({ error, form: "call", field, values });
  }
  const outcome = await logCall(
    context.db,
    staff.user,
    { ...lead, outcome: callOutcome, note: values["call-note"] ?? "", next: next.value },
    now,
    context.config.callbacks,
  );
  if (!outcome.ok && outcome.reason === "not-allowed") {
    return refused({ error: NEXT_ACTION_PROBLEMS.closed, form: "call", field: "kind", values });
  }
  if (!outcome.ok && outcome.reason === "stale") return refused({ error: STALE_SAVE, form: "call", values }, 409);
  return answered(request, lead, "call", outcome);
};

const nextAction: LeadIntent = async ({ request, form, context, staff }, lead, now) => {
  const values = valuesOf(form, ["kind", "day", "time"]);
  const next = readNextAction(values, now);
  if (!next.ok) {
    const [field, error] = firstProblem(next.problems);
    return refused({ error, form: "next-action", field, values });
  }
  const outcome = await setNextAction(context.db, staff.user, { ...lead, next: next.value });
  if (!outcome.ok && outcome.reason === "not-allowed") {
    return refused({ error: NEXT_ACTION_PROBLEMS.closed, form: "next-action", field: "kind", values });
  }
  if (!outcome.ok && outcome.reason === "invalid") {
    return refused({ error: "That is the next action already: nothing changed.", form: "next-action", values });
  }
  return answered(request, lead, "next-action", outcome);
};

/** Each move of the lead's case, by the stage it moves to. */
const caseMoves = Object.fromEntries(
  Object.entries(CASE_INTENTS).map(([intent, stage]) => [
    intent,
    onLead(({ request, form, context, staff }, lead, now) =>
      caseAction(context, request, staff.user, lead.kind, lead.id, intent, stage, form, now),
    ),
  ]),
);

/** An intent of the lead's work (leads.work): the route itself asks only that the member reads leads. */
const working = <H extends (args: ConsoleActionArgs) => unknown>(handle: H) => ({
  permission: "leads.work" as const,
  handle,
});

// The route asks leads.read, each intent its own line (decision 411): compliance, which reads
// leads and answers correction requests, corrects a lead's details and does none of its work.
export const action = consoleAction("leads.read", {
  status: working(onLead(atVersion(status))),
  assign: working(onLead(atVersion(assign))),
  note: working(onLead(note)),
  undo: working(onLead(atVersion(undo))),
  [MESSAGE_FORM]: working(onLead(message)),
  call: working(onLead(atVersion(call))),
  "next-action": working(onLead(atVersion(nextAction))),
  ...Object.fromEntries(Object.entries(caseMoves).map(([intent, handle]) => [intent, working(handle)])),
  [CORRECTION_FORM]: {
    permission: "leads.correct",
    handle: onLead(({ request, form, context, staff }, lead) =>
      correctionAction(context, request, staff.user, lead.kind, lead.id, lead.version, form),
    ),
  },
  [NEEDS_FORM]: {
    permission: "needs.record",
    handle: onLead(({ request, form, context, staff }, lead, now) =>
      needsAction(context, request, staff.user, lead.kind, lead.id, form, now),
    ),
  },
  "case-commission": {
    permission: "commission.change",
    handle: onLead(({ request, form, context, staff }, lead, now) =>
      commissionAction(context, request, staff.user, lead.kind, lead.id, form, now),
    ),
  },
});

/**
 * A move of the lead's case: the stage's form read by the domain (each problem beside its
 * field, 400), then the move at the case's version (409 when someone moved it first; 400
 * with the rule's words when the stage is out of order or the lead cannot have a case).
 */
async function caseAction(
  context: Route.ActionArgs["context"],
  request: Request,
  user: StaffActor,
  kind: LeadKind,
  id: string,
  intent: string,
  to: CaseStage,
  form: FormData,
  now: Date,
) {
  const fields: readonly string[] = CASE_FIELDS[to];
  const values = valuesOf(form, [...fields]);
  const caseVersion = Number(form.get("caseVersion"));
  if (!isRecordVersion(caseVersion)) return refused({ error: "Please reload the page." });
  if (kind === "contact") return refused({ error: CASE_PROBLEMS.kind });
  const get = (name: string) => values[name] ?? "";
  let read: FormRead<CaseMove>;
  if (to === "application-sent") {
    read = { ok: true, value: { to, productId: get("productId") } };
  } else if (to === "offer-received") {
    const offer = readOffer(get);
    read = offer.ok ? { ok: true, value: { to, offer: offer.value } } : offer;
  } else if (to === "declined") {
    const decline = readDecline(get);
    read = decline.ok ? { ok: true, value: { to, decline: decline.value } } : decline;
  } else {
    const current = await caseOf(context.db, kind, id);
    if (!current) return refused({ error: CASE_PROBLEMS.noCase });
    const completion = readCompletion(get, current.product.criteria, now);
    read = completion.ok ? { ok: true, value: { to, completion: completion.value } } : completion;
  }
  if (!read.ok) {
    const [field, error] = firstProblem(read.problems, fields);
    return refused({ error, form: intent, field, problems: read.problems, values });
  }
  const outcome = await moveCase(context.db, user, { kind, id, caseVersion }, read.value, now);
  if (outcome.ok) return redirect(savedPath(request, kind, id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_CASE }, 409);
  return refused({ error: outcome.problem, form: intent, values });
}

/** A completed case's commission corrected: the new figure and its reason, at the case's version. */
async function commissionAction(
  context: Route.ActionArgs["context"],
  request: Request,
  user: StaffActor,
  kind: LeadKind,
  id: string,
  form: FormData,
  now: Date,
) {
  const intent = "case-commission";
  const values = valuesOf(form, [...COMMISSION_CHANGE_FIELDS]);
  const caseVersion = Number(form.get("caseVersion"));
  if (!isRecordVersion(caseVersion) || caseVersion < 1) return refused({ error: "Please reload the page." });
  const current = kind === "contact" ? null : await caseOf(context.db, kind, id);
  if (!current?.completion) return refused({ error: NOT_COMPLETED });
  const read = readCommissionChange((name) => values[name] ?? "", current.completion.commissionPence);
  if (!read.ok) {
    const [field, error] = firstProblem(read.problems, COMMISSION_CHANGE_FIELDS);
    return refused({ error, form: intent, field, problems: read.problems, values });
  }
  const outcome = await changeCommission(context.db, user, { kind, id, caseVersion }, read.value, now);
  if (outcome.ok) return redirect(savedPath(request, kind, id, intent));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_CASE }, 409);
  return refused({ error: outcome.problem, form: intent, values });
}

/**
 * A correction of the lead's details (DECISIONS D29): read by the kind's own schema against
 * the lead as stored (each problem beside its field, 400, what was typed kept), then saved at
 * the page's version (409 when someone changed the lead first).
 */
async function correctionAction(
  context: Route.ActionArgs["context"],
  request: Request,
  user: StaffActor,
  kind: LeadKind,
  id: string,
  version: number,
  form: FormData,
) {
  if (!isRecordVersion(version)) return refused({ error: "Please reload the page." });
  const lead = await findLead(context.db, kind, id);
  if (!lead) throw notFound();
  const posted = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, CORRECTION_TEXT_MAX) : null;
  };
  const read = readCorrection(kind, lead.row, posted);
  const base = { form: CORRECTION_FORM };
  if (!read.ok) {
    const [field, error] = Object.entries(read.problems)[0] ?? ["", "Check the details and try again."];
    return refused({ ...base, error, field, problems: read.problems, values: read.values });
  }
  const outcome = await correctLead(context.db, user, { kind, id, version }, read.value);
  if (outcome.ok) return redirect(savedPath(request, kind, id, CORRECTION_FORM));
  if (outcome.reason === "not-found") throw notFound();
  if (outcome.reason === "stale") return refused({ error: STALE_SAVE }, 409);
  return refused({ ...base, error: CORRECTION_PROBLEMS.unchanged });
}

/**
 * The needs record (DECISIONS D28) at the version the page showed: read by the domain (each
 * problem beside its field, 400, what was ticked and typed kept), 409 when someone changed it first.
 */
async function needsAction(
  context: Route.ActionArgs["context"],
  request: Request,
  user: StaffActor,
  kind: LeadKind,
  id: string,
  form: FormData,
  now: Date,
) {
  const needsVersion = Number(form.get("needsVersion"));
  if (!isRecordVersion(needsVersion)) return refused({ error: "Please reload the page." });
  const lead = await findLead(context.db, kind, id);
  if (!lead) throw notFound();
  const read = readAdviserNeeds(formValues(form));
  if (!read.ok) {
    const values = Object.fromEntries(
      Object.entries(read.values).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : value]),
    );
    const [field, error] = Object.entries(read.problems)[0] as [string, string];
    return refused({ error, form: NEEDS_FORM, field, problems: read.problems, values });
  }
  const outcome = await recordNeeds(context.db, user, { kind, id: lead.row.id }, needsVersion, read.value, now);
  if (!outcome.ok) return refused({ error: "Someone changed the needs record first: reload the page to see it." }, 409);
  return redirect(savedPath(request, kind, id, NEEDS_FORM));
}

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
