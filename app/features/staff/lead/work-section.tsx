import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import type { CheckStepView } from "~/components/console/check-step";
import type { LeadView } from "../lead-view";
import { CallForm, NextActionForm, type Refusal } from "../lead-work-forms";
import { StatusForm } from "../lead-status-form";
import { MessageForm } from "./message-form";

// The lead's work (docs/decisions/190): a call, an email or a letter, a note, the next
// action, the status and who has it. The header's actions link to these forms by id.

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
        <CallForm key={`call-${lead.version}`} lead={lead} refusal={refusal} busy={busy} />
      </div>
      <div className="space-y-6">
        <MessageForm key={`message-${lead.version}`} refusal={refusal} busy={busy} />
        <Form method="post" id="add-note" className="scroll-mt-4 space-y-3">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="block text-lg font-bold text-slate-900">
            Add a note
          </label>
          <textarea id="note" name="note" rows={3} maxLength={NOTE_MAX_LENGTH} required className={controlClass} />
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
