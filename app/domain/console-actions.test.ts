import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { ACTION_SORTS, actionSort, CONSOLE_ACTIONS, closesLead } from "./console-actions";

// The one table of the console's actions (DECISIONS D31), as the issue sorts them: what
// harms is confirmed, what can be put back is undone, the rest is done at once.

describe("the console's actions, sorted", () => {
  it.each(
    byRule([
      {
        rule: "assigning a lead is undone",
        page: "/staff/leads/:kind/:id",
        intent: "assign",
        closing: false,
        sort: "undoable",
      },
      {
        rule: "a status move that keeps the lead open is undone",
        page: "/staff/leads/:kind/:id",
        intent: "status",
        closing: false,
        sort: "undoable",
      },
      {
        rule: "closing a lead is confirmed",
        page: "/staff/leads/:kind/:id",
        intent: "status",
        closing: true,
        sort: "confirmed",
      },
      { rule: "a note is undone", page: "/staff/leads/:kind/:id", intent: "note", closing: false, sort: "undoable" },
      {
        rule: "the undo of a lead's status move or note is done at once",
        page: "/staff/leads/:kind/:id",
        intent: "undo",
        closing: false,
        sort: "safe",
      },
      {
        rule: "logging a call is done at once",
        page: "/staff/leads/:kind/:id",
        intent: "call",
        closing: false,
        sort: "safe",
      },
      { rule: "bulk assign is undone", page: "/staff", intent: "bulk-assign", closing: false, sort: "undoable" },
      { rule: "bulk close is confirmed", page: "/staff", intent: "bulk-status", closing: true, sort: "confirmed" },
      {
        rule: "a bulk status move that keeps leads open is undone",
        page: "/staff",
        intent: "bulk-status",
        closing: false,
        sort: "undoable",
      },
      { rule: "a new link is confirmed", page: "/staff/team", intent: "link", closing: false, sort: "confirmed" },
      {
        rule: "disabling a member is confirmed",
        page: "/staff/team",
        intent: "disable",
        closing: false,
        sort: "confirmed",
      },
      { rule: "enabling one is done at once", page: "/staff/team", intent: "enable", closing: false, sort: "safe" },
      {
        rule: "an erasure is confirmed",
        page: "/staff/requests",
        intent: "default",
        closing: false,
        sort: "confirmed",
      },
      {
        rule: "sending a complaint letter is confirmed",
        page: "/staff/complaints/:id",
        intent: "send",
        closing: false,
        sort: "confirmed",
      },
      {
        rule: "taking a complaint is done at once: its handler is shown at its top",
        page: "/staff/complaints/:id",
        intent: "take",
        closing: false,
        sort: "safe",
      },
      {
        rule: "giving a complaint to a handler is done at once, from a menu that starts on Choose…",
        page: "/staff/complaints/:id",
        intent: "assign",
        closing: false,
        sort: "safe",
      },
      {
        rule: "publishing a promotion is confirmed",
        page: "/staff/promotions/:id",
        intent: "approve",
        closing: false,
        sort: "confirmed",
      },
      {
        rule: "an intent the table does not hold is unsorted",
        page: "/staff",
        intent: "bulk-delete",
        closing: false,
        sort: null,
      },
      {
        rule: "a page the table does not hold is unsorted",
        page: "/staff/nowhere",
        intent: "default",
        closing: false,
        sort: null,
      },
      { rule: "an own key of no object is no intent", page: "/staff", intent: "__proto__", closing: false, sort: null },
      { rule: "…nor a page", page: "constructor", intent: "default", closing: false, sort: null },
    ]),
  )("%s", (_, { page, intent, closing, sort }) => {
    expect(actionSort(page, intent, { closing })).toBe(sort);
  });

  it("gives every line one of the three sorts and words for what it does", () => {
    for (const [page, intents] of Object.entries(CONSOLE_ACTIONS)) {
      for (const [intent, rule] of Object.entries(intents)) {
        expect(ACTION_SORTS, `${page} ${intent}`).toContain(rule.sort);
        expect(rule.what.length, `${page} ${intent}`).toBeGreaterThan(10);
        if (rule.closing) expect(ACTION_SORTS).toContain(rule.closing);
      }
    }
  });

  it("knows which statuses close a lead", () => {
    expect(["new", "contacted", "in-progress", "completed", "declined", "withdrawn"].filter(closesLead)).toEqual([
      "completed",
      "declined",
      "withdrawn",
    ]);
  });
});
