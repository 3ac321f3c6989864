// What a promotion version changes, and what in it the approver must be warned of
// (DECISIONS D27, D31): each figure that differs from the figures it is compared with,
// as the console prints it, old and new; each page it touches with only its figures that
// differ; and the warnings an approver acknowledges before approving it. Pure: the
// lender panel's products are passed in.

import { formatPercent, formatPounds, formatTerm, type RepresentativeExample } from "./finance";
import type { LenderProduct } from "./lender-products";
import {
  CLAIM_FIELDS,
  EXAMPLE_KEYS,
  EXAMPLE_LABELS,
  type ExampleInputs,
  type ExampleKey,
  exampleAnnualRate,
  exampleField,
  type PromotionFigures,
  type PromotionUse,
  pagesTouched,
  rateTableField,
  ratesFrom,
  type TouchedPage,
} from "./promotions";
import { RATED_CREDIT_HISTORIES, type RatedCreditHistory, type RateTableBand } from "./rates";

/** Which part of the figures a change is in. */
export type FigurePart = "rate-table" | "example" | "claims";

/** One figure that differs: as printed before and after (null: there was none, or there is none now). */
export interface FigureChange {
  /** The draft form's field name for it (`rateTable.0.excellent`), so a page marks it where it prints it. */
  field: string;
  part: FigurePart;
  /** What it is, in words: "Up to 60% LTV, Excellent credit". */
  label: string;
  before: string | null;
  after: string | null;
}

export const CREDIT_WORDS: Record<RatedCreditHistory, string> = {
  excellent: "Excellent credit",
  good: "Good credit",
  unsure: "Unsure of credit",
};

/** An example's rate as the console prints it: a month's rate also as a year's. */
export function exampleRateText(inputs: Pick<ExampleInputs, "ratePercent" | "rateBasis">): string {
  return inputs.rateBasis === "monthly"
    ? `${formatPercent(inputs.ratePercent, 5)} a month (${formatPercent(exampleAnnualRate(inputs))} a year)`
    : `${formatPercent(inputs.ratePercent)} a year`;
}

/** A band's name: by its position and its LTV as it is now (or was, for a band taken out). */
const bandLabel = (band: RateTableBand) => `Up to ${formatPercent(band.maxLtv)} LTV`;

function bandTexts(band: RateTableBand | undefined, i: number): [field: string, label: string, text: string | null][] {
  const name = band ? `${bandLabel(band)}, ` : "";
  const parts: [field: string, part: string, text: string | null][] = [
    [rateTableField(i, "maxLtv"), "LTV", band ? formatPercent(band.maxLtv) : null],
    [rateTableField(i, "maxLoan"), "largest loan", band ? formatPounds(band.maxLoan) : null],
    ...RATED_CREDIT_HISTORIES.map((h): [string, string, string | null] => [
      rateTableField(i, h),
      CREDIT_WORDS[h],
      band ? formatPercent(band.rates[h]) : null,
    ]),
  ];
  return parts.map(([field, part, text]) => [field, `${name}${part}`, text]);
}

function exampleTexts(key: ExampleKey, inputs: ExampleInputs): [field: string, label: string, text: string][] {
  const label = EXAMPLE_LABELS[key].replace(/ \(.*\)$/, "");
  return [
    [exampleField(key, "amount"), `${label}: amount of credit`, formatPounds(inputs.amount)],
    [exampleField(key, "months"), `${label}: term`, formatTerm(inputs.months)],
    // The rate and its basis print as one figure ("0.74166% a month (9.25% a year)").
    [exampleField(key, "ratePercent"), `${label}: rate`, exampleRateText(inputs)],
    [exampleField(key, "fees"), `${label}: fees`, formatPounds(inputs.fees)],
  ];
}

function claimTexts(figures: PromotionFigures): [field: string, label: string, text: string | null][] {
  const { lenderPanel, rating } = figures.claims;
  return [
    [CLAIM_FIELDS.panelSize, "Lenders on the panel", lenderPanel?.size ?? null],
    [CLAIM_FIELDS.panelSource, "Where the panel size can be checked", lenderPanel?.source ?? null],
    [CLAIM_FIELDS.ratingScore, "Review rating", rating ? `${rating.score} out of 5` : null],
    [CLAIM_FIELDS.ratingCount, "Number of reviews", rating ? rating.count.toLocaleString("en-GB") : null],
    [CLAIM_FIELDS.ratingSite, "Review site", rating?.site ?? null],
    [CLAIM_FIELDS.ratingUrl, "Review page address", rating?.url ?? null],
    [CLAIM_FIELDS.ratingDate, "When the rating was read", rating?.date ?? null],
  ];
}

