import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, complaints, staffMembers } from "../../server/platform/db/schema";
import { timelineOf } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The lead page's activity (issue 50) through its route, as React Router calls it: an email
// or a letter logged by one plain post (a wrong one answered with its reason and the field,
// never the browser's bubble alone), and the loader's records of the person beside the
// lead (a complaint about it) with the feed's kind read from the URL.

const STAFF = { id: "staff-lead-activity", name: "Ellie Email", email: "ellie.activity@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs(STAFF, async () => {
  const lead = await import("../../app/routes/staff.leads.$kind.$id/route");
  return { action: lead.action, loader: lead.loader };
});

describe.each(testDatabaseKinds())("the lead's activity on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values({ ...STAFF, enrolledAt: new Date() });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (id: string, fields: Record<string, string>) =>
    answerOf(() =>
      routes().action({
        request: new Request(`${SITE}/staff/leads/quote/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: { kind: "quote", id },
      } as never),
    );
  const load = (id: string, query = "") =>
    answerOf(() =>
      routes().loader({
        request: new Request(`${SITE}/staff/leads/quote/${id}${query}`),
        context,
        params: { kind: "quote", id },
      } as never),
    );
  const newQuote = async () => (await insertLeads(database.db, { quotes: [sampleQuote()] })).quotes[0] as string;

  it("refuses an empty note and a call with no outcome at their fields, with what was typed kept", async () => {
    const id = await newQuote();
    expect(await post(id, { intent: "note", note: "   " })).toMatchObject({
      status: 400,
      body: { form: "note", field: "note", error: "Write the note.", values: { note: "   " } },
    });
    expect(await post(id, { intent: "call", version: "1", "call-note": "Rang twice" })).toMatchObject({
      status: 400,
      body: { form: "call", field: "outcome", values: { "call-note": "Rang twice" } },
    });
    expect(await timelineOf(database.db, id)).toEqual([]);
  });

  it("logs an email in one post, on the timeline with its way and line, audited without its words", async () => {
    const id = await newQuote();
    expect(await post(id, { intent: "message", "message-note": "Sent the forms" })).toMatchObject({
      status: 400,
      body: { form: "message", field: "channel", values: { "message-note": "Sent the forms" } },
    });
    expect(await post(id, { intent: "message", channel: "fax", "message-note": "" })).toMatchObject({ status: 400 });
    expect(await post(id, { intent: "message", channel: "email-sent", "message-note": "Sent the forms" })).toEqual({
      status: 302,
      location: `/staff/leads/quote/${id}?done=message`,
    });
    expect(await post(id, { intent: "message", channel: "letter-received", "message-note": "" })).toMatchObject({
      status: 302,
    });
    const events = (await timelineOf(database.db, id)).map((e) => [e.type, e.channel, e.note, e.actorName]);
    expect(events).toEqual([
      ["message", "email-sent", "Sent the forms", STAFF.name],
      ["message", "letter-received", null, STAFF.name],
    ]);
    const audited = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.message")));
    expect(audited.map((a) => a.detail)).toEqual([{ channel: "email-sent" }, { channel: "letter-received" }]);
    expect(JSON.stringify(audited)).not.toContain("Sent the forms");
  });

  it("gives the page the person's open complaint and the feed's kind from the URL", async () => {
    const id = await newQuote();
    const receivedAt = new Date("2026-12-01T10:00:00Z");
    await database.db.insert(complaints).values({
      receivedAt,
      channel: "email",
      about: "lead",
      name: "A borrower",
      words: "Called three times after I asked for email only",
      leadKind: "quote",
      leadId: id,
    });
    const page = await load(id, "?feed=requests&list=status%3Dnew");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      feed: "requests",
      keep: "list=status%3Dnew",
      records: { complaints: [{ receivedAt: receivedAt.toISOString(), closedAt: null }], needsHeld: false },
    });
    // Not a kind the feed has: everything.
    expect((await load(id, "?feed=__proto__")).body).toMatchObject({ feed: "all", keep: "" });
  });
});
