import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { type LatestEvent, leadUndo, STATUS_UNDONE } from "./lead-undo";
import type { LeadStatus } from "./leads";

const ME = "member-me";
const move = (from: LeadStatus, to: LeadStatus, more: Partial<LatestEvent> = {}): LatestEvent => ({
  id: 7,
  type: "status",
  actorId: ME,
  fromStatus: from,
  toStatus: to,
  note: null,
  ...more,
});

describe("what of a lead its member may undo now", () => {
  it.each(
    byRule([
      {
        rule: "their move from New to Contacted, the lead still Contacted: back to New",
        latest: move("new", "contacted"),
        status: "contacted" as LeadStatus,
        expected: {
          kind: "status",
          eventId: 7,
          back: "new",
          from: "contacted",
          label: "Undo: move the lead back to New",
        },
      },
      {
        rule: "their note, the lead's last entry: taken off",
        latest: { ...move("new", "new"), type: "note", fromStatus: null, toStatus: null, note: "Rang" },
        status: "new" as LeadStatus,
        expected: { kind: "note", eventId: 7, label: "Undo: take the note off the lead" },
      },
      { rule: "nothing done yet: nothing", latest: undefined, status: "new" as LeadStatus, expected: null },
      {
        rule: "a colleague's move: not theirs to undo",
        latest: move("new", "contacted", { actorId: "colleague" }),
        status: "contacted" as LeadStatus,
        expected: null,
      },
      {
        rule: "a move that closed the lead: confirmed, never undone",
        latest: move("in-progress", "completed"),
        status: "completed" as LeadStatus,
        expected: null,
      },
      {
        rule: "a move that reopened the lead: undoing it would close it without its reason",
        latest: move("withdrawn", "new"),
        status: "new" as LeadStatus,
        expected: null,
      },
      {
        rule: "an undo is not undone",
        latest: move("contacted", "new", { note: STATUS_UNDONE }),
        status: "new" as LeadStatus,
        expected: null,
      },
      {
        rule: "anything else done since (a call logged last): nothing",
        latest: { ...move("new", "new"), type: "call", fromStatus: null, toStatus: null },
        status: "contacted" as LeadStatus,
        expected: null,
      },
      {
        rule: "the lead no longer at the status the move left it: nothing",
        latest: move("new", "contacted"),
        status: "in-progress" as LeadStatus,
        expected: null,
      },
    ]),
  )("%s", (_, { latest, status, expected }) => {
    expect(leadUndo(latest as LatestEvent | undefined, status, ME)).toEqual(expected);
  });
});
