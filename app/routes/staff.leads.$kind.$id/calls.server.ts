import { firstProblem } from "~/domain/form-read";
import { isCallOutcome, isMessageChannel, NEXT_ACTION_PROBLEMS, readNextAction } from "~/domain/lead-work";
import { MESSAGE_FORM } from "~/features/staff/lead/message-form";
import { logCall, logMessage, setNextAction, STALE_SAVE } from "../../../server/staff/leads/leads.server";
import { answered, type LeadIntent, refused, valuesOf } from "./answer.server";

// The lead's contact with the borrower: a call logged with the next action it leaves, an
// email or letter logged, and the next action set on its own.

export const message: LeadIntent = async ({ request, form, context, staff }, lead) => {
  const values = valuesOf(form, ["channel", "message-note"]);
  const channel = form.get("channel");
  if (!isMessageChannel(channel)) {
    return refused({ error: "Choose which way it went.", form: MESSAGE_FORM, field: "channel", values });
  }
  const outcome = await logMessage(context.db, staff.user, lead, { channel, note: values["message-note"] ?? "" });
  return answered(request, lead, MESSAGE_FORM, outcome);
};

export const call: LeadIntent = async ({ request, form, context, staff }, lead, now) => {
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

export const nextAction: LeadIntent = async ({ request, form, context, staff }, lead, now) => {
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
