import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbackRules } from "../../app/domain/callbacks";
import type { DatabaseHandle } from "../../server/platform/db/client";
import type { quotes } from "../../server/platform/db/schema";
import { insertLeads, sampleContact, sampleQuote } from "../../server/staff/leads/sample-leads";
import { TODAY_LIMIT, todayList } from "../../server/staff/leads/today.server";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The Today list's cut (docs/decisions/190): each of its three parts shows at most
// TODAY_LIMIT leads, the first ones in its own order, and the page is told there are more
// whichever part was cut. Each case starts with no leads: one database for the file, its
// leads (and what hangs off them) emptied before each case (decision 372).

const RULES: CallbackRules = {
  hours: [{ days: ["monday", "tuesday", "wednesday", "thursday", "friday"], opens: 540, closes: 1020 }],
  nation: "england-and-wales",
};
const now = new Date("2026-11-24T11:00:00Z");
const minute = 60_000;

describe.each(testDatabaseKinds())("the Today list's cut on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  /** The database with no leads at all. */
  async function empty() {
    await database.db.execute(sql`truncate quotes, personal_enquiries, contact_messages cascade`);
    return database;
  }

  /** The database holding only `count` quotes, the i-th shaped by `lead(i)`. */
  async function holding(count: number, lead: (i: number) => Partial<typeof quotes.$inferInsert>) {
    await empty();
    const made = await insertLeads(database.db, {
      quotes: Array.from({ length: count }, (_, i) => ({ ...sampleQuote({ lastName: `Lead ${i}` }), ...lead(i) })),
    });
    return { db: database.db, ids: made.quotes };
  }
  const today = (db: DatabaseHandle["db"]) => todayList(db, { now, rules: RULES, targetMinutes: 30 });

  it("shows every waiting lead up to the limit, with no word of more", async () => {
    const { db, ids } = await holding(TODAY_LIMIT, (i) => ({
      createdAt: new Date(now.getTime() - (i + 1) * minute),
      nextActionKind: null,
      nextActionAt: null,
    }));
    const list = await today(db);
    expect(list.waiting).toHaveLength(TODAY_LIMIT);
    expect(list.more).toBe(false);
    // Oldest first: the last made arrived first.
    expect(list.waiting[0]?.id).toBe(ids.at(-1));
    expect(list.waiting[0]).toMatchObject({ loanAmount: 50_000, nextActionAt: null, nextActionKind: null });
  });

  it("cuts the waiting leads at the limit, the oldest kept, and says there are more", async () => {
    const { db, ids } = await holding(TODAY_LIMIT + 1, (i) => ({
      createdAt: new Date(now.getTime() - (i + 1) * minute),
      nextActionKind: null,
      nextActionAt: null,
    }));
    const list = await today(db);
    expect(list.waiting).toHaveLength(TODAY_LIMIT);
    expect(list.waiting.map((l) => l.id)).not.toContain(ids[0]);
    expect([list.planned.length, list.booked.length, list.more]).toEqual([0, 0, true]);
  });

  it("cuts the planned actions at the limit, the soonest kept, and says there are more", async () => {
    const { db, ids } = await holding(TODAY_LIMIT + 1, (i) => ({
      status: "contacted",
      firstContactedAt: new Date("2026-11-20T10:00:00Z"),
      nextActionKind: "call-back",
      nextActionAt: new Date(now.getTime() - (i + 1) * minute),
    }));
    const list = await today(db);
    expect(list.planned).toHaveLength(TODAY_LIMIT);
    expect(list.planned.map((l) => l.id)).not.toContain(ids[0]);
    expect([list.waiting.length, list.booked.length, list.more]).toEqual([0, 0, true]);
  });

  it("cuts the call-backs booked for a later day at the limit and says there are more", async () => {
    const { db, ids } = await holding(TODAY_LIMIT + 1, (i) => ({
      nextActionKind: "call-back",
      nextActionAt: new Date(now.getTime() + 86_400_000 + (TODAY_LIMIT - i) * minute),
    }));
    const list = await today(db);
    expect(list.booked).toHaveLength(TODAY_LIMIT);
    expect(list.booked.map((l) => l.id)).not.toContain(ids[0]);
    expect([list.waiting.length, list.planned.length, list.more]).toEqual([0, 0, true]);
  });

  it("gives a contact message no amount", async () => {
    await empty();
    await insertLeads(database.db, {
      contacts: [sampleContact({ createdAt: new Date(now.getTime() - minute), nextActionAt: null })],
    });
    const list = await today(database.db);
    expect(list.waiting.map((l) => [l.kind, l.loanAmount, l.nextActionAt])).toEqual([["contact", null, null]]);
  });
});
