import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { exactStatusCounts, statusCounts } from "../../server/staff/leads/inbox.server";
import { seedLeads } from "../../server/staff/seed";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// A filter the kept counts cannot answer is counted no further than a bound
// (docs/decisions/240): the first bound + 1 matches. Checked here against a
// plain count(*) of the same filter, at the bound's edges (the filter's total one
// below, at and one above it) and far from them, for filters that reach into one
// table, two and all three.

const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));
const total = (counts: Record<string, number | undefined>) =>
  Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);

describe.each(testDatabaseKinds())("the inbox's bounded counts on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(staffMembers).values({ ...ann, enrolledAt: new Date() });
    await seedLeads(database.db, 600, { assignees: [ann.id], now: Date.parse("2026-11-20T12:00:00Z") });
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    "q=patel",
    "campaign=google",
    "min=50000",
    "kind=quote&min=50000&campaign=google",
    "status=new&q=smith",
    "kind=contact&q=jones",
    "from=2026-01-01&assignee=mine",
    "flag=no-income",
    "q=nobody-by-this-name",
  ])("'%s': exact up to the bound, more than the bound past it", async (query) => {
    const exact = await exactStatusCounts(database.db, filter(query), ann.id);
    if (!("exact" in exact)) throw new Error("a plain count is always exact");
    const n = total(exact.exact);
    for (const bound of [n - 1, n, n + 1, 5, 1_000]) {
      if (bound < 0) continue;
      const bounded = await statusCounts(database.db, filter(query), ann.id, bound);
      expect(bounded, `bound ${bound}, ${n} leads`).toEqual(n > bound ? { moreThan: bound } : exact);
    }
  });

  it("the seeded leads reach the bound's interesting side: some filter selects more than five of each table", async () => {
    const exact = await exactStatusCounts(database.db, filter("campaign=google"), ann.id);
    expect("exact" in exact && total(exact.exact)).toBeGreaterThan(100);
  });

  it("a filter by kind, assignee and status alone is exact however many it selects (the kept counts)", async () => {
    const kept = await statusCounts(database.db, filter("kind=quote"), ann.id, 5);
    expect(kept).toEqual(await exactStatusCounts(database.db, filter("kind=quote"), ann.id));
    expect("exact" in kept && total(kept.exact)).toBeGreaterThan(300);
  });
});
