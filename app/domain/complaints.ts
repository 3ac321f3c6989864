import { addDays } from "./calendar-day";
import { type BankHolidayNation, isBankHoliday } from "./callbacks";
import { ukClock, ukInstant } from "./uk-time";

// Complaints as DISP 1 asks (DECISIONS D26): what a complaint is about, how it came in,
// and its clock, in UK time. A business day is any day but a Saturday, a Sunday or a bank
// holiday of the firm's nation (the FCA Handbook's glossary: Christmas Day and Good
// Friday are bank holidays in every nation's calendar). Pure: `now` is always passed in.

// ---------------------------------------------------------------- the short lists

/** How a complaint reached the firm. */
export const COMPLAINT_CHANNELS = {
  "web-form": "Complaint form on the website",
  phone: "Phone",
  email: "Email",
  letter: "Letter",
  "contact-message": "Contact message",
} as const;
export type ComplaintChannel = keyof typeof COMPLAINT_CHANNELS;

/** What it is about. */
export const COMPLAINT_SUBJECTS = {
  lead: "An enquiry or application",
  case: "A loan arranged with a lender",
  adviser: "An adviser",
  website: "The website",
  other: "Something else",
} as const;
export type ComplaintSubject = keyof typeof COMPLAINT_SUBJECTS;

/** The categories of the FCA's complaints return (DISP 1 Annex 1R), as a broker meets them. */
export const COMPLAINT_CATEGORIES = {
  "advising-selling-arranging": "Advising, selling and arranging",
  "terms-charges": "Terms and disputed sums or charges",
  "admin-service": "General administration and customer service",
  arrears: "Arrears related",
  other: "Other",
} as const;
export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORIES;

/** Why it happened, found while handling it (DISP 1.3.3: root causes analysed). */
export const COMPLAINT_ROOT_CAUSES = {
  communication: "Communication unclear or missing",
  delay: "Delay",
  "process-not-followed": "Our process was not followed",
  "product-information": "Product information",
  "lender-decision": "A lender's decision or service",
  "system-error": "System or website error",
  "no-fault": "No fault found",
} as const;
export type ComplaintRootCause = keyof typeof COMPLAINT_ROOT_CAUSES;

/** The outcome of a final response (DISP 1.6.2R(1)). */
export const COMPLAINT_OUTCOMES = {
  upheld: "Upheld",
  "partly-upheld": "Partly upheld",
  rejected: "Not upheld",
} as const;
export type ComplaintOutcome = keyof typeof COMPLAINT_OUTCOMES;

/** What the Financial Ombudsman Service decided of a complaint referred to it. */
export const OMBUDSMAN_RESULTS = {
  pending: "Not yet decided",
  "in-our-favour": "In our favour",
  "in-their-favour": "In the complainant's favour",
  settled: "Settled before a decision",
  withdrawn: "Withdrawn",
} as const;
export type OmbudsmanResult = keyof typeof OMBUDSMAN_RESULTS;

/** The letters a complaint may be sent, each from its template. */
export const COMPLAINT_LETTERS = {
  acknowledgement: "Acknowledgement",
  "summary-resolution": "Summary resolution",
  "final-response": "Final response",
  holding: "Holding response",
} as const;
export type ComplaintLetter = keyof typeof COMPLAINT_LETTERS;

/** Where a letter went, when it was printed and posted rather than emailed (a stored value, never shown). */
export const SENT_BY_POST = "post";

// ---------------------------------------------------------------- business days

const weekdayIndex = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** Any day but a Saturday, a Sunday or a bank holiday of the nation. */
export function isBusinessDay(day: string, nation: BankHolidayNation): boolean {
  const weekday = weekdayIndex(day);
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(nation, day);
}

/** The `count`th business day after `day` (the day itself never counts). */
export function businessDaysAfter(day: string, count: number, nation: BankHolidayNation): string {
  let found = 0;
  let current = day;
  while (found < count) {
    current = addDays(current, 1);
    if (isBusinessDay(current, nation)) found += 1;
  }
  return current;
}

/** The instant a UK day ends: midnight at its close, UK time, whatever the clocks did that day. */
const endOfUkDay = (day: string) => ukInstant(addDays(day, 1), 0);

// ---------------------------------------------------------------- the clock

