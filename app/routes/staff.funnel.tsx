import { data } from "react-router";
import { FUNNEL_QUERY_PROBLEMS, funnelQueryProblem } from "~/domain/funnel";
import { refusedPeriod } from "~/domain/report-period";
import { funnelQueryOf, funnelReport } from "../../server/staff/reports/funnel-query.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { FunnelPage } from "~/features/staff/funnel-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.funnel";

// /staff/funnel?from=&to=&campaign=: where borrowers drop out of the forms (DECISIONS D16).

export const meta: Route.MetaFunction = consoleMeta("Funnel");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("reports.read", async ({ request, context, staff }) => {
  const { headers } = staff;
  const params = new URL(request.url).searchParams;
  const problem = funnelQueryProblem(params);
  // A day that is not one: the form again, as typed, with the message beside it. A
  // campaign no one could type (a NUL in the URL) is refused outright.
  const refused = problem ? refusedPeriod(params, problem, FUNNEL_QUERY_PROBLEMS) : undefined;
  if (refused) return data({ refused, campaign: params.get("campaign") ?? "" }, { status: 400, headers });
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const report = await funnelReport(context.db, funnelQueryOf(params));
  return data(report, { headers });
});

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  return "refused" in loaderData ? (
    <FunnelPage refused={loaderData.refused} campaign={loaderData.campaign} />
  ) : (
    <FunnelPage report={loaderData} />
  );
}
