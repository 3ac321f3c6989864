import { and, eq, inArray } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INBOX_PAGE_SIZE } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog } from "../../server/platform/db/schema";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { BULK_EXPORT_PROBLEMS } from "../../app/features/staff/inbox-bulk";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { memberWithSession } from "../support/staff-members";
import { MINUTE } from "../support/staff-door";

// "Export ticked leads" from the inbox (docs/decisions/335), through the running app as a
// browser posts it: the post sends the browser on to a download of just those leads,
// which is an export like any other: `leads.export` with a code from the last five
// minutes, or the step-up first. At most a page of the inbox in one post.

const SITE = "http://localhost:3000";

describe.skipIf(!hasBuild).each(testDatabaseKinds())("exporting the ticked leads on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;
  let ids: string[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
    const made = await insertLeads(database.db, {
      quotes: Array.from({ length: INBOX_PAGE_SIZE + 1 }, () => sampleQuote()),
      enquiries: [],
    });
    ids = made.quotes as string[];
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const manager = (codeAgeMs: number) =>
    memberWithSession(database.db, site.config.authSecret, ["manager"], { codeAgeMs });
  const listed = (id: string) => `quote:${id}:1`;
  const post = (cookie: string, fields: [string, string][]) =>
    site.app.request(`${SITE}/staff?index`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: SITE,
        Referer: `${SITE}/staff`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });
  const get = (cookie: string, path: string) => site.app.request(`${SITE}${path}`, { headers: { Cookie: cookie } });
  const exportedAudit = (who: string) =>
    database.db
      .select({ leadId: auditLog.leadId })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, who), eq(auditLog.action, "leads.export"), inArray(auditLog.leadId, ids)));

  it("sends the browser on to a file of just the ticked leads, each in the audit log", async () => {
    const member = await manager(MINUTE);
    const [a = "", b = "", c = ""] = ids;
    const answer = await post(member.cookie, [
      ["intent", "bulk-export"],
      ["lead", listed(a)],
      ["lead", listed(c)],
    ]);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/staff\/export\/ticked\?/);
    const file = await get(member.cookie, location);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-selected-[\d-]+\.csv"$/);
    const csv = await file.text();
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    expect(csv).toContain(a);
    expect(csv).toContain(c);
    expect(csv).not.toContain(b);
    expect((await exportedAudit(member.id)).map((r) => r.leadId).sort()).toEqual([a, c].sort());
  });

  it("asks a manager whose last code is six minutes old for a fresh one, and gives no file before it", async () => {
    const member = await manager(6 * MINUTE);
    const answer = await post(member.cookie, [
      ["intent", "bulk-export"],
      ["all", "page"],
      ...ids.slice(0, 3).map((id) => ["shown", listed(id)] as [string, string]),
    ]);
    const download = answer.headers.get("Location") ?? "";
    const file = await get(member.cookie, download);
    expect(file.status).toBe(302);
    expect(file.headers.get("Location")).toBe(`/staff/step-up?${new URLSearchParams({ from: download })}`);
    expect(file.headers.get("Content-Disposition")).toBeNull();
    expect(await exportedAudit(member.id)).toEqual([]);
  });

  it("refuses more leads than a page of the inbox, in a post and at the download's address", async () => {
    const member = await manager(MINUTE);
    const all = ids.map((id) => ["lead", listed(id)] as [string, string]);
    expect(all).toHaveLength(INBOX_PAGE_SIZE + 1);
    const answer = await post(member.cookie, [["intent", "bulk-export"], ...all]);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(BULK_EXPORT_PROBLEMS.many);
    // Nor are more than a page assigned or moved at once.
    const assign = await post(member.cookie, [["intent", "bulk-assign"], ["bulk-assignee", ""], ...all]);
    expect(assign.status).toBe(400);
    const file = await get(member.cookie, `/staff/export/ticked?${new URLSearchParams(all)}`);
    expect(file.status).toBe(400);
    expect(file.headers.get("Content-Disposition")).toBeNull();
    expect(await exportedAudit(member.id)).toEqual([]);
  });

  it("refuses a post with nothing ticked beside the boxes, exporting nothing", async () => {
    const member = await manager(MINUTE);
    const answer = await post(member.cookie, [["intent", "bulk-export"]]);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(BULK_EXPORT_PROBLEMS.none);
  });

  it("gives an adviser, who may not export, the refusal and no file", async () => {
    const adviser = await memberWithSession(database.db, site.config.authSecret, ["adviser"], { codeAgeMs: 0 });
    const file = await get(adviser.cookie, `/staff/export/ticked?lead=${listed(ids[0] ?? "")}`);
    expect(file.status).toBe(302);
    expect(file.headers.get("Location")).toBe("/staff/refused?permission=leads.export");
  });
});
