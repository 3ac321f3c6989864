import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_PROBLEMS } from "../../app/features/staff/inbox-bulk";
import { STATUS_PROBLEMS } from "../../app/features/staff/lead-status-form";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, quotes, staffMembers } from "../../server/platform/db/schema";
import { ASSIGNMENT_UNDONE, findLead } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
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
  lead: (await import("../../app/routes/staff.leads.$kind.$id/route")).action,
  team: (await import("../../app/routes/staff.team")).action,
  leadLoader: (await import("../../app/routes/staff.leads.$kind.$id/route")).loader,
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
  const team = async (fields: [string, string][]) => {
    const answer = await answerOf(() =>
      routes().team({ request: request("/staff/team", fields), context, params: {} } as never),
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

  describe("what harms is confirmed first, by a check step that names what happens and to whom", () => {
    const statusOf = async (id: string) => (await findLead(database.db, "quote", id))?.row;

    it("closes a lead only through its check step", async () => {
      const [a = ""] = await newQuotes(1);
      const close: [string, string][] = [
        ["intent", "status"],
        ["version", "1"],
        ["to", "withdrawn"],
        ["reason", "no-longer-needed"],
        ["reason-note", ""],
      ];
      const asked = await lead(a, close);
      expect(asked.status).toBe(200);
      expect(asked.body.check).toMatchObject({
        title: "Close Jane Smith's lead as Withdrawn?",
        whom: [`Jane Smith (${a.slice(0, 8).toUpperCase()})`],
        confirm: "Close the lead as Withdrawn",
      });
      expect(asked.body.check.what).toContain("Reason: ");
      expect(asked.body.check.fields).toEqual(close);
      expect(await statusOf(a)).toMatchObject({ status: "new", version: 1 });

      expect(await lead(a, [...asked.body.check.fields, ["confirm", "yes"]])).toMatchObject({ status: 302 });
      expect(await statusOf(a)).toMatchObject({ status: "withdrawn", version: 2 });
    });

    it("asks nothing for a move that keeps the lead open", async () => {
      const [a = ""] = await newQuotes(1);
      expect(
        await lead(a, [
          ["intent", "status"],
          ["version", "1"],
          ["to", "contacted"],
        ]),
      ).toMatchObject({ status: 302 });
      expect(await statusOf(a)).toMatchObject({ status: "contacted" });
    });

    it("closes ticked leads only through a check step naming each", async () => {
      const [a = "", b = ""] = await newQuotes(2);
      const asked = await inbox([
        ["intent", "bulk-status"],
        ["bulk-to", "declined"],
        ["reason", "no-lender-fits"],
        ["all", "page"],
        ["shown", `quote:${a}:1`],
        ["shown", `quote:${b}:1`],
      ]);
      expect(asked.status).toBe(200);
      expect(asked.body.check).toMatchObject({
        title: "Close 2 leads as Declined?",
        whom: [a, b].map((id) => `Jane Smith (${id.slice(0, 8).toUpperCase()})`),
      });
      expect(asked.body.check.fields).toContainEqual(["lead", `quote:${b}:1`]);
      expect([(await statusOf(a))?.status, (await statusOf(b))?.status]).toEqual(["new", "new"]);

      const done = await inbox([...asked.body.check.fields, ["confirm", "yes"]]);
      expect(done.body).toMatchObject({ done: "2 leads moved to Declined." });
      expect([(await statusOf(a))?.status, (await statusOf(b))?.status]).toEqual(["declined", "declined"]);
    });

    it("sends a new link and disables a member only through their check step", async () => {
      const member = { id: "staff-safety-dee", name: "Dee Member", email: "dee.safety@firm.example" };
      await database.db.insert(staffMembers).values({ ...member, enrolledAt: new Date(), roles: ["adviser"] });
      const audits = async (action: "team.link-sent" | "team.member-disabled") =>
        (
          await database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, action), eq(auditLog.actorId, BOSS.id)))
        ).length;

      const askedLink = await team([
        ["intent", "link"],
        ["member", member.id],
      ]);
      expect(askedLink.body.outcome).toMatchObject({
        form: member.id,
        check: { title: "Send Dee Member a new link?", whom: ["Dee Member, dee.safety@firm.example"] },
      });
      expect(await audits("team.link-sent")).toBe(0);
      const sent = await team([...askedLink.body.outcome.check.fields, ["confirm", "yes"]]);
      expect(sent.body.outcome.notice).toContain("A new link has been sent to Dee Member's address");
      expect(await audits("team.link-sent")).toBe(1);

      const askedDisable = await team([
        ["intent", "disable"],
        ["member", member.id],
      ]);
      expect(askedDisable.body.outcome.check).toMatchObject({
        title: "Disable Dee Member?",
        confirm: "Disable the member",
      });
      const still = await database.db.select().from(staffMembers).where(eq(staffMembers.id, member.id));
      expect(still[0]?.disabledAt).toBeNull();
      expect(await team([...askedDisable.body.outcome.check.fields, ["confirm", "yes"]])).toMatchObject({
        status: 302,
        location: "/staff/team?done=disable",
      });
      const disabled = await database.db.select().from(staffMembers).where(eq(staffMembers.id, member.id));
      expect(disabled[0]?.disabledAt).not.toBeNull();
    });
  });

  describe("an assignment is done at once and undone from its notice", () => {
    const assignmentEvents = (id: string) =>
      database.db
        .select({ assigneeId: leadEvents.assigneeId, note: leadEvents.note, actorId: leadEvents.actorId })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "assignment")))
        .orderBy(asc(leadEvents.id));

    it("puts three leads assigned at once back, each with its adviser, the timeline and the audit saying so", async () => {
      const [a = "", b = ""] = await newQuotes(2, BOB.id);
      const [c = ""] = await newQuotes(1);
      const assigned = await inbox([
        ["intent", "bulk-assign"],
        ["bulk-assignee", CARA.id],
        ...[a, b, c].map((id): [string, string] => ["lead", `quote:${id}:1`]),
      ]);
      expect(assigned.body).toMatchObject({ done: "3 leads assigned to Cara Adviser." });
      expect(assigned.body.undo).toEqual([`quote:${a}:2:${BOB.id}`, `quote:${b}:2:${BOB.id}`, `quote:${c}:2:none`]);
      expect(await assigneesOf([a, b, c])).toEqual({ [a]: CARA.id, [b]: CARA.id, [c]: CARA.id });

      const undone = await inbox([
        ["intent", "bulk-undo"],
        ...assigned.body.undo.map((line: string): [string, string] => ["undo", line]),
      ]);
      expect(undone).toMatchObject({
        status: 200,
        body: { done: "Undone: 3 leads are back with whoever had them.", result: { changed: 3, skipped: [] } },
      });
      expect(await assigneesOf([a, b, c])).toEqual({ [a]: BOB.id, [b]: BOB.id, [c]: null });
      expect(await assignmentEvents(a)).toEqual([
        { assigneeId: CARA.id, note: null, actorId: BOSS.id },
        { assigneeId: BOB.id, note: ASSIGNMENT_UNDONE, actorId: BOSS.id },
      ]);
      const audits = await database.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.leadId, c), eq(auditLog.action, "lead.assign")))
        .orderBy(asc(auditLog.id));
      expect(audits.map((row) => row.detail)).toEqual([{ assigneeId: CARA.id }, { assigneeId: null, undo: true }]);
    });

    it("skips and names a lead changed since, putting the rest back", async () => {
      const [a = "", b = ""] = await newQuotes(2, BOB.id);
      const assigned = await inbox([
        ["intent", "bulk-assign"],
        ["bulk-assignee", CARA.id],
        ...[a, b].map((id): [string, string] => ["lead", `quote:${id}:1`]),
      ]);
      // Cara moves one on before the undo.
      await inbox([
        ["intent", "bulk-assign"],
        ["bulk-assignee", "none"],
        ["lead", `quote:${b}:2`],
      ]);
      const undone = await inbox([
        ["intent", "bulk-undo"],
        ...assigned.body.undo.map((line: string): [string, string] => ["undo", line]),
      ]);
      expect(undone.body.result).toEqual({ changed: 1, skipped: [{ kind: "quote", id: b, reason: "stale" }] });
      expect(await assigneesOf([a, b])).toEqual({ [a]: BOB.id, [b]: null });
      expect(await inbox([["intent", "bulk-undo"]])).toMatchObject({
        status: 400,
        body: { error: BULK_PROBLEMS.undo },
      });
    });

    it("offers the lead page's Undo while the lead is as the assignment left it", async () => {
      const [a = ""] = await newQuotes(1, BOB.id);
      const saved = await lead(a, [
        ["intent", "assign"],
        ["version", "1"],
        ["assignee", CARA.id],
      ]);
      expect(saved).toMatchObject({
        status: 302,
        location: `/staff/leads/quote/${a}?done=assign&was=${BOB.id}&at=2`,
      });
      const page = await answerOf(() =>
        routes().leadLoader({
          request: new Request(`${SITE}${saved.location}`),
          context,
          params: { kind: "quote", id: a },
        } as never),
      );
      expect((page.body as Body).assignUndo).toEqual({ assigneeId: BOB.id, name: BOB.name, version: 2 });
      const undone = await lead(a, [
        ["intent", "assign"],
        ["version", "2"],
        ["assignee", BOB.id],
        ["undo", "yes"],
      ]);
      expect(undone).toMatchObject({ status: 302, location: `/staff/leads/quote/${a}?done=assign-undone` });
      expect(await assigneesOf([a])).toEqual({ [a]: BOB.id });
      expect((await assignmentEvents(a)).at(-1)).toMatchObject({ assigneeId: BOB.id, note: ASSIGNMENT_UNDONE });
      // Once the lead has moved on, the old address offers no undo.
      const later = await answerOf(() =>
        routes().leadLoader({
          request: new Request(`${SITE}${saved.location}`),
          context,
          params: { kind: "quote", id: a },
        } as never),
      );
      expect((later.body as Body).assignUndo).toBeNull();
    });
  });
});
