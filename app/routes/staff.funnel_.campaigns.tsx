import { data } from "react-router";
import { MONTH_RANGE_PROBLEMS, monthRangeProblem } from "~/domain/campaign-report";
import { refusedPeriod } from "~/domain/report-period";
import { campaignReport, monthRangeOf } from "../../server/staff/reports/campaign-report.server";
import { funnelQueryOf } from "../../server/staff/reports/funnel-query.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { CampaignReportPage } from "~/features/staff/campaign-report-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.funnel_.campaigns";

// /staff/funnel/campaigns?from=YYYY-MM&to=YYYY-MM: what each campaign earned, by UK month
// (docs/decisions/235), beside the funnel; with the offline-conversions download's form.

export const meta: Route.MetaFunction = consoleMeta("Campaigns");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("reports.read", async ({ request, context, staff }) => {
  const { headers } = staff;
  const params = new URL(request.url).searchParams;
  const problem = monthRangeProblem(params);
  // A month that is not one: the form again, as typed, with the message beside it.
  const refused = problem ? refusedPeriod(params, problem, MONTH_RANGE_PROBLEMS) : undefined;
  if (refused) return data({ refused }, { status: 400, headers });
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const report = await campaignReport(context.db, monthRangeOf(params));
  // The conversions form starts from the funnel's own default period (the last 30 days).
  const { from, to } = funnelQueryOf(new URLSearchParams());
  return data({ ...report, conversions: { from, to }, conversionName: context.config.adsConversionName }, { headers });
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function CampaignReport({ loaderData }: Route.ComponentProps) {
  return "refused" in loaderData ? (
    <CampaignReportPage refused={loaderData.refused} />
  ) : (
    <CampaignReportPage report={loaderData} />
  );
}
