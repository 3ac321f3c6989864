import { data } from "react-router";
import { FUNNEL_QUERY_PROBLEMS, funnelQueryProblem } from "~/domain/funnel";
import { refusedPeriod } from "~/domain/report-period";
import { contactReport } from "../../server/staff/reports/contact-report.server";
import { funnelQueryOf } from "../../server/staff/reports/funnel-query.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { CallsReportPage } from "~/features/staff/calls-report-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.funnel_.calls";

// /staff/funnel/calls?from=&to=: beside the funnel, the time to first contact and the
// reasons leads were closed (docs/decisions/190), over the same kind of period.

export const meta: Route.MetaFunction = consoleMeta("Calls report");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("reports.read", async ({ request, context, staff }) => {
  const { headers } = staff;
  const params = new URL(request.url).searchParams;
  params.delete("campaign");
  const problem = funnelQueryProblem(params);
  // A day that is not one: the form again, as typed, with the message beside it.
  const refused = problem ? refusedPeriod(params, problem, FUNNEL_QUERY_PROBLEMS) : undefined;
  if (refused) return data({ refused }, { status: 400, headers });
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const { from, to } = funnelQueryOf(params);
  const report = await contactReport(context.db, { from, to });
  return data({ query: { from, to }, ...report }, { headers });
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function CallsReport({ loaderData }: Route.ComponentProps) {
  return "refused" in loaderData ? (
    <CallsReportPage refused={loaderData.refused} />
  ) : (
    <CallsReportPage report={loaderData} />
  );
}
