import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_REASON_PROBLEMS } from "../../app/domain/lead-work";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, personalEnquiries, quotes, staffMembers } from "../../server/platform/db/schema";
import { changeStatus } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// Many leads at once from the inbox (docs/decisions/301), through its route as React Router
// calls it: the ticked leads (or every one on the page) assigned or moved to a status, each
// with its own timeline entry and audit row; a lead changed by someone else since the list
// was read skipped and named, never overwritten; refusals storing nothing.

const BOSS = { id: "staff-bulk-manager", name: "Mo Manager", email: "mo.bulk@firm.example" };
const ANN = { id: "staff-bulk-adviser", name: "Ann Adviser", email: "ann.bulk@firm.example" };
const SITE = "http://localhost:3000";

const route = staffRoutesSignedInAs(BOSS, () => import("../../app/routes/staff._index"));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

describe.each(testDatabaseKinds())("changing many leads at once on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([
      { ...BOSS, enrolledAt: new Date(), roles: ["manager"] },
      { ...ANN, enrolledAt: new Date(), roles: ["adviser"] },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const post = async (fields: [string, string][]) => {
    const answer = await answerOf(() =>
      route().action({
        request: new Request(`${SITE}/staff?index`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
      } as never),
    );
    return { ...answer, body: (answer.body ?? {}) as Body };
  };
  const leads = async () => {
    const { quotes: q, enquiries: e } = await insertLeads(database.db, {
      quotes: [sampleQuote(), sampleQuote()],
      enquiries: [sampleEnquiry()],
    });
    return [
      { kind: "quote", id: q[0] as string },
      { kind: "quote", id: q[1] as string },
      { kind: "personal-enquiry", id: e[0] as string },
    ] as const;
  };
  const listed = (l: { kind: string; id: string }, version = 1) => `${l.kind}:${l.id}:${version}`;
  const eventsOf = (ids: string[], type: "assignment" | "status") =>
    database.db
      .select({ leadId: leadEvents.leadId, actorId: leadEvents.actorId })
      .from(leadEvents)
      .where(and(inArray(leadEvents.leadId, ids), eq(leadEvents.type, type)))
      .orderBy(asc(leadEvents.id));
  const auditsOf = (ids: string[], action: "lead.assign" | "lead.status") =>
    database.db
      .select({ leadId: auditLog.leadId })
      .from(auditLog)
      .where(and(inArray(auditLog.leadId, ids), eq(auditLog.action, action)));
  const assignees = async (ids: string[]) => [
    ...(await database.db.select({ a: quotes.assigneeId }).from(quotes).where(inArray(quotes.id, ids))),
    ...(await database.db
      .select({ a: personalEnquiries.assigneeId })
      .from(personalEnquiries)
      .where(inArray(personalEnquiries.id, ids))),
  ];

  it("assigns the ticked leads, each on its own timeline and in the audit log", async () => {
    const [a, b, c] = await leads();
    const answer = await post([
      ["intent", "bulk-assign"],
      ["bulk-assignee", ANN.id],
      ["lead", listed(a)],
      ["lead", listed(c)],
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: { done: "2 leads assigned to Ann Adviser.", result: { changed: 2, skipped: [] } },
    });
    expect(await assignees([a.id, c.id])).toEqual([{ a: ANN.id }, { a: ANN.id }]);
    expect(await assignees([b.id])).toEqual([{ a: null }]);
    expect(await eventsOf([a.id, b.id, c.id], "assignment")).toHaveLength(2);
    expect(await auditsOf([a.id, b.id, c.id], "lead.assign")).toHaveLength(2);
  });

  it("moves every lead on the page when asked, skipping and naming one changed meanwhile", async () => {
    const [a, b, c] = await leads();
    // An adviser calls b after the manager's list was read.
    await changeStatus(database.db, ANN, { kind: "quote", id: b.id, version: 1, to: "contacted" });
    const answer = await post([
      ["intent", "bulk-status"],
      ["bulk-to", "withdrawn"],
      ["reason", "no-longer-needed"],
      // Closing leads is confirmed (DECISIONS D31): the check step's Confirm posts confirm=yes.
      ["confirm", "yes"],
      ["all", "page"],
      ...[a, b, c].map((l) => ["shown", listed(l)] as [string, string]),
    ]);
    expect(answer.body).toMatchObject({
      done: "2 leads moved to Withdrawn.",
      result: { changed: 2, skipped: [{ kind: "quote", id: b.id, reason: "stale" }] },
    });
    const status = async (id: string) =>
      (await database.db.select({ s: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]?.s;
    expect(await status(a.id)).toBe("withdrawn");
    expect(await status(b.id)).toBe("contacted");
    expect((await eventsOf([a.id, c.id], "status")).map((e) => e.actorId)).toEqual([BOSS.id, BOSS.id]);
    expect(await auditsOf([a.id, c.id], "lead.status")).toHaveLength(2);
  });

  it("refuses without a ticked lead, a status, or the closing reason, storing nothing", async () => {
    const [a] = await leads();
    expect(
      await post([
        ["intent", "bulk-assign"],
        ["bulk-assignee", ANN.id],
      ]),
    ).toMatchObject({
      status: 400,
      body: { field: "lead" },
    });
    expect(
      await post([
        ["intent", "bulk-status"],
        ["lead", listed(a)],
      ]),
    ).toMatchObject({
      status: 400,
      body: { field: "bulk-to" },
    });
    expect(
      await post([
        ["intent", "bulk-status"],
        ["bulk-to", "declined"],
        ["lead", listed(a)],
      ]),
    ).toMatchObject({ status: 400, body: { field: "reason", error: CLOSE_REASON_PROBLEMS.reason } });
    expect(
      await post([
        ["intent", "bulk-assign"],
        ["bulk-assignee", "someone-else"],
        ["lead", listed(a)],
      ]),
    ).toMatchObject({ status: 400, body: { field: "bulk-assignee" } });
    // Not shaped as a listed lead: left out, so nothing is ticked.
    expect(
      await post([
        ["intent", "bulk-assign"],
        ["lead", `quote:${a.id}:x`],
      ]),
    ).toMatchObject({ status: 400 });
    expect(await eventsOf([a.id], "status")).toEqual([]);
    expect(await eventsOf([a.id], "assignment")).toEqual([]);
  });

  it("lists each lead's version in the inbox, for the rows' boxes", async () => {
    const [a] = await leads();
    const page = await answerOf(() =>
      route().loader({ request: new Request(`${SITE}/staff?q=${a.id.slice(0, 8)}`), context, params: {} } as never),
    );
    expect((page.body as Body).rows).toEqual([expect.objectContaining({ id: a.id, version: 1 })]);
  });
});
