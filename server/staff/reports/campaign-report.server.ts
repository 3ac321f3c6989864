import { type SQL, sql } from "drizzle-orm";
import { addDays } from "../../../app/domain/calendar-day";
import {
  type CampaignMonthRow,
  type CampaignSum,
  campaignLabel,
  campaignReportRows,
  campaignValue,
  type MonthRange,
  monthRangeDays,
  parseMonthRange,
  poundsAndPence,
} from "../../../app/domain/campaign-report";
import { FUNNEL_FORMS } from "../../../app/domain/funnel";
import { isGoogleClickId } from "../../../app/domain/click-ids";
import {
  type ConvertedLoan,
  conversionRow,
  GOOGLE_ADS_CONVERSION_HEADERS,
} from "../../../app/domain/offline-conversions";
import { ukInstant } from "../../../app/domain/uk-time";
import type { Database } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { ukDay } from "../../leads/funnel";
import { funnelCounts, leadCases, leadMonthCounts } from "../../platform/db/schema";
import { writeAudit } from "../../platform/audit.server";
import { BOM, csvLine } from "../../platform/csv.server";
import type { StaffActor } from "../session.server";

// What each campaign earned (DECISIONS D23, docs/decisions/235) and the offline-conversions
// file for Google Ads (docs/decisions/236). Read-only over the leads, the funnel's counts
// and the leads' cases with lenders; every download is an audited export whose row
// holds the period and a count, never a click id or anything about a person.

const c = leadCases;
const m = leadMonthCounts;

/** The instant a UK day begins, as SQL text; the day after 9999-12-31 never comes. */
const ukStart = (day: string) => (day.length > 10 ? "infinity" : ukInstant(day, 0).toISOString());

/**
 * A case's lead, quote or quick-check enquiry, looked up by its kind and id: a lateral
 * read is one primary-key probe a case, where a join of the tables made PostgreSQL read
 * every lead of both (decision 257). A case can only be opened on a loan lead (a contact
 * message has no campaign), so the report counts any other under no campaign.
 */
const LEAD_COLUMNS = ["utm_source", "utm_campaign", "gclid", "gbraid", "wbraid", "ad_consent"] as const;
const CASE_LEADS = sql.raw(`left join lateral (
    select ${LEAD_COLUMNS.join(", ")} from quotes where lead_cases.lead_kind = 'quote' and quotes.id = lead_cases.lead_id
    union all
    select ${LEAD_COLUMNS.join(", ")} from personal_enquiries
      where lead_cases.lead_kind = 'personal-enquiry' and personal_enquiries.id = lead_cases.lead_id
  ) as case_lead on true`);
const caseLead = (column: (typeof LEAD_COLUMNS)[number]) => sql.raw(`case_lead.${column}`);

type SumRow = { month: string; source: string | null; campaign: string | null } & Record<string, number | string>;

/** The visits: the funnel's count of each form's first step (decision 235 says why). */
const FIRST_STEPS = sql.join(
  (Object.keys(FUNNEL_FORMS) as (keyof typeof FUNNEL_FORMS)[]).map(
    (form) => sql`(${funnelCounts.form} = ${form} and ${funnelCounts.step} = ${FUNNEL_FORMS[form].steps[0]})`,
  ),
  sql` or `,
);

/** The report's months from its URL, on today's UK month. */
export function monthRangeOf(params: URLSearchParams, now = new Date()): MonthRange {
  return parseMonthRange(params, ukDay(now).slice(0, 7));
}

/** The report's figures per UK month and campaign of the period. */
export async function campaignReport(db: Database, range: MonthRange) {
  const { fromDay, toDay } = monthRangeDays(range);
  const from = ukStart(fromDay);
  const until = ukStart(addDays(toDay, 1));
  const createdIn = (created: SQL) => sql`${created} >= ${from}::timestamptz and ${created} < ${until}::timestamptz`;
  const ukMonth = (at: SQL) => sql`to_char(${at} at time zone 'Europe/London', 'YYYY-MM')`;
  const [visits, leads, cases, completions] = await Promise.all([
    rowsOf<SumRow>(
      db,
      sql`select to_char(${funnelCounts.day}, 'YYYY-MM') as month, ${funnelCounts.utmSource} as source,
          ${funnelCounts.utmCampaign} as campaign, sum(${funnelCounts.n})::int as visits
        from ${funnelCounts}
        where ${funnelCounts.day} between ${fromDay} and ${toDay} and ${funnelCounts.event} = 'step' and (${FIRST_STEPS})
        group by 1, 2, 3`,
    ),
    // The leads of each UK month as the triggers keep them (drizzle/0010): a few rows a
    // month, where counting the leads themselves read every lead of the period.
    rowsOf<SumRow>(
      db,
      sql`select ${m.month} as month, ${m.utmSource} as source, ${m.utmCampaign} as campaign, sum(${m.n})::int as leads
        from ${m}
        where ${m.month} between ${range.from} and ${range.to}
        group by 1, 2, 3 having sum(${m.n}) > 0`,
    ),
    rowsOf<SumRow>(
      db,
      sql`select ${ukMonth(sql`${c.applicationSentAt}`)} as month, ${caseLead("utm_source")} as source,
          ${caseLead("utm_campaign")} as campaign, count(*)::int as cases
        from ${c} ${CASE_LEADS}
        where ${createdIn(sql`${c.applicationSentAt}`)}
        group by 1, 2, 3`,
    ),
    rowsOf<SumRow>(
      db,
      sql`select to_char(${c.completedOn}, 'YYYY-MM') as month, ${caseLead("utm_source")} as source,
          ${caseLead("utm_campaign")} as campaign, count(*)::int as completions,
          coalesce(sum(${c.completedAmount}), 0)::bigint as lent, coalesce(sum(${c.commissionPence}), 0)::bigint as commission
        from ${c} ${CASE_LEADS}
        where ${c.stage} = 'completed' and ${c.completedOn} between ${fromDay} and ${toDay}
        group by 1, 2, 3`,
    ),
  ]);
  // The lead tables keep utm values as the URL had them; the funnel's counts keep them read.
  const fromLeads = (r: SumRow) => ({
    month: r.month,
    source: campaignValue(r.source),
    campaign: campaignValue(r.campaign),
  });
  const sums: CampaignSum[] = [
    ...visits.map((r) => ({
      month: r.month,
      source: r.source ?? "",
      campaign: r.campaign ?? "",
      visits: Number(r.visits),
    })),
    ...leads.map((r) => ({ ...fromLeads(r), leads: Number(r.leads) })),
    ...cases.map((r) => ({ ...fromLeads(r), cases: Number(r.cases) })),
    ...completions.map((r) => ({
      ...fromLeads(r),
      completions: Number(r.completions),
      lentPounds: Number(r.lent),
      commissionPence: Number(r.commission),
    })),
  ];
  return { range, ...campaignReportRows(sums) };
}

