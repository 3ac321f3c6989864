import { data } from "react-router";
import { complaintsReport, halfYear } from "~/domain/complaints";
import { complaintsInPeriod, complaintsReportCsv } from "../../server/complaints/complaints.server";
import { writeAudit } from "../../server/platform/audit.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";

// GET /staff/complaints/export?period=2026-H2: the half-year's complaints figures as CSV,
// audited with the period. Counts only, no complaint and no person.

export const loader = consoleLoader(
  "complaints.report",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const period = halfYear(new URL(request.url).searchParams.get("period") ?? "");
    if (!period) {
      throw data(
        { reason: "Choose a half-year, written like 2026-H1 (January to June) or 2026-H2 (July to December)" },
        { status: 400 },
      );
    }
    const report = complaintsReport(await complaintsInPeriod(context.db, period), period, context.config.firm.nation);
    await writeAudit(context.db, { action: "complaints.export", actor: user, detail: { period: period.key } });
    return csvDownload(`complaints-${period.key}.csv`, complaintsReportCsv(report));
  },
  { download: true },
);
