// The promotion figures (DECISIONS D27): the rate table, each page's representative
// example inputs and the checkable claims, as one versioned set. Staff type inputs only;
// every payment, total and APR printed from them is computed by finance.ts (D2). The
// figures' shape and what a page reads of them are promotion-figures.ts (docs/decisions/470);
// this module is the console's: the check on a draft, its form fields, its pages and versions.

import { URL_MAX_LENGTH } from "./field-limits";
import { representativeExample } from "./finance";
import { isOwnKey } from "./own-keys";
import { typedNumber } from "./form-read";
import { ratesFrom } from "./rates-from";
import {
  type ExampleInputs,
  type ExampleKey,
  exampleAnnualRate,
  type PromotionFigures,
  type RateBasis,
} from "./promotion-figures";
import {
  HOMEOWNER_MAX_LOAN,
  HOMEOWNER_MIN_LOAN,
  RATED_CREDIT_HISTORIES,
  type RatedCreditHistory,
  type RateTableBand,
} from "./rates";

// The figures' shape, what a page reads of them and an example costed, for the console and the server.
export { costAtExampleRate, exampleCost, exampleMonthlyRate } from "./example-cost";
export {
  defaultPromotionFigures,
  type ExampleInputs,
  type ExampleKey,
  type ExampleTerms,
  exampleAnnualRate,
  type PanelClaim,
  type PromotionClaims,
  type PromotionFigures,
  type RateBasis,
  type RatingClaim,
} from "./promotion-figures";
export { ratesFrom } from "./rates-from";

/** A version's life: drafted, then approved (live at once or at its time) or sent back; live until the next. */
export const PROMOTION_STATUSES = ["draft", "approved", "rejected", "live", "superseded"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  draft: "Waiting for approval",
  approved: "Approved, to go live at its time",
  rejected: "Sent back",
  live: "Live",
  superseded: "Replaced",
};

/** The bases a draft's example rate may have: a year's or a month's (the bad credit page). */
export const RATE_BASES: readonly RateBasis[] = ["annual", "monthly"];

export const EXAMPLE_LABELS: Record<ExampleKey, string> = {
  headline: "Headline homeowner loan (home page, loans, secured homeowner loan and every footer)",
  homeowner: "Homeowner loan calculator",
  badCredit: "Bad credit homeowner loan",
  schoolFees: "School fees loan",
  homeImprovement: "Home improvement loan",
  debtConsolidation: "Debt consolidation",
};

/** The examples a version holds, in the order the console lists them (every one: the labels' type holds each). */
export const EXAMPLE_KEYS = Object.keys(EXAMPLE_LABELS) as readonly ExampleKey[];

// ── The check on a draft ──────────────────────────────────────────────────────

/** Field-keyed reasons a draft cannot be a compliant promotion; empty when it can. */
export type PromotionErrors = Record<string, string>;

export const MAX_RATE_BANDS = 12;
export const EXAMPLE_TERM_MONTHS = { min: 12, max: 360 } as const;
const MAX_ANNUAL_RATE = 50;

export const rateTableField = (i: number, part: "maxLtv" | "maxLoan" | RatedCreditHistory) => `rateTable.${i}.${part}`;
export const exampleField = (key: ExampleKey, part: keyof ExampleInputs) => `examples.${key}.${part}`;
export const CLAIM_FIELDS = {
  panelSize: "claims.lenderPanel.size",
  panelSource: "claims.lenderPanel.source",
  ratingScore: "claims.rating.score",
  ratingCount: "claims.rating.count",
  ratingSite: "claims.rating.site",
  ratingUrl: "claims.rating.url",
  ratingDate: "claims.rating.date",
} as const;

/**
 * How many characters each claim's words may hold: the form's `maxLength` and the check
 * both read them. A claim prints on public pages once approved, so it is a line, not a page.
 */
