import { data, redirect } from "react-router";
import { closesLead } from "~/domain/console-actions";
import { readCloseReason } from "~/domain/lead-work";
import { isLeadStatus } from "~/domain/leads";
import { closeLeadCheck, STATUS_PROBLEMS } from "~/features/staff/lead-status-form";
import { requireAlso } from "../../../server/staff/console-route.server";
import { holds } from "../../../server/staff/guard.server";
import { UNDO_NONE } from "../../../server/staff/leads/assign-undo.server";
import { undoLast } from "../../../server/staff/leads/lead-undo.server";
import { addNote, assignLead, changeStatus, findLead } from "../../../server/staff/leads/leads.server";
import { notFound } from "../../../server/staff/session.server";
import { answered, type LeadIntent, refused, savedPath, valuesOf } from "./answer.server";

// The lead's handling: where it stands (its status, closing confirmed), who has it, its
// notes, and the Undo of the member's last status move or note (DECISIONS D31).

const STATUS_FIELDS = ["to", "reason", "reason-note"];
const NOTE_EMPTY = "Write the note.";

export const status: LeadIntent = async ({ request, form, context, staff }, lead) => {
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

export const assign: LeadIntent = async (args, lead) => {
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

export const note: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const text = String(form.get("note") ?? "");
  if (!text.trim()) return refused({ error: NOTE_EMPTY, form: "note", field: "note", values: { note: text } });
  return answered(request, lead, "note", await addNote(context.db, staff.user, lead, text));
};

/** The Undo of the member's last status move or note: refused as stale once anything else was done to the lead. */
export const undo: LeadIntent = async ({ request, form, context, staff }, lead) => {
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
