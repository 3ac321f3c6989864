import { dayInWords } from "./calendar-day";
import { COMPLAINT_OUTCOMES, type ComplaintLetter, type ComplaintOutcome } from "./complaints";

// The letters a complaint is sent (DISP 1.6, 1.5.4), each drafted from a template filled
// with the firm's and the complaint's details, edited by the handler, checked here, and
// kept exactly as sent. Plain text: paragraphs separated by a blank line.

export const FOS_WEBSITE = "https://www.financial-ombudsman.org.uk";
/** The Ombudsman's explanatory leaflet, "Your complaint and the ombudsman" (DISP 1.6.2R(1)(f)), linked in an email. */
export const FOS_LEAFLET = "https://www.financial-ombudsman.org.uk/publications/consumer-leaflet.htm";
export const FOS_PHONE = "0800 023 4567";

/**
 * DISP 1 Annex 3R(1), word for word: the firm does not consent to waive the six-month
 * time limit (docs/decisions/262).
 */
export const ANNEX_3R_WORDING = [
  "You have the right to refer your complaint to the Financial Ombudsman Service, free of charge – but you must do so within six months of the date of this letter.",
  "If you do not refer your complaint in time, the Ombudsman will not have our permission to consider your complaint and so will only be able to do so in very limited circumstances. For example, if the Ombudsman believes that the delay was as a result of exceptional circumstances.",
] as const;

/** Where the handler must write in a template before it can be sent. */
export const TO_BE_WRITTEN = /\[(?:Write|Say|Give)[^\]\n]{0,200}\]/;

export interface LetterFirm {
  brandName: string;
  companyName: string;
  phone: string;
  contactEmail: string;
  registeredAddress: string;
}

export interface LetterComplaint {
  reference: string;
  name: string;
  /** The UK day it came in, YYYY-MM-DD. */
  receivedDay: string;
  handlerName: string;
  /** The close of the eight weeks, as a UK day (holding response). */
  finalResponseDay: string;
}

export interface LetterDraft {
  subject: string;
  body: string;
}

const ombudsman = [
  `The Financial Ombudsman Service is a free, independent service for settling complaints between consumers and financial businesses. Its website is ${FOS_WEBSITE}, you can call it on ${FOS_PHONE}, and its leaflet "Your complaint and the ombudsman" is at ${FOS_LEAFLET}. You can find more information about it on its website.`,
];

/**
 * The template of a letter, filled in; a final response also names its outcome. A letter
 * to post carries the same words as the email, but is answered by writing, not replying.
 */
export function letterTemplate(
  kind: ComplaintLetter,
  firm: LetterFirm,
  complaint: LetterComplaint,
  outcome: ComplaintOutcome = "upheld",
  delivery: "email" | "post" = "email",
): LetterDraft {
  const dear = `Dear ${complaint.name},`;
  const received = dayInWords(complaint.receivedDay);
  const signOff = `Yours sincerely,\n${complaint.handlerName}\n${firm.brandName} (${firm.companyName})`;
  const paragraphs = ((): string[] => {
    switch (kind) {
      case "acknowledgement":
        return [
          dear,
          `Thank you for telling us about your complaint, which we received on ${received}. We are sorry that you have had reason to complain.`,
          `${complaint.handlerName} will look into it. They will write to you with our answer within eight weeks, and sooner if they can. If they need anything more from you, they will ask.`,
          `If you want to add anything, ${delivery === "post" ? `write to us at ${firm.registeredAddress}` : "reply to this email"} or call us on ${firm.phone}, quoting ${complaint.reference}.`,
          `If you are not happy with our answer, or we have not answered within eight weeks, you may refer your complaint to the Financial Ombudsman Service. ${ombudsman[0]}`,
          signOff,
        ];
      case "summary-resolution":
        return [
          dear,
          `Thank you for your complaint, which we received on ${received}. We now consider it resolved: [Write what was wrong and what we have done about it.]`,
          "If you later decide that you are not happy with how it was resolved, you may be able to refer your complaint to the Financial Ombudsman Service.",
          ...ANNEX_3R_WORDING,
          ...ombudsman,
          signOff,
        ];
      case "final-response":
        return [
          dear,
          `This is our final response to your complaint, which we received on ${received}.`,
          "[Write what you complained about, in a sentence or two.]",
          `Our decision: your complaint is ${COMPLAINT_OUTCOMES[outcome].toLowerCase()}. [Give our reasons.]`,
          outcome === "rejected"
            ? "We are not offering redress, for the reasons above."
            : "[Say what we will do to put things right, and any payment we offer.]",
          "If you are not happy with our response, you may refer your complaint to the Financial Ombudsman Service.",
          ...ANNEX_3R_WORDING,
          ...ombudsman,
          signOff,
        ];
      case "holding":
        return [
          dear,
          `We are writing about your complaint, which we received on ${received}. We are sorry that we have not yet been able to give you our final response.`,
          "[Write why we cannot answer yet.]",
          `We expect to send our final response by ${dayInWords(complaint.finalResponseDay)}.`,
          "You do not have to wait for it: you may refer your complaint to the Financial Ombudsman Service now.",
          ...ANNEX_3R_WORDING,
          ...ombudsman,
          signOff,
        ];
    }
  })();
  const subjects: Record<ComplaintLetter, string> = {
    acknowledgement: `We have received your complaint (${complaint.reference})`,
    "summary-resolution": `Your complaint is resolved (${complaint.reference})`,
    "final-response": `Our final response to your complaint (${complaint.reference})`,
    holding: `Your complaint: we need more time (${complaint.reference})`,
  };
  return { subject: subjects[kind], body: paragraphs.join("\n\n") };
}

export const LETTER_LIMITS = { subject: 200, body: 20_000 } as const;

/**
 * Why a letter as edited cannot be sent, by field, or nothing. Every letter but the
 * acknowledgement must still carry the Ombudsman's website and, word for word, the time
 * limits of DISP 1 Annex 3R; nothing the template asked the handler to write may be
 * left unwritten.
 */
export function letterProblems(kind: ComplaintLetter, letter: LetterDraft): Partial<Record<keyof LetterDraft, string>> {
  const problems: Partial<Record<keyof LetterDraft, string>> = {};
  const subject = letter.subject.trim();
  if (!subject) problems.subject = "Enter the letter's subject";
  else if (subject.length > LETTER_LIMITS.subject)
    problems.subject = `The subject must be ${LETTER_LIMITS.subject} characters or fewer`;
  const body = letter.body.slice(0, LETTER_LIMITS.body + 1);
  if (!body.trim()) problems.body = "Write the letter";
  else if (body.length > LETTER_LIMITS.body)
    problems.body = `The letter must be ${LETTER_LIMITS.body.toLocaleString("en-GB")} characters or fewer`;
  else if (TO_BE_WRITTEN.test(body)) problems.body = "Write the parts in square brackets before sending";
  else if (kind !== "acknowledgement" && !body.includes(FOS_WEBSITE))
    problems.body = `Keep the Financial Ombudsman Service's website (${FOS_WEBSITE}) in the letter`;
  else if (kind !== "acknowledgement" && !ANNEX_3R_WORDING.every((sentence) => flatten(body).includes(sentence)))
    problems.body = "Keep the Ombudsman's time limits word for word, as the template gives them";
  return problems;
}

/** White space folded, so a line the handler rewrapped still reads as the same words. */
const flatten = (text: string) => text.replace(/\s+/g, " ");
