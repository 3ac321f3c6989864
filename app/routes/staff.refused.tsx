import { data } from "react-router";
import { isPermission } from "~/domain/permissions";
import { holds, refusal } from "../../server/staff/guard.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.refused";

// /staff/refused?permission=…: where a download the member may not have (the export of
// every lead, a data request's file) sends them, since React Router answers a download's
// own refusal without a page. The guard has written the audit row; this page answers the
// same 403 in the console's frame, naming who may.

export const meta: Route.MetaFunction = consoleMeta("Not for your role");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("console.enter", async ({ request, staff }) => {
  const { user, headers } = staff;
  const permission = new URL(request.url).searchParams.get("permission");
  if (!isPermission(permission) || holds(user, permission)) throw data(null, { status: 404, headers });
  throw refusal(user, permission, headers);
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Refused() {
  return null;
}
