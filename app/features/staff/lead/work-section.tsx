import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary, focusErrorSummary } from "~/components/ui/error-summary";
import { controlClass, FieldError } from "~/components/ui/field";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import { CALL_OUTCOMES } from "~/domain/lead-work";
import type { CheckStepView } from "~/components/console/check-step";
import type { LeadView } from "../lead-view";
import { CallForm, NextActionForm, type Refusal } from "../lead-work-forms";
import { StatusForm } from "../lead-status-form";
import { MessageForm } from "./message-form";

// The lead's work (docs/decisions/190): a call, an email or a letter, a note, the next
// action, the status and who has it. The header's actions link to these forms by id. Each
// form posts without the browser's own checks (noValidate): a refusal comes back from the
// server as the error summary above the form and the message at its field (DECISIONS D30,
// decision 412), never as the browser's bubble alone.

/** The control each refused field's summary link moves to, by form. */
const SUMMARY_TARGETS: Record<string, Record<string, string>> = {
  call: {
    outcome: `call-outcome-${CALL_OUTCOMES[0]}`,
    kind: "call-next-kind",
    day: "call-next-day",
    time: "call-next-time",
  },
  note: { note: "note" },
};

const refusalKeys = new WeakMap<object, number>();
let refusalsSeen = 0;
/** A key of its own for each refusal the page is given: each post's answer is a new object. */
export function refusalKey(refusal: object): number {
  let key = refusalKeys.get(refusal);
  if (key === undefined) {
    refusalsSeen += 1;
    key = refusalsSeen;
    refusalKeys.set(refusal, key);
  }
  return key;
}

/** The error summary of a refused work form, when the refusal names one of its fields. */
export function WorkFormSummary({ refusal, form }: { refusal: Refusal | null; form: string }) {
  if (refusal?.form !== form || !refusal.field) return null;
  const targetId = SUMMARY_TARGETS[form]?.[refusal.field];
  if (!targetId) return null;
  // autoFocus for a page drawn by the server; the ref for one drawn by script after a post,
  // drawn afresh for each refusal (the same words twice still take the focus again).
  return (
    <ErrorSummary
      key={refusalKey(refusal)}
      problems={[{ targetId, message: refusal.error }]}
      autoFocus
      ref={focusErrorSummary}
      className="mb-3"
    />
  );
}

export interface WorkSectionProps {
  lead: LeadView;
  staff: { id: string; name: string }[];
  viewerId: string;
  assignOthers: boolean;
  refusal: Refusal | null;
  busy: boolean;
  /** The check step a closing status move answered with (DECISIONS D31). */
  statusCheck?: CheckStepView | null;
}

export function WorkSection({
  lead,
  staff,
  viewerId,
  assignOthers,
  refusal,
  busy,
  statusCheck = null,
}: WorkSectionProps) {
  // Without leads.assign a member takes a lead or hands their own back; a colleague's is the manager's to move.
  const assignable = assignOthers ? staff : staff.filter((s) => s.id === viewerId);
  const assignedElsewhere = !assignOthers && lead.assigneeId !== null && lead.assigneeId !== viewerId;
  const open = lead.status === "new" || lead.status === "contacted" || lead.status === "in-progress";
  const noteError = refusal?.form === "note" && refusal.field === "note" ? refusal.error : null;
  return (
    <section
      aria-labelledby="work-heading"
      className="grid gap-6 rounded-lg border border-slate-300 p-4 md:grid-cols-2"
    >
      <h2 id="work-heading" className="sr-only">
        Work this lead
      </h2>
      {/* Drawn afresh once a save moves the lead on, so a logged call's answers do not linger. */}
      <div id="log-call" className="scroll-mt-4">
        <WorkFormSummary refusal={refusal} form="call" />
        <CallForm key={`call-${lead.version}`} lead={lead} refusal={refusal} busy={busy} />
      </div>
      <div className="space-y-6">
        <MessageForm key={`message-${lead.version}`} refusal={refusal} busy={busy} />
        <Form method="post" id="add-note" className="scroll-mt-4 space-y-3" noValidate>
          <WorkFormSummary refusal={refusal} form="note" />
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="block text-lg font-bold text-slate-900">
            Add a note
          </label>
          <FieldError id="note-error" error={noteError} />
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            required
            defaultValue={refusal?.form === "note" ? (refusal.values?.note ?? "") : ""}
            className={controlClass}
            {...(noteError ? { "aria-invalid": true, "aria-describedby": "note-error" } : {})}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            Add note
          </Button>
        </Form>
      </div>
      <div id="plan-next" className="scroll-mt-4">
        {open ? (
          <NextActionForm key={`next-${lead.version}`} lead={lead} refusal={refusal} busy={busy} />
        ) : (
          <p>This lead is closed, so it has no next action. Reopen it to plan one.</p>
        )}
      </div>
      <div className="space-y-6">
        <StatusForm key={`status-${lead.version}`} lead={lead} refusal={refusal} busy={busy} check={statusCheck} />
        {assignedElsewhere ? (
          <p data-testid="lead-assignee">
            Assigned to {staff.find((s) => s.id === lead.assigneeId)?.name ?? "a colleague"}: a manager may move it.
          </p>
        ) : (
          // Drawn afresh once a save (or its undo) moves the lead on, so the menu shows who has it now.
          <Form key={`assign-${lead.version}`} method="post" className="space-y-3">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="version" value={lead.version} />
            <label htmlFor="assignee" className="block font-semibold">
              Assigned to
            </label>
            <select id="assignee" name="assignee" defaultValue={lead.assigneeId ?? ""} className={controlClass}>
              <option value="">No one</option>
              {assignable.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id === viewerId ? `${s.name} (me)` : s.name}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Save assignment
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
