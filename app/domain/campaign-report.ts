import { daysInMonth } from "./calendar-day";
import { campaignName } from "./funnel";

// What each campaign earned (DECISIONS D23, issue 30): per campaign (the landing page's
// utm source and campaign) and UK month, the visits that reached a form's first step,
// the leads, the cases sent to a lender, the completions, the money lent and the
// commission earned. Each figure is counted in the month it happened (a completion in
// the month of its completion date), always under the campaign of its lead. Pure: the
// server sums; this reads the period and puts the sums together.

/** A month as the report's URL and rows carry it: `YYYY-MM`. */
const MONTH = /^(\d{4})-(\d{2})$/;

/** A real month from 2000-01 to 2999-12: the firm and its records are younger, and the database needs a year. */
export function isMonth(text: string): boolean {
  const match = MONTH.exec(text);
  if (!match) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 2000 && year <= 2999 && month >= 1 && month <= 12;
}

/** The month `months` after a month (before, when negative). */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The report's period: UK months, inclusive. */
export interface MonthRange {
  from: string;
  to: string;
}

/** How many months the report shows when no From month is given (To and the 11 before it). */
export const CAMPAIGN_REPORT_DEFAULT_MONTHS = 12;

/**
 * The period from the report's URL, given this UK month: the last 12 months by default,
 * months the wrong way round swapped. A value that is not a month falls back to the
 * default; the page asks `monthRangeProblem` first and refuses it.
 */
export function parseMonthRange(params: URLSearchParams, thisMonth: string): MonthRange {
  const given = (name: string) => {
    const value = params.get(name) ?? "";
    return isMonth(value) ? value : undefined;
  };
  const to = given("to") ?? thisMonth;
  const from = given("from") ?? addMonths(to, 1 - CAMPAIGN_REPORT_DEFAULT_MONTHS);
  return from <= to ? { from, to } : { from: to, to: from };
}

export const MONTH_RANGE_PROBLEMS = {
  from: "The From month is not a month: write it as YYYY-MM, such as 2026-02",
  to: "The To month is not a month: write it as YYYY-MM, such as 2026-02",
} as const;

/** Why the report cannot show what its URL asks (a month that is not one), or undefined. */
export function monthRangeProblem(params: URLSearchParams): string | undefined {
  for (const name of ["from", "to"] as const) {
    const value = params.get(name);
    if (value && !isMonth(value)) return MONTH_RANGE_PROBLEMS[name];
  }
  return undefined;
}

/** The period's first and last UK days (YYYY-MM-DD), as the queries take it. */
export function monthRangeDays(range: MonthRange): { fromDay: string; toDay: string } {
  const [year, month] = range.to.split("-").map(Number) as [number, number];
  return { fromDay: `${range.from}-01`, toDay: `${range.to}-${String(daysInMonth(year, month)).padStart(2, "0")}` };
}

/**
 * A lead's utm value as the report groups it: decoded as a browser reads a URL's query
 * (the lead tables keep it as the URL had it), then kept only when shaped like a
 * campaign's name, as the funnel's counts keep it (`campaignName`). So a lead and the
 * visits from its campaign meet under one name, and a link that carried an email
 * address or a phone number is reported under no campaign, never printed.
 */
export function campaignValue(raw: string | null | undefined): string {
  if (!raw) return "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    decoded = raw;
  }
  return campaignName(decoded);
}

/** How the report shows a source or campaign the landing page did not have (a direct visit). */
export const NO_CAMPAIGN = "(none)";
export const campaignLabel = (value: string) => value || NO_CAMPAIGN;

/** The figures of one campaign in one month. */
export interface CampaignFigures {
  visits: number;
  leads: number;
  cases: number;
  completions: number;
  /** Money lent on the completed loans, in whole pounds. */
  lentPounds: number;
  commissionPence: number;
}

export interface CampaignMonthRow extends CampaignFigures {
  month: string;
  source: string;
  campaign: string;
}

/** A part of the sums, as one query gives it: a month, a campaign, and some of the figures. */
export type CampaignSum = Pick<CampaignMonthRow, "month" | "source" | "campaign"> & Partial<CampaignFigures>;

const NO_FIGURES: CampaignFigures = {
  visits: 0,
  leads: 0,
  cases: 0,
  completions: 0,
  lentPounds: 0,
  commissionPence: 0,
};
const FIGURES = Object.keys(NO_FIGURES) as (keyof CampaignFigures)[];

/**
 * The report's rows from the queries' sums: one per month and campaign (sums that meet
 * under one campaign added up), months in order, then the campaigns that earned most,
 * then those with most leads and visits, then by name; and the period's totals.
 */
export function campaignReportRows(sums: readonly CampaignSum[]): {
  rows: CampaignMonthRow[];
  totals: CampaignFigures;
} {
  const byKey = new Map<string, CampaignMonthRow>();
  const totals = { ...NO_FIGURES };
  for (const sum of sums) {
    const key = JSON.stringify([sum.month, sum.source, sum.campaign]);
    let row = byKey.get(key);
    if (!row) {
      row = { month: sum.month, source: sum.source, campaign: sum.campaign, ...NO_FIGURES };
      byKey.set(key, row);
    }
    for (const figure of FIGURES) {
      const value = sum[figure] ?? 0;
      row[figure] += value;
      totals[figure] += value;
    }
  }
  const rows = [...byKey.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      b.commissionPence - a.commissionPence ||
      b.completions - a.completions ||
      b.leads - a.leads ||
      b.visits - a.visits ||
      a.source.localeCompare(b.source) ||
      a.campaign.localeCompare(b.campaign),
  );
  return { rows, totals };
}

/** Pence as pounds with two decimals and no separators ("1234.50"), as a file for a machine wants it. */
export function poundsAndPence(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const whole = Math.abs(Math.round(pence));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** A month as people read it: "March 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
