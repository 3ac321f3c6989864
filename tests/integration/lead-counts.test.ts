import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { contactMessages, personalEnquiries, quotes, staffMembers } from "../../server/platform/db/schema";
import { statusCounts } from "../../server/staff/leads/inbox.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The inbox's per-status counts come from `lead_counts` (kept by triggers) when the
// filter is by kind and assignee alone, and from counting the leads otherwise. Both
// must agree after every kind of write: many rows at once, status and assignee
// changes, deletes, a deleted adviser, a truncate.

const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));

describe.each(testDatabaseKinds())("the inbox's counts per status on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };
  const bob = { id: randomUUID(), name: "Bob Broker", email: "bob@firm.example" };

  // Every filter the counts table answers, each beside the same filter made to count
  // the leads (a date range from long ago selects every lead).
  const kindAndAssignee = () => [
    "",
    "kind=quote",
    "kind=personal-enquiry",
    "kind=contact",
    "assignee=mine",
    "assignee=unassigned",
    `assignee=${bob.id}`,
    "kind=quote&assignee=unassigned&status=new",
  ];

  async function expectSummaryToMatchCounting() {
    for (const query of kindAndAssignee()) {
      const fromSummary = await statusCounts(database.db, filter(query), ann.id);
      const byCounting = await statusCounts(database.db, filter(`${query}&from=2000-01-01`), ann.id);
      expect(fromSummary, query || "(no filter)").toEqual(byCounting);
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    for (const member of [ann, bob]) {
      await database.db.insert(staffMembers).values({ ...member, enrolledAt: new Date() });
    }
  });

  afterAll(async () => {
    await database.close();
  });

  it("counts leads written many at a time", async () => {
    await insertLeads(database.db, {
      quotes: [
        sampleQuote(),
        sampleQuote({ status: "contacted", assigneeId: ann.id }),
        sampleQuote({ assigneeId: bob.id }),
      ],
      enquiries: [sampleEnquiry({ assigneeId: ann.id }), sampleEnquiry({ status: "declined" })],
      contacts: [sampleContact(), sampleContact({ status: "completed", assigneeId: bob.id })],
    });
    expect(await statusCounts(database.db, filter(""), ann.id)).toEqual({
      exact: { new: 4, contacted: 1, declined: 1, completed: 1 },
    });
    expect(await statusCounts(database.db, filter("assignee=mine"), ann.id)).toEqual({
      exact: { new: 1, contacted: 1 },
    });
    await expectSummaryToMatchCounting();
  });

  it("follows status and assignee changes, including a change of many rows in one statement", async () => {
    const { db } = database;
    await db.update(quotes).set({ status: "in-progress" }).where(eq(quotes.status, "new"));
    await db.update(personalEnquiries).set({ assigneeId: bob.id }).where(eq(personalEnquiries.assigneeId, ann.id));
    await db
      .update(contactMessages)
      .set({ assigneeId: ann.id, status: "contacted" })
      .where(eq(contactMessages.status, "new"));
    // A change that touches neither status nor assignee leaves the counts alone.
    await db.update(quotes).set({ version: sql`${quotes.version} + 1` });
    await expectSummaryToMatchCounting();
  });

  it("follows deletes, a removed adviser's leads becoming unassigned, and a truncate", async () => {
    const { db } = database;
    await db.delete(personalEnquiries).where(eq(personalEnquiries.status, "declined"));
    await expectSummaryToMatchCounting();
    await db.delete(staffMembers).where(eq(staffMembers.id, bob.id));
    await expectSummaryToMatchCounting();
    await db.execute(sql`truncate ${contactMessages}`);
    expect(await statusCounts(database.db, filter("kind=contact"), ann.id)).toEqual({ exact: {} });
    await expectSummaryToMatchCounting();
  });
});