/** Terms of business: acknowledged within five business days (the outbox sends it at once). */
export const ACKNOWLEDGE_WITHIN_BUSINESS_DAYS = 5;
/** DISP 1.5.1R: a summary resolution communication closes one by the end of the third business day after it came. */
export const SUMMARY_RESOLUTION_BUSINESS_DAYS = 3;
/** DISP 1.6.2R: the final response (or a holding response) by the end of eight weeks after receipt. */
export const FINAL_RESPONSE_WEEKS = 8;
/** A check half way, and the handler's reminder a week before the eight weeks end. */
export const HALF_WAY_WEEKS = 4;
export const REMINDER_WEEKS = 7;
/** DISP 1.9.1R: kept at least three years from its closing. */
export const COMPLAINT_RETENTION_YEARS = 3;

export interface ComplaintClock {
  /** The UK day it came in. */
  receivedDay: string;
  /** The close of the fifth business day after that day. */
  acknowledgeBy: Date;
  /** The close of the third business day after that day: closed before this, a summary resolution may close it. */
  summaryResolutionBy: Date;
  /** The close of the day four weeks on. */
  halfWayAt: Date;
  /** The start of the eighth week: the handler is reminded. */
  reminderAt: Date;
  /** The close of the day eight weeks on: the final or holding response by then. */
  finalResponseBy: Date;
}

/** Every deadline of a complaint received at `receivedAt`. */
export function complaintClock(receivedAt: Date, nation: BankHolidayNation): ComplaintClock {
  const receivedDay = ukClock(receivedAt).day;
  return {
    receivedDay,
    acknowledgeBy: endOfUkDay(businessDaysAfter(receivedDay, ACKNOWLEDGE_WITHIN_BUSINESS_DAYS, nation)),
    summaryResolutionBy: endOfUkDay(businessDaysAfter(receivedDay, SUMMARY_RESOLUTION_BUSINESS_DAYS, nation)),
    halfWayAt: endOfUkDay(addDays(receivedDay, HALF_WAY_WEEKS * 7)),
    reminderAt: endOfUkDay(addDays(receivedDay, REMINDER_WEEKS * 7)),
    finalResponseBy: endOfUkDay(addDays(receivedDay, FINAL_RESPONSE_WEEKS * 7)),
  };
}

/** What the clock needs to know of a complaint. */
export interface ComplaintTimes {
  receivedAt: Date;
  acknowledgedAt: Date | null;
  /** A final response, or a summary resolution, sent. */
  respondedAt: Date | null;
  /** A holding response sent (DISP 1.6.2R(2)): it answers the eight weeks, not the complaint. */
  holdingSentAt: Date | null;
  closedAt: Date | null;
}

/**
 * What Today and the lists know of a complaint: its times, and whether it is open again
 * after an answer (reopening takes the answer back, so the times alone cannot tell).
 */
export interface AttentionFacts extends ComplaintTimes {
  reopened: boolean;
}

/** Where an open complaint stands on its clock, for Today and the list. */
export type ComplaintAttention =
  | { kind: "acknowledge"; by: Date; overdue: boolean }
  | { kind: "reopened"; by: Date; overdue: boolean }
  | { kind: "summary-resolution"; by: Date }
  | { kind: "half-way"; by: Date }
  | { kind: "eighth-week"; by: Date }
  | { kind: "final-response"; by: Date; overdue: true }
  | { kind: "waiting"; by: Date };

/**
 * What an open complaint needs now, most pressing first: an acknowledgement not yet sent;
 * reopened, so its final response is owed again on the clock from when it came in (a
 * holding letter sent before does not answer it); past eight weeks with no response
 * (overdue); in its eighth week; past four weeks; still within the three business days a
 * summary resolution may close it in. Null when closed.
 */
export function complaintAttention(
  complaint: AttentionFacts,
  now: Date,
  nation: BankHolidayNation,
): ComplaintAttention | null {
  if (complaint.closedAt) return null;
  const clock = complaintClock(complaint.receivedAt, nation);
  const at = now.getTime();
  if (!complaint.acknowledgedAt) {
    return { kind: "acknowledge", by: clock.acknowledgeBy, overdue: at >= clock.acknowledgeBy.getTime() };
  }
  if (complaint.reopened && !complaint.respondedAt)
    return { kind: "reopened", by: clock.finalResponseBy, overdue: at >= clock.finalResponseBy.getTime() };
  if (complaint.respondedAt || complaint.holdingSentAt) return { kind: "waiting", by: clock.finalResponseBy };
  if (at >= clock.finalResponseBy.getTime())
    return { kind: "final-response", by: clock.finalResponseBy, overdue: true };
  if (at >= clock.reminderAt.getTime()) return { kind: "eighth-week", by: clock.finalResponseBy };
  if (at >= clock.halfWayAt.getTime()) return { kind: "half-way", by: clock.finalResponseBy };
  if (at < clock.summaryResolutionBy.getTime()) return { kind: "summary-resolution", by: clock.summaryResolutionBy };
  return { kind: "waiting", by: clock.finalResponseBy };
}

