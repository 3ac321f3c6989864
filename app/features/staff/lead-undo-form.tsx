import { UndoForm } from "~/components/console/undo-form";
import type { LeadUndo } from "~/domain/lead-undo";

// The Undo of a lead's last status move or note (DECISIONS D31), in the notice that says it
// was saved and beside it in the activity, until anything else is done to the lead. A
// plain form: works before script. The server undoes it only while it is still the last.

export type LeadUndoView = LeadUndo & {
  /** The lead's version now: the undo is refused as stale once the lead moves on. */
  version: number;
  /** Shown in the notice too: the page answers the save it undoes. */
  inNotice: boolean;
};

export function LeadUndoForm({ undo, busy }: { undo: LeadUndoView; busy: boolean }) {
  return (
    <UndoForm fields={{ intent: "undo", version: undo.version, event: undo.eventId }} label={undo.label} busy={busy} />
  );
}
