import { describe, expect, it } from "vitest";
import { byRule } from "../../../tests/support/by-rule";
import { selectionText } from "./inbox-bulk";

// The selection bar's words (DECISIONS D31): how many leads are ticked, who has them now,
// and to whom they would go.

const row = (id: string, assigneeName: string | null) => ({ kind: "quote" as const, id, version: 1, assigneeName });

describe("the ticked leads in words", () => {
  it.each(
    byRule([
      { rule: "nothing ticked", ticked: [], assignee: "Cara", text: "No leads ticked." },
      {
        rule: "three ticked, two Bob's, to Cara",
        ticked: [row("a", "Bob"), row("b", "Bob"), row("c", null)],
        assignee: "Cara",
        text: "Assign 3 leads, 2 now Bob's and 1 with no one, to Cara?",
      },
      { rule: "one lead, to no one", ticked: [row("a", "Bob")], assignee: "", text: "Unassign 1 lead, 1 now Bob's?" },
      {
        rule: "no one chosen yet",
        ticked: [row("a", "Bob"), row("b", "Ann")],
        assignee: null,
        text: "2 leads ticked: 1 now Bob's and 1 now Ann's.",
      },
      {
        rule: "three holders listed in turn",
        ticked: [row("a", "Bob"), row("b", "Ann"), row("c", null)],
        assignee: "Cara",
        text: "Assign 3 leads, 1 now Bob's, 1 now Ann's and 1 with no one, to Cara?",
      },
    ]),
  )("%s", (_, { ticked, assignee, text }) => {
    expect(selectionText(ticked, assignee)).toBe(text);
  });
});