/** Where a complaint stands, as its complainant reads it (on /account): the stage, and the day the next answer is due by. */
export interface ComplaintProgress {
  stage: string;
  /** The UK day (YYYY-MM-DD) by the end of which our next letter is due; null when nothing more is due. */
  dueDay: string | null;
}

/**
 * The complainant's view of the clock: received (acknowledgement due), being looked into
 * (final response due within eight weeks), answered, reopened, or closed. A holding
 * response has said when we will answer in its own words: no day is promised here. A
 * reopened complaint is owed its final response by the day it always was; once that day
 * has passed, no day is promised that has gone.
 */
export function complaintProgress(complaint: AttentionFacts, nation: BankHolidayNation, now: Date): ComplaintProgress {
  const clock = complaintClock(complaint.receivedAt, nation);
  // Each deadline is the midnight that ends its day: the day is the one just before it.
  const dayEndedBy = (deadline: Date) => ukClock(new Date(deadline.getTime() - 1)).day;
  if (complaint.closedAt) return { stage: "Closed", dueDay: null };
  if (complaint.respondedAt) return { stage: "We have sent our response", dueDay: null };
  if (complaint.reopened) {
    const due = now.getTime() < clock.finalResponseBy.getTime() ? dayEndedBy(clock.finalResponseBy) : null;
    return { stage: "Reopened: we are looking into it again", dueDay: due };
  }
  if (complaint.holdingSentAt) return { stage: "We have written to explain the delay", dueDay: null };
  if (!complaint.acknowledgedAt) return { stage: "Received", dueDay: dayEndedBy(clock.acknowledgeBy) };
  return { stage: "Being looked into", dueDay: dayEndedBy(clock.finalResponseBy) };
}

/** Which letter may close a complaint at `now`: a summary resolution only within its three business days. */
export function closingLetters(receivedAt: Date, now: Date, nation: BankHolidayNation): ComplaintLetter[] {
  const clock = complaintClock(receivedAt, nation);
  return now.getTime() < clock.summaryResolutionBy.getTime()
    ? ["summary-resolution", "final-response"]
    : ["final-response"];
}

/** How quickly it was closed, as the complaints return counts (DISP 1 Annex 1R). */
export type ClosedWithin = "three-business-days" | "eight-weeks" | "later";

export function closedWithin(receivedAt: Date, closedAt: Date, nation: BankHolidayNation): ClosedWithin {
  const clock = complaintClock(receivedAt, nation);
  if (closedAt.getTime() < clock.summaryResolutionBy.getTime()) return "three-business-days";
  if (closedAt.getTime() < clock.finalResponseBy.getTime()) return "eight-weeks";
  return "later";
}

/** The instant a closed complaint's record may be deleted: three years from its closing, to the day, UK time. */
export function complaintKeptUntil(closedAt: Date): Date {
  const day = ukClock(closedAt).day;
  const [y, m, d] = day.split("-") as [string, string, string];
  const year = String(Number(y) + COMPLAINT_RETENTION_YEARS).padStart(4, "0");
  // 29 February closes three years on, on 1 March.
  const anniversary = m === "02" && d === "29" ? `${year}-03-01` : `${year}-${m}-${d}`;
  return endOfUkDay(anniversary);
}

// ---------------------------------------------------------------- the half-year report

/** January to June, or July to December: the periods of the FCA's complaints return. */
export interface HalfYear {
  /** `2026-H1` or `2026-H2`. */
  key: string;
  /** First UK day, and the day after the last. */
  from: string;
  until: string;
  label: string;
}

const HALF_YEAR = /^(\d{4})-H([12])$/;

export function halfYear(key: string): HalfYear | null {
  const match = HALF_YEAR.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 9998) return null;
  const first = match[2] === "1";
  return {
    key,
    from: first ? `${year}-01-01` : `${year}-07-01`,
    until: first ? `${year}-07-01` : `${year + 1}-01-01`,
    label: first ? `January to June ${year}` : `July to December ${year}`,
  };
}

/** The half-year a UK day falls in. */
export function halfYearOf(day: string): HalfYear {
  const year = day.slice(0, 4);
  return halfYear(`${year}-H${Number(day.slice(5, 7)) <= 6 ? 1 : 2}`) as HalfYear;
}

/** What the report reads of each complaint received or closed in the half-year. */
export interface ReportedComplaint {
  receivedAt: Date;
  closedAt: Date | null;
  outcome: ComplaintOutcome | null;
  redressPence: number | null;
  category: ComplaintCategory | null;
  rootCause: ComplaintRootCause | null;
}

