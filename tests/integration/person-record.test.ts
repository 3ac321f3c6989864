import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataRequestReference } from "../../app/domain/data-requests";
import type { DatabaseHandle } from "../../server/platform/db/client";
import type { ServerContext } from "../../server/platform/services";
import { complaints, dataRequests, staffMembers, users } from "../../server/platform/db/schema";
import { stateNeeds } from "../../server/needs/needs.server";
import { insertLeads, sampleContact, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { aPanelProduct, insertCase } from "../support/lead-cases";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The person page as the one record of a person (decision 410), through its loader as
// React Router calls it: their lead with its next action and case, their complaint with
// its stage, their correction request, and their needs record, read in full by an adviser
// and said to be held to compliance; found from the lead, the account and the complaint
// alike. The data requests page names the lead a correction request is about, and
// compliance corrects that lead (decision 411).

const SITE = "http://localhost:3000";
const ADVISER = { id: "staff-person-adviser", name: "Pia Person", email: "pia.person@firm.example" };
const COMPLIANCE = { id: "staff-person-compliance", name: "Cora Check", email: "cora.person@firm.example" };

const load = async () => ({
  person: (await import("../../app/routes/staff.people.$kind.$id")).loader,
  requests: (await import("../../app/routes/staff.requests")).loader,
  lead: (await import("../../app/routes/staff.leads.$kind.$id/route")).action,
});
const asAdviser = staffRoutesSignedInAs({ ...ADVISER, roles: ["adviser"] }, load);
const asCompliance = staffRoutesSignedInAs({ ...COMPLIANCE, roles: ["compliance"] }, load);

type Body = Record<string, unknown> & {
  complaints: { reference: string; needs: { kind: string } | null; lead: unknown; answered: unknown }[];
  requests: { reference: string; answeredAt: string | null; accountId: string }[];
  leads: { id: string; nextAction: { kind: string } | null }[];
  cases: { leadId: string; stage: string }[];
  needs: Record<string, unknown> | null;
  needsHeld: string[];
  accounts: { id: string }[];
};

describe.each(testDatabaseKinds())("one person's record on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([
      { ...ADVISER, enrolledAt: new Date(), roles: ["adviser"] },
      { ...COMPLIANCE, enrolledAt: new Date(), roles: ["compliance"] },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const person = (routes: typeof asAdviser, from: string, id: string) =>
    answerOf(() =>
      routes().person({
        request: new Request(`${SITE}/staff/people/${from}/${id}`),
        context,
        params: { kind: from, id },
      } as never),
    );

  /** A borrower with a lead, an account, a complaint about the lead, a correction request and a needs record. */
  async function aPerson() {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const phone = `07700 9${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
    const { quotes } = await insertLeads(database.db, { quotes: [sampleQuote({ email, phone })] });
    const lead = quotes[0] as string;
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: "Jo Person", email, emailVerified: true });
    const [complaint] = await database.db
      .insert(complaints)
      .values({
        receivedAt: new Date(),
        channel: "email",
        about: "lead",
        name: "Jo Person",
        email: email.toUpperCase(),
        words: "Called three times after I asked for email only",
        leadKind: "quote",
        leadId: lead,
      })
      .returning({ id: complaints.id });
    const [request] = await database.db
      .insert(dataRequests)
      .values({
        kind: "correction",
        userId,
        name: "Jo Person",
        email,
        details: "My phone number is wrong",
        dueBy: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning({ id: dataRequests.id });
    await stateNeeds(
      database.db,
      { kind: "quote", id: lead },
      { adjustments: ["email"], note: null, healthDetails: null },
      new Date(),
    );
    await insertCase(database.db, {
      leadId: lead,
      leadKind: "quote",
      productId: await aPanelProduct(database.db),
      applicationSentAt: new Date(),
    });
    return { email, phone, lead, userId, complaint: complaint?.id as string, request: request?.id as string };
  }

  it("holds every record of the person for an adviser, each with what links it to its own page", async () => {
    const p = await aPerson();
    // Someone else's complaint and request are not theirs.
    await aPerson();
    const page = await person(asAdviser, "quote", p.lead);
    expect(page.status).toBe(200);
    const body = page.body as Body;
    expect(body.leads.map((l) => l.id)).toEqual([p.lead]);
    expect(body.leads[0]?.nextAction).toMatchObject({ kind: "call-soonest" });
    expect(body.cases).toMatchObject([{ leadId: p.lead, stage: "application-sent" }]);
    expect(body.complaints).toMatchObject([
      {
        reference: `C-${p.complaint.slice(0, 8).toUpperCase()}`,
        needs: { kind: "acknowledge" },
        lead: { kind: "quote", id: p.lead },
        answered: null,
      },
    ]);
    expect(body.requests).toMatchObject([
      { reference: dataRequestReference(p.request), answeredAt: null, accountId: p.userId },
    ]);
    expect(body.accounts.map((a) => a.id)).toEqual([p.userId]);
    expect(Object.keys(body.needs ?? {})).toEqual([p.lead]);
    expect(body.needsHeld).toEqual([]);
    expect(body).toMatchObject({ canOpenComplaints: false, canOpenRequests: false, canRecordComplaint: false });
  });

  it("tells compliance the needs record is held, never what it says, and lets them open the complaint and request", async () => {
    const p = await aPerson();
    const body = (await person(asCompliance, "quote", p.lead)).body as Body;
    expect(body.needs).toBeNull();
    expect(body.needsHeld).toEqual([p.lead]);
    expect(JSON.stringify(body)).not.toContain("adjustments");
    expect(body).toMatchObject({ canOpenComplaints: true, canOpenRequests: true });
  });

  it("is the same record from the account and from the complaint", async () => {
    const p = await aPerson();
    for (const [from, id] of [
      ["account", p.userId],
      ["complaint", p.complaint],
    ] as const) {
      const page = await person(asAdviser, from, id);
      expect(page.status).toBe(200);
      const body = page.body as Body;
      expect(body.leads.map((l) => l.id)).toEqual([p.lead]);
      expect(body.complaints).toHaveLength(1);
      expect(body.requests).toHaveLength(1);
    }
  });

  it("answers 404 for a complaint that names no way to find its person, or no such complaint", async () => {
    const [byPost] = await database.db
      .insert(complaints)
      .values({ receivedAt: new Date(), channel: "letter", about: "lead", name: "No Address", words: "By letter" })
      .returning({ id: complaints.id });
    expect((await person(asAdviser, "complaint", byPost?.id as string)).status).toBe(404);
    expect((await person(asAdviser, "complaint", randomUUID())).status).toBe(404);
    expect((await person(asAdviser, "complaint", "not-an-id")).status).toBe(404);
  });

  it("finds a lead of the person by phone alone: a contact message from another email address", async () => {
    const p = await aPerson();
    const { contacts } = await insertLeads(database.db, {
      contacts: [sampleContact({ email: `other.${p.email}`, phone: p.phone.replace(/^0/, "+44 ") })],
    });
    const body = (await person(asAdviser, "quote", p.lead)).body as Body;
    expect(body.leads.map((l) => l.id).sort()).toEqual([p.lead, contacts[0]].sort());
  });

  it("names on the data requests page the lead a correction request is about, and compliance corrects it", async () => {
    const p = await aPerson();
    const page = await answerOf(() =>
      asCompliance().requests({ request: new Request(`${SITE}/staff/requests`), context, params: {} } as never),
    );
    expect(page.status).toBe(200);
    const open = (page.body as { requests: { open: { id: string; accountId: string; leads: { id: string }[] }[] } })
      .requests.open;
    expect(open.find((r) => r.id === p.request)).toMatchObject({ accountId: p.userId, leads: [{ id: p.lead }] });

    const corrected = await answerOf(() =>
      asCompliance().lead({
        request: new Request(`${SITE}/staff/leads/quote/${p.lead}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams({ intent: "correct", version: "1", phone: "07700 900555" }),
        }),
        context,
        params: { kind: "quote", id: p.lead },
      } as never),
    );
    expect(corrected).toMatchObject({ status: 302 });
    // Compliance corrects; it does not work the lead.
    const called = await answerOf(() =>
      asCompliance().lead({
        request: new Request(`${SITE}/staff/leads/quote/${p.lead}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams({ intent: "note", note: "Hello" }),
        }),
        context,
        params: { kind: "quote", id: p.lead },
      } as never),
    );
    expect(called.status).toBe(403);
  });
});
