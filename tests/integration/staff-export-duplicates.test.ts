import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { allInboxLeads, EarlierLeads, inboxPage } from "../../server/staff/leads/inbox.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The export finds a broad filter's duplicates by a walk down every lead rather than a
// lookup per page (docs/decisions/241). Whatever the pages' size, each lead's flags and
// the lead it repeats must be the inbox's own: the same email or phone, in any table,
// received before it and within 30 days (the boundary on both sides), the latest such.

const filter = (query = "") => parseInboxFilter(new URLSearchParams(query));
const DAY = 86_400_000;

describe.each(testDatabaseKinds())("the export's duplicate flag on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(staffMembers).values({ ...ann, enrolledAt: new Date() });
    const start = Date.parse("2026-06-01T09:00:00Z");
    // Forty leads over 80 days among five people (by email) and four phones, across the
    // three tables: many repeat one another, some just inside 30 days, some just past.
    const at = (i: number) => new Date(start + i * 2 * DAY + (i % 4 === 0 ? DAY * 28 : 0) - (i % 7) * 1000);
    const email = (i: number) => `person${i % 5}@example.com`;
    const phone = (i: number) => `07700 90000${i % 4}`;
    const leads = Array.from({ length: 40 }, (_, i) => i);
    await insertLeads(database.db, {
      quotes: leads
        .filter((i) => i % 3 === 0)
        .map((i) => sampleQuote({ createdAt: at(i), email: email(i), phone: phone(i) })),
      enquiries: leads
        .filter((i) => i % 3 === 1)
        .map((i) => sampleEnquiry({ createdAt: at(i), email: email(i).toUpperCase(), phone: phone(i) })),
      contacts: leads
        .filter((i) => i % 3 === 2)
        .map((i) => sampleContact({ createdAt: at(i), email: email(i), phone: `+44 7700 90000${i % 4}` })),
    });
    // Exactly 30 days apart (a duplicate), and 30 days and a millisecond (not one).
    const edge = Date.parse("2026-01-10T12:00:00Z");
    await insertLeads(database.db, {
      quotes: [
        sampleQuote({ createdAt: new Date(edge), email: "edge@example.com", phone: "07700 900900" }),
        sampleQuote({ createdAt: new Date(edge + 30 * DAY), email: "edge@example.com", phone: "07700 900901" }),
        sampleQuote({ createdAt: new Date(edge + 60 * DAY + 1), email: "edge@example.com", phone: "07700 900902" }),
        // Someone else between them, so a walk that stopped a day short would not reach the first.
        sampleQuote({ createdAt: new Date(edge + DAY / 2), email: "between@example.com", phone: "07700 900903" }),
      ],
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const flagsOf = (leads: { id: string; flags: string[]; duplicateOf: { id: string } | null }[]) =>
    leads.map((l) => `${l.id} ${l.flags.join("+")} ${l.duplicateOf?.id ?? "-"}`);

  it.each(["", "kind=quote", "to=2026-06-30", "q=person1", "campaign=none"])(
    "'%s': the export's flags are the inbox's, in pages of 1, 3 and 2,000",
    async (query) => {
      const inbox = flagsOf((await inboxPage(database.db, filter(query), ann.id, 1_000)).leads);
      if (query === "") expect(inbox.filter((l) => !l.endsWith(" -")).length).toBeGreaterThan(20);
      for (const size of [1, 3, 2_000]) {
        const exported: string[] = [];
        for await (const leads of allInboxLeads(database.db, filter(query), ann.id, size))
          exported.push(...flagsOf(leads));
        expect(exported, `pages of ${size}`).toEqual(inbox);
      }
    },
  );

  it("finds the same however few leads the walk reads at a time", async () => {
    const all = await inboxPage(database.db, filter(), ann.id, 1_000);
    const unflagged = all.leads.map((l) => ({ ...l, flags: [], duplicateOf: null }));
    for (const batch of [1, 2, 7]) {
      for (const size of [1, 5]) {
        const earlier = new EarlierLeads(database.db, batch);
        const flagged: string[] = [];
        for (let i = 0; i < unflagged.length; i += size) {
          flagged.push(...flagsOf(await earlier.flag(unflagged.slice(i, i + size))));
        }
        expect(flagged, `walk of ${batch}, pages of ${size}`).toEqual(flagsOf(all.leads));
      }
    }
  });
});
