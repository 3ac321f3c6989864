import { addDays, isCalendarDay } from "./calendar-day";

// Where borrowers drop out (DECISIONS D16, issue 11): each form reports the steps a
// visitor reaches, the redirect they are sent on, and their submission, and the
// server adds one to a count per form, step, day and campaign. Nothing identifies
// the visitor: no cookie, no identifier, no address is kept.

/**
 * One stage of a form's path: the step (or steps) a visitor passes there. `everyone`: each
 * visitor who goes on passes one of its steps (a step, or alternatives such as the quick
 * check's age or property); otherwise the stage is optional (the eligibility check's age
 * step, asked of outright owners only), and no later step is measured against it.
 */
interface FunnelStage {
  steps: readonly string[];
  everyone: boolean;
}

/** A way through a form: the steps in the order visitors meet them. */
interface FunnelBranch {
  /** The branch's name on the page, or null for a form with one path (or the steps every branch shares). */
  label: string | null;
  stages: readonly FunnelStage[];
}

const step = (name: string): FunnelStage => ({ steps: [name], everyone: true });
const optional = (name: string): FunnelStage => ({ steps: [name], everyone: false });
const oneOf = (...names: string[]): FunnelStage => ({ steps: names, everyone: true });

/**
 * The forms' paths as the funnel counts them. The quick check splits after its first
 * step: personal loans (amount, where you live, then a partner) and homeowner loans
 * (home, amount, age or property, income, credit, details, check). Both ask the amount, so it
 * is counted per branch (`funnelStepName`): one count of both could not be measured
 * against either branch's step before it.
 */
const FUNNEL_BRANCHES = {
  apply: [
    {
      label: null,
      stages: [
        step("status"),
        step("amount"),
        optional("age"),
        step("property"),
        step("income"),
        step("credit"),
        step("contact"),
        step("check"),
      ],
    },
  ],
  "apply-personal": [
    { label: null, stages: [step("type")] },
    { label: "Personal loan", stages: [step("personal-amount"), step("residential")] },
    {
      label: "Homeowner loan",
      stages: [
        step("status"),
        step("homeowner-amount"),
        oneOf("age", "property"),
        step("income"),
        step("credit"),
        step("contact"),
        step("check"),
      ],
    },
  ],
} as const satisfies Record<string, readonly FunnelBranch[]>;

const stepsOf = (branches: readonly FunnelBranch[]) => branches.flatMap((b) => b.stages.flatMap((s) => s.steps));

export const FUNNEL_FORMS = {
  apply: { label: "Eligibility check (/apply)", steps: stepsOf(FUNNEL_BRANCHES.apply) },
  "apply-personal": { label: "Quick check (/apply-personal)", steps: stepsOf(FUNNEL_BRANCHES["apply-personal"]) },
} as const;
export type FunnelForm = keyof typeof FUNNEL_FORMS;

/**
 * The name a step is counted under: the form's step id, but the quick check's amount
 * step by the branch it is on ("personal-amount", "homeowner-amount"). The browser and
 * the server (for a form posted without script) both count by this.
 */
export function funnelStepName(form: FunnelForm, stepId: string, answers: { loanType?: unknown }): string {
  if (form === "apply-personal" && stepId === "amount") {
    if (answers.loanType === "personal") return "personal-amount";
    if (answers.loanType === "homeowner") return "homeowner-amount";
  }
  return stepId;
}

/** The form's own step id for a counted step name (the inverse of `funnelStepName`), for its title. */
export const funnelStepId = (step: string) => (step.endsWith("-amount") ? "amount" : step);

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
  /** The branch of the form the step is on ("Personal loan"), or null. */
  branch: string | null;
  /** Visitors who reached the step. */
  reached: number;
  /**
   * Of those who reached the step before on their way (not an optional step some skip),
   * the share who reached this one, at most 100 (null for the first step).
   */
  keptPercent: number | null;
  /** Visitors sent away from this step, by where. */
  redirects: { target: string; n: number }[];
}

