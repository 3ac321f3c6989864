import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbackRules } from "../../app/domain/callbacks";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, type quotes, staffMembers } from "../../server/platform/db/schema";
import { contactReport } from "../../server/staff/reports/contact-report.server";
import { changeStatus, findLead, logCall, setNextAction, timelineOf } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { todayList } from "../../server/staff/leads/today.server";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The adviser's day (docs/decisions/190) on each database: a call logged in one action
// (its outcome, the next action, the first contact), the next action planned alone, the
// reason asked when a lead is closed, the Today list at a clock the test holds, and the
// report of time to first contact and reasons, against figures worked out by hand.

const RULES: CallbackRules = {
  hours: [{ days: ["monday", "tuesday", "wednesday", "thursday", "friday"], opens: 540, closes: 1020 }],
  nation: "england-and-wales",
};

describe.each(testDatabaseKinds())("the adviser's day on %s", (kind) => {
  let database: DatabaseHandle;
  const staff = (name: string) => ({
    id: randomUUID(),
    name,
    email: `${name.split(" ")[0]?.toLowerCase()}.${randomUUID().slice(0, 6)}@firm.example`,
    enrolledAt: new Date(),
    roles: ["adviser" as const],
  });
  const ann = staff("Ann Adviser");
  const bob = staff("Bob Broker");

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(staffMembers).values([ann, bob]);
  });
  afterAll(async () => {
    await database.close();
  });

  const newQuote = async (extra: Partial<typeof quotes.$inferInsert> = {}) => {
    const { quotes: ids } = await insertLeads(database.db, { quotes: [{ ...sampleQuote(), ...extra }] });
    return ids[0] as string;
  };
  const lead = async (id: string) => (await findLead(database.db, "quote", id))?.row;
  const audits = (id: string, action: "lead.call" | "lead.next-action" | "lead.status") =>
    database.db
      .select({ detail: auditLog.detail, actorName: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, action)));

  describe("logging a call", () => {
    it("records the first contact once, moves a new lead the borrower spoke on to contacted, and plans the next action", async () => {
      // Arrived on Monday at 16:30; first called on Tuesday at 9:20: 50 minutes of opening hours.
      const id = await newQuote({ createdAt: new Date("2026-11-23T16:30:00Z") });
      const firstCall = new Date("2026-11-24T09:20:00Z");
      const next = { kind: "call-back" as const, at: new Date("2026-11-24T14:00:00Z") };
      expect(
        await logCall(
          database.db,
          ann,
          { kind: "quote", id, version: 1, outcome: "no-answer", note: "  Rang twice  ", next },
          firstCall,
          RULES,
        ),
      ).toEqual({ ok: true });
      expect(await lead(id)).toMatchObject({
        status: "new",
        version: 2,
        firstContactedAt: firstCall,
        firstContactedBy: ann.id,
        firstContactWaitMinutes: 50,
        nextActionKind: "call-back",
        nextActionAt: next.at,
      });

      const secondCall = new Date("2026-11-24T14:05:00Z");
      expect(
        await logCall(
          database.db,
          bob,
          { kind: "quote", id, version: 2, outcome: "spoke", note: "", next: null },
          secondCall,
          RULES,
        ),
      ).toEqual({ ok: true });
      // The first contact stands; speaking to the borrower made the lead contacted; no next action.
      expect(await lead(id)).toMatchObject({
        status: "contacted",
        version: 3,
        firstContactedAt: firstCall,
        firstContactedBy: ann.id,
        firstContactWaitMinutes: 50,
        nextActionKind: null,
        nextActionAt: null,
      });
      const timeline = await timelineOf(database.db, id);
      expect(
        timeline.map((e) => [e.type, e.actorName, e.outcome, e.note, e.nextActionKind, e.fromStatus, e.toStatus]),
      ).toEqual([
        ["call", "Ann Adviser", "no-answer", "Rang twice", "call-back", null, null],
        ["call", "Bob Broker", "spoke", null, null, null, null],
        ["status", "Bob Broker", null, null, null, "new", "contacted"],
      ]);
      // The audit says what happened, never the note.
      expect((await audits(id, "lead.call")).map((a) => a.detail)).toEqual([
        { outcome: "no-answer", first: true, nextAction: "call-back" },
        { outcome: "spoke", first: false, nextAction: null, from: "new", to: "contacted" },
      ]);
    });

    it("is refused against an older version of the lead, and a closed lead takes a call but no next action", async () => {
      const id = await newQuote();
      const now = new Date();
      const call = { kind: "quote" as const, id, outcome: "voicemail" as const, note: "", next: null };
      expect(await logCall(database.db, ann, { ...call, version: 7 }, now, RULES)).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await logCall(database.db, ann, { ...call, id: randomUUID(), version: 1 }, now, RULES)).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(await logCall(database.db, ann, { ...call, version: 1, note: "x".repeat(5_001) }, now, RULES)).toEqual({
        ok: false,
        reason: "invalid",
      });
      const closed = await newQuote({ status: "withdrawn", nextActionKind: null, nextActionAt: null });
      const next = { kind: "call-back" as const, at: new Date(now.getTime() + 3_600_000) };
      expect(await logCall(database.db, ann, { ...call, id: closed, version: 1, next }, now, RULES)).toEqual({
        ok: false,
        reason: "not-allowed",
      });
      expect(await logCall(database.db, ann, { ...call, id: closed, version: 1 }, now, RULES)).toEqual({ ok: true });
      expect(await lead(closed)).toMatchObject({ status: "withdrawn", nextActionKind: null, firstContactedBy: ann.id });
    });
  });

  describe("planning the next action", () => {
    it("sets it, bumps the version, puts it on the timeline and audits it; the same again changes nothing", async () => {
      const id = await newQuote();
      const next = { kind: "chase-documents" as const, at: new Date("2030-01-07T10:00:00Z") };
      expect(await setNextAction(database.db, ann, { kind: "quote", id, version: 1, next })).toEqual({ ok: true });
      expect(await lead(id)).toMatchObject({ version: 2, nextActionKind: "chase-documents", nextActionAt: next.at });
      expect(await setNextAction(database.db, ann, { kind: "quote", id, version: 2, next })).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await setNextAction(database.db, ann, { kind: "quote", id, version: 1, next: null })).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await setNextAction(database.db, bob, { kind: "quote", id, version: 2, next: null })).toEqual({
        ok: true,
      });
      expect(await lead(id)).toMatchObject({ version: 3, nextActionKind: null, nextActionAt: null });
      expect((await timelineOf(database.db, id)).map((e) => [e.type, e.nextActionKind, e.nextActionAt])).toEqual([
        ["next-action", "chase-documents", next.at],
        ["next-action", null, null],
      ]);
      expect((await audits(id, "lead.next-action")).map((a) => [a.actorName, a.detail])).toEqual([
        ["Ann Adviser", { kind: "chase-documents", at: "2030-01-07T10:00:00.000Z" }],
        ["Bob Broker", { kind: null, at: null }],
      ]);
    });

    it("gives a closed lead none", async () => {
      const id = await newQuote({ status: "completed", nextActionKind: null, nextActionAt: null });
      const next = { kind: "call-back" as const, at: new Date("2030-01-07T10:00:00Z") };
      expect(await setNextAction(database.db, ann, { kind: "quote", id, version: 1, next })).toEqual({
        ok: false,
        reason: "not-allowed",
      });
    });
  });

  describe("closing a lead", () => {
    it("keeps the reason and its note on the timeline, audits the reason alone, and ends the next action", async () => {
      const id = await newQuote();
      const change = { kind: "quote" as const, id, version: 1, to: "declined" as const };
      expect(await changeStatus(database.db, ann, change)).toEqual({ ok: false, reason: "invalid" });
      expect(await changeStatus(database.db, ann, { ...change, reason: "other", note: "  Lives in Jersey  " })).toEqual(
        { ok: true },
      );
      expect(await lead(id)).toMatchObject({
        status: "declined",
        version: 2,
        nextActionKind: null,
        nextActionAt: null,
      });
      const [event] = await timelineOf(database.db, id);
      expect(event).toMatchObject({ type: "status", toStatus: "declined", reason: "other", note: "Lives in Jersey" });
      expect((await audits(id, "lead.status")).map((a) => a.detail)).toEqual([
        { from: "new", to: "declined", reason: "other" },
      ]);
      // Reopening needs no reason.
      expect(await changeStatus(database.db, ann, { kind: "quote", id, version: 2, to: "contacted" })).toEqual({
        ok: true,
      });
    });
  });

  describe("the Today list, at a Tuesday 11:00 the test holds", () => {
    const now = new Date("2026-11-24T11:00:00Z");
    const at = (iso: string) => new Date(iso);
    let ids: Record<string, string>;

    beforeAll(async () => {
      const q = (name: string, extra: Partial<typeof quotes.$inferInsert>) => ({
        ...sampleQuote({ firstName: name, lastName: "Today" }),
        ...extra,
      });
      const made = await insertLeads(database.db, {
        quotes: [
          q("Arrived at nine", { createdAt: at("2026-11-24T09:00:00Z"), nextActionAt: at("2026-11-24T09:00:00Z") }),
          q("Booked for two", {
            createdAt: at("2026-11-24T08:00:00Z"),
            nextActionKind: "call-back",
            nextActionAt: at("2026-11-24T14:00:00Z"),
            assigneeId: bob.id,
          }),
          q("Due half an hour ago", {
            status: "contacted",
            createdAt: at("2026-11-20T10:00:00Z"),
            firstContactedAt: at("2026-11-20T10:05:00Z"),
            nextActionKind: "call-back",
            nextActionAt: at("2026-11-24T10:30:00Z"),
            assigneeId: ann.id,
          }),
          q("Documents since yesterday", {
            status: "in-progress",
            createdAt: at("2026-11-10T10:00:00Z"),
            firstContactedAt: at("2026-11-10T10:05:00Z"),
            nextActionKind: "chase-documents",
            nextActionAt: at("2026-11-23T15:00:00Z"),
          }),
          q("Booked tomorrow", {
            createdAt: at("2026-11-24T10:00:00Z"),
            nextActionKind: "call-back",
            nextActionAt: at("2026-11-25T10:00:00Z"),
          }),
          q("Declined", { status: "declined", nextActionKind: "call-back", nextActionAt: at("2026-11-24T10:00:00Z") }),
          q("Contacted, next week", {
            status: "contacted",
            firstContactedAt: at("2026-11-20T10:05:00Z"),
            nextActionKind: "call-back",
            nextActionAt: at("2026-12-01T10:00:00Z"),
          }),
          q("Called, nothing planned", {
            createdAt: at("2026-11-24T09:30:00Z"),
            firstContactedAt: at("2026-11-24T09:40:00Z"),
            nextActionKind: null,
            nextActionAt: null,
          }),
        ],
        enquiries: [
          {
            ...sampleEnquiry({ firstName: "Quarter to eleven", createdAt: at("2026-11-24T10:45:00Z") }),
            nextActionAt: at("2026-11-24T10:45:00Z"),
          },
        ],
        contacts: [
          {
            ...sampleContact({ name: "Message last night", createdAt: at("2026-11-23T16:50:00Z") }),
            nextActionAt: at("2026-11-23T16:50:00Z"),
          },
        ],
      });
      const names = [
        "nine",
        "two",
        "dueNow",
        "documents",
        "tomorrow",
        "declined",
        "nextWeek",
        "calledNothing",
      ] as const;
      ids = Object.fromEntries(names.map((n, i) => [n, made.quotes[i] as string]));
      ids.quarter = made.enquiries[0] as string;
      ids.message = made.contacts[0] as string;
    });

    const mineOnly = <T extends { id: string }>(rows: T[]) => rows.filter((r) => Object.values(ids).includes(r.id));
    const nameOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];

    it("lists planned actions by time with where each stands, then new leads oldest first with their wait, then those booked later", async () => {
      const list = await todayList(database.db, { now, rules: RULES, targetMinutes: 30 });
      expect(mineOnly(list.planned).map((r) => [nameOf(r.id), r.state, r.nextActionKind])).toEqual([
        ["documents", "overdue", "chase-documents"],
        ["dueNow", "due-now", "call-back"],
        ["two", "later-today", "call-back"],
      ]);
      // The message waited 10 minutes on Monday and 2 hours on Tuesday; the quote 2 hours; the enquiry 15 minutes.
      expect(mineOnly(list.waiting).map((r) => [nameOf(r.id), r.waitedMinutes, r.overTarget, r.kind])).toEqual([
        ["message", 130, true, "contact"],
        ["nine", 120, true, "quote"],
        ["quarter", 15, false, "personal-enquiry"],
      ]);
      expect(mineOnly(list.booked).map((r) => nameOf(r.id))).toEqual(["tomorrow"]);
      const dueNow = list.planned.find((r) => r.id === ids.dueNow);
      expect(dueNow).toMatchObject({ name: "Due half an hour ago Today", phone: "07700 900123", loanAmount: 50_000 });
      expect(dueNow?.assigneeName).toBe("Ann Adviser");
    });

    it("marks a new lead only past the configured wait", async () => {
      const list = await todayList(database.db, { now, rules: RULES, targetMinutes: 120 });
      expect(mineOnly(list.waiting).map((r) => [nameOf(r.id), r.overTarget])).toEqual([
        ["message", true],
        ["nine", false],
        ["quarter", false],
      ]);
    });

    it("keeps to one adviser's leads and those assigned to nobody when asked", async () => {
      const list = await todayList(database.db, { now, rules: RULES, targetMinutes: 30, mineOf: ann.id });
      expect(mineOnly(list.planned).map((r) => nameOf(r.id))).toEqual(["documents", "dueNow"]);
    });

    it("moves a lead off the waiting list once it is called, and onto the planned list when its next action is due", async () => {
      const id = ids.nine as string;
      const call = new Date("2026-11-24T11:05:00Z");
      const next = { kind: "call-back" as const, at: new Date("2026-11-24T15:00:00Z") };
      await logCall(
        database.db,
        ann,
        { kind: "quote", id, version: 1, outcome: "no-answer", note: "", next },
        call,
        RULES,
      );
      const list = await todayList(database.db, { now: call, rules: RULES, targetMinutes: 30 });
      expect(list.waiting.some((r) => r.id === id)).toBe(false);
      expect(list.planned.find((r) => r.id === id)).toMatchObject({
        state: "later-today",
        nextActionKind: "call-back",
      });
    });
  });

  describe("the report beside the funnel, against figures worked out by hand", () => {
    const waits = (createdAt: string, wait: number | null, by: { id: string } | null) => ({
      createdAt: new Date(createdAt),
      firstContactedAt: wait === null ? null : new Date(Date.parse(createdAt) + wait * 60_000),
      firstContactedBy: by?.id ?? null,
      firstContactWaitMinutes: wait,
    });

    beforeAll(async () => {
      await insertLeads(database.db, {
        quotes: [
          // 2025-W10 (Monday 3 to Sunday 9 March): waits 10, 20, 40 and one not yet called.
          { ...sampleQuote(), ...waits("2025-03-03T10:00:00Z", 10, ann) },
          { ...sampleQuote(), ...waits("2025-03-04T10:00:00Z", 20, ann) },
          { ...sampleQuote(), ...waits("2025-03-09T23:30:00Z", 40, bob) }, // Sunday night, GMT: still W10
          { ...sampleQuote(), ...waits("2025-03-06T10:00:00Z", null, null) },
          // Sunday 6 April 23:30 UTC is Monday 00:30 BST: 2025-W15.
          { ...sampleQuote(), ...waits("2025-04-06T23:30:00Z", 5, ann) },
          // Outside the period (UK days 3 March to 13 April).
          { ...sampleQuote(), ...waits("2025-03-02T23:59:00Z", 999, ann) },
          { ...sampleQuote(), ...waits("2025-04-13T23:30:00Z", 1000, ann) }, // Monday 14 April, BST
        ],
        enquiries: [{ ...sampleEnquiry(), ...waits("2025-03-05T10:00:00Z", 30, bob) }],
        // A contact message is often answered by email: not counted.
        contacts: [{ ...sampleContact(), ...waits("2025-03-05T10:00:00Z", 1, ann) }],
      });
      const event = (at: string, toStatus: "declined" | "withdrawn" | "contacted", reason: string | null) => ({
        at: new Date(at),
        leadKind: "quote" as const,
        leadId: randomUUID(),
        type: "status" as const,
        fromStatus: "new" as const,
        toStatus,
        reason: reason as never,
      });
      await database.db
        .insert(leadEvents)
        .values([
          event("2025-03-03T10:00:00Z", "declined", "no-lender-fits"),
          event("2025-03-10T10:00:00Z", "declined", "no-lender-fits"),
          event("2025-03-11T10:00:00Z", "declined", "affordability"),
          event("2025-03-12T10:00:00Z", "withdrawn", "found-elsewhere"),
          event("2025-03-13T10:00:00Z", "withdrawn", null),
          event("2025-03-13T11:00:00Z", "contacted", null),
          event("2025-05-01T10:00:00Z", "declined", "credit-history"),
        ]);
    });

    it("gives the median and 90th percentile per ISO week (UK time) and per adviser, and counts the reasons", async () => {
      const report = await contactReport(database.db, { from: "2025-03-03", to: "2025-04-13" });
      // W10: waits 10, 20, 30, 40: median (20 + 30) / 2 = 25; 90th: 30 + 0.7 × (40 − 30) = 37.
      expect(report.weeks).toEqual([
        { week: "2025-W10", leads: 5, called: 4, median: 25, p90: 37 },
        { week: "2025-W15", leads: 1, called: 1, median: 5, p90: 5 },
      ]);
      // Ann: 5, 10, 20: median 10; 90th: 10 + 0.8 × (20 − 10) = 18. Bob: 30, 40: median 35; 90th: 30 + 0.9 × 10 = 39.
      expect(report.advisers).toEqual([
        { adviser: "Ann Adviser", leads: 3, called: 3, median: 10, p90: 18 },
        { adviser: "Bob Broker", leads: 2, called: 2, median: 35, p90: 39 },
      ]);
      expect(report.reasons).toEqual([
        { status: "declined", reason: "no-lender-fits", n: 2 },
        { status: "declined", reason: "affordability", n: 1 },
        { status: "withdrawn", reason: "found-elsewhere", n: 1 },
        { status: "withdrawn", reason: null, n: 1 },
      ]);
    });

    it("gives no wait for a week whose leads nobody has called, and runs a period to 9999-12-31 on for ever", async () => {
      await insertLeads(database.db, {
        quotes: [sampleQuote({ createdAt: new Date("2031-03-04T10:00:00Z") })],
      });
      const expected = { weeks: [{ week: "2031-W10", leads: 1, called: 0, median: null, p90: null }], advisers: [] };
      expect(await contactReport(database.db, { from: "2031-03-01", to: "2031-03-31" })).toMatchObject(expected);
      expect(await contactReport(database.db, { from: "2031-03-01", to: "9999-12-31" })).toMatchObject(expected);
    });

    it("answers empty lists for a period with nothing in it", async () => {
      expect(await contactReport(database.db, { from: "2024-01-01", to: "2024-01-31" })).toEqual({
        weeks: [],
        advisers: [],
        reasons: [],
      });
    });
  });
});