export const CLAIM_MAX_LENGTHS: Readonly<Partial<Record<(typeof CLAIM_FIELDS)[keyof typeof CLAIM_FIELDS], number>>> = {
  [CLAIM_FIELDS.panelSize]: 20,
  [CLAIM_FIELDS.panelSource]: 300,
  [CLAIM_FIELDS.ratingSite]: 100,
  [CLAIM_FIELDS.ratingUrl]: URL_MAX_LENGTH,
  [CLAIM_FIELDS.ratingDate]: 50,
};

/** The reason a claim's words are refused for their length. */
export const claimTooLong = (max: number) => `At most ${max.toLocaleString("en-GB")} characters`;

const CREDIT_LABELS: Record<RatedCreditHistory, string> = { excellent: "excellent", good: "good", unsure: "unsure" };

/**
 * Refuses a draft whose figures cannot be a compliant promotion (CONC 3.3.1, 3.5): an
 * example that is not complete, a rate table with a gap or a band out of order, a claim
 * without its source or longer than its field. Each reason is keyed by the field it belongs beside.
 */
export function checkPromotion(figures: PromotionFigures): PromotionErrors {
  const errors: PromotionErrors = {};
  const set = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };
  const table = figures.rateTable;

  if (table.length === 0) set(rateTableField(0, "maxLtv"), "The rate table needs at least one band");
  if (table.length > MAX_RATE_BANDS) set(rateTableField(MAX_RATE_BANDS, "maxLtv"), `At most ${MAX_RATE_BANDS} bands`);
  table.forEach((band, i) => {
    const before = i > 0 ? table[i - 1] : undefined;
    if (!Number.isFinite(band.maxLtv))
      set(rateTableField(i, "maxLtv"), "Enter the highest LTV for this band: a gap in the table");
    else if (band.maxLtv <= 0 || band.maxLtv > 100)
      set(rateTableField(i, "maxLtv"), "An LTV is above 0 and at most 100%");
    else if (before && Number.isFinite(before.maxLtv) && band.maxLtv <= before.maxLtv)
      set(
        rateTableField(i, "maxLtv"),
        `Out of order: this band's LTV must be above the band before it (${before.maxLtv}%)`,
      );
    if (!Number.isFinite(band.maxLoan))
      set(rateTableField(i, "maxLoan"), "Enter the largest loan for this band: a gap in the table");
    else if (!Number.isInteger(band.maxLoan) || band.maxLoan < HOMEOWNER_MIN_LOAN || band.maxLoan > HOMEOWNER_MAX_LOAN)
      set(rateTableField(i, "maxLoan"), "The largest loan is whole pounds from £10,000 to £2,500,000");
    else if (before && Number.isFinite(before.maxLoan) && band.maxLoan > before.maxLoan)
      set(
        rateTableField(i, "maxLoan"),
        "Out of order: a band's largest loan is no higher than the band before it (limits only fall as LTV rises)",
      );
    for (const history of RATED_CREDIT_HISTORIES) {
      const rate = band.rates[history];
      if (!Number.isFinite(rate))
        set(rateTableField(i, history), `Enter the rate for ${CREDIT_LABELS[history]} credit: a gap in the table`);
      else if (rate <= 0 || rate > MAX_ANNUAL_RATE)
        set(rateTableField(i, history), "A rate is above 0 and at most 50% a year");
    }
  });

  const lowest = table.length > 0 ? ratesFrom(figures) : Number.NaN;
  for (const key of EXAMPLE_KEYS) {
    const example = figures.examples[key];
    const field = (part: keyof ExampleInputs) => exampleField(key, part);
    if (!Number.isFinite(example.amount))
      set(field("amount"), "Enter the amount of credit: an example is not complete without it");
    else if (
      !Number.isInteger(example.amount) ||
      example.amount < HOMEOWNER_MIN_LOAN ||
      example.amount > HOMEOWNER_MAX_LOAN
    )
      set(field("amount"), "The amount is whole pounds from £10,000 to £2,500,000");
    if (!Number.isFinite(example.months))
      set(field("months"), "Enter the term in months: an example is not complete without it");
    else if (
      !Number.isInteger(example.months) ||
      example.months < EXAMPLE_TERM_MONTHS.min ||
      example.months > EXAMPLE_TERM_MONTHS.max
    )
      set(field("months"), "The term is a whole number of months from 12 to 360");
    if (!RATE_BASES.includes(example.rateBasis))
      set(field("rateBasis"), "Choose whether the rate is a year's or a month's");
    if (!Number.isFinite(example.ratePercent))
      set(field("ratePercent"), "Enter the rate: an example is not complete without it");
    else if (example.ratePercent <= 0) set(field("ratePercent"), "A rate is above 0");
    else if (RATE_BASES.includes(example.rateBasis)) {
      const yearly = exampleAnnualRate(example);
      if (yearly > MAX_ANNUAL_RATE) set(field("ratePercent"), "A rate is at most 50% a year");
      else if (Number.isFinite(lowest) && yearly < lowest)
        set(field("ratePercent"), `Below the lowest rate in the table (${lowest}%): no borrower could get it`);
    }
    if (!Number.isFinite(example.fees)) set(field("fees"), "Enter the fees, 0 when there are none");
    else if (example.fees !== 0)
      set(
        field("fees"),
        "The examples are computed without fees; a fee needs the APR computed with it first (not yet built)",
      );
  }

  const longer = (field: keyof typeof CLAIM_MAX_LENGTHS, text: string) => {
    const max = CLAIM_MAX_LENGTHS[field];
    if (max !== undefined && text.length > max) set(field, claimTooLong(max));
  };
  const panel = figures.claims.lenderPanel;
  if (panel) {
    longer(CLAIM_FIELDS.panelSize, panel.size);
    longer(CLAIM_FIELDS.panelSource, panel.source);
    if (panel.size.trim() === "")
      set(CLAIM_FIELDS.panelSize, "Enter the panel size, or clear its source to make no claim");
    if (panel.source.trim() === "")
      set(CLAIM_FIELDS.panelSource, "A claim needs its source: where a reader can check it");
  }
  const rating = figures.claims.rating;
  if (rating) {
    longer(CLAIM_FIELDS.ratingSite, rating.site);
    longer(CLAIM_FIELDS.ratingUrl, rating.url);
    longer(CLAIM_FIELDS.ratingDate, rating.date);
    if (!/^[0-5](\.\d)?$/.test(rating.score)) set(CLAIM_FIELDS.ratingScore, "A rating out of 5, like 4.8");
    if (!Number.isInteger(rating.count) || rating.count <= 0)
      set(CLAIM_FIELDS.ratingCount, "Enter the number of reviews the rating is from");
    if (rating.site.trim() === "") set(CLAIM_FIELDS.ratingSite, "A claim needs its source: the review site's name");
    if (!/^https?:\/\/[^\s.]+(?:\.[^\s.]+)+$/.test(rating.url))
      set(CLAIM_FIELDS.ratingUrl, "A claim needs its source: the review page's address");
    if (rating.date.trim() === "") set(CLAIM_FIELDS.ratingDate, "Enter when the rating was read, like November 2026");
  }
  return errors;
}

