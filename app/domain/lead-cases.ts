import { dayInWords, isCalendarDay } from "./calendar-day";
import { formatPounds, formatTerm, toPence } from "./finance";
import type { LeadKind, LeadStatus } from "./leads";
import { LEAD_STATUS_LABELS } from "./leads";
import { commissionFor } from "./lender-matching";
import { readFormNumber } from "./lender-products";
import { type Option, optionLabel } from "./options";
import { ukClock } from "./uk-time";

// A lead's case with a lender (DECISIONS D22, issue 30, docs/decisions/230): after contact
// the adviser sends an application to one of the panel's products, the lender makes an
// offer, and the loan completes (the commission is earned then) or the lender declines.
// Which moves are allowed, the forms each move posts, and the commission. Pure: no
// database; the clock is passed in.

export const CASE_STAGES = [
  { value: "application-sent", label: "Application sent" },
  { value: "offer-received", label: "Offer received" },
  { value: "completed", label: "Completed" },
  { value: "declined", label: "Declined by the lender" },
] as const satisfies readonly Option[];
export type CaseStage = (typeof CASE_STAGES)[number]["value"];

export const isCaseStage = (value: unknown): value is CaseStage =>
  typeof value === "string" && CASE_STAGES.some((s) => s.value === value);

export const caseStageLabel = (stage: CaseStage) => optionLabel(CASE_STAGES, stage);

/**
 * The moves from each stage (`null`: no case yet). A case starts with the application;
 * the lender answers it with an offer or a decline; an offer completes or is declined.
 * Completed and declined are final for the case; after a decline the lead may start a
 * new case with another lender (docs/decisions/256).
 */
export const CASE_MOVES: Record<CaseStage | "none", readonly CaseStage[]> = {
  none: ["application-sent"],
  "application-sent": ["offer-received", "declined"],
  "offer-received": ["completed", "declined"],
  completed: [],
  declined: [],
};

export const nextStages = (stage: CaseStage | null): readonly CaseStage[] => CASE_MOVES[stage ?? "none"];

/** The lead a case is about, as far as the rules need it. */
export interface CaseLead {
  kind: LeadKind;
  /** A quick-check enquiry's loan type; the quick check sends only its homeowner path. */
  loanType?: string | null;
  status: LeadStatus;
}

/** Quotes and the quick check's homeowner enquiries are loans a lender can take; a contact message is not. */
export const canHaveCase = (lead: Pick<CaseLead, "kind" | "loanType">) =>
  lead.kind === "quote" || (lead.kind === "personal-enquiry" && (lead.loanType ?? "homeowner") === "homeowner");

/** The lead statuses a case moves in: after contact, while the lead is open. */
const WORKING: readonly LeadStatus[] = ["contacted", "in-progress"];

export const CASE_PROBLEMS = {
  kind: "A contact message cannot have a case: only a quote or a quick-check homeowner enquiry goes to a lender",
  notContacted: "Speak to the borrower before starting a case: log the call that reached them first",
  noCase: "This lead has no case yet: start one by sending the application to a product that fits",
  started: "This lead already has a case: move it on from its stage below",
} as const;

const or = (labels: string[]) =>
  labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;

/**
 * Why the case of `lead`, now at `stage` (its latest case's; null: none), cannot move to
 * `to`; null when it can. A stage out of order is refused with the stages that may come
 * next. A declined case is over: the application to another lender starts a new case.
 */
