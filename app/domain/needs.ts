// A borrower's needs (DECISIONS D28, FCA FG21/1): what would help when we speak to them,
// said by the borrower at the end of either check or in their account, or recorded by an
// adviser with the characteristics of vulnerability noticed (FG21/1's four drivers) and
// what the firm will do differently. Health details only with the borrower's explicit
// consent (UK GDPR article 9(2)(a)), withdrawn on /account. Pure: the pages and the server
// read forms through these rules.

import { sanitiseText } from "./sanitise";
import type { FormRead } from "./form-read";

/** FG21/1's drivers of vulnerability. */
export const NEED_DRIVERS = ["health", "life-events", "resilience", "capability"] as const;
export type NeedDriver = (typeof NEED_DRIVERS)[number];

export const NEED_DRIVER_LABELS: Record<NeedDriver, string> = {
  health: "Health: a condition or illness that affects what they can do",
  "life-events": "Life events: bereavement, job loss, separation, caring",
  resilience: "Resilience: little room to withstand a financial or emotional shock",
  capability: "Capability: low knowledge of money matters, or of English, or of being online",
};

/** The drivers' short names, as the lists and the report show them. */
export const NEED_DRIVER_NAMES: Record<NeedDriver, string> = {
  health: "Health",
  "life-events": "Life events",
  resilience: "Resilience",
  capability: "Capability",
};

/** What the firm does differently: what the borrower asks for, and what an adviser sets. */
export const ADJUSTMENTS = ["email", "set-time", "someone-else", "more-time", "in-writing"] as const;
export type Adjustment = (typeof ADJUSTMENTS)[number];

/** As the borrower reads them ("what would help when we speak to you"). */
export const ADJUSTMENT_LABELS: Record<Adjustment, string> = {
  email: "Contact me by email rather than by phone",
  "set-time": "Call me only at a time I have set",
  "someone-else": "Let someone else speak for me",
  "more-time": "Give me more time to decide",
  "in-writing": "Explain things to me in writing",
};

/** As the console marks a lead with them, so nobody calls someone who asked for email. */
export const ADJUSTMENT_MARKERS: Record<Adjustment, string> = {
  email: "Prefers email",
  "set-time": "Call at the set time only",
  "someone-else": "Someone speaks for them",
  "more-time": "More time",
  "in-writing": "Explain in writing",
};

/**
 * The borrower asked to be contacted by email: every page that speaks of calling them says
 * so at once ("We will email you instead"), and a call becomes something they may still ask for.
 */
export function prefersEmail(adjustments: readonly string[] | null | undefined): boolean {
  return adjustments?.includes("email") ?? false;
}

/** What a page says where it would say when we call, for a borrower who prefers email. */
export const EMAIL_INSTEAD = "We will email you instead";
/** The call-back offer to a borrower who prefers email: theirs to take, not ours to make. */
export const CALL_IF_YOU_WOULD_LIKE = "If you would like a call, choose a time here.";

/** Where a needs record came from. */
export const NEED_SOURCES = ["borrower", "call", "email"] as const;
export type NeedSource = (typeof NEED_SOURCES)[number];

export const NEED_SOURCE_LABELS: Record<NeedSource, string> = {
  borrower: "The borrower, online",
  call: "A call with the borrower",
  email: "An email or letter from the borrower",
};

export const NEEDS_TEXT_MAX = 1000;

export const NEEDS_PROBLEMS = {
  empty: "Choose what would help, or tell us in the box",
  adjustments: "Choose from the list",
  note: `Keep this to ${NEEDS_TEXT_MAX} characters`,
  health: `Keep this to ${NEEDS_TEXT_MAX} characters`,
  consent: "Tick the box to let us keep what you told us about your health, or leave that box empty",
  drivers: "Choose from the list",
  source: "Choose where this came from",
  adviserEmpty: "Choose a driver or an adjustment, or write what the firm will do",
} as const;

/** The borrower's form's fields (the thank-you page's and the account page's). */
export const BORROWER_NEEDS_FIELDS = {
  adjustments: "adjustments",
  note: "needs-note",
  health: "health",
  consent: "health-consent",
} as const;

/** The adviser's form's fields (the lead page's). */
export const ADVISER_NEEDS_FIELDS = {
  drivers: "drivers",
  adjustments: "adjustments",
  note: "needs-note",
  source: "source",
} as const;

export interface BorrowerNeeds {
  adjustments: Adjustment[];
  note: string | null;
  /** Null without consent or when none were given. */
  healthDetails: string | null;
}

export interface AdviserNeeds {
  drivers: NeedDriver[];
  adjustments: Adjustment[];
  note: string | null;
  source: NeedSource;
}

/** A needs form read: the record, or each problem by field with what was typed (a box's name holds every ticked value). */
export type NeedsRead<T> = FormRead<T, Record<string, string | string[]>>;

