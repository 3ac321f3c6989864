import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  afterLetter,
  type ComplaintStage,
  clockLines,
  complaintStage,
  nextDue,
  type StageFacts,
} from "./complaint-stages";

// A complaint's stage and the one day due next (docs/decisions/430), read from what was
// done to it. Received on Friday 27 November 2026 in England: acknowledgement due by the
// end of Friday 4 December, a summary resolution may close it until the end of Wednesday
// 2 December, the final response due by the end of Friday 22 January 2027.

const at = (iso: string) => new Date(iso);
const RECEIVED = at("2026-11-27T19:00:00Z");
const ACKNOWLEDGE_BY = "2026-12-05T00:00:00.000Z";
const FINAL_BY = "2027-01-23T00:00:00.000Z";
const NATION = "england-and-wales" as const;

const facts = (more: Partial<StageFacts> = {}): StageFacts => ({
  receivedAt: RECEIVED,
  acknowledgedAt: null,
  respondedAt: null,
  holdingSentAt: null,
  closedAt: null,
  referredAt: null,
  ombudsmanResult: null,
  letters: [],
  ...more,
});

const ACK = at("2026-11-30T10:00:00Z");
const ANSWERED = at("2026-12-10T10:00:00Z");
const CLOSED = at("2026-12-11T10:00:00Z");

describe("a complaint's stage moves with what is done to it", () => {
  it.each(
    byRule<{ rule: string; facts: StageFacts; stage: ComplaintStage; due: string | null; what?: string }>([
      {
        rule: "just in, nothing sent: received, its acknowledgement due",
        facts: facts(),
        stage: "received",
        due: ACKNOWLEDGE_BY,
        what: "acknowledgement",
      },
      {
        rule: "acknowledged: the final response is what is due next",
        facts: facts({ acknowledgedAt: ACK, letters: ["acknowledgement"] }),
        stage: "acknowledged",
        due: FINAL_BY,
        what: "final-response",
      },
      {
        rule: "a holding letter answers the eight weeks: nothing is due",
        facts: facts({ acknowledgedAt: ACK, holdingSentAt: ANSWERED, letters: ["acknowledgement", "holding"] }),
        stage: "holding-sent",
        due: null,
      },
      {
        rule: "a holding letter before the acknowledgement: the acknowledgement is still due",
        facts: facts({ holdingSentAt: ANSWERED, letters: ["holding"] }),
        stage: "holding-sent",
        due: ACKNOWLEDGE_BY,
        what: "acknowledgement",
      },
      {
        rule: "final response sent: nothing more is due",
        facts: facts({ acknowledgedAt: ACK, respondedAt: ANSWERED, letters: ["acknowledgement", "final-response"] }),
        stage: "final-response-sent",
        due: null,
      },
      {
        rule: "a final response after a holding letter is the stage",
        facts: facts({
          acknowledgedAt: ACK,
          holdingSentAt: ACK,
          respondedAt: ANSWERED,
          letters: ["acknowledgement", "holding", "final-response"],
        }),
        stage: "final-response-sent",
        due: null,
      },
      {
        rule: "a summary resolution closes it, and is its stage",
        facts: facts({ acknowledgedAt: ACK, respondedAt: ACK, closedAt: ACK, letters: ["summary-resolution"] }),
        stage: "summary-resolution-sent",
        due: null,
      },
      {
        rule: "closed after its final response",
        facts: facts({
          acknowledgedAt: ACK,
          respondedAt: ANSWERED,
          closedAt: CLOSED,
          letters: ["acknowledgement", "final-response"],
        }),
        stage: "closed",
        due: null,
      },
      {
        rule: "reopened (its answer taken back): the final response is due again, on the clock from when it came in",
        facts: facts({ acknowledgedAt: ACK, letters: ["acknowledgement", "final-response"] }),
        stage: "reopened",
        due: FINAL_BY,
        what: "final-response",
      },
      {
        rule: "reopened after a holding letter still owes its final response",
        facts: facts({
          acknowledgedAt: ACK,
          holdingSentAt: ACK,
          letters: ["acknowledgement", "holding", "final-response"],
        }),
        stage: "reopened",
        due: FINAL_BY,
        what: "final-response",
      },
      {
        rule: "reopened after a summary resolution",
        facts: facts({ acknowledgedAt: ACK, letters: ["summary-resolution"] }),
        stage: "reopened",
        due: FINAL_BY,
        what: "final-response",
      },
      {
        rule: "reopened and answered again: final response sent",
        facts: facts({
          acknowledgedAt: ACK,
          respondedAt: CLOSED,
          letters: ["acknowledgement", "final-response", "final-response"],
        }),
        stage: "final-response-sent",
        due: null,
      },
      {
        rule: "referred, the Ombudsman not yet decided, though closed: referred",
        facts: facts({
          acknowledgedAt: ACK,
          respondedAt: ANSWERED,
          closedAt: CLOSED,
          referredAt: CLOSED,
          ombudsmanResult: "pending",
          letters: ["acknowledgement", "final-response"],
        }),
        stage: "referred",
        due: null,
      },
      {
        rule: "referred before any answer: referred, and the final response still due",
        facts: facts({
          acknowledgedAt: ACK,
          referredAt: ANSWERED,
          ombudsmanResult: "pending",
          letters: ["acknowledgement"],
        }),
        stage: "referred",
        due: FINAL_BY,
        what: "final-response",
      },
      {
        rule: "the Ombudsman decided, and it is closed: closed",
        facts: facts({
          acknowledgedAt: ACK,
          respondedAt: ANSWERED,
          closedAt: CLOSED,
          referredAt: CLOSED,
          ombudsmanResult: "in-our-favour",
          letters: ["acknowledgement", "final-response"],
        }),
        stage: "closed",
        due: null,
      },
    ]),
  )("%s", (_, c) => {
    expect(complaintStage(c.facts)).toBe(c.stage);
    const due = nextDue(c.facts, ANSWERED, NATION);
    expect(due?.by.toISOString() ?? null).toBe(c.due);
    expect(due?.what).toBe(c.what);
  });
});

