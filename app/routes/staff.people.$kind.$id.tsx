import { data } from "react-router";
import { writeAudit } from "../../server/platform/audit.server";
import {
  type PersonFrom,
  personAccounts,
  personKeyOf,
  personLeads,
} from "../../server/staff/leads/people.server";
import { personRecordsOf } from "../../server/staff/leads/person-records.server";
import { notFound } from "../../server/staff/session.server";
import { holds } from "../../server/staff/guard.server";
import { needsOfLeads } from "../../server/needs/needs.server";
import type { NeedsView } from "~/features/staff/needs/needs-section";
import { complaintAttention } from "~/domain/complaints";
import { complaintReference } from "~/domain/complaint-form";
import { dataRequestReference } from "~/domain/data-requests";
import { isLeadKind } from "~/domain/leads";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { PersonPage, type PersonPageProps } from "~/features/staff/person-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.people.$kind.$id";

// /staff/people/:kind/:id: the one record of a person (decision 410), found by the email
// and phone of one lead, account or complaint: their leads with each one's next action,
// call-back and case, their complaints with the stage and the day the next answer is due,
// their data and correction requests, and their needs records (or that one is held, for
// the roles that may not read it). The URL names a record, never the person. Every view
// is audited, as a lead's is (DECISIONS D14).

export const meta: Route.MetaFunction = consoleMeta("One person");
export const headers: Route.HeadersFunction = privatePageHeaders;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export const loader = consoleLoader("leads.read", async ({ params, context, staff }) => {
  const id = String(params.id);
  const { user, headers } = staff;
  const kind: PersonFrom | null = isLeadKind(params.kind)
    ? params.kind
    : params.kind === "account" || params.kind === "complaint"
      ? params.kind
      : null;
  if (!kind) throw notFound();
  const key = await personKeyOf(context.db, kind, id);
  if (!key) throw notFound();
  const [leads, accounts] = await Promise.all([personLeads(context.db, key), personAccounts(context.db, key)]);
  const records = await personRecordsOf(
    context.db,
    key,
    leads,
    accounts.map((a) => a.id),
  );
  await writeAudit(context.db, {
    action: "person.view",
    actor: user,
    ...(isLeadKind(kind) ? { lead: { kind, id: id } } : {}),
    detail: { from: kind, leads: leads.length, accounts: accounts.length },
  });
  // The needs records of the person's leads (DECISIONS D28), for the roles that work leads; each seen an audit row.
  let needs: Record<string, NeedsView> | null = null;
  if (holds(user, "needs.read")) {
    const found = await needsOfLeads(context.db, leads);
    needs = {};
    for (const lead of leads) {
      const record = found.get(lead.id);
      if (!record) continue;
      needs[lead.id] = {
        ...record,
        healthConsentAt: record.healthConsentAt?.toISOString() ?? null,
        recordedAt: record.recordedAt.toISOString(),
      };
      await writeAudit(context.db, { action: "needs.view", actor: user, lead: { kind: lead.kind, id: lead.id } });
    }
  }
  const now = new Date();
  const nation = context.config.firm.nation;
  const props: PersonPageProps = {
    from: { kind, id: id },
    needs,
    needsHeld: needs ? [] : records.needsHeld,
    person: key,
    leads: leads.map((l) => ({
      ...l,
      receivedAt: l.receivedAt.toISOString(),
      nextAction: l.nextAction ? { kind: l.nextAction.kind, at: l.nextAction.at.toISOString() } : null,
      callbackAt: iso(l.callbackAt),
    })),
    accounts: accounts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    complaints: records.complaints.map((c) => {
      const attention = complaintAttention(c, now, nation);
      return {
        id: c.id,
        reference: complaintReference(c.id),
        name: c.name,
        receivedAt: c.receivedAt.toISOString(),
        closedAt: iso(c.closedAt),
        needs: attention ? { ...attention, by: attention.by.toISOString() } : null,
        answered: c.respondedAt ? ("response" as const) : c.holdingSentAt ? ("holding" as const) : null,
        lead: c.lead,
      };
    }),
    requests: records.requests.map((r) => ({
      id: r.id,
      reference: dataRequestReference(r.id),
      kind: r.kind,
      receivedAt: r.receivedAt.toISOString(),
      dueBy: r.dueBy.toISOString(),
      answeredAt: iso(r.answeredAt),
      accountId: r.userId,
    })),
    cases: records.cases.map((c) => ({ ...c, applicationSentAt: c.applicationSentAt.toISOString() })),
    canRecordComplaint: holds(user, "complaints.handle"),
    canOpenComplaints: holds(user, "complaints.handle"),
    canOpenRequests: holds(user, "data-requests.answer"),
  };
  return data(props, { headers });
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Person({ loaderData }: Route.ComponentProps) {
  return <PersonPage {...loaderData} />;
}
