import { data } from "react-router";
import { monthRangeProblem } from "~/domain/campaign-report";
import { exportCampaignReport, monthRangeOf } from "../../server/staff/reports/campaign-report.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";

// GET /staff/funnel/campaigns/export?from=&to=: the campaign report as CSV, audited
// (campaigns.export: the months and the row count). Figures per campaign, no person.

export const loader = consoleLoader(
  "reports.read",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const params = new URL(request.url).searchParams;
    const problem = monthRangeProblem(params);
    if (problem) throw data({ reason: problem }, { status: 400 });
    const range = monthRangeOf(params);
    const csv = await exportCampaignReport(context.db, range, user);
    return csvDownload(`campaigns-${range.from}-to-${range.to}.csv`, csv);
  },
  { download: true },
);