export interface ComplaintsReport {
  period: HalfYear;
  opened: number;
  closed: number;
  closedWithin: Record<ClosedWithin, number>;
  upheld: number;
  /** Upheld or partly upheld, of those closed with an outcome; null with none closed. */
  upheldShare: number | null;
  redressPence: number;
  byCategory: { key: ComplaintCategory | "none"; label: string; opened: number; closed: number; upheld: number }[];
  byRootCause: { key: ComplaintRootCause | "none"; label: string; closed: number; upheld: number }[];
}

const inPeriod = (at: Date, period: HalfYear) => {
  const day = ukClock(at).day;
  return day >= period.from && day < period.until;
};

/**
 * The half-year's figures as the FCA's complaints return asks for them (DISP 1.10,
 * 1 Annex 1R): complaints opened and closed in the period, how quickly those closed were,
 * the share upheld, redress paid, by category and by root cause. Days are UK days.
 */
export function complaintsReport(
  rows: readonly ReportedComplaint[],
  period: HalfYear,
  nation: BankHolidayNation,
): ComplaintsReport {
  const opened = rows.filter((row) => inPeriod(row.receivedAt, period));
  const closed = rows.filter((row) => row.closedAt && inPeriod(row.closedAt, period));
  const isUpheld = (row: ReportedComplaint) => row.outcome === "upheld" || row.outcome === "partly-upheld";
  const within: Record<ClosedWithin, number> = { "three-business-days": 0, "eight-weeks": 0, later: 0 };
  for (const row of closed) within[closedWithin(row.receivedAt, row.closedAt as Date, nation)] += 1;
  const withOutcome = closed.filter((row) => row.outcome !== null);
  const upheld = closed.filter(isUpheld).length;
  const categories = [...(Object.keys(COMPLAINT_CATEGORIES) as ComplaintCategory[]), "none" as const];
  const causes = [...(Object.keys(COMPLAINT_ROOT_CAUSES) as ComplaintRootCause[]), "none" as const];
  return {
    period,
    opened: opened.length,
    closed: closed.length,
    closedWithin: within,
    upheld,
    upheldShare: withOutcome.length === 0 ? null : upheld / withOutcome.length,
    redressPence: closed.reduce((sum, row) => sum + (row.redressPence ?? 0), 0),
    byCategory: categories.map((key) => ({
      key,
      label: key === "none" ? "Not yet categorised" : COMPLAINT_CATEGORIES[key],
      opened: opened.filter((row) => (row.category ?? "none") === key).length,
      closed: closed.filter((row) => (row.category ?? "none") === key).length,
      upheld: closed.filter((row) => (row.category ?? "none") === key && isUpheld(row)).length,
    })),
    byRootCause: causes.map((key) => ({
      key,
      label: key === "none" ? "Not recorded" : COMPLAINT_ROOT_CAUSES[key],
      closed: closed.filter((row) => (row.rootCause ?? "none") === key).length,
      upheld: closed.filter((row) => (row.rootCause ?? "none") === key && isUpheld(row)).length,
    })),
  };
}

/** The half-year a report opens on, and the eight before it, newest first. */
export function recentHalfYears(today: string, count = 9): HalfYear[] {
  const periods: HalfYear[] = [];
  let current = halfYearOf(today);
  for (let i = 0; i < count; i++) {
    periods.push(current);
    const [year, half] = current.key.split("-H") as [string, string];
    const previous = half === "2" ? `${year}-H1` : `${Number(year) - 1}-H2`;
    const next = halfYear(previous);
    if (!next) break;
    current = next;
  }
  return periods;
}

/**
 * The report's headline figures in the return's order, each with its label, as the page
 * and the CSV both give them: counts, the upheld share in per cent (one decimal; null with
 * none closed) and the redress in pence.
 */
export function reportFigures(
  report: ComplaintsReport,
): { label: string; count?: number; percent?: number | null; pence?: number }[] {
  return [
    { label: "Opened", count: report.opened },
    { label: "Closed", count: report.closed },
    { label: "Closed within 3 business days", count: report.closedWithin["three-business-days"] },
    { label: "Closed after 3 business days, within 8 weeks", count: report.closedWithin["eight-weeks"] },
    { label: "Closed after 8 weeks", count: report.closedWithin.later },
    { label: "Upheld (in full or in part)", count: report.upheld },
    {
      label: "Upheld share of those closed",
      percent: report.upheldShare === null ? null : Math.round(report.upheldShare * 1000) / 10,
    },
    { label: "Redress paid", pence: report.redressPence },
  ];
}