// ── The form's fields ─────────────────────────────────────────────────────────

/** Every field of the draft form, as text, keyed as the check keys its reasons. */
export function promotionFieldValues(figures: PromotionFigures): Record<string, string> {
  const values: Record<string, string> = {};
  figures.rateTable.forEach((band, i) => {
    values[rateTableField(i, "maxLtv")] = String(band.maxLtv);
    values[rateTableField(i, "maxLoan")] = String(band.maxLoan);
    for (const history of RATED_CREDIT_HISTORIES) values[rateTableField(i, history)] = String(band.rates[history]);
  });
  for (const key of EXAMPLE_KEYS) {
    const example = figures.examples[key];
    values[exampleField(key, "amount")] = String(example.amount);
    values[exampleField(key, "months")] = String(example.months);
    values[exampleField(key, "ratePercent")] = String(example.ratePercent);
    values[exampleField(key, "rateBasis")] = example.rateBasis;
    values[exampleField(key, "fees")] = String(example.fees);
  }
  const { lenderPanel, rating } = figures.claims;
  values[CLAIM_FIELDS.panelSize] = lenderPanel?.size ?? "";
  values[CLAIM_FIELDS.panelSource] = lenderPanel?.source ?? "";
  values[CLAIM_FIELDS.ratingScore] = rating?.score ?? "";
  values[CLAIM_FIELDS.ratingCount] = rating ? String(rating.count) : "";
  values[CLAIM_FIELDS.ratingSite] = rating?.site ?? "";
  values[CLAIM_FIELDS.ratingUrl] = rating?.url ?? "";
  values[CLAIM_FIELDS.ratingDate] = rating?.date ?? "";
  return values;
}

