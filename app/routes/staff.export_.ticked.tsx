import { data } from "react-router";
import { BULK_MAX, readListed } from "../../server/staff/leads/bulk.server";
import { selectedLeadsCsv } from "../../server/staff/leads/csv-export.server";
import { BULK_EXPORT_PROBLEMS } from "~/features/staff/inbox-bulk";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";

// GET /staff/export/ticked?lead=<kind:id:version>…: the leads a manager ticked in the inbox
// as a CSV download (docs/decisions/335). An export as the whole one is: `leads.export`,
// with a fresh code; at most a page of the inbox. The inbox's "Export ticked leads" sends
// the browser here. A resource route: no page, no parent loader.

export const loader = consoleLoader(
  "leads.export",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const leads = readListed(new URL(request.url).searchParams.getAll("lead"));
    if (leads.length === 0) throw data({ reason: BULK_EXPORT_PROBLEMS.none }, { status: 400 });
    if (leads.length > BULK_MAX) throw data({ reason: BULK_EXPORT_PROBLEMS.many }, { status: 400 });
    const day = new Date().toISOString().slice(0, 10);
    return csvDownload(`leads-selected-${day}.csv`, await selectedLeadsCsv(context.db, leads, user));
  },
  { download: true },
);
