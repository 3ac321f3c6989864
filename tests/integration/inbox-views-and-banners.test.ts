import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import { SAVED_VIEWS_MAX, VIEW_NAME_PROBLEMS } from "../../app/domain/inbox-views";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import {
  complaints,
  contactMessages,
  dataRequests,
  leadEvents,
  quotes,
  staffMembers,
  staffSavedViews,
  users,
} from "../../server/platform/db/schema";
import { personBannersOf } from "../../server/staff/leads/inbox-banners.server";
import { inboxPage } from "../../server/staff/leads/inbox.server";
import { removeView, saveView, savedViewsOf, viewQuery } from "../../server/staff/leads/inbox-views.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// The inbox and Today as a day's work needs them (issue 50): the name sort, page after
// page (decision 421); the "waiting over a day" view; the banner of a person's open
// complaint or correction request (decision 420); a member's own views (decision 422);
// taking a lead and logging a call from Today's row (decision 424).

const ADVISER = { id: "staff-views-adviser", name: "Ada Views", email: "ada.views@firm.example" };
const OTHER = { id: "staff-views-other", name: "Oli Other", email: "oli.views@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs({ ...ADVISER, roles: ["adviser"] }, async () => ({
  today: await import("../../app/routes/staff.today"),
  views: await import("../../app/routes/staff.views"),
}));

