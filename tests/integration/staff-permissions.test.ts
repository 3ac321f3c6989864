import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermission, may, type Permission, ROLES, type Role } from "../../app/domain/permissions";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, quotes } from "../../server/platform/db/schema";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { consoleHandlers, consoleRouteFiles, DOOR_ROUTES, ROUTES_DIR } from "../support/console-routes";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";
import { routeName, routeSourceFiles } from "../support/route-files";
import { answerOf } from "../support/staff-routes";
import { readFileSync } from "node:fs";
import path from "node:path";

// Who may do what, held on the server (DECISIONS D25, docs/decisions/270): every console
// loader and action, found by reading the route files, asks the one guard for a
// permission before anything else; then each is called in-process, on each database,
// with a real session of each role, and answers 403 (with an audit row) exactly where
// the table says the role may not.

const handlers = consoleHandlers();
const guarded = handlers.filter((h) => !(h.file in DOOR_ROUTES));

/**
 * What each console function asks, written out again: a route added or a permission
 * changed is a line changed here too, in review. An action asks its line first; some
 * ask a second inside (the lead page: assigning others' leads, a commission change).
 */
const EXPECTED: Record<string, Permission> = {
  "staff.tsx loader": "console.enter",
  "staff._index.tsx loader": "leads.read",
  "staff._index.tsx action": "leads.bulk",
  "staff.today.tsx loader": "leads.read",
  "staff.today.tsx action": "leads.work",
  "staff.views.tsx loader": "leads.read",
  "staff.views.tsx action": "leads.read",
  "staff.leads.$kind.$id/route.tsx loader": "leads.read",
  "staff.leads.$kind.$id/route.tsx action": "leads.read",
  "staff.people.$kind.$id.tsx loader": "leads.read",
  "staff.export.tsx loader": "leads.export",
  "staff.export_.ticked.tsx loader": "leads.export",
  "staff.funnel.tsx loader": "reports.read",
  "staff.funnel.export.tsx loader": "reports.read",
  "staff.funnel_.calls.tsx loader": "reports.read",
  "staff.funnel_.campaigns.tsx loader": "reports.read",
  "staff.funnel_.campaigns.export.tsx loader": "reports.read",
  "staff.funnel_.campaigns.conversions.tsx loader": "conversions.export",
  "staff.lenders._index.tsx loader": "panel.manage",
  "staff.lenders.new.tsx loader": "panel.manage",
  "staff.lenders.new.tsx action": "panel.manage",
  "staff.lenders.$id.tsx loader": "panel.manage",
  "staff.lenders.$id.tsx action": "panel.manage",
  "staff.audit.tsx loader": "audit.read",
  "staff.requests.tsx loader": "data-requests.answer",
  "staff.requests.tsx action": "data.erase",
  "staff.requests.answer.tsx loader": "data-requests.answer",
  "staff.requests.answer.tsx action": "data-requests.answer",
  "staff.requests.export.tsx loader": "data-requests.answer",
  "staff.complaints._index.tsx loader": "complaints.handle",
  "staff.complaints.new.tsx loader": "complaints.handle",
  "staff.complaints.new.tsx action": "complaints.handle",
  "staff.complaints.$id.tsx loader": "complaints.handle",
  "staff.complaints.$id.tsx action": "complaints.handle",
  "staff.complaints.report.tsx loader": "complaints.report",
  "staff.complaints.export.tsx loader": "complaints.report",
  "staff.outcomes._index.tsx loader": "outcomes.read",
  "staff.outcomes.export.tsx loader": "outcomes.read",
  "staff.promotions._index.tsx loader": "promotions.read",
  "staff.promotions._index.tsx action": "promotions.draft",
  "staff.promotions.$id.tsx loader": "promotions.read",
  "staff.promotions.$id.tsx action": "promotions.approve",
  "staff.promotions.history.tsx loader": "promotions.read",
  "staff.refused.tsx loader": "console.enter",
  "staff.step-up.tsx loader": "console.enter",
  "staff.step-up.tsx action": "console.enter",
  "staff.team.tsx loader": "team.read",
  "staff.team.tsx action": "team.change",
  "staff.access-review.tsx loader": "access-review.read",
};

