import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "~/domain/lead-work";
import { byRule } from "../../../tests/support/by-rule";
import { leadHistory } from "./lead-history";

// The lead's timeline: arrival, the borrower's choice, emails sent and staff changes, in time order.

const arrival = { at: "2026-11-24T10:15:00.000Z", kindLabel: "Quote" };
/** The borrower's own event: a slot (its start) or, with no time, the soonest call. */
const chose = (id: number, at: string, slot: string | null): TimelineEvent<string> => ({
  ...note(id, at),
  type: "callback-chosen",
  actorName: null,
  note: null,
  nextActionKind: slot ? "call-back" : "call-soonest",
  nextActionAt: slot,
});
const note = (id: number, at: string): TimelineEvent<string> => ({
  id,
  at,
  type: "note",
  actorName: "Sam Adviser",
  fromStatus: null,
  toStatus: null,
  note: "Rang, no answer",
  assigneeName: null,
  outcome: null,
  reason: null,
  nextActionKind: null,
  nextActionAt: null,
});
const email = (subject: string, sentAt: string) => ({
  subject,
  to: "leads@example.com",
  text: `${subject}\n\nBody`,
  sentAt,
});

describe("leadHistory", () => {
  it.each(
    byRule([
      {
        rule: "a lead nobody has touched: its arrival alone",
        input: { arrival, borrowerChoice: null, emails: [], staff: [] },
        titles: ["Quote received"],
      },
      {
        rule: "the emails sent at arrival come after the arrival, in the order sent",
        input: {
          arrival,
          borrowerChoice: null,
          emails: [email("Second", "2026-11-24T10:15:02.000Z"), email("First", "2026-11-24T10:15:01.000Z")],
          staff: [],
        },
        titles: ["Quote received", "Email sent to leads@example.com: First", "Email sent to leads@example.com: Second"],
      },
      {
        rule: "each of the borrower's choices at its time, in words, between staff changes",
        input: {
          arrival,
          borrowerChoice: { choice: { kind: "soonest" as const }, at: "2026-11-24T12:30:00.000Z" },
          emails: [],
          staff: [
            note(1, "2026-11-24T10:30:00.000Z"),
            chose(2, "2026-11-24T11:00:00.000Z", "2026-11-26T10:00:00.000Z"),
            note(3, "2026-11-24T12:00:00.000Z"),
            chose(4, "2026-11-24T12:30:00.000Z", null),
          ],
        },
        titles: [
          "Quote received",
          "staff 1",
          "The borrower asked to be called on Thu 26 Nov 2026, 10am to 11am",
          "staff 3",
          "The borrower asked to be called as soon as possible",
        ],
      },
      {
        rule: "a choice made before each was kept: the one stored on the lead, at its time",
        input: {
          arrival,
          borrowerChoice: {
            choice: { kind: "slot" as const, at: "2026-12-01T10:00:00.000Z" },
            at: "2026-11-24T11:00:00.000Z",
          },
          emails: [],
          staff: [note(1, "2026-11-24T10:30:00.000Z"), note(2, "2026-11-24T12:00:00.000Z")],
        },
        titles: [
          "Quote received",
          "staff 1",
          "The borrower asked to be called on Tue 1 Dec 2026, 10am to 11am",
          "staff 2",
        ],
      },
      {
        rule: "at the same moment: arrival, the borrower, an email, then staff",
        input: {
          arrival,
          borrowerChoice: null,
          emails: [email("Same time", arrival.at)],
          staff: [note(7, arrival.at), chose(8, arrival.at, null)],
        },
        titles: [
          "Quote received",
          "The borrower asked to be called as soon as possible",
          "Email sent to leads@example.com: Same time",
          "staff 7",
        ],
      },
    ]),
  )("%s", (_rule, { input, titles }) => {
    const entries = leadHistory(input);
    expect(entries.map((e) => (e.type === "staff" ? `staff ${e.event.id}` : e.title))).toEqual(titles);
  });

  it("keeps each email's text for the page to show", () => {
    const [, sent] = leadHistory({ arrival, borrowerChoice: null, emails: [email("A", arrival.at)], staff: [] });
    expect(sent?.type === "email" && sent.email.text).toBe("A\n\nBody");
  });
});
