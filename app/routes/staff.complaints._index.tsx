import { data } from "react-router";
import { complaintAttention } from "~/domain/complaints";
import { ownValue } from "~/domain/own-keys";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { ComplaintsListPage, type ComplaintRowView } from "~/features/staff/complaints/complaints-list-page";
import { type ComplaintListRow, listComplaints } from "../../server/complaints/complaints.server";
import { holds } from "../../server/staff/guard.server";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.complaints._index";

// /staff/complaints: the open complaints with their clocks, and the latest closed (DECISIONS D26).

export const meta: Route.MetaFunction = consoleMeta("Complaints");
export const headers: Route.HeadersFunction = privatePageHeaders;

const NOTICES: Record<string, string> = { recorded: "The complaint is recorded." };

export const loader = consoleLoader("complaints.handle", async ({ request, context, staff }) => {
  const { user, headers } = staff;
  const now = new Date();
  const nation = context.config.firm.nation;
  const [open, closed] = await Promise.all([listComplaints(context.db, "open"), listComplaints(context.db, "closed")]);
  const view = (row: ComplaintListRow): ComplaintRowView => {
    const needs = complaintAttention(row, now, nation);
    return {
      id: row.id,
      reference: row.reference,
      receivedAt: row.receivedAt.toISOString(),
      name: row.name,
      about: row.about,
      handlerName: row.handlerName,
      closedAt: row.closedAt?.toISOString() ?? null,
      needs: needs ? { ...needs, by: needs.by.toISOString() } : null,
      answered: row.respondedAt ? "response" : row.holdingSentAt ? "holding" : null,
    };
  };
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      open: open.map(view),
      closed: closed.map(view),
      canReport: holds(user, "complaints.report"),
      notice: ownValue(NOTICES, done) ?? null,
    },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Complaints({ loaderData }: Route.ComponentProps) {
  return <ComplaintsListPage {...loaderData} />;
}