export function caseMoveProblem(lead: CaseLead, latest: CaseStage | null, to: CaseStage): string | null {
  const stage = latest === "declined" && to === "application-sent" ? null : latest;
  if (!canHaveCase(lead)) return CASE_PROBLEMS.kind;
  if (stage === null && to !== "application-sent") return CASE_PROBLEMS.noCase;
  if (stage !== null && to === "application-sent") return CASE_PROBLEMS.started;
  if (stage !== null && nextStages(stage).length === 0) {
    return `This case is ${caseStageLabel(stage).toLowerCase()}: it takes no further stage`;
  }
  if (!WORKING.includes(lead.status)) {
    if (lead.status === "new") return CASE_PROBLEMS.notContacted;
    return `This lead is ${LEAD_STATUS_LABELS[lead.status].toLowerCase()}: reopen it before moving its case on`;
  }
  const next = nextStages(stage);
  if (!next.includes(to)) {
    return `A case at "${caseStageLabel(stage as CaseStage)}" moves next to ${or(next.map((s) => `"${caseStageLabel(s)}"`))}, not "${caseStageLabel(to)}"`;
  }
  return null;
}

/**
 * The lead's status once its case has moved to `to`: sending the application puts a
 * contacted lead in progress; completion completes it; the lender's decline declines it
 * (with the close reason "lender-declined"); an offer leaves it as it is.
 */
export function leadStatusAfterCase(status: LeadStatus, to: CaseStage): LeadStatus {
  if (to === "application-sent" || to === "offer-received") return status === "contacted" ? "in-progress" : status;
  return to;
}

// ---------------------------------------------------------------- the lender's decline

export const LENDER_DECLINE_REASONS = [
  { value: "affordability", label: "Affordability" },
  { value: "credit-history", label: "Credit history or score" },
  { value: "loan-to-value", label: "Loan to value too high" },
  { value: "property", label: "The property (its valuation or type)" },
  { value: "income-not-proven", label: "Income could not be proven" },
  { value: "outside-policy", label: "Outside the lender's policy" },
  { value: "other", label: "Other (say why in the note)" },
] as const satisfies readonly Option[];
export type LenderDeclineReason = (typeof LENDER_DECLINE_REASONS)[number]["value"];

/** A reason as the timeline shows it, without the form's prompt for a note. */
export const declineReasonLabel = (reason: string) =>
  optionLabel(LENDER_DECLINE_REASONS, reason).replace(/ \(say why in the note\)$/, "");

// ---------------------------------------------------------------- the forms

/** Each stage's form posts these fields (the names the page and the error messages share). */
export const CASE_FIELDS = {
  "application-sent": ["productId"],
  "offer-received": ["offerAmount", "offerRate", "offerTerm"],
  completed: ["completedAmount", "completedOn", "commission", "commissionReason"],
  declined: ["declinedReason", "declinedNote"],
} as const satisfies Record<CaseStage, readonly string[]>;
/** A completed case's commission corrected: not a stage, a change to the completion's figure. */
export const COMMISSION_CHANGE_FIELDS = ["newCommission", "changeReason"] as const;

/** The longest note or reason kept with a case. */
export const CASE_NOTE_MAX_LENGTH = 500;
/** Far above any second charge, low enough for the figures to stay exact (as the panel's own cap). */
const MAX_AMOUNT = 10_000_000;
const MAX_TERM_MONTHS = 480;
const MAX_COMMISSION_POUNDS = 1_000_000;

export interface Offer {
  amount: number;
  ratePercent: number;
  termMonths: number;
}

export interface Completion {
  amount: number;
  /** The UK day the loan completed, YYYY-MM-DD. */
  completedOn: string;
  commissionPence: number;
  /** Why the commission differs from the product's; null when it is the product's. */
  commissionReason: string | null;
}

export interface Decline {
  reason: LenderDeclineReason;
  note: string | null;
}

export type FormRead<T> = { ok: true; value: T } | { ok: false; problems: Record<string, string> };

type Read = (name: string) => string;
/** One field read: its value, or the problem to show beside it. */
type Field<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Reads several fields at once: each one's problem beside it, or every value. */
function readAll<T extends object>(
  reads: { [K in keyof T]: Field<T[K]> },
  fields: Record<keyof T, string>,
): FormRead<T> {
  const problems: Record<string, string> = {};
  const value = {} as T;
  for (const key of Object.keys(reads) as (keyof T)[]) {
    const read = reads[key];
    if (read.ok) value[key] = read.value;
    else problems[fields[key]] = read.problem;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, value };
}

