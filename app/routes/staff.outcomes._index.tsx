import { data } from "react-router";
import { isQuarter, previousQuarter, type Quarter, quarterLabel, quarterOf } from "~/domain/needs-outcomes";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { OutcomesPage } from "~/features/staff/needs/outcomes-page";
import { outcomesOf, outcomesTable } from "../../server/needs/outcomes.server";
import { writeAudit } from "../../server/platform/audit.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.outcomes._index";

// /staff/outcomes?quarter=2026-Q3: the Consumer Duty's outcomes (DECISIONS D28), the loan
// leads received in a UK quarter with a needs record against the rest; a group under 10
// shows no figures. Counts only: the view is an audit row with the quarter.

export const meta: Route.MetaFunction = consoleMeta("Consumer Duty outcomes");
export const headers: Route.HeadersFunction = privatePageHeaders;

const QUARTER_PROBLEM = "Choose a quarter, written like 2026-Q3 (July to September)";

/** This quarter and the seven before it. */
function recentQuarters(now: Date): Quarter[] {
  const quarters: Quarter[] = [quarterOf(now)];
  while (quarters.length < 8) quarters.push(previousQuarter(quarters.at(-1) as Quarter));
  return quarters;
}

export const loader = consoleLoader("outcomes.read", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const asked = new URL(request.url).searchParams.get("quarter");
  const now = new Date();
  const quarter = asked === null ? quarterOf(now) : isQuarter(asked) ? asked : null;
  if (!quarter) throw data({ reason: QUARTER_PROBLEM }, { status: 400, headers });
  const report = await outcomesOf(context.db, quarter);
  await writeAudit(context.db, { action: "outcomes.view", actor: user, detail: { quarter } });
  const quarters = recentQuarters(now);
  if (!quarters.includes(quarter)) quarters.unshift(quarter);
  return data(
    {
      quarter,
      label: quarterLabel(quarter),
      lines: outcomesTable(report),
      quarters: quarters.map((q) => ({ key: q, label: quarterLabel(q) })),
    },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Outcomes({ loaderData }: Route.ComponentProps) {
  return <OutcomesPage {...loaderData} />;
}
