import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { contactMessages, quotes } from "../../server/platform/db/schema";
import { retentionDryRun, runRetention } from "../../server/privacy/retention";
import { insertLeads, sampleContact, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The retention job reads a table's oldest leads a batch at a time (500, decision 242):
// more leads received before the cutoff than one batch holds, due and not due
// interleaved, and leads received after the cutoff, which it must not read at all. Every
// due lead goes, whichever batch it falls in; none of the others.

const YEAR = 365 * 86_400_000;

describe.each(testDatabaseKinds())("the retention job in batches on %s", (kind) => {
  let database: DatabaseHandle;
  const now = new Date();
  const kept = new Set<string>();
  let dueQuotes = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const old = now.getTime() - 4 * YEAR;
    // 1,300 quotes received four years ago, a millisecond apart in pairs, one pair across
    // the first batch's edge (the batches' key is the received time and the id); one in
    // three updated last month, so not yet due.
    const rows = Array.from({ length: 1_300 }, (_, i) => {
      const active = i % 3 === 0;
      if (!active) dueQuotes++;
      return {
        ...sampleQuote({
          createdAt: new Date(old + Math.floor((i + 1) / 2)),
          email: `old${i}@example.com`,
          status: "new",
        }),
        updatedAt: active ? new Date(now.getTime() - 30 * 86_400_000) : new Date(old + i),
      };
    });
    const recent = Array.from({ length: 20 }, (_, i) =>
      sampleQuote({ createdAt: new Date(now.getTime() - i * 86_400_000), email: `recent${i}@example.com` }),
    );
    const ids = await insertLeads(database.db, {
      quotes: [...rows, ...recent],
      contacts: [sampleContact({ createdAt: new Date(old), email: "contact@example.com" })],
    });
    ids.quotes.forEach((id, i) => {
      if (i >= rows.length || i % 3 === 0) kept.add(id);
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts, then deletes, every due lead across the batches and keeps the rest", async () => {
    const report = await retentionDryRun(database.db, now);
    expect(report.otherLeads.count).toBe(dueQuotes);
    expect(report.contactMessages.count).toBe(1);
    const deleted = await runRetention(database.db, now);
    expect(deleted.otherLeads).toBe(dueQuotes);
    expect(deleted.contactMessages).toBe(1);
    const left = await database.db.select({ id: quotes.id }).from(quotes);
    expect(new Set(left.map((q) => q.id))).toEqual(kept);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });
});