/** A figure as typed ("1,000,000", " 5.69 "): NaN when blank or not a number, so the check names the field. */
const typedFigure = (text: string | undefined): number => typedNumber(text) ?? Number.NaN;

/**
 * The figures a posted form holds: `value(name)` reads one field. A rate-table row left
 * wholly blank is no band (the form offers spare rows); a claim with every part blank is
 * no claim. Anything typed that is not a number becomes NaN, for the check to name.
 */
export function promotionFromFields(value: (name: string) => string | undefined): PromotionFigures {
  const rateTable: RateTableBand[] = [];
  for (let i = 0; i < MAX_RATE_BANDS; i++) {
    const texts = [
      rateTableField(i, "maxLtv"),
      rateTableField(i, "maxLoan"),
      ...RATED_CREDIT_HISTORIES.map((h) => rateTableField(i, h)),
    ].map((name) => (value(name) ?? "").trim());
    if (texts.every((text) => text === "")) continue;
    const rates = Object.fromEntries(
      RATED_CREDIT_HISTORIES.map((h) => [h, typedFigure(value(rateTableField(i, h)))]),
    ) as Record<RatedCreditHistory, number>;
    rateTable.push({
      maxLtv: typedFigure(value(rateTableField(i, "maxLtv"))),
      maxLoan: typedFigure(value(rateTableField(i, "maxLoan"))),
      rates,
    });
  }
  const examples = Object.fromEntries(
    EXAMPLE_KEYS.map((key) => {
      const basis = value(exampleField(key, "rateBasis"));
      const inputs: ExampleInputs = {
        amount: typedFigure(value(exampleField(key, "amount"))),
        months: typedFigure(value(exampleField(key, "months"))),
        ratePercent: typedFigure(value(exampleField(key, "ratePercent"))),
        rateBasis: basis === "monthly" ? "monthly" : basis === "annual" ? "annual" : ("" as RateBasis),
        fees: typedFigure(value(exampleField(key, "fees"))),
      };
      return [key, inputs];
    }),
  ) as Record<ExampleKey, ExampleInputs>;
  const text = (name: string) => (value(name) ?? "").trim();
  const panelParts = [text(CLAIM_FIELDS.panelSize), text(CLAIM_FIELDS.panelSource)];
  const ratingParts = [
    CLAIM_FIELDS.ratingScore,
    CLAIM_FIELDS.ratingCount,
    CLAIM_FIELDS.ratingSite,
    CLAIM_FIELDS.ratingUrl,
    CLAIM_FIELDS.ratingDate,
  ].map(text);
  return {
    rateTable,
    examples,
    claims: {
      lenderPanel: panelParts.some((part) => part !== "")
        ? { size: panelParts[0] ?? "", source: panelParts[1] ?? "" }
        : null,
      rating: ratingParts.some((part) => part !== "")
        ? {
            score: text(CLAIM_FIELDS.ratingScore),
            count: typedFigure(text(CLAIM_FIELDS.ratingCount)),
            site: text(CLAIM_FIELDS.ratingSite),
            url: text(CLAIM_FIELDS.ratingUrl),
            date: text(CLAIM_FIELDS.ratingDate),
          }
        : null,
    },
  };
}