const post = (path: string, fields: Record<string, string>) => {
  const body = new URLSearchParams(fields);
  return new Request(`${SITE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, "Sec-Fetch-Site": "same-origin" },
  });
};

describe.each(testDatabaseKinds())("the inbox's views, banners and Today's row forms on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values([
      { ...ADVISER, enrolledAt: new Date(), roles: ["adviser"] },
      { ...OTHER, enrolledAt: new Date(), roles: ["adviser"] },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("sorts by name, surname first, A to Z and back, page after page, a contact message by its one name", async () => {
    const start = Date.parse("2026-12-01T09:00:00Z");
    const names: [string, string][] = [
      ["Zoe", "Adams"],
      ["amy", "Baker"],
      ["Bob", "Baker"],
      ["Ümit", "Çelik"],
      ["Tilde", "Wave~Line"],
    ];
    await insertLeads(database.db, {
      quotes: names.map(([firstName, lastName], i) =>
        sampleQuote({ firstName, lastName, email: `sort-${i}@example.com`, createdAt: new Date(start + i * 60_000) }),
      ),
    });
    await database.db.insert(contactMessages).values({
      name: "Carla Contact",
      email: "sort-contact@example.com",
      phone: "07700 900999",
      subject: "general",
      message: "Please call.",
      createdAt: new Date(start),
    });
    const walk = async (query: string) => {
      const seen: string[] = [];
      let filter = parseInboxFilter(new URLSearchParams(`${query}&min=0`));
      // The contact message has no amount: min=0 leaves it out, so the list is the quotes alone.
      for (;;) {
        const page = await inboxPage(database.db, filter, ADVISER.id, 2);
        seen.push(...page.leads.map((l) => `${l.firstName} ${l.lastName}`.trim()));
        if (!page.next) return seen;
        filter = { ...filter, after: page.next };
      }
    };
    const az = await walk("sort=name");
    // Surname first, case aside; where "Çelik" falls beside "Wave~Line" is the database's collation.
    expect(az.slice(0, 3)).toEqual(["Zoe Adams", "amy Baker", "Bob Baker"]);
    expect([...az.slice(3)].sort()).toEqual(["Tilde Wave~Line", "Ümit Çelik"]);
    expect(await walk("sort=name&dir=desc")).toEqual([...az].reverse());
    // A contact message sorts by its one name field ("carla contact").
    const all = await inboxPage(database.db, parseInboxFilter(new URLSearchParams("sort=name&q=contact")), ADVISER.id);
    expect(all.leads.map((l) => l.firstName)).toEqual(["Carla Contact"]);
  });

  it("lists a new lead waiting over a day, not a newer one nor a contacted one", async () => {
    const now = Date.now();
    const { quotes: ids } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({ lastName: "Waiting", email: "wait-1@example.com", createdAt: new Date(now - 2 * 86_400_000) }),
        sampleQuote({ lastName: "Waiting", email: "wait-2@example.com", createdAt: new Date(now - 3_600_000) }),
        sampleQuote({
          lastName: "Waiting",
          email: "wait-3@example.com",
          status: "contacted",
          createdAt: new Date(now - 3 * 86_400_000),
        }),
      ],
    });
    const page = await inboxPage(database.db, parseInboxFilter(new URLSearchParams("waiting=1&q=waiting")), ADVISER.id);
    expect(page.leads.map((l) => l.id)).toEqual([ids?.[0]]);
  });

  it("marks a lead whose person has an open complaint or correction request, and not once closed or answered", async () => {
    const { quotes: ids } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({ email: "Banner.One@Example.com" }),
        sampleQuote({ email: "banner.two@example.com" }),
        sampleQuote({ email: "banner.three@example.com" }),
        sampleQuote({ email: "banner.four@example.com" }),
      ],
    });
    const [one, two, three, four] = ids as [string, string, string, string];
    const complaint = {
      channel: "phone" as const,
      about: "lead" as const,
      name: "Someone",
      words: "I asked for email only.",
    };
    await database.db.insert(complaints).values([
      // About the lead itself, from no address.
      { ...complaint, receivedAt: new Date("2026-12-02T10:00:00Z"), leadKind: "quote", leadId: one, email: null },
      // From the second lead's address, in another case.
      { ...complaint, receivedAt: new Date("2026-12-03T10:00:00Z"), email: "BANNER.TWO@example.com" },
      // Closed: no banner.
      {
        ...complaint,
        receivedAt: new Date("2026-12-01T10:00:00Z"),
        email: "banner.three@example.com",
        closedAt: new Date("2026-12-04T10:00:00Z"),
      },
    ]);
    await database.db.insert(users).values([
      { id: "banner-user-1", name: "One", email: "banner.one@example.com" },
      { id: "banner-user-4", name: "Four", email: "banner.four@example.com" },
    ]);
    const request = { kind: "correction" as const, name: "X", details: "My phone is wrong." };
    await database.db.insert(dataRequests).values([
      { ...request, userId: "banner-user-1", email: "banner.one@example.com", dueBy: new Date("2026-12-30T10:00:00Z") },
      {
        ...request,
        userId: "banner-user-4",
        email: "banner.four@example.com",
        dueBy: new Date("2026-12-30T10:00:00Z"),
        answeredAt: new Date(),
      },
    ]);
    const banners = await personBannersOf(database.db, [
      { id: one, email: "Banner.One@Example.com" },
      { id: two, email: "banner.two@example.com" },
      { id: three, email: "banner.three@example.com" },
      { id: four, email: "banner.four@example.com" },
    ]);
    expect(banners.get(one)).toEqual({
      complaintSince: new Date("2026-12-02T10:00:00Z"),
      correctionDue: new Date("2026-12-30T10:00:00Z"),
    });
    expect(banners.get(two)).toEqual({ complaintSince: new Date("2026-12-03T10:00:00Z"), correctionDue: null });
    expect(banners.has(three)).toBe(false);
    expect(banners.has(four)).toBe(false);
  });

  it("keeps a member's views by name, without search text or page, replaced by name, at most the limit, removed by their owner only", async () => {
    expect(viewQuery("q=jane&sort=amount&assignee=mine&after=100~0b9a7c1e-5d2f-4e8a-9c3b-1f2e3d4c5b6a")).toBe(
      "assignee=mine&sort=amount",
    );
    expect(await saveView(database.db, ADVISER.id, "  ", "sort=amount")).toEqual({
      ok: false,
      problem: VIEW_NAME_PROBLEMS.empty,
    });
    expect(await saveView(database.db, ADVISER.id, "Large loans", "sort=amount&q=jane")).toEqual({
      ok: true,
      name: "Large loans",
    });
    await saveView(database.db, ADVISER.id, "Large loans", "sort=amount&status=new");
    await saveView(database.db, OTHER.id, "Theirs", "status=new");
    const mine = await savedViewsOf(database.db, ADVISER.id);
    expect(mine.map((v) => [v.name, v.query])).toEqual([["Large loans", "status=new&sort=amount"]]);
    for (let i = 1; i < SAVED_VIEWS_MAX; i++) await saveView(database.db, ADVISER.id, `View ${i}`, "");
    const over = await saveView(database.db, ADVISER.id, "One too many", "");
    expect(over.ok).toBe(false);
    const [theirs] = await savedViewsOf(database.db, OTHER.id);
    expect(await removeView(database.db, ADVISER.id, theirs?.id ?? 0)).toBe(false);
    expect(await removeView(database.db, ADVISER.id, mine[0]?.id ?? 0)).toBe(true);
    expect(await savedViewsOf(database.db, OTHER.id)).toHaveLength(1);
  });

  it("saves a view through its page and refuses an empty name with a 400, the name kept", async () => {
    const { views } = routes();
    const refused = await answerOf(() =>
      views.action({
        request: post("/staff/views", { intent: "save", name: "", list: "status=new" }),
        context,
        params: {},
      } as never),
    );
    expect(refused).toMatchObject({ status: 400, body: { refusal: { error: VIEW_NAME_PROBLEMS.empty, name: "" } } });
    const saved = await answerOf(() =>
      views.action({
        request: post("/staff/views", { intent: "save", name: "New ones", list: "status=new&q=someone" }),
        context,
        params: {},
      } as never),
    );
    expect(saved).toMatchObject({ status: 302, location: "/staff?status=new" });
  });

  it("takes a lead nobody has from Today's row, and refuses one a colleague has", async () => {
    const { today } = routes();
    const { quotes: ids } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({ email: "take-1@example.com" }),
        sampleQuote({ email: "take-2@example.com", assigneeId: OTHER.id }),
      ],
    });
    const [free, colleagues] = ids as [string, string];
    const take = (id: string, version = "1") =>
      answerOf(() =>
        today.action({
          request: post("/staff/today", { intent: "take", "lead-kind": "quote", lead: id, version }),
          context,
          params: {},
        } as never),
      );
    expect(await take(free)).toEqual({ status: 302, location: "/staff/today?done=take" });
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, free));
    expect(row?.assigneeId).toBe(ADVISER.id);
    expect(await take(colleagues)).toMatchObject({
      status: 409,
      body: { refusal: { lead: colleagues, form: "take" } },
    });
    expect(await take("not-a-lead")).toMatchObject({ status: 400 });
  });

  it("logs a call from Today's row, or refuses it at its field with what was typed", async () => {
    const { today } = routes();
    const { quotes: ids } = await insertLeads(database.db, { quotes: [sampleQuote({ email: "call-1@example.com" })] });
    const id = ids?.[0] as string;
    const call = (fields: Record<string, string>) =>
      answerOf(() =>
        today.action({
          request: post("/staff/today", { intent: "call", "lead-kind": "quote", lead: id, version: "1", ...fields }),
          context,
          params: {},
        } as never),
      );
    expect(await call({ kind: "none", "call-note": "Rang" })).toMatchObject({
      status: 400,
      body: { refusal: { lead: id, form: "call", field: "outcome", values: { "call-note": "Rang" } } },
    });
    expect(await call({ outcome: "spoke" })).toMatchObject({ status: 400, body: { refusal: { field: "kind" } } });
    expect(await call({ outcome: "spoke", kind: "none", "call-note": "Spoke to her" })).toMatchObject({
      status: 302,
      location: "/staff/today?done=call",
    });
    const events = await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["call"]));
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.status).toBe("contacted");
  });

  it("a saved view's rows go when its member does", async () => {
    await database.db.delete(staffMembers).where(eq(staffMembers.id, OTHER.id));
    expect(await database.db.select().from(staffSavedViews).where(eq(staffSavedViews.staffId, OTHER.id))).toEqual([]);
  });
});
