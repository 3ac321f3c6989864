import { data } from "react-router";
import { inboxFilterProblem, inboxSearchParams, parseInboxFilter } from "~/domain/inbox-filter";
import { inboxPage, statusCounts } from "../../server/staff/inbox.server";
import { assignableStaff } from "../../server/staff/leads.server";
import { liveProducts } from "../../server/staff/lender-panel.server";
import { leadAnswers, noPanelMatch } from "~/domain/lender-matching";
import { heldBy, requirePermission } from "../../server/staff/guard.server";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { type InboxRow, InboxPage } from "~/features/staff/inbox-page";
import { ConsoleError } from "~/features/staff/console-error";
import { consoleMeta } from "~/features/staff/console-meta";
import type { Route } from "./+types/staff._index";

// /staff: every lead, filtered by the URL (DECISIONS D14).

export const meta: Route.MetaFunction = consoleMeta("Leads");
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(context, request, "leads.read");
  const params = new URL(request.url).searchParams;
  const problem = inboxFilterProblem(params);
  if (problem) throw data({ reason: problem }, { status: 400, headers });
  const filter = parseInboxFilter(params);
  const [page, counts, staff, products] = await Promise.all([
    inboxPage(context.db, filter, user.id),
    statusCounts(context.db, filter, user.id),
    assignableStaff(context.db),
    liveProducts(context.db),
  ]);
  // The panel's few live products, read once, held against each row in memory (DECISIONS D22).
  const unmatched = (lead: (typeof page.leads)[number]) => {
    const answers = lead.kind === "contact" ? null : leadAnswers(lead);
    return answers !== null && noPanelMatch(answers, products);
  };
  const rows: InboxRow[] = page.leads.map((lead) => ({
    kind: lead.kind,
    id: lead.id,
    receivedAt: lead.receivedAt.toISOString(),
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    phone: lead.phone,
    loanAmount: lead.loanAmount,
    loanPurpose: lead.loanPurpose,
    loanType: lead.loanType,
    ltv: lead.ltv,
    status: lead.status,
    assigneeName: lead.assigneeName,
    campaign: lead.campaign,
    landingPath: lead.landingPageUrl,
    flags: lead.flags,
    noPanelMatch: unmatched(lead),
    duplicateOf: lead.duplicateOf ? { kind: lead.duplicateOf.kind, id: lead.duplicateOf.id } : null,
  }));
  const next = page.next ? inboxSearchParams({ ...filter, after: page.next }).toString() : null;
  return data({ filter, rows, next, counts, staff, can: heldBy(user) }, { headers });
}

/** A refusal (a role that does not include this, a request the page cannot take) in the console's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  return <InboxPage {...loaderData} />;
}