/** The offer: the amount the lender offers, its rate and its term. */
export function readOffer(get: Read): FormRead<Offer> {
  return readAll<Offer>(
    {
      amount: readFormNumber(get("offerAmount").trim(), "the amount offered in pounds", { min: 1, max: MAX_AMOUNT }),
      ratePercent: readFormNumber(get("offerRate").trim(), "the offer's rate in per cent", {
        min: 0,
        max: 100,
        decimals: 2,
      }),
      termMonths: readFormNumber(get("offerTerm").trim(), "the offer's term in months", {
        min: 1,
        max: MAX_TERM_MONTHS,
      }),
    },
    { amount: "offerAmount", ratePercent: "offerRate", termMonths: "offerTerm" },
  );
}

/**
 * The broker's commission on `amount` pounds lent under a product, in pence: the
 * product's percentage of the loan, rounded half up to the penny, plus its fixed sum.
 */
export function caseCommissionPence(
  criteria: { commissionPercent: number; commissionFixedPounds: number },
  amount: number,
): number {
  return toPence(commissionFor(criteria, amount));
}

export const COMPLETION_PROBLEMS = {
  day: "Enter the completion date as a date, such as 2026-11-20",
  future: "The completion date cannot be in the future",
  reason: (computed: number) =>
    `Say why the commission differs from the product's ${formatPounds(computed / 100, { pence: true })}`,
  reasonLength: `The reason must be ${CASE_NOTE_MAX_LENGTH} characters or fewer`,
} as const;

/**
 * The completion posted at `now`: the amount lent, the UK day it completed (a real day,
 * not after today), and the commission. A blank commission is the product's own for the
 * amount lent; a different one is taken only with a reason.
 */
export function readCompletion(
  get: Read,
  criteria: { commissionPercent: number; commissionFixedPounds: number },
  now: Date,
): FormRead<Completion> {
  const amount = readFormNumber(get("completedAmount").trim(), "the amount lent in pounds", {
    min: 1,
    max: MAX_AMOUNT,
  });
  const day = get("completedOn").trim();
  const completedOn: Field<string> = !isCalendarDay(day)
    ? { ok: false, problem: COMPLETION_PROBLEMS.day }
    : day > ukClock(now).day
      ? { ok: false, problem: COMPLETION_PROBLEMS.future }
      : { ok: true, value: day };
  const commissionText = get("commission").trim();
  const reasonText = get("commissionReason").trim();
  const typed =
    commissionText === ""
      ? null
      : readFormNumber(commissionText, "the commission in pounds", { min: 0, max: MAX_COMMISSION_POUNDS, decimals: 2 });
  let commissionPence: Field<number>;
  let commissionReason: Field<string | null> = { ok: true, value: null };
  if (typed && !typed.ok) commissionPence = typed;
  else if (!amount.ok) {
    // Nothing to compute from: the amount's own problem says what to mend.
    commissionPence = { ok: true, value: typed ? toPence(typed.value) : 0 };
  } else {
    const computed = caseCommissionPence(criteria, amount.value);
    const chosen = typed ? toPence(typed.value) : computed;
    commissionPence = { ok: true, value: chosen };
    if (chosen !== computed) {
      commissionReason =
        reasonText === ""
          ? { ok: false, problem: COMPLETION_PROBLEMS.reason(computed) }
          : reasonText.length > CASE_NOTE_MAX_LENGTH
            ? { ok: false, problem: COMPLETION_PROBLEMS.reasonLength }
            : { ok: true, value: reasonText };
    }
  }
  return readAll<Completion>(
    { amount, completedOn, commissionPence, commissionReason },
    {
      amount: "completedAmount",
      completedOn: "completedOn",
      commissionPence: "commission",
      commissionReason: "commissionReason",
    },
  );
}

