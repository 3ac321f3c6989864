import { createHmac, randomBytes } from "node:crypto";
import { and, gte, lte, type SQL, sql } from "drizzle-orm";
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  campaignName,
  type FunnelCount,
  type FunnelEventKind,
  type FunnelForm,
  type FunnelQuery,
} from "../../app/domain/funnel";
import type { FunnelReport } from "../../app/domain/funnel-report";
import { campaignOf } from "../../app/domain/leads";
import type { Database } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";
import { funnelCounts, personalEnquiries, quotes } from "../platform/db/schema";

// The funnel's counts (DECISIONS D16, issue 11): one more for a form's moment on a UK
// day and campaign. Who sent it is not kept anywhere: the over-rate check below lives
// in this process's memory, keyed by a hash with a salt that is never written down.

/** Today's date in the UK, as the counts are kept by. */
export const ukDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "Europe/London" });

/**
 * Adds one report to its count. The campaign is kept only when it is shaped like a
 * campaign's name (app/domain/funnel.ts, campaignName): a link carrying an email
 * address or a phone number in its utm values is counted under no campaign.
 */
export async function countFunnelReport(db: Database, report: FunnelReport, at = new Date()) {
  const campaign = campaignOf(report.landing);
  await db
    .insert(funnelCounts)
    .values({
      day: ukDay(at),
      form: report.form,
      event: report.event,
      step: report.step,
      target: report.target ?? "",
      utmSource: campaignName(campaign?.source),
      utmCampaign: campaignName(campaign?.campaign),
      n: 1,
    })
    .onConflictDoUpdate({
      target: [
        funnelCounts.day,
        funnelCounts.form,
        funnelCounts.event,
        funnelCounts.step,
        funnelCounts.target,
        funnelCounts.utmSource,
        funnelCounts.utmCampaign,
      ],
      set: { n: sql`${funnelCounts.n} + 1` },
    });
}

/**
 * The counts' campaigns made to hold nothing of a person (decision 294): a count whose
 * utm value is not shaped like a campaign's name (`campaignName`; counts made before the
 * shape was narrowed), or has one of `words` (an erased person's names, lower-cased) as
 * a word between its hyphens, underscores and dots, is merged into the same count under
 * no campaign. The totals are unchanged. Answers how many counts were moved.
 */
export async function forgetCampaignValues(db: Database, words: string[]): Promise<number> {
  const names = sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
  const fits = (value: SQL) =>
    sql`(${value} = '' or (${value} ~ ${`^[a-z0-9._-]{1,${CAMPAIGN_NAME_MAX_LENGTH}}$`}
      and ${value} !~ '[0-9]([-._]*[0-9]){8,}'
      and not (string_to_array(translate(${value}, '-_.', '   '), ' ') && ${names})))`;
  const moved = await rowsOf<{ n: number | string }>(
    db,
    sql`
    with moved as (
      delete from ${funnelCounts} as f
      where not ${fits(sql`f.utm_source`)} or not ${fits(sql`f.utm_campaign`)}
      returning f.*
    ), merged as (
      insert into ${funnelCounts} as c (day, form, event, step, target, utm_source, utm_campaign, n)
      select day, form, event, step, target,
        case when ${fits(sql`moved.utm_source`)} then moved.utm_source else '' end,
        case when ${fits(sql`moved.utm_campaign`)} then moved.utm_campaign else '' end,
        sum(n)::int
      from moved
      group by 1, 2, 3, 4, 5, 6, 7
      on conflict (day, form, event, step, target, utm_source, utm_campaign) do update set n = c.n + excluded.n
    )
    select count(*)::int as n from moved`,
  );
  return Number(moved[0]?.n ?? 0);
}

/**
 * At most `limit` reports per address per window, counted in memory. A real visitor
 * sends a dozen at most; more is a script. The funnel endpoint allows 60 in 10
 * minutes, scaled by RATE_LIMIT_SCALE like the other limits. The key is an HMAC of the address with a
 * salt made at start: nothing can be read back from it, and it is never stored.
 */
