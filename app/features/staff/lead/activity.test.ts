import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "~/domain/lead-work";
import { byRule } from "../../../../tests/support/by-rule";
import { leadHistory } from "../lead-history";
import { activityFeed, feedCounts, type LeadRecordsView, readFeedShow } from "./activity";
import { nextActionLine } from "./next-action";

// The lead page's activity feed: everything about the lead and its person, newest first,
// each with who and when, filtered by kind; and the one next action the header shows.

const event = (id: number, at: string, extra: Partial<TimelineEvent<string>>): TimelineEvent<string> => ({
  id,
  at,
  type: "note",
  actorName: "Sam Adviser",
  fromStatus: null,
  toStatus: null,
  note: null,
  assigneeName: null,
  outcome: null,
  reason: null,
  nextActionKind: null,
  nextActionAt: null,
  ...extra,
});

const history = leadHistory({
  arrival: { at: "2026-12-07T09:00:00.000Z", kindLabel: "Quote" },
  borrowerChoice: null,
  emails: [{ subject: "Your quote", to: "pat@example.com", text: "Hello", sentAt: "2026-12-07T09:01:00.000Z" }],
  staff: [
    event(1, "2026-12-07T10:00:00.000Z", {
      type: "call",
      outcome: "spoke",
      note: "Wants 5 years",
      nextActionKind: "call-back",
      nextActionAt: "2026-12-08T10:30:00.000Z",
    }),
    event(2, "2026-12-07T10:00:00.000Z", { type: "status", fromStatus: "new", toStatus: "contacted" }),
    event(3, "2026-12-07T11:00:00.000Z", { type: "message", channel: "email-sent", note: "Sent the forms" }),
    event(4, "2026-12-07T12:00:00.000Z", { type: "note", note: "Prefers email" }),
  ],
});

const records: LeadRecordsView = {
  complaints: [{ id: "c1", receivedAt: "2026-12-07T13:00:00.000Z", closedAt: null }],
  dataRequests: [
    {
      id: "r1",
      kind: "correction",
      receivedAt: "2026-12-07T14:00:00.000Z",
      // The midnight that ends the due day (dataRequestDueBy): the day said is the one it ends.
      dueBy: "2027-01-07T00:00:00.000Z",
      answeredAt: null,
    },
  ],
  needsChanges: [{ at: "2026-12-07T15:00:00.000Z", action: "needs.record", actorName: "Sam Adviser" }],
  needsHeld: true,
};

describe("the activity feed", () => {
  it("lists everything newest first, each with who, and at one moment the later-told first", () => {
    expect(activityFeed(history, records, "all").map((i) => [i.kind, i.title, i.who])).toEqual([
      ["changes", "Needs record changed", "Sam Adviser"],
      ["requests", "Request: Correct my details; to answer by Wed 6 Jan 2027", "The borrower"],
      ["requests", "Complaint received: open", "The borrower"],
      ["notes", "Note", "Sam Adviser"],
      ["messages", "Email sent to them", "Sam Adviser"],
      ["changes", "Status: New → Contacted", "Sam Adviser"],
      ["calls", "Call: Spoke to them. Next action: Call back, Tue 8 Dec 2026, 10:30am", "Sam Adviser"],
      ["messages", "Email sent to pat@example.com: Your quote", "The website"],
      ["changes", "Quote received", "From the website"],
    ]);
  });

  it.each(
    byRule([
      { rule: "calls alone", show: "calls" as const, titles: ["Call: Spoke to them."] },
      {
        rule: "emails logged and sent",
        show: "messages" as const,
        titles: ["Email sent to them", "Email sent to pat"],
      },
      { rule: "notes", show: "notes" as const, titles: ["Note"] },
      {
        rule: "complaints and requests",
        show: "requests" as const,
        titles: ["Request: Correct", "Complaint received"],
      },
    ]),
  )("%s", (_, { show, titles }) => {
    const items = activityFeed(history, records, show);
    expect(items).toHaveLength(titles.length);
    expect(items.map((item, i) => item.title.startsWith(titles[i] as string))).toEqual(titles.map(() => true));
  });

  it("counts each kind for the filter's links", () => {
    expect(feedCounts(activityFeed(history, records, "all"))).toEqual({
      all: 9,
      calls: 1,
      messages: 2,
      notes: 1,
      changes: 3,
      requests: 2,
    });
  });

  it("reads the kind from the URL, anything else as everything", () => {
    expect(readFeedShow("calls")).toBe("calls");
    expect(readFeedShow(null)).toBe("all");
    expect(readFeedShow("toString")).toBe("all");
  });

  it("links a complaint and a request to their own pages, for the roles that open them", () => {
    const [request, complaint] = activityFeed(history, records, "requests");
    expect(complaint?.link).toEqual({
      to: "/staff/complaints/c1",
      label: "Open the complaint",
      permission: "complaints.handle",
    });
    expect(request?.link?.permission).toBe("data-requests.answer");
  });
});

describe("the one next action", () => {
  const at = "2026-12-08T15:00:00.000Z";
  it.each(
    byRule([
      { rule: "none", next: null, callbackAt: null, want: null },
      {
        rule: "a call-back at the hour the borrower chose is said as that hour, once",
        next: { kind: "call-back" as const, label: "Call back", at },
        callbackAt: at,
        want: { what: "Call back", when: "Tue 8 Dec 2026, 3pm to 4pm, the hour they chose" },
      },
      {
        rule: "a call-back the adviser booked at another time",
        next: { kind: "call-back" as const, label: "Call back", at: "2026-12-08T10:30:00.000Z" },
        callbackAt: at,
        want: { what: "Call back", when: "Tue 8 Dec 2026, 10:30am" },
      },
      {
        rule: "as soon as possible: since when it waits",
        next: { kind: "call-soonest" as const, label: "Call as soon as possible", at },
        callbackAt: null,
        want: { what: "Call as soon as possible", when: "waiting since Tue 8 Dec 2026, 3pm" },
      },
    ]),
  )("%s", (_, { next, callbackAt, want }) => {
    expect(nextActionLine({ nextAction: next, callbackAt })).toEqual(want);
  });
});