describe("the due day is overdue from the midnight that ends it", () => {
  it.each(
    byRule([
      { rule: "a minute before the acknowledgement's midnight: due", now: "2026-12-04T23:59:00Z", overdue: false },
      { rule: "at its midnight: overdue", now: ACKNOWLEDGE_BY, overdue: true },
    ]),
  )("%s", (_, c) => {
    expect(nextDue(facts(), at(c.now), NATION)?.overdue).toBe(c.overdue);
  });
});

describe("the clock lists what was done, and only the deadlines that still bind", () => {
  const lines = (f: StageFacts) => clockLines(f, NATION).map((line) => `${line.kind}: ${line.label}`);

  it("lists every deadline of a complaint just in", () => {
    expect(lines(facts())).toEqual([
      "deadline: Acknowledgement due by",
      "deadline: A summary resolution may close it until",
      "deadline: Four weeks run to",
      "deadline: The eighth week begins after",
      "deadline: Final response due by",
    ]);
  });

  it("lists the acknowledgement as sent, not as due, once it is", () => {
    const acknowledged = clockLines(facts({ acknowledgedAt: ACK, letters: ["acknowledgement"] }), NATION);
    expect(acknowledged[0]).toEqual({ kind: "done", label: "Acknowledged", at: ACK });
    expect(lines(facts({ acknowledgedAt: ACK }))).not.toContain("deadline: Acknowledgement due by");
  });

  it("drops the eight weeks' marks once the final response is sent", () => {
    expect(
      lines(facts({ acknowledgedAt: ACK, respondedAt: ANSWERED, letters: ["acknowledgement", "final-response"] })),
    ).toEqual(["done: Acknowledged", "done: Final response sent"]);
  });

  it("names a summary resolution as sent, and the closing", () => {
    expect(
      lines(facts({ acknowledgedAt: ACK, respondedAt: ACK, closedAt: ACK, letters: ["summary-resolution"] })),
    ).toEqual(["done: Acknowledged", "done: Summary resolution sent", "done: Closed"]);
  });

  it("after a holding letter: sent, and no deadline", () => {
    expect(lines(facts({ acknowledgedAt: ACK, holdingSentAt: ANSWERED }))).toEqual([
      "done: Acknowledged",
      "done: Holding letter sent",
    ]);
  });

  it("reopened: the eight weeks' marks are back, without the summary resolution's window", () => {
    expect(lines(facts({ acknowledgedAt: ACK, letters: ["final-response"] }))).toEqual([
      "done: Acknowledged",
      "deadline: Four weeks run to",
      "deadline: The eighth week begins after",
      "deadline: Final response due by",
    ]);
  });
});

describe("where a letter leaves the complaint, as its check step says", () => {
  it.each(
    byRule<{
      rule: string;
      from: StageFacts;
      kind: "acknowledgement" | "holding" | "summary-resolution" | "final-response";
      stage: ComplaintStage;
      due: string | null;
    }>([
      {
        rule: "an acknowledgement: acknowledged, the final response due next",
        from: facts(),
        kind: "acknowledgement",
        stage: "acknowledged",
        due: FINAL_BY,
      },
      {
        rule: "a final response: sent, nothing more due",
        from: facts({ acknowledgedAt: ACK, letters: ["acknowledgement"] }),
        kind: "final-response",
        stage: "final-response-sent",
        due: null,
      },
      {
        rule: "a summary resolution before any acknowledgement: it closes the complaint, and counts as acknowledging it",
        from: facts(),
        kind: "summary-resolution",
        stage: "summary-resolution-sent",
        due: null,
      },
      {
        rule: "a holding letter: sent, nothing due",
        from: facts({ acknowledgedAt: ACK, letters: ["acknowledgement"] }),
        kind: "holding",
        stage: "holding-sent",
        due: null,
      },
      {
        rule: "a final response to a reopened complaint: sent again",
        from: facts({ acknowledgedAt: ACK, letters: ["acknowledgement", "final-response"] }),
        kind: "final-response",
        stage: "final-response-sent",
        due: null,
      },
    ]),
  )("%s", (_, c) => {
    const after = afterLetter(c.from, c.kind, ANSWERED);
    expect(complaintStage(after)).toBe(c.stage);
    expect(nextDue(after, ANSWERED, NATION)?.by.toISOString() ?? null).toBe(c.due);
    expect(after.acknowledgedAt).not.toBeNull();
  });

  it("keeps the acknowledgement's first moment", () => {
    expect(afterLetter(facts({ acknowledgedAt: ACK }), "acknowledgement", ANSWERED).acknowledgedAt).toBe(ACK);
  });
});
