import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import { LEAD_MOVES, LEAD_STATUS_LABELS } from "~/domain/leads";
import type { LeadView } from "../lead-view";
import { CallForm, CloseReasonFields, NextActionForm, type Refusal } from "../lead-work-forms";
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
}

export function WorkSection({ lead, staff, viewerId, assignOthers, refusal, busy }: WorkSectionProps) {
  // Without leads.assign a member takes a lead or hands their own back; a colleague's is the manager's to move.
  const assignable = assignOthers ? staff : staff.filter((s) => s.id === viewerId);
  const assignedElsewhere = !assignOthers && lead.assigneeId !== null && lead.assigneeId !== viewerId;
  const moves = LEAD_MOVES[lead.status];
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
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="version" value={lead.version} />
          <label htmlFor="to" className="block font-semibold">
            Change status
          </label>
          <select
            id="to"
            name="to"
            className={controlClass}
            disabled={moves.length === 0}
            defaultValue={refusal?.form === "status" ? refusal.values?.to : undefined}
          >
            {moves.length === 0 && <option value="">No further moves</option>}
            {moves.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          {moves.some((s) => s === "declined" || s === "withdrawn") && <CloseReasonFields refusal={refusal} />}
          <Button type="submit" variant="secondary" size="sm" disabled={busy || moves.length === 0}>
            Save status
          </Button>
        </Form>
        {assignedElsewhere ? (
          <p data-testid="lead-assignee">
            Assigned to {staff.find((s) => s.id === lead.assigneeId)?.name ?? "a colleague"}: a manager may move it.
          </p>
        ) : (
          <Form method="post" className="space-y-3">
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