/** How a form is read: one value by name, and every value of a name (the boxes). */
export interface FormValues {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** FormData read as the rules want it: files and absent fields as null or left out. */
export function formValues(form: FormData): FormValues {
  return {
    get: (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    },
    getAll: (name) => form.getAll(name).filter((value): value is string => typeof value === "string"),
  };
}

/** Each of `all` that was ticked, in the list's order; null when something else was posted. */
function chosen<T extends string>(all: readonly T[], posted: string[]): T[] | null {
  if (posted.some((value) => !(all as readonly string[]).includes(value))) return null;
  return all.filter((value) => posted.includes(value));
}

/** Free text as stored: cleaned, null when empty; "too long" when over the limit. */
function freeText(raw: string | null): string | null | "too long" {
  const text = (raw ?? "").replace(/\r\n?/g, "\n").trim();
  if (Array.from(text).length > NEEDS_TEXT_MAX) return "too long";
  const clean = sanitiseText(text, NEEDS_TEXT_MAX);
  return clean === "" ? null : clean;
}

/**
 * The borrower's answer: the adjustments ticked (from the list only), anything else, and
 * health details kept only when the consent box is ticked; something must be said. Each
 * problem is keyed by its field, and what was typed comes back to draw the form again.
 */
export function readBorrowerNeeds(form: FormValues): NeedsRead<BorrowerNeeds> {
  const f = BORROWER_NEEDS_FIELDS;
  const posted = form.getAll(f.adjustments);
  const values = {
    [f.adjustments]: posted,
    [f.note]: (form.get(f.note) ?? "").slice(0, NEEDS_TEXT_MAX * 2),
    [f.health]: (form.get(f.health) ?? "").slice(0, NEEDS_TEXT_MAX * 2),
    [f.consent]: form.get(f.consent) === "yes" ? "yes" : "",
  };
  const problems: Record<string, string> = {};
  const adjustments = chosen(ADJUSTMENTS, posted);
  if (adjustments === null) problems[f.adjustments] = NEEDS_PROBLEMS.adjustments;
  const note = freeText(form.get(f.note));
  if (note === "too long") problems[f.note] = NEEDS_PROBLEMS.note;
  const health = freeText(form.get(f.health));
  if (health === "too long") problems[f.health] = NEEDS_PROBLEMS.health;
  else if (health !== null && form.get(f.consent) !== "yes") problems[f.consent] = NEEDS_PROBLEMS.consent;
  if (Object.keys(problems).length > 0) return { ok: false, problems, values };
  const value: BorrowerNeeds = {
    adjustments: adjustments ?? [],
    note: note === "too long" ? null : note,
    healthDetails: health === "too long" ? null : health,
  };
  if (value.adjustments.length === 0 && value.note === null && value.healthDetails === null) {
    return { ok: false, problems: { [f.adjustments]: NEEDS_PROBLEMS.empty }, values };
  }
  return { ok: true, value };
}

/**
 * The adviser's record: the drivers noticed, the adjustments the firm will make, what
 * else it will do, and where it came from; at least a driver, an adjustment or a note.
 */
export function readAdviserNeeds(form: FormValues): NeedsRead<AdviserNeeds> {
  const f = ADVISER_NEEDS_FIELDS;
  const values = {
    [f.drivers]: form.getAll(f.drivers),
    [f.adjustments]: form.getAll(f.adjustments),
    [f.note]: (form.get(f.note) ?? "").slice(0, NEEDS_TEXT_MAX * 2),
    [f.source]: form.get(f.source) ?? "",
  };
  const problems: Record<string, string> = {};
  const drivers = chosen(NEED_DRIVERS, form.getAll(f.drivers));
  if (drivers === null) problems[f.drivers] = NEEDS_PROBLEMS.drivers;
  const adjustments = chosen(ADJUSTMENTS, form.getAll(f.adjustments));
  if (adjustments === null) problems[f.adjustments] = NEEDS_PROBLEMS.adjustments;
  const note = freeText(form.get(f.note));
  if (note === "too long") problems[f.note] = NEEDS_PROBLEMS.note;
  const source = form.get(f.source) ?? "";
  if (!(NEED_SOURCES as readonly string[]).includes(source)) problems[f.source] = NEEDS_PROBLEMS.source;
  if (Object.keys(problems).length > 0) return { ok: false, problems, values };
  const value: AdviserNeeds = {
    drivers: drivers ?? [],
    adjustments: adjustments ?? [],
    note: note === "too long" ? null : note,
    source: source as NeedSource,
  };
  if (value.drivers.length === 0 && value.adjustments.length === 0 && value.note === null) {
    return { ok: false, problems: { [f.drivers]: NEEDS_PROBLEMS.adviserEmpty }, values };
  }
  return { ok: true, value };
}

/** Stored values cleaned of anything the lists do not name, in the lists' order. */
export const storedAdjustments = (values: readonly unknown[] | null | undefined): Adjustment[] =>
  ADJUSTMENTS.filter((a) => (values ?? []).includes(a));
export const storedDrivers = (values: readonly unknown[] | null | undefined): NeedDriver[] =>
  NEED_DRIVERS.filter((d) => (values ?? []).includes(d));

/**
 * The console's markers for a lead with a needs record: its adjustments' short words, or
 * "Needs care" when it has drivers or words but no adjustment. Email first, the one that
 * changes whether to pick up the phone.
 */
export function needsMarkers(record: { adjustments: readonly unknown[] } | null): string[] {
  if (!record) return [];
  const markers = storedAdjustments(record.adjustments).map((a) => ADJUSTMENT_MARKERS[a]);
  return markers.length > 0 ? markers : ["Needs care"];
}