describe("the route walk: every console loader and action asks the guard first", () => {
  it("finds the console's routes in the route files", () => {
    // A walk that found nothing would pass everything.
    expect(consoleRouteFiles().length).toBeGreaterThanOrEqual(20);
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    expect(handlers.map((h) => `${h.file} ${h.handler}`)).toContain("staff.requests.tsx action");
  });

  it.each(guarded.map((h) => [`${h.file} ${h.handler}`, h] as const))("%s names a permission", (_, h) => {
    expect(h.permission, `${h.file}'s ${h.handler} begins "${h.first}"`).not.toBeNull();
    expect(isPermission(h.permission), `${h.permission} is not in the table`).toBe(true);
  });

  it("asks for each function the permission the table of routes names", () => {
    expect(Object.fromEntries(guarded.map((h) => [`${h.file} ${h.handler}`, h.permission]))).toEqual(EXPECTED);
  });

  it("leaves only the door without a permission, each for its reason", () => {
    for (const file of Object.keys(DOOR_ROUTES)) expect(consoleRouteFiles()).toContain(file);
  });

  it("lets no route read a session or a role but through the guard", () => {
    // A route in a folder: each module beside its route.tsx (its intents) too.
    for (const file of consoleRouteFiles().flatMap(routeSourceFiles)) {
      const text = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      expect(text, file).not.toMatch(/\brequireStaff\b/);
      // A member's roles looked at by hand: `user.roles`, `….roles.includes(…)` and the like.
      expect(text, file).not.toMatch(/\b(user|staff|member)\.roles\b|\.roles\.(includes|some|every|indexOf|find)\b/);
    }
  });
});

/** The route modules, by file name, loaded as React Router loads them. */
const modules = import.meta.glob<Record<string, unknown>>([
  "../../app/routes/staff*.tsx",
  "../../app/routes/staff*/route.tsx",
]);
const moduleOf = async (file: string) => {
  const load = modules[`../../app/routes/${file}`];
  if (!load) throw new Error(`no module for ${file}`);
  return load();
};

const SITE = "http://localhost:3000";
const ID = "00000000-0000-4000-8000-000000000000";
/** Params that fit every console route's path; the lead, product and person named do not exist. */
const PARAMS = { kind: "quote", id: ID };

/** The path a route file answers at, near enough for the guard (which audits the path). */
const pathOf = (file: string) =>
  `/${routeName(file)
    .replace(/_\./g, ".")
    .replace(/_(?=\.|$)/g, "")
    .replace(/\._index$/, "")
    .split(".")
    .map((part) => (part.startsWith("$") ? (PARAMS as Record<string, string>)[part.slice(1)] : part))
    .join("/")}`;

