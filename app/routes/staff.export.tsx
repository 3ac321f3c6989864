import { parseInboxFilter } from "~/domain/inbox-filter";
import { leadsCsv } from "../../server/staff/csv-export.server";
import { requireStaff } from "../../server/staff/session.server";
import type { Route } from "./+types/staff.export";

// GET /staff/export?<the inbox's filter>: the filtered leads as a CSV download,
// streamed (server/staff/csv-export.server.ts). A resource route: no page, no parent loader.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(context, request);
  const filter = parseInboxFilter(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsCsv(context.db, filter, user, context.config.authSecret), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
