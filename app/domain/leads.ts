import { callbackFromColumns } from "./callback-choice";
import {
  AGE_BANDS,
  CREDIT_HISTORIES,
  EMPLOYMENT_STATUSES,
  HOMEOWNER_STATUSES,
  LOAN_PURPOSES,
  type Option,
  optionLabel,
  QUICK_AGE_BANDS,
  QUICK_CREDIT_HISTORIES,
  QUICK_EMPLOYMENT_STATUSES,
  QUICK_LOAN_TYPES,
} from "./options";
import { ukOffsetMinutes } from "./uk-time";
import { HOMEOWNER_MAX_LOAN, HOMEOWNER_MIN_LOAN, PERSONAL_MAX_LOAN, PERSONAL_MIN_LOAN } from "./rates";

// The firm's side of a lead (DECISIONS D11, D14): where it stands, where it may go
// next, and the flags that tell an adviser which leads are workable first. Pure
// rules: the server, the staff pages and the tests all read them from here.

/** Where a lead stands with the broker's advisers. */
export const LEAD_STATUSES = ["new", "contacted", "in-progress", "completed", "declined", "withdrawn"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  "in-progress": "In progress",
  completed: "Completed",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

/**
 * The moves an adviser may make from each status. Work runs new → contacted → in
 * progress → an outcome; a lead may be declined or withdrawn at any open stage, and
 * an adviser who reaches the borrower on the first call may go straight to "in
 * progress". Completed is final (its retention clock has started, D15); a declined or
 * withdrawn lead can be reopened, since borrowers do come back.
 */
export const LEAD_MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "in-progress", "declined", "withdrawn"],
  contacted: ["in-progress", "declined", "withdrawn"],
  "in-progress": ["completed", "declined", "withdrawn"],
  completed: [],
  declined: ["contacted"],
  withdrawn: ["contacted"],
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_MOVES[from].includes(to);
}

/** The short reference borrowers and advisers quote on the phone: the id's first 8 characters. */
export function leadReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A lead id as the forms send it in /thank-you?ref=: a UUID, nothing else is looked up. */
export function isLeadId(value: string | null): value is string {
  return value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * A record's version as a console page sends it back (the lead's, its needs record's): a
 * whole number the database's integer column can hold, so a made-up one beyond it is
 * refused as a page to reload rather than failing the query.
 */
export function isRecordVersion(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;
}

/** The three tables a lead can come from; one inbox lists them all. */
export const LEAD_KINDS = ["quote", "personal-enquiry", "contact"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  quote: "Quote",
  // The table is personal_enquiries (the spec's name), but the quick check sends it
  // only from its homeowner path: "personal" would mislabel every one of them.
  "personal-enquiry": "Quick-check enquiry",
  contact: "Contact message",
};

/**
 * What an adviser reads as a lead's kind: a quick-check enquiry says which loan it is
 * for, in the form's words ("Quick-check enquiry (homeowner loan)").
 */
export function leadKindLabel(kind: LeadKind, loanType?: string | null): string {
  if (kind !== "personal-enquiry" || !loanType) return LEAD_KIND_LABELS[kind];
  return `${LEAD_KIND_LABELS[kind]} (${optionLabel(QUICK_LOAN_TYPES, loanType).toLowerCase()})`;
}

/**
 * The same in a list's narrow column, where every word counts: a quick-check enquiry by
 * the loan it was for ("Quick check (bridging)"); the whole label is on the lead's page.
 */
export function leadKindShortLabel(kind: LeadKind, loanType?: string | null): string {
  if (kind !== "personal-enquiry") return LEAD_KIND_LABELS[kind];
  if (!loanType) return "Quick check";
  return `Quick check (${optionLabel(QUICK_LOAN_TYPES, loanType)
    .replace(/ loan$/, "")
    .toLowerCase()})`;
}

/**
 * A lead's purpose as the form offered it ("Home improvements"), never the stored value;
 * a contact message's subject is the borrower's own words, shown as written.
 */
export function leadPurposeLabel(kind: LeadKind, purpose: string | null | undefined): string | null {
  if (!purpose) return null;
  return kind === "contact" ? purpose : optionLabel(LOAN_PURPOSES, purpose);
}

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === "string" && (LEAD_KINDS as readonly string[]).includes(value);
}

/** The answers a form offers from a list, by the form's own words for each (the quick check's differ). */
const ANSWER_OPTIONS: Record<
  Exclude<LeadKind, "contact">,
  Record<"homeownerStatus" | "age" | "employmentStatus" | "creditHistory", readonly Option[]>