describe.each(testDatabaseKinds())("the guard on every console route, with a session of each role, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  const members = {} as Record<Role | "none", MemberWithSession>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    for (const role of ROLES) members[role] = await memberWithSession(database.db, context.config.authSecret, [role]);
    members.none = await memberWithSession(database.db, context.config.authSecret, []);
  });
  afterAll(async () => {
    await database.close();
  });

  const refusals = async (member: MemberWithSession, permission: string) =>
    (
      await database.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, "staff.refused"), eq(auditLog.actorId, member.id)))
    ).filter((row) => (row.detail as { permission?: string }).permission === permission).length;

  const call = async (file: string, handler: "loader" | "action", member: MemberWithSession) => {
    const route = await moduleOf(file);
    const run = route[handler] as (args: unknown) => Promise<unknown>;
    const url = `${SITE}${pathOf(file)}`;
    const request =
      handler === "loader"
        ? new Request(url, { headers: { Cookie: member.cookie } })
        : new Request(url, {
            method: "POST",
            headers: {
              Cookie: member.cookie,
              Origin: SITE,
              "Sec-Fetch-Site": "same-origin",
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: "",
          });
    return answerOf(() => run({ request, context, params: PARAMS }));
  };

  const cases = guarded.flatMap((h) =>
    [...ROLES, "none" as const].map((who) => [`${h.file} ${h.handler} as ${who}`, h, who] as const),
  );

  it.each(cases)("%s", async (_, h, who) => {
    const member = members[who];
    const permission = h.permission as Permission;
    const allowed = who !== "none" && may([who], permission);
    const before = await refusals(member, permission);
    const answer = await call(h.file, h.handler, member);
    if (allowed) {
      expect(answer.status, JSON.stringify(answer)).not.toBe(403);
      expect(answer.location ?? "").not.toMatch(/^\/staff\/refused/);
      expect(await refusals(member, permission)).toBe(before);
    } else if (h.download) {
      expect(answer).toMatchObject({ status: 302, location: `/staff/refused?permission=${permission}` });
      expect(await refusals(member, permission)).toBe(before + 1);
    } else {
      expect(answer.status, JSON.stringify(answer)).toBe(403);
      expect(answer.body).toMatchObject({ permission, reason: expect.stringContaining("Only a member with the") });
      expect(await refusals(member, permission)).toBe(before + 1);
    }
  });

  it("audits a refusal with the path alone, never the query", async () => {
    const adviser = members.adviser;
    const route = await moduleOf("staff.requests.tsx");
    const answer = await answerOf(() =>
      (route.loader as (a: unknown) => Promise<unknown>)({
        request: new Request(`${SITE}/staff/requests?email=jane.private%40example.com`, {
          headers: { Cookie: adviser.cookie },
        }),
        context,
        params: {},
      }),
    );
    expect(answer.status).toBe(403);
    const rows = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.refused"), eq(auditLog.actorId, adviser.id)))
      // In the order written: without it PostgreSQL may give the rows in any order.
      .orderBy(auditLog.id);
    expect(JSON.stringify(rows)).not.toContain("jane.private");
    expect(rows.at(-1)?.detail).toEqual({ permission: "data-requests.answer", method: "GET", path: "/staff/requests" });
  });
});

describe.each(testDatabaseKinds())("a lead's assignment by role, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  let adviser: MemberWithSession;
  let manager: MemberWithSession;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    adviser = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    manager = await memberWithSession(database.db, context.config.authSecret, ["manager"]);
  });
  afterAll(async () => {
    await database.close();
  });

  const assign = async (member: MemberWithSession, id: string, assignee: string) => {
    const route = await moduleOf("staff.leads.$kind.$id/route.tsx");
    const [lead] = await database.db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, id));
    return answerOf(() =>
      (route.action as (a: unknown) => Promise<unknown>)({
        request: new Request(`${SITE}/staff/leads/quote/${id}`, {
          method: "POST",
          headers: { Cookie: member.cookie, Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams({ intent: "assign", version: String(lead?.version), assignee }),
        }),
        context,
        params: { kind: "quote", id },
      }),
    );
  };
  const assigneeOf = async (id: string) =>
    (await database.db.select({ a: quotes.assigneeId }).from(quotes).where(eq(quotes.id, id)))[0]?.a ?? null;

  it("lets an adviser take a lead no one has, and hand it back; only a manager gives one to another or takes a colleague's", async () => {
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote()] });
    expect((await assign(adviser, id, adviser.id)).status).toBe(302);
    expect(await assigneeOf(id)).toBe(adviser.id);
    expect((await assign(adviser, id, "")).status).toBe(302);
    expect(await assigneeOf(id)).toBeNull();

    // Giving it to someone else: refused, nothing changed.
    expect((await assign(adviser, id, manager.id)).status).toBe(403);
    expect(await assigneeOf(id)).toBeNull();
    // The manager gives it to the manager; the adviser cannot take it from them.
    expect((await assign(manager, id, manager.id)).status).toBe(302);
    expect((await assign(adviser, id, adviser.id)).status).toBe(403);
    expect((await assign(adviser, id, "")).status).toBe(403);
    expect(await assigneeOf(id)).toBe(manager.id);
    expect((await assign(manager, id, adviser.id)).status).toBe(302);
    expect(await assigneeOf(id)).toBe(adviser.id);
  });
});
