import { addDays, isCalendarDay } from "./calendar-day";
import { MAIN_FORM_STEP_IDS } from "./main-form";
import { QUICK_FORM_STEP_IDS } from "./quick-form";

// Where borrowers drop out (DECISIONS D16, issue 11): each form reports the steps a
// visitor reaches, the redirect they are sent on, and their submission, and the
// server adds one to a count per form, step, day and campaign. Nothing identifies
// the visitor: no cookie, no identifier, no address is kept.

export const FUNNEL_FORMS = {
  apply: { label: "Eligibility check (/apply)", steps: MAIN_FORM_STEP_IDS as readonly string[] },
  "apply-personal": { label: "Quick check (/apply-personal)", steps: QUICK_FORM_STEP_IDS as readonly string[] },
} as const;
export type FunnelForm = keyof typeof FUNNEL_FORMS;

export const FUNNEL_EVENTS = ["step", "redirect", "submit"] as const;
export type FunnelEventKind = (typeof FUNNEL_EVENTS)[number];

/** A count of one kind of moment: its form, step, what happened, where to, on which day, from which campaign. */
export interface FunnelCount {
  form: FunnelForm;
  event: FunnelEventKind;
  step: string;
  target: string;
  n: number;
}

export interface FunnelStepRow {
  step: string;
  /** Visitors who reached the step. */
  reached: number;
  /** Of those who reached the step before, the share who reached this one (null for the first). */
  keptPercent: number | null;
  /** Visitors sent away from this step, by where. */
  redirects: { target: string; n: number }[];
}

/**
 * A form's funnel from its counts: each step in the form's order with how many reached
 * it and the share kept from the step before, where visitors left for a partner or
 * /cannot-help, and how many submitted. Steps nobody reached (a path not taken) are left out.
 */
export function funnelOf(form: FunnelForm, counts: FunnelCount[]) {
  const mine = counts.filter((c) => c.form === form);
  const sum = (event: FunnelEventKind, step?: string) =>
    mine.filter((c) => c.event === event && (step === undefined || c.step === step)).reduce((a, c) => a + c.n, 0);
  const rows: FunnelStepRow[] = [];
  for (const step of FUNNEL_FORMS[form].steps) {
    const reached = sum("step", step);
    if (reached === 0) continue;
    const previous = rows.at(-1);
    const redirects = new Map<string, number>();
    for (const c of mine.filter((c) => c.event === "redirect" && c.step === step)) {
      redirects.set(c.target, (redirects.get(c.target) ?? 0) + c.n);
    }
    rows.push({
      step,
      reached,
      keptPercent: previous ? Math.round((reached / previous.reached) * 1000) / 10 : null,
      redirects: [...redirects]
        .map(([t, n]) => ({ target: t, n }))
        .sort((a, b) => b.n - a.n || a.target.localeCompare(b.target)),
    });
  }
  return { form, rows, submitted: sum("submit"), redirected: sum("redirect") };
}

/** The longest utm value the counts keep: anything longer is not a campaign's name. */
export const CAMPAIGN_NAME_MAX_LENGTH = 100;

/** Letters, digits, spaces and the punctuation campaign names use; nothing else (no @, no %, no =). */
const CAMPAIGN_SHAPE = /^[\p{L}\p{N} _\-.,:;+/|()&'!#]+$/u;
/** Nine digits or more, with only spaces, dots, hyphens, pluses, slashes or brackets between them: a phone number, or part of one. */
const PHONE_LIKE = /\d(?:[\s\-.()+/]*\d){8,}/u;

/**
 * A landing page's utm_source or utm_campaign as the funnel's counts may keep it
 * (DECISIONS D16): the value, trimmed, when it is shaped like a campaign's name; '' for
 * anything that could identify a visitor (an email address, a phone number) or is not
 * a name at all. The counts then hold no identifier whatever a link carried.
 */
export function campaignName(value: string | null | undefined): string {
  const text = (value ?? "").trim().replace(/ {2,}/g, " ");
  if (!text || text.length > CAMPAIGN_NAME_MAX_LENGTH) return "";
  if (text.includes("@") || PHONE_LIKE.test(text) || !CAMPAIGN_SHAPE.test(text)) return "";
  return text;
}

/** The staff funnel page's period and campaign. */
export interface FunnelQuery {
  /** UK days, inclusive. */
  from: string;
  to: string;
  /** utm_source or utm_campaign; empty for every campaign. */
  campaign: string;
}

/** How many days the funnel page shows when no From day is given (To and the 29 before it). */
export const FUNNEL_DEFAULT_DAYS = 30;

/**
 * The funnel page's query from its URL, given today's UK day: the last 30 days by
 * default, days the wrong way round swapped. A value that does not parse falls back to
 * the default, so the query always runs; the page asks `funnelQueryProblem` first.
 */
export function parseFunnelQuery(params: URLSearchParams, today: string): FunnelQuery {
  const given = (name: string) => {
    const value = params.get(name) ?? "";
    return isCalendarDay(value) ? value : undefined;
  };
  const to = given("to") ?? today;
  const from = given("from") ?? addDays(to, 1 - FUNNEL_DEFAULT_DAYS);
  const raw = params.get("campaign") ?? "";
  const campaign = raw.includes("\u0000") ? "" : raw.trim().slice(0, 100);
  return from <= to ? { from, to, campaign } : { from: to, to: from, campaign };
}

export const FUNNEL_QUERY_PROBLEMS = {
  from: "The From date is not a day: write it as YYYY-MM-DD, such as 2026-02-28",
  to: "The To date is not a day: write it as YYYY-MM-DD, such as 2026-02-28",
  campaign: "The campaign holds a character that cannot be searched for (NUL): remove it and try again",
} as const;

/** Why the funnel page cannot show what its URL asks (a day that is not one, a NUL), or undefined. */
export function funnelQueryProblem(params: URLSearchParams): string | undefined {
  for (const name of ["from", "to"] as const) {
    const value = params.get(name);
    if (value && !isCalendarDay(value)) return FUNNEL_QUERY_PROBLEMS[name];
  }
  if (params.get("campaign")?.includes("\u0000")) return FUNNEL_QUERY_PROBLEMS.campaign;
  return undefined;
}
