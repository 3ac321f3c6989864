import { data } from "react-router";
import { funnelQueryProblem } from "~/domain/funnel";
import { funnelQueryOf, funnelReport } from "../../server/staff/funnel-query.server";
import { requireStaff } from "../../server/staff/session.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { FunnelPage } from "~/features/staff/funnel-page";
import type { Route } from "./+types/staff.funnel";

// /staff/funnel?from=&to=&campaign=: where borrowers drop out of the forms (DECISIONS D16).

export const meta: Route.MetaFunction = () => [
  { title: "Funnel | Staff console" },
  { name: "robots", content: "noindex" },
];
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers } = await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const problem = funnelQueryProblem(params);
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const report = await funnelReport(context.db, funnelQueryOf(params));
  return data(report, { headers });
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  return <FunnelPage {...loaderData} />;
}
