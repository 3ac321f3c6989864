import { describe, expect, it } from "vitest";
import { needsInWords } from "./complaints-list-page";

// What a complaint's clock asks for, as Today and the complaints list say it: a reopened
// complaint says so, and owes its final response by the day it always did.

describe("what a complaint needs, in words", () => {
  const by = "2027-02-02T00:00:00.000Z";
  it.each([
    [{ kind: "reopened", by, overdue: false }, "Reopened: final response due by the end of Mon 1 Feb 2027", false],
    [{ kind: "reopened", by, overdue: true }, "Reopened: final response was due by the end of Mon 1 Feb 2027", true],
    [{ kind: "final-response", by, overdue: true }, "Final response was due by the end of Mon 1 Feb 2027", true],
    [{ kind: "waiting", by }, "Final response due by the end of Mon 1 Feb 2027", false],
  ] as const)("%o reads %s", (needs, text, overdue) => {
    expect(needsInWords(needs)).toEqual({ text, overdue });
  });
});