export function createReportLimiter({ limit = 60, windowMs = 10 * 60_000, now = () => Date.now() } = {}) {
  const salt = randomBytes(16);
  let windowStart = now();
  let seen = new Map<string, number>();
  return (address: string) => {
    if (now() - windowStart >= windowMs) {
      windowStart = now();
      seen = new Map();
    }
    const key = createHmac("sha256", salt).update(address).digest("base64");
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count <= limit;
  };
}

export type { FunnelQuery };

const campaignMatches = (campaign: string) =>
  campaign ? sql`(${funnelCounts.utmSource} = ${campaign} or ${funnelCounts.utmCampaign} = ${campaign})` : sql`true`;

/** The counts of a period and campaign, summed over days. */
export async function funnelCountsFor(db: Database, query: FunnelQuery): Promise<FunnelCount[]> {
  const rows = await db
    .select({
      form: funnelCounts.form,
      event: funnelCounts.event,
      step: funnelCounts.step,
      target: funnelCounts.target,
      n: sql<number>`sum(${funnelCounts.n})::int`,
    })
    .from(funnelCounts)
    .where(and(gte(funnelCounts.day, query.from), lte(funnelCounts.day, query.to), campaignMatches(query.campaign)))
    .groupBy(funnelCounts.form, funnelCounts.event, funnelCounts.step, funnelCounts.target);
  return rows.map((r) => ({ ...r, form: r.form as FunnelForm, event: r.event as FunnelEventKind, n: Number(r.n) }));
}

/** Every campaign seen in the period, for the page's choice. */
export async function funnelCampaigns(db: Database, query: Omit<FunnelQuery, "campaign">) {
  const campaigns = await rowsOf<{ value: string }>(
    db,
    sql`
    select distinct value from (
      select utm_source as value from ${funnelCounts} where day between ${query.from} and ${query.to}
      union select utm_campaign from ${funnelCounts} where day between ${query.from} and ${query.to}
    ) as campaigns where value <> '' order by value`,
  );
  return campaigns.map((r) => r.value);
}

/**
 * Leads per campaign (utm_source / utm_campaign of the landing page) received in the
 * period, beside the visits that reached the forms' first step from that campaign.
 */
export async function campaignConversion(db: Database, query: Omit<FunnelQuery, "campaign">) {
  const inPeriod = (table: typeof quotes | typeof personalEnquiries) =>
    sql`${table.createdAt} >= (${query.from}::date)::timestamp at time zone 'Europe/London'
      and ${table.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'Europe/London'`;
  const rows = await rowsOf<{ source: string; campaign: string; leads: number; visits: number }>(
    db,
    sql`
    with leads as (
      select coalesce(utm_source, '') as source, coalesce(utm_campaign, '') as campaign, count(*)::int as n
        from ${quotes} where ${inPeriod(quotes)} group by 1, 2
      union all
      select coalesce(utm_source, ''), coalesce(utm_campaign, ''), count(*)::int
        from ${personalEnquiries} where ${inPeriod(personalEnquiries)} group by 1, 2
    ), visits as (
      select utm_source as source, utm_campaign as campaign, sum(n)::int as n from ${funnelCounts}
        where day between ${query.from} and ${query.to} and event = 'step'
          and ((form = 'apply' and step = 'status') or (form = 'apply-personal' and step = 'type'))
        group by 1, 2
    ), keys as (select source, campaign from leads union select source, campaign from visits)
    select k.source, k.campaign,
      coalesce((select sum(n) from leads l where l.source = k.source and l.campaign = k.campaign), 0)::int as leads,
      coalesce((select sum(n) from visits v where v.source = k.source and v.campaign = k.campaign), 0)::int as visits
    from keys k order by leads desc, visits desc, k.source, k.campaign`,
  );
  return rows.map((r) => ({
    source: decode(r.source),
    campaign: decode(r.campaign),
    leads: Number(r.leads),
    visits: Number(r.visits),
  }));
}

/** The lead tables keep utm values as the URL had them (percent-encoded); the funnel keeps them decoded. */
function decode(value: string) {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}