export const COMMISSION_CHANGE_PROBLEMS = {
  same: "That is the commission already: enter the new figure",
  reason: "Say why the commission is changed",
  reasonLength: `The reason must be ${CASE_NOTE_MAX_LENGTH} characters or fewer`,
} as const;

/**
 * A completed case's commission corrected (the lender paid another figure): the new
 * figure, different from `currentPence`, and always a reason.
 */
export function readCommissionChange(get: Read, currentPence: number): FormRead<{ pence: number; reason: string }> {
  const typed = readFormNumber(get("newCommission").trim(), "the commission in pounds", {
    min: 0,
    max: MAX_COMMISSION_POUNDS,
    decimals: 2,
  });
  const pence: Field<number> = !typed.ok
    ? typed
    : toPence(typed.value) === currentPence
      ? { ok: false, problem: COMMISSION_CHANGE_PROBLEMS.same }
      : { ok: true, value: toPence(typed.value) };
  const text = get("changeReason").trim();
  const reason: Field<string> =
    text === ""
      ? { ok: false, problem: COMMISSION_CHANGE_PROBLEMS.reason }
      : text.length > CASE_NOTE_MAX_LENGTH
        ? { ok: false, problem: COMMISSION_CHANGE_PROBLEMS.reasonLength }
        : { ok: true, value: text };
  return readAll<{ pence: number; reason: string }>(
    { pence, reason },
    { pence: "newCommission", reason: "changeReason" },
  );
}

export const DECLINE_PROBLEMS = {
  reason: "Choose why the lender declined",
  note: "Say why in the note: the reason is other",
  noteLength: `The note must be ${CASE_NOTE_MAX_LENGTH} characters or fewer`,
} as const;

/** The lender's decline: a reason from the list, and "other" only with a note. */
export function readDecline(get: Read): FormRead<Decline> {
  const reason = LENDER_DECLINE_REASONS.find((r) => r.value === get("declinedReason"))?.value;
  const note = get("declinedNote").trim();
  const problems: Record<string, string> = {};
  if (!reason) problems.declinedReason = DECLINE_PROBLEMS.reason;
  else if (reason === "other" && note === "") problems.declinedNote = DECLINE_PROBLEMS.note;
  if (note.length > CASE_NOTE_MAX_LENGTH) problems.declinedNote = DECLINE_PROBLEMS.noteLength;
  if (!reason || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { reason, note: note || null } };
}

// ---------------------------------------------------------------- the timeline

/** One move as the timeline names it: "Case: application sent to Example Lender A, Homeowner plus". */
export type CaseMoveRecord =
  | { to: "commission-changed"; fromPence: number; toPence: number; reason: string }
  | { to: "application-sent"; lender: string; productName: string }
  | { to: "offer-received"; offer: Offer }
  | { to: "completed"; completion: Completion }
  | { to: "declined"; decline: Decline };

/** The words a move is kept with on the lead's timeline (its note: the figures as they were). */
export function describeCaseMove(move: CaseMoveRecord): string {
  switch (move.to) {
    case "commission-changed":
      return `Commission changed from ${formatPounds(move.fromPence / 100, { pence: true })} to ${formatPounds(
        move.toPence / 100,
        { pence: true },
      )} (${move.reason})`;
    case "application-sent":
      return `Application sent to ${move.lender}, ${move.productName}`;
    case "offer-received": {
      const { amount, ratePercent, termMonths } = move.offer;
      return `Offer received: ${formatPounds(amount)} at ${ratePercent}% over ${formatTerm(termMonths)}`;
    }
    case "completed": {
      const c = move.completion;
      const commission = formatPounds(c.commissionPence / 100, { pence: true });
      return `Completed: ${formatPounds(c.amount)} lent on ${dayInWords(c.completedOn)}; commission ${commission}${
        c.commissionReason ? ` (changed: ${c.commissionReason})` : ""
      }`;
    }
    case "declined":
      return `Declined by the lender: ${declineReasonLabel(move.decline.reason)}${
        move.decline.note ? ` (${move.decline.note})` : ""
      }`;
  }
}
