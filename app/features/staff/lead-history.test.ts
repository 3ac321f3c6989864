import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "~/domain/lead-work";
import { byRule } from "../../../tests/support/by-rule";
import { leadHistory } from "./lead-history";

// The lead's timeline: arrival, the borrower's choice, emails sent and staff changes, in time order.

const arrival = { at: "2026-11-24T10:15:00.000Z", kindLabel: "Quote" };
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
        rule: "the borrower's choice at its time, between staff changes",
        input: {
          arrival,
          borrowerChoice: { label: "Tuesday 1 December 2026, between 10:00 and 11:00", at: "2026-11-24T11:00:00.000Z" },
          emails: [],
          staff: [note(1, "2026-11-24T10:30:00.000Z"), note(2, "2026-11-24T12:00:00.000Z")],
        },
        titles: [
          "Quote received",
          "staff 1",
          "The borrower asked to be called: Tuesday 1 December 2026, between 10:00 and 11:00",
          "staff 2",
        ],
      },
      {
        rule: "at the same moment: arrival, the borrower, an email, then staff",
        input: {
          arrival,
          borrowerChoice: { label: "As soon as possible", at: arrival.at },
          emails: [email("Same time", arrival.at)],
          staff: [note(7, arrival.at)],
        },
        titles: [
          "Quote received",
          "The borrower asked to be called: As soon as possible",
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