export type CampaignReport = Awaited<ReturnType<typeof campaignReport>>;

const REPORT_COLUMNS: { header: string; value: (row: CampaignMonthRow) => string | number }[] = [
  { header: "Month", value: (r) => r.month },
  { header: "Source", value: (r) => campaignLabel(r.source) },
  { header: "Campaign", value: (r) => campaignLabel(r.campaign) },
  { header: "Visits", value: (r) => r.visits },
  { header: "Leads", value: (r) => r.leads },
  { header: "Cases", value: (r) => r.cases },
  { header: "Completions", value: (r) => r.completions },
  { header: "Money lent (£)", value: (r) => r.lentPounds },
  { header: "Commission (£)", value: (r) => poundsAndPence(r.commissionPence) },
];

/** The report as the page shows it, one row per month and campaign, in a spreadsheet's CSV. */
export function campaignReportCsv(report: CampaignReport): string {
  return (
    BOM +
    csvLine(REPORT_COLUMNS.map((column) => column.header)) +
    report.rows.map((row) => csvLine(REPORT_COLUMNS.map((column) => column.value(row)))).join("")
  );
}

/** The report's CSV download, audited with its period and row count. */
export async function exportCampaignReport(db: Database, range: MonthRange, actor: StaffActor) {
  const report = await campaignReport(db, range);
  const csv = campaignReportCsv(report);
  await writeAudit(db, {
    action: "campaigns.export",
    actor,
    detail: { from: range.from, to: range.to, rows: report.rows.length },
  });
  return csv;
}

/** A period of UK days, inclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The loans completed in the period whose visitor had accepted advertising cookies and
 * came from a Google click: those with a gclid go into the file; those with only an
 * iOS click id (gbraid, wbraid), which Google's file template has no column for, are
 * counted apart (docs/decisions/236).
 */
export async function convertedLoans(db: Database, period: DayRange) {
  const rows = await rowsOf<{
    gclid: string | null;
    braid: string | null;
    completed_on: string;
    commission: number | string | null;
  }>(
    db,
    sql`select ${caseLead("gclid")} as gclid, coalesce(${caseLead("gbraid")}, ${caseLead("wbraid")}) as braid,
        ${c.completedOn}::text as completed_on, ${c.commissionPence} as commission
      from ${c} ${CASE_LEADS}
      where ${c.stage} = 'completed' and ${c.completedOn} between ${period.from} and ${period.to}
        and ${caseLead("ad_consent")} is true
      order by ${c.completedOn}, ${c.leadId}`,
  );
  const loans: ConvertedLoan[] = [];
  let braidOnly = 0;
  for (const row of rows) {
    if (isGoogleClickId(row.gclid)) {
      loans.push({ gclid: row.gclid, completedOn: row.completed_on, commissionPence: Number(row.commission ?? 0) });
    } else if (row.braid) {
      braidOnly++;
    }
  }
  return { loans, braidOnly };
}

/**
 * The file Google Ads imports: the template's header row, then one row per conversion.
 * No byte-order mark: Google matches the header row's first cell to the letter.
 */
export function offlineConversionsCsv(loans: ConvertedLoan[], conversionName: string, now: Date): string {
  // Every cell formula-safe, as in the other exports. A click id of Google's own shape
  // (`isGoogleClickId`, the only kind that gets here) starts with a letter or digit, so
  // it is written to the letter, as Google matches it.
  return (
    csvLine([...GOOGLE_ADS_CONVERSION_HEADERS]) +
    loans.map((loan) => csvLine(conversionRow(loan, conversionName, now))).join("")
  );
}

/** The offline-conversions download, audited with its period and counts. */
export async function exportOfflineConversions(
  db: Database,
  period: DayRange,
  { actor, conversionName, now = new Date() }: { actor: StaffActor; conversionName: string; now?: Date },
) {
  const { loans, braidOnly } = await convertedLoans(db, period);
  const csv = offlineConversionsCsv(loans, conversionName, now);
  await writeAudit(db, {
    action: "conversions.export",
    actor,
    detail: { from: period.from, to: period.to, rows: loans.length, braidOnly },
  });
  return csv;
}
