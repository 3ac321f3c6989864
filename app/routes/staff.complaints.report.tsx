import { data } from "react-router";
import { complaintsReport, halfYear, halfYearOf, recentHalfYears } from "~/domain/complaints";
import { ukClock } from "~/domain/uk-time";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { ComplaintsReportPage } from "~/features/staff/complaints/complaints-report-page";
import { complaintsInPeriod } from "../../server/complaints/complaints.server";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.complaints.report";

// /staff/complaints/report?period=2026-H2: the half-year's complaints figures (DISP 1.10).

export const meta: Route.MetaFunction = consoleMeta("Complaints report");
export const headers: Route.HeadersFunction = privatePageHeaders;

const PERIOD_PROBLEM = "Choose a half-year, written like 2026-H1 (January to June) or 2026-H2 (July to December)";

export const loader = consoleLoader("complaints.report", async ({ request, context, staff }) => {
  const { headers } = staff;
  const asked = new URL(request.url).searchParams.get("period");
  const today = ukClock(new Date()).day;
  const period = asked === null ? halfYearOf(today) : halfYear(asked);
  if (!period) throw data({ reason: PERIOD_PROBLEM }, { status: 400, headers });
  const rows = await complaintsInPeriod(context.db, period);
  const periods = recentHalfYears(today).map(({ key, label }) => ({ key, label }));
  if (!periods.some((p) => p.key === period.key)) periods.unshift({ key: period.key, label: period.label });
  return data(
    { report: complaintsReport(rows, period, context.config.firm.nation), periods, problem: null },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function ComplaintsReport({ loaderData }: Route.ComponentProps) {
  return <ComplaintsReportPage {...loaderData} />;
}
