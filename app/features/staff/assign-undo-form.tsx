import { UndoForm } from "~/components/console/undo-form";

// The Undo in the notice of an assignment just saved (DECISIONS D31): the lead goes back to
// whoever had it (or to no one), at the version the assignment left it, so a lead someone
// changed since is refused as stale rather than overwritten. A plain form: works before script.

export interface AssignUndoView {
  /** Who had the lead: "" for no one. */
  assigneeId: string;
  name: string;
  version: number;
}

export function AssignUndoForm({ undo, busy }: { undo: AssignUndoView; busy: boolean }) {
  return (
    <UndoForm
      fields={{ intent: "assign", version: undo.version, assignee: undo.assigneeId, undo: "yes" }}
      label={`Undo: give the lead back to ${undo.name}`}
      busy={busy}
    />
  );
}
