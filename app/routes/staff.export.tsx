import { data } from "react-router";
import { inboxFilterProblem, parseInboxFilter } from "~/domain/inbox-filter";
import { leadsCsv } from "../../server/staff/leads/csv-export.server";
import { consoleLoader } from "../../server/staff/console-route.server";
import { csvDownload } from "../../server/platform/csv.server";

// GET /staff/export?<the inbox's filter>: the filtered leads as a CSV download,
// streamed (server/staff/leads/csv-export.server.ts). A resource route: no page, no parent loader.

export const loader = consoleLoader(
  "leads.export",
  async ({ request, context, staff }) => {
    const { user } = staff;
    const params = new URL(request.url).searchParams;
    // Checked before the first byte: once the header row has gone, a failure can only cut
    // the download off (the server drops the connection), never end it as if complete.
    const problem = inboxFilterProblem(params);
    if (problem) throw data({ reason: problem }, { status: 400 });
    const filter = parseInboxFilter(params);
    const day = new Date().toISOString().slice(0, 10);
    return csvDownload(`leads-${day}.csv`, leadsCsv(context.db, filter, user, context.config.authSecret));
  },
  { download: true },
);
