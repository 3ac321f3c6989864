import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { inboxPage } from "../../server/staff/leads/inbox.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The inbox sorted by a column's header (issue 50, decision 393): received or amount, each
// either way, page after page by keyset, none missed and none twice.

describe.each(testDatabaseKinds())("the inbox's sorts on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const start = Date.parse("2026-12-01T09:00:00Z");
    await insertLeads(database.db, {
      quotes: [40_000, 15_000, 90_000, 25_000, 60_000].map((loanAmount, i) =>
        sampleQuote({ loanAmount, createdAt: new Date(start + i * 60_000) }),
      ),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  /** Every lead the order lists, two a page. */
  async function walk(query: string) {
    const amounts: (number | null)[] = [];
    let filter = parseInboxFilter(new URLSearchParams(query));
    for (;;) {
      const page = await inboxPage(database.db, filter, "nobody", 2);
      amounts.push(...page.leads.map((l) => l.loanAmount));
      if (!page.next) return amounts;
      filter = { ...filter, after: page.next };
    }
  }

  it.each([
    ["sort=amount", [90_000, 60_000, 40_000, 25_000, 15_000]],
    ["sort=amount&dir=asc", [15_000, 25_000, 40_000, 60_000, 90_000]],
    ["", [60_000, 25_000, 90_000, 15_000, 40_000]],
    ["dir=asc", [40_000, 15_000, 90_000, 25_000, 60_000]],
  ])("%s", async (query, want) => {
    expect(await walk(query)).toEqual(want);
  });
});
