import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// Today is the member's own (issue 50): a manager lands on their leads and those nobody
// has, and is one link (?everyone=1) from everyone's, a colleague's included.

const MANAGER = { id: "staff-today-manager", name: "Max Manager", email: "max.today@firm.example" };
const COLLEAGUE = { id: "staff-today-colleague", name: "Col League", email: "col.today@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs({ ...MANAGER, roles: ["manager"] }, async () => ({
  today: (await import("../../app/routes/staff.today")).loader,
}));

type Row = { id: string };
type Body = { mine: boolean; canChoose: boolean; planned: Row[]; waiting: Row[]; booked: Row[] };

describe.each(testDatabaseKinds())("Today's leads on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([
      { ...MANAGER, enrolledAt: new Date() },
      { ...COLLEAGUE, enrolledAt: new Date() },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const today = async (query = "") => {
    const answer = await answerOf(() =>
      routes().today({ request: new Request(`${SITE}/staff/today${query}`), context, params: {} } as never),
    );
    const body = answer.body as Body;
    return { ...body, ids: [...body.planned, ...body.waiting, ...body.booked].map((r) => r.id) };
  };

  it("opens on the manager's own and unassigned leads, with everyone's one link away", async () => {
    const { quotes } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({ assigneeId: MANAGER.id }),
        sampleQuote({ assigneeId: null }),
        sampleQuote({ assigneeId: COLLEAGUE.id }),
      ],
    });
    const [own, nobodys, colleagues] = quotes as [string, string, string];
    const mine = await today();
    expect(mine).toMatchObject({ mine: true, canChoose: true });
    expect(mine.ids).toEqual(expect.arrayContaining([own, nobodys]));
    expect(mine.ids).not.toContain(colleagues);
    const everyone = await today("?everyone=1");
    expect(everyone.mine).toBe(false);
    expect(everyone.ids).toEqual(expect.arrayContaining([own, nobodys, colleagues]));
  });
});
