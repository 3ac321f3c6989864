import { data } from "react-router";
import { isAuditAction } from "~/domain/audit-actions";
import { LEAD_LOOKUP_PROBLEM, parseLeadLookup } from "~/domain/inbox-filter";
import { auditCursorText, auditEntries, parseAuditCursor } from "../../server/platform/audit.server";
import { listStaff } from "../../server/staff/accounts.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { AuditPage } from "~/features/staff/audit-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.audit";

// /staff/audit: who saw or changed what, newest first (DECISIONS D14).

export const meta: Route.MetaFunction = consoleMeta("Audit log");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("audit.read", async ({ request, context, staff }) => {
  const { headers } = staff;
  const params = new URL(request.url).searchParams;
  // A NUL reaches the database as an error (the person filter is compared as text).
  if ([...params.values()].some((value) => value.includes("\u0000"))) {
    throw data(
      { reason: "The filter holds a character that cannot be searched for (NUL): remove it and try again" },
      { status: 400, headers },
    );
  }
  const person = params.get("person") ?? "";
  const lead = params.get("lead")?.trim() ?? "";
  // A lead filter that names no lead is refused with the reason, never read as "every row".
  const lookup = parseLeadLookup(lead);
  if (lookup === "invalid") throw data({ reason: LEAD_LOOKUP_PROBLEM }, { status: 400, headers });
  const action = params.get("action") ?? "";
  const [page, members] = await Promise.all([
    auditEntries(context.db, {
      actorId: person || undefined,
      lead: lookup,
      action: isAuditAction(action) ? action : undefined,
      before: parseAuditCursor(params.get("before")),
    }),
    listStaff(context.db),
  ]);
  const next = page.next
    ? new URLSearchParams({ person, lead, action, before: auditCursorText(page.next) }).toString()
    : null;
  return data(
    {
      filter: { person, lead, action },
      rows: page.rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorName: r.actorName,
        action: r.action,
        leadKind: r.leadKind,
        leadId: r.leadId,
        detail: r.detail as Record<string, unknown> | null,
      })),
      next,
      staff: members.map((s) => ({ id: s.id, name: s.name })),
    },
    { headers },
  );
});

/** A filter the page cannot take is refused inside the console, with its reason. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditPage {...loaderData} />;
}
