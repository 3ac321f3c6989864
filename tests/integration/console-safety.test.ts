import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_PROBLEMS } from "../../app/features/staff/inbox-bulk";
import { STATUS_PROBLEMS } from "../../app/features/staff/lead-status-form";
import type { ServerContext } from "../../server/context";
import type { DatabaseHandle } from "../../server/db/client";
import { quotes, staffMembers } from "../../server/db/schema";
import { findLead } from "../../server/staff/leads.server";
import { insertLeads, sampleQuote } from "../../server/staff/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The console's safety (DECISIONS D31) through its routes as React Router calls them: no
// menu starts on a value that does harm, so a post of "Choose…" is refused at its field
// and changes nothing.

const BOSS = { id: "staff-safety-manager", name: "Mo Safety", email: "mo.safety@firm.example" };
const BOB = { id: "staff-safety-bob", name: "Bob Broker", email: "bob.safety@firm.example" };
const CARA = { id: "staff-safety-cara", name: "Cara Adviser", email: "cara.safety@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs(BOSS, async () => ({
  inbox: (await import("../../app/routes/staff._index")).action,
  lead: (await import("../../app/routes/staff.leads.$kind.$id")).action,
}));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

describe.each(testDatabaseKinds())("the console's safety on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([
      { ...BOSS, enrolledAt: new Date(), roles: ["manager"] },
      { ...BOB, enrolledAt: new Date(), roles: ["adviser"] },
      { ...CARA, enrolledAt: new Date(), roles: ["adviser"] },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const request = (path: string, fields: [string, string][]) =>
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams(fields),
    });
  const inbox = async (fields: [string, string][]) => {
    const answer = await answerOf(() =>
      routes().inbox({ request: request("/staff?index", fields), context, params: {} } as never),
    );
    return { ...answer, body: (answer.body ?? {}) as Body };
  };
  const lead = async (id: string, fields: [string, string][]) => {
    const answer = await answerOf(() =>
      routes().lead({
        request: request(`/staff/leads/quote/${id}`, fields),
        context,
        params: { kind: "quote", id },
      } as never),
    );
    return { ...answer, body: (answer.body ?? {}) as Body };
  };
  const newQuotes = async (n: number, assigneeId: string | null = null) => {
    const ids = (await insertLeads(database.db, { quotes: Array.from({ length: n }, () => sampleQuote()) })).quotes;
    if (assigneeId) await database.db.update(quotes).set({ assigneeId }).where(inArray(quotes.id, ids));
    return ids as string[];
  };
  const assigneesOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await database.db.select({ id: quotes.id, a: quotes.assigneeId }).from(quotes).where(inArray(quotes.id, ids))
      ).map((r) => [r.id, r.a]),
    );

  describe("no menu starts on a value that does harm", () => {
    it("refuses a bulk assign left on Choose… at its field, taking no lead from its adviser", async () => {
      const [a = ""] = await newQuotes(1, BOB.id);
      const answer = await inbox([
        ["intent", "bulk-assign"],
        ["bulk-assignee", ""],
        ["lead", `quote:${a}:1`],
      ]);
      expect(answer).toMatchObject({ status: 400, body: { field: "bulk-assignee", error: BULK_PROBLEMS.assignee } });
      expect(await assigneesOf([a])).toEqual({ [a]: BOB.id });
    });

    it("unassigns only when No one is chosen", async () => {
      const [a = ""] = await newQuotes(1, BOB.id);
      const answer = await inbox([
        ["intent", "bulk-assign"],
        ["bulk-assignee", "none"],
        ["lead", `quote:${a}:1`],
      ]);
      expect(answer).toMatchObject({ status: 200, body: { done: "1 lead unassigned." } });
      expect(await assigneesOf([a])).toEqual({ [a]: null });
    });

    it("refuses a status left on Choose… at its field, the lead as it was", async () => {
      const [a = ""] = await newQuotes(1);
      const answer = await lead(a, [
        ["intent", "status"],
        ["version", "1"],
        ["to", ""],
      ]);
      expect(answer).toMatchObject({
        status: 400,
        body: { error: STATUS_PROBLEMS.to, form: "status", field: "to", values: { to: "" } },
      });
      expect((await findLead(database.db, "quote", a))?.row).toMatchObject({ status: "new", version: 1 });
    });
  });
});
