import { data } from "react-router";
import { funnelQueryProblem } from "~/domain/funnel";
import { exportOfflineConversions } from "../../server/staff/reports/campaign-report.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";
import { funnelQueryOf } from "../../server/staff/reports/funnel-query.server";

// GET /staff/funnel/campaigns/conversions?from=&to= (UK days of completion): the
// offline-conversions file for Google Ads (docs/decisions/236), audited
// (conversions.export: the days and the row count, never a click id).

export const loader = consoleLoader(
  "conversions.export",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const params = new URL(request.url).searchParams;
    params.delete("campaign");
    const problem = funnelQueryProblem(params);
    if (problem) throw data({ reason: problem }, { status: 400 });
    const { from, to } = funnelQueryOf(params);
    const csv = await exportOfflineConversions(
      context.db,
      { from, to },
      { actor: user, conversionName: context.config.adsConversionName },
    );
    return csvDownload(`google-ads-conversions-${from}-to-${to}.csv`, csv);
  },
  { download: true },
);