/**
 * Every figure that differs from `before` to `after`, in the order the console prints
 * them: the rate table band by band (a band by its place in the table, so a band added or
 * taken out shows as figures with nothing before or nothing after), each example's
 * inputs, then the claims. Figures that print alike are the same figure.
 */
export function figureChanges(before: PromotionFigures, after: PromotionFigures): FigureChange[] {
  const changes: FigureChange[] = [];
  const add = (part: FigurePart, field: string, label: string, was: string | null, now: string | null) => {
    if (was !== now) changes.push({ field, part, label, before: was, after: now });
  };
  const bands = Math.max(before.rateTable.length, after.rateTable.length);
  for (let i = 0; i < bands; i++) {
    const was = bandTexts(before.rateTable[i], i);
    const now = bandTexts(after.rateTable[i], i);
    now.forEach(([field, label, text], j) => {
      // A band taken out is named as it was.
      const name = after.rateTable[i] ? label : (was[j]?.[1] ?? label);
      add("rate-table", field, name, was[j]?.[2] ?? null, text);
    });
  }
  for (const key of EXAMPLE_KEYS) {
    const was = exampleTexts(key, before.examples[key]);
    exampleTexts(key, after.examples[key]).forEach(([field, label, text], j) => {
      add("example", field, label, was[j]?.[2] ?? null, text);
    });
  }
  const was = claimTexts(before);
  claimTexts(after).forEach(([field, label, text], j) => {
    add("claims", field, label, was[j]?.[2] ?? null, text);
  });
  return changes;
}

/** The changes keyed by field: how a page finds whether the figure it prints changed. */
export function changesByField(changes: readonly FigureChange[]): Record<string, FigureChange> {
  return Object.fromEntries(changes.map((change) => [change.field, change]));
}

// ── Each page, with only the figures that differ ──────────────────────────────

/** A figure of a page that differs, as the page prints it. */
export interface PageDifference {
  label: string;
  before: string | null;
  after: string | null;
}

export interface PageChange extends Omit<TouchedPage, "before" | "after"> {
  /** Only what differs on the page: its example's printed figures, its "rates from", the rates it quotes, its claims. */
  differences: PageDifference[];
}

/** The printed figures of a representative example, as the page's example box names them. */
function exampleFigures(example: RepresentativeExample): [label: string, text: string][] {
  return [
    ["Example: amount of credit", formatPounds(example.amount)],
    ["Example: term", formatTerm(example.termMonths)],
    ["Example: rate (fixed) and representative APRC", formatPercent(example.annualRatePercent)],
    ["Example: monthly payment", formatPounds(example.monthlyPayment, { pence: true })],
    ["Example: total payable", formatPounds(example.totalPayable, { pence: true })],
  ];
}

/**
 * The pages a change touches (`pagesTouched`), each with only the figures of it that
 * differ: never a figure shown before and after alike.
 */
export function pageChanges(before: PromotionFigures, after: PromotionFigures): PageChange[] {
  const changes = figureChanges(before, after);
  const of = (part: FigurePart): PageDifference[] =>
    changes
      .filter((c) => c.part === part)
      .map(({ label, before: was, after: now }) => ({ label, before: was, after: now }));
  return pagesTouched(before, after).flatMap(({ before: was, after: now, ...page }) => {
    const found: [PromotionUse, PageDifference[]][] = [];
    if (page.changed.includes("example")) {
      const old = exampleFigures(was);
      const differ = exampleFigures(now).flatMap(([label, text], i) => {
        const prior = old[i]?.[1] ?? null;
        return prior === text ? [] : [{ label, before: prior, after: text }];
      });
      found.push(["example", differ]);
    }
    if (page.changed.includes("rates-from"))
      found.push([
        "rates-from",
        [{ label: "Rates from", before: formatPercent(ratesFrom(before)), after: formatPercent(ratesFrom(after)) }],
      ]);
    if (page.changed.includes("rate-table")) found.push(["rate-table", of("rate-table")]);
    if (page.changed.includes("claims")) found.push(["claims", of("claims")]);
    // What prints alike is no change: a use with nothing that differs is left out, and a page with none.
    const shown = found.filter(([, differ]) => differ.length > 0);
    if (shown.length === 0) return [];
    return [{ ...page, changed: shown.map(([use]) => use), differences: shown.flatMap(([, differ]) => differ) }];
  });
}

// ── Warnings the approver acknowledges ────────────────────────────────────────

export type PromotionWarningKind = "credit-order" | "ltv-order" | "from-not-offered" | "from-below-panel";

export interface PromotionWarning {
  kind: PromotionWarningKind;
  /** Names the warning and the figures it is about (no character HTML escapes): the acknowledgement is of these warnings, not others. */
  key: string;
  message: string;
}