/**
 * A share as the page prints it, to a tenth of a percent, never over 100: the counts are
 * of step views, not of people, so a visitor who reloads a page part-way (or goes back
 * without script) can be counted at a later step more often than at the one before.
 */
export function keptShare(reached: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.min(100, Math.round((reached / before) * 1000) / 10);
}

/**
 * A form's funnel from its counts: each step in the form's order, branch by branch, with
 * how many reached it and the share kept from the step every one of them passed before
 * (an optional step is measured, but nothing is measured against it); where visitors
 * left for a partner or /cannot-help; and how many submitted, as a share of those who
 * reached the last step. Steps nobody reached (a path not taken) are left out.
 */
export function funnelOf(form: FunnelForm, counts: FunnelCount[]) {
  const mine = counts.filter((c) => c.form === form);
  const sum = (event: FunnelEventKind, step?: string) =>
    mine.filter((c) => c.event === event && (step === undefined || c.step === step)).reduce((a, c) => a + c.n, 0);
  const rows: FunnelStepRow[] = [];
  // The shared first stage is what each branch's first step is measured against.
  let sharedBase = 0;
  let lastReached = 0;
  for (const branch of FUNNEL_BRANCHES[form] as readonly FunnelBranch[]) {
    let base = sharedBase;
    for (const stage of branch.stages) {
      let stageTotal = 0;
      for (const name of stage.steps) {
        const reached = sum("step", name);
        if (reached === 0) continue;
        stageTotal += reached;
        const redirects = new Map<string, number>();
        for (const c of mine.filter((c) => c.event === "redirect" && c.step === name)) {
          redirects.set(c.target, (redirects.get(c.target) ?? 0) + c.n);
        }
        rows.push({
          step: name,
          branch: branch.label,
          reached,
          keptPercent: keptShare(reached, base),
          redirects: [...redirects]
            .map(([t, n]) => ({ target: t, n }))
            .sort((a, b) => b.n - a.n || a.target.localeCompare(b.target)),
        });
      }
      if (stage.everyone && stageTotal > 0) base = stageTotal;
      if (stageTotal > 0) lastReached = stage.steps.includes("check") ? stageTotal : lastReached;
    }
    if (branch.label === null) sharedBase = base;
  }
  const submitted = sum("submit");
  return {
    form,
    rows,
    submitted,
    submittedPercent: keptShare(submitted, lastReached),
    redirected: sum("redirect"),
  };
}

/** The longest utm value the counts keep: anything longer is not a campaign's name. */
export const CAMPAIGN_NAME_MAX_LENGTH = 64;

/**
 * Lower-case letters, digits, hyphens, underscores and dots: the shape campaigns' utm
 * values take (`google`, `cpc`, `spring_sale-2026`). Capitals and spaces are refused: a
 * person's name typed into a link ("Jane Doe") has them, and the counts outlive erasure.
 */
const CAMPAIGN_SHAPE = /^[a-z0-9._-]+$/;
/** Nine digits or more, with only spaces, dots, hyphens, pluses, slashes or brackets between them: a phone number, or part of one. */
const PHONE_LIKE = /\d(?:[\s\-.()+/]*\d){8,}/u;

/**
 * A landing page's utm_source or utm_campaign as the funnel's counts may keep it
 * (DECISIONS D16, decision 294): the value, trimmed, when it is shaped like a campaign's
 * name; '' for anything else, an email address, a phone number or a name among them.
 * The counts then hold no identifier whatever a link carried.
 */
export function campaignName(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (!text || text.length > CAMPAIGN_NAME_MAX_LENGTH) return "";
  if (!CAMPAIGN_SHAPE.test(text) || PHONE_LIKE.test(text)) return "";
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

/** The first day the database can hold: it has no year 0. */
const FIRST_DAY = "0001-01-01";

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
  // Not before 1 January of year 1: the database has no year 0 (a To of 0001-01-01 once asked for one).
  const defaultFrom = addDays(to, 1 - FUNNEL_DEFAULT_DAYS);
  const from = given("from") ?? (defaultFrom < FIRST_DAY ? FIRST_DAY : defaultFrom);
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
