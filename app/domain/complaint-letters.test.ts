import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import { ANNEX_3R_WORDING, FOS_WEBSITE, letterProblems, letterTemplate } from "./complaint-letters";
import { COMPLAINT_LETTERS, type ComplaintLetter } from "./complaints";

// A complaint's letters: drafted from templates, refused when the handler has left a
// part unwritten or taken out what DISP 1 requires (the Ombudsman's website, and the
// time limits of DISP 1 Annex 3R word for word).

const firm = {
  brandName: "Harbourside Loans",
  companyName: "Harbourside Finance Ltd",
  phone: "0117 496 0123",
  contactEmail: "hello@harbourside-loans.example",
  registeredAddress: "1 Harbourside Quay, Bristol",
};
const complaint = {
  reference: "C-7F3A21",
  name: "Jane Smith",
  receivedDay: "2026-11-27",
  handlerName: "Ann Adviser",
  finalResponseDay: "2027-01-22",
};
/** A template with every part the handler must write written. */
const written = (kind: ComplaintLetter) => {
  const draft = letterTemplate(kind, firm, complaint);
  return { ...draft, body: draft.body.replace(/\[(?:Write|Say|Give)[^\]]*\]/g, "We phoned you late.") };
};

describe("letterTemplate", () => {
  it.each(Object.keys(COMPLAINT_LETTERS) as ComplaintLetter[])(
    "%s names the complaint and is signed by its handler",
    (kind) => {
      const { subject, body } = letterTemplate(kind, firm, complaint);
      expect(subject).toContain("C-7F3A21");
      expect(body).toMatch(/^Dear Jane Smith,/);
      expect(body).toContain("27 Nov 2026");
      expect(body).toMatch(/Yours sincerely,\nAnn Adviser\nHarbourside Loans \(Harbourside Finance Ltd\)$/);
      expect(body).toContain(FOS_WEBSITE);
    },
  );

  it("a holding response gives the day the final response will come, and says they may go to the Ombudsman now", () => {
    const { body } = letterTemplate("holding", firm, complaint);
    expect(body).toContain("by Fri 22 Jan 2027");
    expect(body).toContain("you may refer your complaint to the Financial Ombudsman Service now");
  });

  it.each([
    ["upheld", "your complaint is upheld", "[Say what we will do"],
    ["partly-upheld", "your complaint is partly upheld", "[Say what we will do"],
    ["rejected", "your complaint is not upheld", "We are not offering redress"],
  ] as const)("a final response %s says so", (outcome, words, redress) => {
    const { body } = letterTemplate("final-response", firm, complaint, outcome);
    expect(body).toContain(words);
    expect(body).toContain(redress);
  });
});

describe("letterProblems", () => {
  const finalResponse = written("final-response");
  it.each(
    byRule([
      { rule: "a written final response can be sent", kind: "final-response", letter: finalResponse, problems: {} },
      {
        rule: "the template as it comes cannot: its parts in square brackets are unwritten",
        kind: "final-response",
        letter: letterTemplate("final-response", firm, complaint),
        problems: { body: "Write the parts in square brackets before sending" },
      },
      {
        rule: "the Ombudsman's website taken out",
        kind: "final-response",
        letter: { ...finalResponse, body: finalResponse.body.replaceAll(FOS_WEBSITE, "our website") },
        problems: { body: `Keep the Financial Ombudsman Service's website (${FOS_WEBSITE}) in the letter` },
      },
      {
        rule: "the time limits changed by a word",
        kind: "summary-resolution",
        letter: {
          ...written("summary-resolution"),
          body: written("summary-resolution").body.replace("six months", "a year"),
        },
        problems: { body: "Keep the Ombudsman's time limits word for word, as the template gives them" },
      },
      {
        rule: "the time limits rewrapped over lines still read as the same words",
        kind: "holding",
        letter: {
          ...written("holding"),
          body: written("holding").body.replace(ANNEX_3R_WORDING[0], ANNEX_3R_WORDING[0].replace(" – but", "\n– but")),
        },
        problems: {},
      },
      {
        rule: "an acknowledgement need not carry the time limits",
        kind: "acknowledgement",
        letter: { subject: "Received", body: "Dear Jane, we have your complaint." },
        problems: {},
      },
      {
        rule: "an empty letter",
        kind: "holding",
        letter: { subject: " ", body: " \n " },
        problems: { subject: "Enter the letter's subject", body: "Write the letter" },
      },
      {
        rule: "a letter too long",
        kind: "acknowledgement",
        letter: { subject: "x".repeat(201), body: "x".repeat(20_001) },
        problems: {
          subject: "The subject must be 200 characters or fewer",
          body: "The letter must be 20,000 characters or fewer",
        },
      },
    ] as const),
  )("%s", (_rule, { kind, letter, problems }) => {
    expect(letterProblems(kind, letter)).toEqual(problems);
  });
});
