import { data } from "react-router";
import { funnelQueryProblem } from "~/domain/funnel";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";
import { funnelCsv, funnelQueryOf, funnelReport } from "../../server/staff/reports/funnel-query.server";

// GET /staff/funnel/export?<the page's query>: the funnel table as CSV. Counts only.

export const loader = consoleLoader(
  "reports.read",
  async ({ request, context }) => {
    const params = new URL(request.url).searchParams;
    const problem = funnelQueryProblem(params);
    if (problem) throw data({ reason: problem }, { status: 400 });
    const query = funnelQueryOf(params);
    const csv = funnelCsv(await funnelReport(context.db, query));
    return csvDownload(`funnel-${query.from}-to-${query.to}.csv`, csv);
  },
  { download: true },
);
