import { data } from "react-router";
import { isQuarter } from "~/domain/needs-outcomes";
import { outcomesCsv, outcomesOf } from "../../server/needs/outcomes.server";
import { writeAudit } from "../../server/platform/audit.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";

// GET /staff/outcomes/export?quarter=2026-Q3: the quarter's outcomes as CSV for the board's
// Consumer Duty report, audited with the quarter. The same lines as the page: counts only,
// and "Too few to show" for a group under 10.

export const loader = consoleLoader(
  "outcomes.read",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const quarter = new URL(request.url).searchParams.get("quarter");
    if (!isQuarter(quarter)) {
      throw data(
        {
          reason: "Choose a quarter, written like 2026-Q3 (July to September)",
        },
        { status: 400 },
      );
    }
    const report = await outcomesOf(context.db, quarter);
    await writeAudit(context.db, {
      action: "outcomes.export",
      actor: user,
      detail: { quarter },
    });
    return csvDownload(`outcomes-${quarter}.csv`, outcomesCsv(report));
  },
  { download: true },
);
