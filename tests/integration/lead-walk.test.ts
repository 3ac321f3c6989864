import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INBOX_PAGE_SIZE } from "../../app/domain/inbox-filter";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// Previous and next on a lead's page within the inbox list it was opened from
// (docs/decisions/302), through the lead page's loader: the neighbours in the list's order,
// the walk going on past the page's last lead, and none for a list the lead is not in.

const STAFF = { id: "staff-walk-test", name: "Wal Walker", email: "wal.walk@firm.example" };
const SITE = "http://localhost:3000";
const route = staffRoutesSignedInAs(STAFF, () => import("../../app/routes/staff.leads.$kind.$id/route"));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

describe.each(testDatabaseKinds())("previous and next within the list on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  /** Newest first, as the inbox lists them: one more than a page. */
  let ids: string[];
  const surname = `Walkley${kind === "pglite" ? "p" : "q"}`;
  const list = `q=${surname}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values(STAFF);
    const start = Date.parse("2026-11-20T09:00:00Z");
    const made = await insertLeads(database.db, {
      quotes: Array.from({ length: INBOX_PAGE_SIZE + 1 }, (_, i) =>
        sampleQuote({ lastName: surname, email: `walk${i}@example.com`, createdAt: new Date(start + i * 60_000) }),
      ),
    });
    ids = [...made.quotes].reverse();
  });
  afterAll(async () => {
    await database.close();
  });

  const walkOf = async (id: string, query: string | null) => {
    const url = `${SITE}/staff/leads/quote/${id}${query === null ? "" : `?list=${encodeURIComponent(query)}`}`;
    const answer = await answerOf(() =>
      route().loader({ request: new Request(url), context, params: { kind: "quote", id } } as never),
    );
    return (answer.body as Body).walk;
  };

  it("names the leads before and after it in the list", async () => {
    expect(await walkOf(ids[1] as string, list)).toEqual({
      list,
      previous: { kind: "quote", id: ids[0], list },
      next: { kind: "quote", id: ids[2], list },
    });
    expect((await walkOf(ids[0] as string, list)).previous).toBeNull();
  });

  it("goes on past the page's last lead to the next page's first, which opens with that page", async () => {
    const last = await walkOf(ids[INBOX_PAGE_SIZE - 1] as string, list);
    expect(last.next).toMatchObject({ id: ids[INBOX_PAGE_SIZE] });
    expect(last.next.list).toMatch(/after=/);
    const beyond = await walkOf(ids[INBOX_PAGE_SIZE] as string, last.next.list);
    expect(beyond).toMatchObject({ previous: null, next: null });
  });

  it("has no walk when opened outside a list, or from a list it is not in", async () => {
    expect(await walkOf(ids[1] as string, null)).toBeNull();
    expect(await walkOf(ids[1] as string, "q=Nobodyhere")).toBeNull();
    expect(await walkOf(ids[1] as string, "from=not-a-day")).toBeNull();
  });
});