/** Whether stored JSON is a set of figures this code can show (a version written by an older build, say). */
export function isPromotionFigures(value: unknown): value is PromotionFigures {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<PromotionFigures>;
  if (!Array.isArray(v.rateTable) || typeof v.examples !== "object" || v.examples === null) return false;
  if (typeof v.claims !== "object" || v.claims === null) return false;
  const examples = v.examples;
  return (
    EXAMPLE_KEYS.every((key) => isOwnKey(examples, key)) &&
    Object.keys(checkPromotion(value as PromotionFigures)).length === 0
  );
}

// ── Which pages a change touches ──────────────────────────────────────────────

export type PromotionUse = "example" | "rate-table" | "rates-from" | "claims";

export interface PromotedPage {
  path: string;
  title: string;
  /** The example the page prints (in its body, or in its footer). */
  example: ExampleKey;
  /** What else of the figures the page shows or computes with. */
  uses: readonly PromotionUse[];
}

/** Every page that prints promotion figures, and which of them. Every other page prints the headline example in its footer. */
export const PROMOTED_PAGES: readonly PromotedPage[] = [
  { path: "/", title: "Home", example: "headline", uses: ["rates-from", "claims"] },
  { path: "/loans", title: "Loans", example: "headline", uses: ["rates-from"] },
  {
    path: "/secured-homeowner-loan",
    title: "Secured homeowner loan and its calculator",
    example: "headline",
    uses: ["rates-from"],
  },
  { path: "/homeowner-loan-calculator", title: "Homeowner loan calculator", example: "homeowner", uses: ["claims"] },
  {
    path: "/bad-credit-homeowner-loan",
    title: "Bad credit homeowner loan and its calculator",
    example: "badCredit",
    uses: ["rates-from"],
  },
  {
    path: "/school-fees-loan",
    title: "School fees loan and its calculator",
    example: "schoolFees",
    uses: ["rates-from"],
  },
  {
    path: "/home-improvement-loan",
    title: "Home improvement loan and its calculator",
    example: "homeImprovement",
    uses: ["rates-from"],
  },
  {
    path: "/debt-consolidation",
    title: "Debt consolidation and its calculator",
    example: "debtConsolidation",
    uses: ["rates-from"],
  },
  {
    path: "/apply",
    title: "Eligibility check (its indicative rate)",
    example: "headline",
    uses: ["rate-table", "claims"],
  },
  { path: "/apply-personal", title: "Quick check (its indicative rate)", example: "headline", uses: ["rate-table"] },
  { path: "/about-us", title: "About us", example: "headline", uses: ["claims"] },
];

export interface TouchedPage extends PromotedPage {
  /** What of the page changes. */
  changed: PromotionUse[];
  before: ReturnType<typeof representativeExample>;
  after: ReturnType<typeof representativeExample>;
}

/** As the page prints it: its representative example at the example's annual rate. */
export const exampleOf = (inputs: ExampleInputs) =>
  representativeExample({ amount: inputs.amount, months: inputs.months, annualRatePercent: exampleAnnualRate(inputs) });

/** A value with its objects' keys in order: figures read back from the database (jsonb orders keys its own way) compare as typed. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * The pages a change from `before` to `after` touches, each with its representative
 * example before and after, computed by the finance module. `after` must pass the
 * check (an incomplete example cannot be computed).
 */
export function pagesTouched(before: PromotionFigures, after: PromotionFigures): TouchedPage[] {
  const changed = {
    "rate-table": !same(before.rateTable, after.rateTable),
    "rates-from": ratesFrom(before) !== ratesFrom(after),
    claims: !same(before.claims, after.claims),
  };
  const touched: TouchedPage[] = [];
  for (const page of PROMOTED_PAGES) {
    const what: PromotionUse[] = [];
    if (!same(before.examples[page.example], after.examples[page.example])) what.push("example");
    for (const use of page.uses) if (use !== "example" && changed[use]) what.push(use);
    if (what.length === 0) continue;
    touched.push({
      ...page,
      changed: what,
      before: exampleOf(before.examples[page.example]),
      after: exampleOf(after.examples[page.example]),
    });
  }
  return touched;
}

