import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_REASON_PROBLEMS, NEXT_ACTION_PROBLEMS, nextActionFields } from "../../app/domain/lead-work";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { findLead } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The adviser's day through the console's routes, called from their source modules as
// React Router calls them (docs/decisions/190): a call logged and a next action planned
// by plain form posts, what a wrong post is answered (400 with the reason and what was
// typed, never a 5xx), the reason asked when declining, and the Today and report pages'
// loaders. A signed-in staff member is given (tests/support/staff-routes.ts).

const STAFF = { id: "staff-adviser-day", name: "Ann Adviser", email: "ann.day@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs(STAFF, async () => ({
  leadAction: (await import("../../app/routes/staff.leads.$kind.$id/route")).action,
  todayLoader: (await import("../../app/routes/staff.today")).loader,
  reportLoader: (await import("../../app/routes/staff.funnel_.calls")).loader,
}));

describe.each(testDatabaseKinds())("the adviser's day through the routes on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values({ ...STAFF, enrolledAt: new Date() });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (id: string, fields: Record<string, string>) =>
    answerOf(() =>
      routes().leadAction({
        request: new Request(`${SITE}/staff/leads/quote/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: { kind: "quote", id },
      } as never),
    );
  const newQuote = async () => (await insertLeads(database.db, { quotes: [sampleQuote()] })).quotes[0] as string;
  const tomorrow = () => nextActionFields(new Date(Date.now() + 86_400_000));

  it("logs a call with its outcome and next action in one post, and answers a wrong one with its reason and what was typed", async () => {
    const id = await newQuote();
    const when = tomorrow();
    const call = { intent: "call", version: "1", outcome: "spoke", "call-note": "Wants 5 years", kind: "call-back" };

    expect(await post(id, { ...call, outcome: "" })).toMatchObject({
      status: 400,
      body: { error: "Choose how the call went.", form: "call", field: "outcome" },
    });
    expect(await post(id, { ...call, kind: "" })).toMatchObject({
      status: 400,
      body: { error: NEXT_ACTION_PROBLEMS.kind, field: "kind" },
    });
    expect(await post(id, { ...call, day: when.day, time: "25:00" })).toMatchObject({
      status: 400,
      body: {
        error: NEXT_ACTION_PROBLEMS.time,
        form: "call",
        field: "time",
        values: { outcome: "spoke", "call-note": "Wants 5 years", kind: "call-back", day: when.day, time: "25:00" },
      },
    });
    expect(await post(id, { ...call, day: "2020-01-06", time: "10:00" })).toMatchObject({
      status: 400,
      body: { error: NEXT_ACTION_PROBLEMS.past },
    });
    expect(await post(id, { ...call, version: "x", day: when.day, time: when.time })).toMatchObject({ status: 400 });
    expect((await findLead(database.db, "quote", id))?.row.version).toBe(1);

    expect(await post(id, { ...call, day: when.day, time: when.time })).toEqual({
      status: 302,
      location: `/staff/leads/quote/${id}?done=call`,
    });
    expect((await findLead(database.db, "quote", id))?.row).toMatchObject({
      status: "contacted",
      version: 2,
      nextActionKind: "call-back",
      firstContactedBy: STAFF.id,
    });
    // The page the adviser had open is now out of date.
    expect(await post(id, { ...call, kind: "none" })).toMatchObject({ status: 409, body: { form: "call" } });
  });

  it("plans a next action alone, and refuses one for a closed lead", async () => {
    const id = await newQuote();
    const when = tomorrow();
    expect(await post(id, { intent: "next-action", version: "1", kind: "chase-documents", ...when })).toEqual({
      status: 302,
      location: `/staff/leads/quote/${id}?done=next-action`,
    });
    expect(await post(id, { intent: "next-action", version: "2", kind: "chase-documents", ...when })).toMatchObject({
      status: 400,
      body: { form: "next-action" },
    });
    expect(
      await post(id, { intent: "status", version: "2", to: "withdrawn", reason: "no-longer-needed", confirm: "yes" }),
    ).toMatchObject({ status: 302 });
    expect(await post(id, { intent: "next-action", version: "3", kind: "call-back", ...when })).toMatchObject({
      status: 400,
      body: { error: NEXT_ACTION_PROBLEMS.closed },
    });
  });

  it("asks why when declining, and takes 'other' only with a note", async () => {
    const id = await newQuote();
    const decline = { intent: "status", version: "1", to: "declined" };
    expect(await post(id, decline)).toMatchObject({
      status: 400,
      body: { error: CLOSE_REASON_PROBLEMS.reason, form: "status", field: "reason" },
    });
    expect(await post(id, { ...decline, reason: "found-elsewhere" })).toMatchObject({
      status: 400,
      body: { error: CLOSE_REASON_PROBLEMS.reason },
    });
    expect(await post(id, { ...decline, reason: "other", "reason-note": " " })).toMatchObject({
      status: 400,
      body: { error: CLOSE_REASON_PROBLEMS.note, values: { to: "declined", reason: "other" } },
    });
    // Closing is confirmed (DECISIONS D31): its check step's Confirm posts confirm=yes.
    expect(
      await post(id, { ...decline, reason: "other", "reason-note": "Lives abroad", confirm: "yes" }),
    ).toMatchObject({
      status: 302,
    });
    expect((await findLead(database.db, "quote", id))?.row.status).toBe("declined");
  });

  it("draws Today with a new lead waiting, and the calls report, whose period must be days", async () => {
    const id = await newQuote();
    const today = await answerOf(() =>
      routes().todayLoader({ request: new Request(`${SITE}/staff/today`), context, params: {} } as never),
    );
    expect(today.status).toBe(200);
    const waiting = (today.body as { waiting: { id: string; waitedMinutes: number }[] }).waiting;
    expect(waiting.map((r) => r.id)).toContain(id);

    const report = await answerOf(() =>
      routes().reportLoader({
        request: new Request(`${SITE}/staff/funnel/calls?from=2026-01-01&to=2026-12-31`),
        context,
        params: {},
      } as never),
    );
    expect(report).toMatchObject({ status: 200, body: { query: { from: "2026-01-01", to: "2026-12-31" } } });
    const refused = await answerOf(() =>
      routes().reportLoader({
        request: new Request(`${SITE}/staff/funnel/calls?from=2026-02-30`),
        context,
        params: {},
      } as never),
    );
    expect(refused.status).toBe(400);
  });
});
