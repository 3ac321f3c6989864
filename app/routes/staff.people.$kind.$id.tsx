import { data } from "react-router";
import { writeAudit } from "../../server/platform/audit.server";
import { personAccounts, personKeyOf, personLeads } from "../../server/staff/leads/people.server";
import { notFound } from "../../server/staff/session.server";
import { holds } from "../../server/staff/guard.server";
import { needsOfLeads } from "../../server/needs/needs.server";
import type { NeedsView } from "~/features/staff/needs/needs-section";
import { isLeadKind, type LeadKind } from "~/domain/leads";
import { privatePageHeaders } from "~/features/accounts/private-headers";
import { ConsoleError } from "~/features/staff/console-error";
import { PersonPage } from "~/features/staff/person-page";
import { consoleMeta } from "~/features/staff/console-meta";
import { consoleLoader } from "../../server/staff/console-route.server";
import type { Route } from "./+types/staff.people.$kind.$id";

// /staff/people/:kind/:id: everything from the person behind one lead (or one account),
// found by its email and phone; the URL names the lead, never the person. Every view is
// audited, as a lead's is (DECISIONS D14).

export const meta: Route.MetaFunction = consoleMeta("One person");
export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = consoleLoader("leads.read", async ({ params, context, staff }) => {
  const id = String(params.id);
  const { user, headers } = staff;
  const kind: LeadKind | "account" | null = isLeadKind(params.kind)
    ? params.kind
    : params.kind === "account"
      ? "account"
      : null;
  if (!kind) throw notFound();
  const key = await personKeyOf(context.db, kind, id);
  if (!key) throw notFound();
  const [leads, accounts] = await Promise.all([personLeads(context.db, key), personAccounts(context.db, key)]);
  await writeAudit(context.db, {
    action: "person.view",
    actor: user,
    ...(kind === "account" ? {} : { lead: { kind, id: id } }),
    detail: { from: kind, leads: leads.length, accounts: accounts.length },
  });
  // The needs records of the person's leads (DECISIONS D28), for the roles that work leads; each seen an audit row.
  let needs: Record<string, NeedsView> | null = null;
  if (holds(user, "needs.read")) {
    const records = await needsOfLeads(context.db, leads);
    needs = {};
    for (const lead of leads) {
      const record = records.get(lead.id);
      if (!record) continue;
      needs[lead.id] = {
        ...record,
        healthConsentAt: record.healthConsentAt?.toISOString() ?? null,
        recordedAt: record.recordedAt.toISOString(),
      };
      await writeAudit(context.db, { action: "needs.view", actor: user, lead: { kind: lead.kind, id: lead.id } });
    }
  }
  return data(
    {
      from: { kind, id: id },
      needs,
      person: key,
      leads: leads.map((l) => ({ ...l, receivedAt: l.receivedAt.toISOString() })),
      accounts: accounts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
      canRecordComplaint: holds(user, "complaints.handle"),
    },
    { headers },
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />;
}

export default function Person({ loaderData }: Route.ComponentProps) {
  return <PersonPage {...loaderData} />;
}