// ── A draft whose base is no longer live ──────────────────────────────────────

/** The draft form's hidden field: the version live when the form was opened, its figures' base. */
export const BASED_ON_FIELD = "basedOn";
/** The approver's tick box: that the version replaces a newer live one, undoing what it changed. */
export const REPLACES_LIVE_FIELD = "replacesLive";

/** A version by its number, or the code's figures (null), in words. */
export const versionName = (id: number | null) =>
  id === null ? "the figures the site was built with" : `version ${id}`;

/**
 * A draft drafted on figures that are no longer live (another version went live since):
 * approving it replaces the live version, and undoes whatever of it the draft does not
 * carry. Null when the draft's base is the live version.
 */
export function staleBase(basedOn: number | null, liveId: number | null) {
  return basedOn === liveId ? null : { draftedOn: basedOn, live: liveId };
}

/** The tick box's value: the live version it confirms replacing (a tick for an older one is no tick). */
export const replacesLiveValue = (liveId: number | null) => (liveId === null ? "none" : String(liveId));

/**
 * Why a draft may not be approved as it stands, keyed to the tick box: its base is not
 * the live version, and the approver has not confirmed that it replaces the live one.
 * Null when its base is live, or the approver ticked for the version live now.
 */
export function replacesLiveRefusal(
  basedOn: number | null,
  liveId: number | null,
  ticked: string | null | undefined,
): string | null {
  if (!staleBase(basedOn, liveId) || ticked === replacesLiveValue(liveId)) return null;
  return `Confirm that this version replaces ${versionName(liveId)}, live now, or send it back to be drafted again from the live figures`;
}

/** A base as the draft form posted it: a version number, or null for the code's figures (blank or not a number). */
export function readBasedOn(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
}

// ── When a version goes live, and a moment in the record ──────────────────────

export const PUBLISH_AT_FIELD = "publishAt";
export const PUBLISH_AT_INVALID =
  "Enter a day and a time to come (UK time), or leave both empty to publish on approval";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A UK day and time as a date and a time field send them, read by `toInstant` (the UK
 * clock, uk-time.ts): null for a day that is not a real one or a time that is not one.
 */
export function readUkMoment(
  day: string,
  time: string,
  toInstant: (day: string, minutes: number) => Date,
): Date | null {
  const timeMatch = TIME.exec(time.trim());
  const dayText = day.trim();
  if (!DAY.test(dayText) || !timeMatch) return null;
  const [y, m, d] = dayText.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return toInstant(dayText, Number(timeMatch[1]) * 60 + Number(timeMatch[2]));
}

/**
 * When a draft asks to go live: null (on approval) when both fields are empty; else a
 * moment after `now`, or the reason it is not one.
 */
export function readPublishAt(
  day: string,
  time: string,
  now: Date,
  toInstant: (day: string, minutes: number) => Date,
): { ok: true; at: Date | null } | { ok: false; error: string } {
  if (day.trim() === "" && time.trim() === "") return { ok: true, at: null };
  const at = readUkMoment(day, time, toInstant);
  if (!at || at.getTime() <= now.getTime()) return { ok: false, error: PUBLISH_AT_INVALID };
  return { ok: true, at };
}

/** A version as the console lists it: who drafted and decided, and when it was live. */
export interface VersionSummary {
  id: number;
  status: PromotionStatus;
  summary: string;
  draftedByName: string;
  approvedByName: string | null;
  createdAt: string;
  decidedAt: string | null;
  rejectionReason: string | null;
  publishAt: string | null;
  liveFrom: string | null;
  liveUntil: string | null;
}