> = {
  quote: {
    homeownerStatus: HOMEOWNER_STATUSES,
    age: AGE_BANDS,
    employmentStatus: EMPLOYMENT_STATUSES,
    creditHistory: CREDIT_HISTORIES,
  },
  "personal-enquiry": {
    homeownerStatus: HOMEOWNER_STATUSES,
    age: QUICK_AGE_BANDS,
    employmentStatus: QUICK_EMPLOYMENT_STATUSES,
    creditHistory: QUICK_CREDIT_HISTORIES,
  },
};
export type ListedAnswer = keyof (typeof ANSWER_OPTIONS)["quote"];

/** A listed answer in the words of the form that asked it ("Employed full-time"); null when not given. */
export function leadAnswerLabel(kind: LeadKind, field: ListedAnswer, value: string | null | undefined): string | null {
  if (!value || kind === "contact") return null;
  return optionLabel(ANSWER_OPTIONS[kind][field], value);
}

/**
 * One of a borrower's own quotes or enquiries, as the server lists them and the account
 * page shows them (D6, decision 075): no personal details, only what was asked and where
 * it stands.
 */
export interface EnquirySummary {
  id: string;
  kind: Exclude<LeadKind, "contact">;
  /** ISO 8601. */
  createdAt: string;
  status: LeadStatus;
  loanAmount: number;
  loanPurpose: string | null;
  loanType: string;
}

// ---------------------------------------------------------------- triage

export const TRIAGE_FLAGS = ["no-rate", "ltv-over-100", "no-income", "amount-outside-range", "duplicate"] as const;
export type TriageFlag = (typeof TRIAGE_FLAGS)[number];

export const TRIAGE_FLAG_LABELS: Record<TriageFlag, string> = {
  "no-rate": "No indicative rate",
  "ltv-over-100": "LTV over 100%",
  "no-income": "No income",
  "amount-outside-range": "Amount outside lending range",
  duplicate: "Duplicate of a recent lead",
};

export function isTriageFlag(value: unknown): value is TriageFlag {
  return typeof value === "string" && (TRIAGE_FLAGS as readonly string[]).includes(value);
}

/** A lead from the same email or phone within this window is a duplicate of it. */
export const DUPLICATE_WINDOW_DAYS = 30;

/** The loan types the quick check offers that are personal loans; every other lead is secured. */
const PERSONAL_LOAN_TYPES = new Set(["personal"]);

export const PERSONAL_RANGE = { min: PERSONAL_MIN_LOAN, max: PERSONAL_MAX_LOAN } as const;
export const HOMEOWNER_RANGE = { min: HOMEOWNER_MIN_LOAN, max: HOMEOWNER_MAX_LOAN } as const;

/** The lending range a lead's amount is judged against: personal or homeowner (secured). */
export function lendingRange(loanType: string | null | undefined): { min: number; max: number } {
  return loanType && PERSONAL_LOAN_TYPES.has(loanType) ? PERSONAL_RANGE : HOMEOWNER_RANGE;
}

export interface TriageInput {
  kind: LeadKind;
  /** "personal", "homeowner", ... for personal enquiries; null for quotes (homeowner). */
  loanType?: string | null;
  loanAmount?: number | null;
  /** Percent, as stored (quotes.ltv_ratio), or computed for an enquiry. */
  ltv?: number | null;
  indicativeRate?: number | null;
  monthlyIncome?: number | null;
  /** When the previous lead from the same email or phone arrived, if any. */
  previousLeadAt?: Date | null;
  receivedAt: Date;
}

/**
 * The flags an adviser sees beside a lead. A contact message carries no loan, so only
 * the duplicate flag can apply to it. "No income" means the borrower said nothing or
 * nought, which the forms allow for the retired and the self-employed.
 */
export function triageFlags(lead: TriageInput): TriageFlag[] {
  const flags: TriageFlag[] = [];
  if (lead.kind === "quote" && (lead.indicativeRate === null || lead.indicativeRate === undefined)) {
    flags.push("no-rate");
  }
  if (lead.ltv !== null && lead.ltv !== undefined && lead.ltv > 100) flags.push("ltv-over-100");
  if (lead.kind !== "contact" && !lead.monthlyIncome) flags.push("no-income");
  if (lead.kind !== "contact" && lead.loanAmount !== null && lead.loanAmount !== undefined) {
    const { min, max } = lendingRange(lead.kind === "quote" ? "homeowner" : lead.loanType);
    if (lead.loanAmount < min || lead.loanAmount > max) flags.push("amount-outside-range");
  }
  if (lead.previousLeadAt && isRecentDuplicate(lead.previousLeadAt, lead.receivedAt)) flags.push("duplicate");
  return flags;
}

