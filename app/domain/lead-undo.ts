// What of a lead the member may undo now (DECISIONS D31): the last thing done to it, while
// nothing has been done since, when they did it and it is a status move that neither closes
// the lead nor reopens it, or a note. An undo is itself not undone. Pure: the lead's latest
// event and status are passed in.

import { closesLead } from "./console-actions";
import { LEAD_STATUS_LABELS, type LeadStatus } from "./leads";

/** The timeline's words for an undo of a status move: its event is no move to undo. */
export const STATUS_UNDONE = "Undo: back as it was before the last status change.";

export interface LatestEvent {
  id: number;
  type: string;
  actorId: string | null;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  note: string | null;
}

export type LeadUndo =
  | { kind: "status"; eventId: number; back: LeadStatus; from: LeadStatus; label: string }
  | { kind: "note"; eventId: number; label: string };

export function leadUndo(latest: LatestEvent | undefined, status: LeadStatus, viewerId: string): LeadUndo | null {
  if (!latest || latest.actorId !== viewerId) return null;
  if (latest.type === "note") return { kind: "note", eventId: latest.id, label: "Undo: take the note off the lead" };
  if (latest.type !== "status" || !latest.fromStatus || !latest.toStatus || latest.note === STATUS_UNDONE) return null;
  // Closing is confirmed, not undone; undoing a reopening would close the lead without its reason.
  if (closesLead(latest.toStatus) || closesLead(latest.fromStatus) || latest.toStatus !== status) return null;
  return {
    kind: "status",
    eventId: latest.id,
    back: latest.fromStatus,
    from: latest.toStatus,
    label: `Undo: move the lead back to ${LEAD_STATUS_LABELS[latest.fromStatus]}`,
  };
}
