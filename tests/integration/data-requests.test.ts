import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import {
  complaintLetters,
  complaints,
  contactMessages,
  jobs,
  leadEvents,
  profiles,
  quotes,
  sessions,
  users,
} from "../../server/platform/db/schema";
import { countsOf, erasePersonalData, personalDataOf, subjectReference } from "../../server/privacy/data-requests.server";
import { insertLeads, sampleContact, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validEnquiry } from "../support/leads";

// Data subject requests (issue 11): everything held about an address is found, and
// erasing takes all of it (leads, timelines, emails, account) and nothing of anyone else's.

describe.each(testDatabaseKinds())("data subject requests on %s", (kind) => {
  let database: DatabaseHandle;
  let ids: { quotes: string[]; contacts: string[] };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await db.insert(users).values([
      { id: "u-pat", name: "Pat Person", email: "pat@example.com", emailVerified: true },
      { id: "u-unconfirmed", name: "Una Typed", email: "victim@example.com", emailVerified: false },
    ]);
    await db.insert(profiles).values({ userId: "u-pat", firstName: "Pat", lastName: "Person" });
    await db
      .insert(sessions)
      .values({ id: "s-pat", token: "t-pat", userId: "u-pat", expiresAt: new Date(Date.now() + 86_400_000) });
    ids = await insertLeads(db, {
      quotes: [
        sampleQuote({ email: "PAT@example.com" }),
        sampleQuote({ email: "other@example.com" }),
        sampleQuote({ email: "victim@example.com" }),
      ],
      contacts: [sampleContact({ email: "pat@example.com" })],
    });
    // A quote Pat made while signed in, under another address, is Pat's too.
    await db
      .update(quotes)
      .set({ userId: "u-pat", email: "pat.work@example.com" })
      .where(eq(quotes.id, ids.quotes[1] as string));
    await db.insert(quotes).values(sampleQuote({ email: "bystander@example.com" }));
    await db
      .insert(leadEvents)
      .values({ leadKind: "quote", leadId: ids.quotes[0] as string, type: "note", note: "Called Pat." });
    await db.insert(jobs).values([
      {
        kind: "mail",
        payload: { to: "pat@example.com", subject: "Your quote", text: "Hello Pat" },
        dedupeKey: `quote-confirm:${ids.quotes[0]}`,
      },
      {
        kind: "mail",
        payload: { to: "pat@example.com", subject: "Please confirm your email address" },
        dedupeKey: "verify-email:u-pat:1",
      },
      {
        kind: "mail",
        payload: { to: "bystander@example.com", subject: "Your quote" },
        dedupeKey: "quote-confirm:someone-else",
      },
    ]);
  });

  afterAll(async () => {
    await database.close();
  });

  it("finds everything about an address, whatever its case, and the leads made from the account", async () => {
    const held = await personalDataOf(database.db, { email: " Pat@Example.com " });
    expect(countsOf(held)).toEqual({
      account: 1,
      quotes: 2,
      personalEnquiries: 0,
      contactMessages: 1,
      complaints: 0,
      emails: 2,
    });
    expect(held.account?.profile).toEqual({ firstName: "Pat", lastName: "Person", phone: null });
    expect(held.timeline.map((e) => e.note)).toEqual(["Called Pat."]);
    expect(held.emails.map((m) => m.subject).sort()).toEqual(["Please confirm your email address", "Your quote"]);
  });

  it("an unconfirmed account's address does not make others' leads its own", async () => {
    const held = await personalDataOf(database.db, {
      email: "victim@example.com",
      userId: "u-unconfirmed",
      byEmail: false,
    });
    expect(countsOf(held)).toMatchObject({ account: 1, quotes: 0, contactMessages: 0 });
  });

  it("erases all of it, and nothing of anyone else's", async () => {
    const erased = await erasePersonalData(database.db, { email: "pat@example.com" });
    expect(erased).toEqual({ account: 1, quotes: 2, personalEnquiries: 0, contactMessages: 1, complaintsKept: 0 });
    const { db } = database;
    expect(countsOf(await personalDataOf(db, { email: "pat@example.com" }))).toEqual({
      account: 0,
      quotes: 0,
      personalEnquiries: 0,
      contactMessages: 0,
      complaints: 0,
      emails: 0,
    });
    expect(await db.select().from(leadEvents)).toEqual([]);
    expect(await db.select().from(sessions)).toEqual([]);
    expect(await db.select().from(profiles)).toEqual([]);
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect((await db.select({ email: quotes.email }).from(quotes)).map((q) => q.email).sort()).toEqual([
      "bystander@example.com",
      "victim@example.com",
    ]);
    expect((await db.select({ key: jobs.dedupeKey }).from(jobs)).map((j) => j.key)).toEqual([
      "quote-confirm:someone-else",
    ]);
  });

  it("finds and erases both emails of an enquiry sent through the quick check", async () => {
    const { app } = createTestApp(database);
    const sent = await app.request(
      "/api/enquiries",
      postJson(validEnquiry({ email: "sam.erase@example.com" }), freshAddress()),
    );
    expect(sent.status).toBe(201);
    const held = await personalDataOf(database.db, { email: "sam.erase@example.com" });
    expect(countsOf(held)).toMatchObject({ personalEnquiries: 1, emails: 2 });

    await erasePersonalData(database.db, { email: "sam.erase@example.com" });
    const { id } = (await sent.json()) as { id: string };
    const left = await database.db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(like(jobs.dedupeKey, `%${id}%`));
    expect(left).toEqual([]);
  });

  it("includes a complaint with its letters, and keeps it through an erasure until three years after it closes", async () => {
    const email = "cara.complains@example.com";
    const [complaint] = await database.db
      .insert(complaints)
      .values({
        receivedAt: new Date("2026-11-02T10:00:00Z"),
        channel: "email",
        about: "adviser",
        name: "Cara Complains",
        email: "Cara.Complains@example.com",
        words: "The adviser was rude to me.",
        closedAt: new Date("2026-11-20T10:00:00Z"),
        keepUntil: new Date("2029-11-21T00:00:00Z"),
      })
      .returning({ id: complaints.id });
    await database.db.insert(complaintLetters).values({
      complaintId: complaint?.id as string,
      kind: "final-response",
      sentAt: new Date("2026-11-20T10:00:00Z"),
      sentTo: email,
      subject: "Our final response",
      body: "Dear Cara, we are sorry.",
    });
    const held = await personalDataOf(database.db, { email });
    expect(held.complaints).toMatchObject([
      {
        words: "The adviser was rude to me.",
        letters: [{ subject: "Our final response", body: "Dear Cara, we are sorry." }],
      },
    ]);
    await erasePersonalData(database.db, { email });
    expect(countsOf(await personalDataOf(database.db, { email }))).toMatchObject({ complaints: 1 });
  });

  it("names the subject in the audit log only by a keyed hash", () => {
    const reference = subjectReference("Pat@Example.com ", "secret");
    expect(reference).toMatch(/^[0-9a-f]{16}$/);
    expect(reference).toBe(subjectReference("pat@example.com", "secret"));
    expect(reference).not.toBe(subjectReference("pat@example.com", "another secret"));
  });
});