/** True when `previous` arrived before `received` and within the duplicate window. */
export function isRecentDuplicate(previous: Date, received: Date): boolean {
  const gap = received.getTime() - previous.getTime();
  return gap > 0 && gap <= DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

// ---------------------------------------------------------------- campaigns

/** The campaign a lead came from: its landing page URL's utm_source and utm_campaign. */
export function campaignOf(landingPageUrl: string | null | undefined): { source: string; campaign: string } | null {
  if (!landingPageUrl) return null;
  let url: URL;
  try {
    url = new URL(landingPageUrl, "https://example.invalid");
  } catch {
    return null;
  }
  const source = url.searchParams.get("utm_source")?.trim() ?? "";
  const campaign = url.searchParams.get("utm_campaign")?.trim() ?? "";
  if (!source && !campaign) return null;
  return { source, campaign };
}

// ---------------------------------------------------------------- export

/**
 * A spreadsheet cell that cannot run as a formula (OWASP CSV injection): a value that
 * starts with = + - @, a tab or a carriage return is prefixed with an apostrophe, which
 * Excel and LibreOffice show as text.
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: formula-safe, quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : formulaSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HOUR_MS = 3_600_000;
/** UK time's offset from UTC for each UTC hour asked about (the clocks change on the hour). */
const ukOffsets = new Map<number, number>();

function ukOffset(hour: number): number {
  let offset = ukOffsets.get(hour);
  if (offset === undefined) {
    offset = ukOffsetMinutes(hour * HOUR_MS) * 60_000;
    if (ukOffsets.size > 100_000) ukOffsets.clear();
    ukOffsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * A moment as spreadsheets read a date and time: UK local time, `YYYY-MM-DDTHH:MM:SS`
 * (ISO 8601 with its `T` and seconds, no zone: the one text LibreOffice's CSV import reads
 * as a date without "Detect special numbers"; decision 181). The offset is worked out
 * once per hour, not per moment: an export writes a million.
 */
export function spreadsheetTime(at: Date): string {
  const ms = at.getTime();
  const uk = new Date(ms + ukOffset(Math.floor(ms / HOUR_MS)));
  return `${uk.getUTCFullYear()}-${two(uk.getUTCMonth() + 1)}-${two(uk.getUTCDate())}T${two(uk.getUTCHours())}:${two(uk.getUTCMinutes())}:${two(uk.getUTCSeconds())}`;
}

/**
 * The borrower's chosen call time as a spreadsheet cell: "As soon as possible", the
 * slot's start as a date and time (`spreadsheetTime`), or empty when they have not chosen.
 */
export function spreadsheetCallTime(kind: string | null, at: Date | null): string | null {
  const choice = callbackFromColumns(kind, at);
  if (!choice) return null;
  return choice.kind === "soonest" ? "As soon as possible" : spreadsheetTime(choice.at);
}

/**
 * A UK phone number as a spreadsheet keeps it: national form, grouped with spaces
 * ("07700 900123", "020 7946 0000"), which no spreadsheet reads as a number, so the
 * leading 0 survives without a formula or an apostrophe. +44 is written as 0. A number
 * of any other shape is left as typed.
 */
export function spreadsheetPhone(phone: string): string {
  const compact = phone.replace(/[\s\-().]/g, "");
  const national = compact.startsWith("+44") ? `0${compact.slice(3)}` : compact;
  if (!/^0\d{9,10}$/.test(national)) return phone.trim();
  /** The number in groups of these sizes, the last taking what is left. */
  const group = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes.slice(0, -1)) {
      parts.push(national.slice(at, at + size));
      at += size;
    }
    parts.push(national.slice(at));
    return parts.join(" ");
  };
  // The groups UK numbers are written in: 020 7946 0000, 0117 496 0000, 01632 960000, 07700 900123.
  if (national.startsWith("02")) return group(3, 4, 4);
  if (/^01(1\d|\d1)|^0[389]/.test(national)) return group(4, 3, 4);
  return group(5, 6);
}

/** Words that begin a surname ("van der Berg", "de la Cruz") when written in lower case. */
const SURNAME_PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "la",
  "le",
  "du",
  "da",
  "di",
  "dos",
  "das",
  "bin",
  "ibn",
  "al",
  "ap",
]);

/**
 * A contact message's one name field as first and last name, for the export's columns:
 * the last word is the surname, with any lower-case particles before it ("Anna van der
 * Berg": "Anna", "van der Berg"); a single word is a first name.
 */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? "", lastName: "" };
  let start = words.length - 1;
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1] as string)) start--;
  return { firstName: words.slice(0, start).join(" "), lastName: words.slice(start).join(" ") };
}
