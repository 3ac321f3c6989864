import {
  FUNNEL_FORMS,
  type FunnelForm,
  type FunnelQuery,
  funnelOf,
  parseFunnelQuery,
} from "../../../app/domain/funnel";
import type { Database } from "../../platform/db/client";
import { BOM, csvLine } from "../../platform/csv.server";
import { campaignConversion, funnelCampaigns, funnelCountsFor, ukDay } from "../../leads/funnel";

// The /staff/funnel page's query from its URL (app/domain/funnel.ts), on today's UK day.

export function funnelQueryOf(params: URLSearchParams, now = new Date()): FunnelQuery {
  return parseFunnelQuery(params, ukDay(now));
}

export async function funnelReport(db: Database, query: FunnelQuery) {
  const [counts, campaigns, conversion] = await Promise.all([
    funnelCountsFor(db, query),
    funnelCampaigns(db, query),
    campaignConversion(db, query),
  ]);
  const funnels = (Object.keys(FUNNEL_FORMS) as FunnelForm[]).map((form) => funnelOf(form, counts));
  return { query, campaigns, funnels, conversion };
}

/** The funnels as CSV rows: one per form and step, then its submissions. */
export function funnelCsv(report: Awaited<ReturnType<typeof funnelReport>>) {
  const lines: (string | number | null)[][] = [
    ["Form", "Branch", "Step", "Reached", "Kept from the step before (%)", "Sent on from here"],
  ];
  for (const funnel of report.funnels) {
    for (const row of funnel.rows) {
      lines.push([
        funnel.form,
        row.branch ?? "",
        row.step,
        row.reached,
        row.keptPercent,
        row.redirects.map((r) => `${r.target} ${r.n}`).join("; "),
      ]);
    }
    lines.push([funnel.form, "", "submitted", funnel.submitted, funnel.submittedPercent, ""]);
  }
  return `${BOM}${lines.map(csvLine).join("")}`;
}