/** The live homeowner products of the panel: what "rates from" is compared with. */
type PanelProduct = Pick<LenderProduct, "lender" | "productName" | "kind" | "retired"> & {
  criteria: Pick<LenderProduct["criteria"], "rateBands">;
};

const hundredths = (n: number) => Math.round(n * 100);

/**
 * What an approver must be warned of before approving `figures`:
 * - a band where a better credit history costs more (Excellent above Good, Good above Unsure);
 * - a credit history whose rate falls as the LTV rises (a lower LTV costs more);
 * - "rates from" (the table's lowest rate) below every rate of the lender panel's live
 *   homeowner (second charge) products, or, not below, offered by none of them.
 * Each pair is compared with its neighbour: any order broken breaks it between neighbours.
 */
export function promotionWarnings(figures: PromotionFigures, panel: readonly PanelProduct[]): PromotionWarning[] {
  const warnings: PromotionWarning[] = [];
  const table = figures.rateTable;
  table.forEach((band, i) => {
    for (let j = 0; j + 1 < RATED_CREDIT_HISTORIES.length; j++) {
      const better = RATED_CREDIT_HISTORIES[j] as RatedCreditHistory;
      const worse = RATED_CREDIT_HISTORIES[j + 1] as RatedCreditHistory;
      if (band.rates[better] > band.rates[worse])
        warnings.push({
          kind: "credit-order",
          key: `credit-order:${i}:${better}:${band.rates[better]}:${worse}:${band.rates[worse]}`,
          message: `${bandLabel(band)}: ${CREDIT_WORDS[better]} costs more (${formatPercent(band.rates[better])}) than ${CREDIT_WORDS[worse]} (${formatPercent(band.rates[worse])}). A better credit history should never cost more.`,
        });
    }
  });
  for (const history of RATED_CREDIT_HISTORIES)
    table.forEach((band, i) => {
      const next = table[i + 1];
      if (next && band.rates[history] > next.rates[history])
        warnings.push({
          kind: "ltv-order",
          key: `ltv-order:${history}:${i}:${band.rates[history]}:${next.rates[history]}`,
          message: `${CREDIT_WORDS[history]}: up to ${formatPercent(band.maxLtv)} LTV costs more (${formatPercent(band.rates[history])}) than up to ${formatPercent(next.maxLtv)} LTV (${formatPercent(next.rates[history])}). A lower LTV should never cost more.`,
        });
    });
  if (table.length === 0) return warnings;

  const from = ratesFrom(figures);
  const offers = panel
    .filter((p) => !p.retired && p.kind === "second-charge")
    .flatMap((p) => p.criteria.rateBands.map((b) => ({ rate: b.ratePercent, name: `${p.lender}, ${p.productName}` })));
  const lowest = offers.reduce<(typeof offers)[number] | undefined>(
    (low, offer) => (low === undefined || offer.rate < low.rate ? offer : low),
    undefined,
  );
  if (!lowest)
    warnings.push({
      kind: "from-not-offered",
      key: `from-not-offered:${from}:none`,
      message: `The site advertises rates from ${formatPercent(from)}, but the lender panel has no live homeowner product: no lender offers it.`,
    });
  else if (hundredths(from) < hundredths(lowest.rate))
    warnings.push({
      kind: "from-below-panel",
      key: `from-below-panel:${from}:${lowest.rate}`,
      message: `The site advertises rates from ${formatPercent(from)}, below the lender panel's lowest rate (${formatPercent(lowest.rate)}, ${lowest.name}): no borrower could get it.`,
    });
  else if (!offers.some((offer) => hundredths(offer.rate) === hundredths(from)))
    warnings.push({
      kind: "from-not-offered",
      key: `from-not-offered:${from}:${lowest.rate}`,
      message: `The site advertises rates from ${formatPercent(from)}, a rate no product on the lender panel offers (its lowest is ${formatPercent(lowest.rate)}, ${lowest.name}).`,
    });
  return warnings;
}

/** The approver's tick box for the warnings. */
export const WARNINGS_SEEN_FIELD = "warningsSeen";

/** The tick box's value: the warnings it acknowledges, so a tick for other warnings (the panel changed since) is no tick. */
export const warningsSeenValue = (warnings: readonly PromotionWarning[]) => warnings.map((w) => w.key).join("|");

/** Why a version may not be approved as it stands: it has warnings, and the tick is not for them. Null otherwise. */
export function warningsRefusal(
  warnings: readonly PromotionWarning[],
  ticked: string | null | undefined,
): string | null {
  if (warnings.length === 0 || ticked === warningsSeenValue(warnings)) return null;
  return warnings.length === 1
    ? "Confirm that you have read the warning above and approve the version as it is, or send it back"
    : `Confirm that you have read the ${warnings.length} warnings above and approve the version as it is, or send it back`;
}
