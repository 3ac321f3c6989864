import { Form } from "react-router";
import { Button } from "~/components/ui/button";

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
    <Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="version" value={undo.version} />
      <input type="hidden" name="assignee" value={undo.assigneeId} />
      <input type="hidden" name="undo" value="yes" />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`Undo: give the lead back to ${undo.name}`}
      >
        Undo
      </Button>
    </Form>
  );
}
