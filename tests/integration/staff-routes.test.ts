import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog } from "../../server/platform/db/schema";
import { countsOf, personalDataOf, subjectReference } from "../../server/privacy/data-requests.server";
import { insertLeads, sampleContact, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// Staff console routes called from their source modules, as React Router calls them,
// where mutation testing sees them (docs/decisions/141): the audit row every view of a
// lead writes (DECISIONS D14), and "Erase everything" (/staff/requests, decision 132)
// posted without a browser, so neither the page's `required` nor its script stops an
// empty or wrong confirmation: the action must. Who may open these is the staff
// session's business (staff-accounts.test.ts, staff-borrower-404.test.ts, tests/e2e);
// here a signed-in staff member is given, whatever that session is made of.

const STAFF = { id: "staff-erasure-test", name: "Ann Adviser", email: "ann@firm.example" };

const routes = staffRoutesSignedInAs(STAFF, async () => ({
  leadLoader: (await import("../../app/routes/staff.leads.$kind.$id/route")).loader,
  requestsAction: (await import("../../app/routes/staff.requests")).action,
}));

const SITE = "http://localhost:3000";

describe.each(testDatabaseKinds())("the console's routes on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (fields: Record<string, string>) =>
    answerOf(() =>
      routes().requestsAction({
        request: new Request(`${SITE}/staff/requests`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
      } as never),
    );
  const held = async (email: string) => countsOf(await personalDataOf(database.db, { email }));
  /** The audit log's erasure rows about `email` (named by its keyed hash). */
  const erasures = async (email: string) =>
    (
      await database.db
        .select({ actorName: auditLog.actorName, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, "data.erasure"), eq(auditLog.actorId, STAFF.id)))
    ).filter(
      (row) => (row.detail as { subject?: string }).subject === subjectReference(email, context.config.authSecret),
    );

  const views = (leadId: string) =>
    database.db
      .select({ actorId: auditLog.actorId, actorName: auditLog.actorName, leadKind: auditLog.leadKind })
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.view"), eq(auditLog.leadId, leadId)));
  const openLead = (kindOfLead: string, id: string) =>
    answerOf(() =>
      routes().leadLoader({
        request: new Request(`${SITE}/staff/leads/${kindOfLead}/${id}`),
        context,
        params: { kind: kindOfLead, id },
      } as never),
    );

  it("writes one audit row, naming the staff member, each time a lead is opened", async () => {
    const { quotes: quoteIds, contacts } = await insertLeads(database.db, {
      quotes: [sampleQuote({ email: `viewed.${Date.now()}@example.com` })],
      contacts: [sampleContact()],
    });
    const quoteId = quoteIds[0] as string;
    const contactId = contacts[0] as string;

    expect(await openLead("quote", quoteId)).toMatchObject({ status: 200, body: { lead: { id: quoteId } } });
    expect(await views(quoteId)).toEqual([{ actorId: STAFF.id, actorName: STAFF.name, leadKind: "quote" }]);
    await openLead("quote", quoteId);
    expect(await views(quoteId)).toHaveLength(2);
    await openLead("contact", contactId);
    expect(await views(contactId)).toEqual([{ actorId: STAFF.id, actorName: STAFF.name, leadKind: "contact" }]);
  });

  it("answers 404 for a lead that is not there, or not of that kind, and audits no view of it", async () => {
    const { quotes: quoteIds } = await insertLeads(database.db, { quotes: [sampleQuote()] });
    const quoteId = quoteIds[0] as string;
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const [leadKind, id] of [
      ["quote", missing],
      ["contact", quoteId],
      ["no-such-kind", quoteId],
      ["quote", "not-a-uuid"],
    ] as const) {
      expect(await openLead(leadKind, id), `${leadKind}/${id}`).toMatchObject({ status: 404 });
    }
    expect(await views(missing)).toEqual([]);
    expect(await views(quoteId)).toEqual([]);
  });

  it("erases nothing when the address is not typed again, or typed wrong", async () => {
    const email = `kept.${Date.now()}@example.com`;
    await insertLeads(database.db, { quotes: [sampleQuote({ email })], contacts: [sampleContact({ email })] });
    const before = await held(email);
    expect(before).toMatchObject({ quotes: 1, contactMessages: 1 });

    for (const confirm of [undefined, "", "   ", "someone.else@example.com", `${email}x`]) {
      const answer = await post(confirm === undefined ? { email } : { email, confirm });
      expect(answer, `confirm: ${JSON.stringify(confirm)}`).toMatchObject({
        status: 400,
        body: {
          email,
          found: before,
          notice: { tone: "error", text: "Type the email address exactly as above to confirm." },
        },
      });
    }
    expect(await held(email)).toEqual(before);
    expect(await erasures(email)).toEqual([]);
  });

  it("erases everything once the address is typed again (any case, spaces around it), and audits it by a hash", async () => {
    const email = `erased.${Date.now()}@example.com`;
    await insertLeads(database.db, { quotes: [sampleQuote({ email })], contacts: [sampleContact({ email })] });

    const answer = await post({ email, confirm: `  ${email.toUpperCase()} ` });
    expect(answer).toEqual({ status: 302, location: "/staff/requests?erased=1" });
    expect(await held(email)).toEqual({
      account: 0,
      quotes: 0,
      personalEnquiries: 0,
      contactMessages: 0,
      complaints: 0,
      emails: 0,
    });
    expect(await erasures(email)).toEqual([
      {
        actorName: STAFF.name,
        detail: {
          subject: subjectReference(email, context.config.authSecret),
          erased: { account: 0, quotes: 1, personalEnquiries: 0, contactMessages: 1, complaintsKept: 0 },
        },
      },
    ]);
  });
});
