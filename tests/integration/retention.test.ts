import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import {
  auditLog,
  contactMessages,
  dataRequests,
  jobs,
  leadEvents,
  personalEnquiries,
  profiles,
  quotes,
  sessions,
  staffEnrolments,
  staffMembers,
  staffSessions,
  users,
  verifications,
} from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { jobMessageId, type Mailer } from "../../server/platform/mail";
import { enqueueDailyRetention, startJobs } from "../../server/jobs";
import { retentionDryRun, runRetention } from "../../server/privacy/retention";
import { STAFF_SESSION_MAX_SECONDS } from "../../server/staff/session-limits";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The retention job (DECISIONS D15, issue 11): each rule at its boundary, with the
// clock given to the job. The audit log's own database rule reads the database's
// clock, so "now" here is the real moment and every row is placed relative to it.

const DAY = 86_400_000;
const yearsBefore = (date: Date, years: number) => {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

describe.each(testDatabaseKinds())("the retention job on %s", (kind) => {
  let database: DatabaseHandle;
  const now = new Date();
  const justInside = (boundary: Date) => new Date(boundary.getTime() + 1);
  const ids = {} as Record<string, string | undefined>;

  const exists = async (table: typeof quotes | typeof personalEnquiries | typeof contactMessages, id: string) =>
    (await database.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const sixYears = yearsBefore(now, 6);
    const twoYears = yearsBefore(now, 2);
    const created = yearsBefore(now, 8);
    const quote = (label: string, status: "completed" | "new" | "contacted", updatedAt: Date) => ({
      ...sampleQuote({ createdAt: created, email: `${label}@example.com`, status }),
      updatedAt,
    });
    const saved = await insertLeads(db, {
      quotes: [
        // Completed exactly six years ago (by its timeline): due.
        quote("completed-at-boundary", "completed", sixYears),
        // Completed six years ago less a millisecond: kept.
        quote("completed-inside", "completed", sixYears),
        // Not completed, untouched for exactly two years: due.
        quote("stale", "new", twoYears),
        // Not completed, created long ago but with a note a year ago: kept.
        quote("noted", "contacted", created),
      ],
      enquiries: [
        { ...sampleEnquiry({ createdAt: created, email: "enquiry-stale@example.com" }), updatedAt: twoYears },
        {
          ...sampleEnquiry({ createdAt: created, email: "enquiry-live@example.com" }),
          updatedAt: justInside(twoYears),
        },
      ],
      contacts: [
        sampleContact({ createdAt: twoYears, email: "contact-stale@example.com" }),
        sampleContact({ createdAt: justInside(twoYears), email: "contact-live@example.com" }),
      ],
    });
    [ids.completedAtBoundary, ids.completedInside, ids.stale, ids.noted] = saved.quotes as string[];
    [ids.enquiryStale, ids.enquiryLive] = saved.enquiries as string[];
    [ids.contactStale, ids.contactLive] = saved.contacts as string[];
    const event = (leadKind: "quote" | "contact", leadId: string, at: Date, toStatus?: "completed") => ({
      leadKind,
      leadId,
      at,
      type: toStatus ? ("status" as const) : ("note" as const),
      toStatus: toStatus ?? null,
      note: toStatus ? null : "Called back.",
    });
    await db
      .insert(leadEvents)
      .values([
        event("quote", ids.completedAtBoundary as string, sixYears, "completed"),
        event("quote", ids.completedInside as string, justInside(sixYears), "completed"),
        event("quote", ids.noted as string, yearsBefore(now, 1)),
        event("contact", ids.contactStale as string, yearsBefore(now, 3)),
      ]);
    const mail = (dedupeKey: string) => ({
      kind: "mail",
      payload: { to: "x@example.com", subject: "s" },
      dedupeKey,
      status: "done" as const,
    });
    await db
      .insert(jobs)
      .values([
        mail(`quote-notify:${ids.completedAtBoundary}`),
        mail(`quote-confirm:${ids.completedAtBoundary}`),
        mail(`quote-notify:${ids.completedInside}`),
        mail(`contact:${ids.contactStale}:copy`),
        mail(`contact:${ids.contactLive}:copy`),
      ]);

    // Accounts: unconfirmed for exactly 30 days (due), for less (kept), confirmed (kept), staff (kept).
    const account = (label: string, createdAt: Date, extra: Partial<typeof users.$inferInsert> = {}) => ({
      id: `user-${label}`,
      name: label,
      email: `${label}@example.com`,
      createdAt,
      ...extra,
    });
    const thirtyDays = new Date(now.getTime() - 30 * DAY);
    await db
      .insert(users)
      .values([
        account("unconfirmed-old", thirtyDays),
        account("unconfirmed-new", justInside(thirtyDays)),
        account("confirmed-old", yearsBefore(now, 3), { emailVerified: true }),
      ]);
    // Correction requests: answered two years ago (due), answered just inside (kept), never answered (kept).
    const request = (details: string, answeredAt: Date | null) => ({
      kind: "correction" as const,
      userId: "user-confirmed-old",
      name: "Connie Old",
      email: "confirmed-old@example.com",
      details,
      createdAt: yearsBefore(now, 3),
      dueBy: yearsBefore(now, 3),
      answeredAt,
    });
    await db
      .insert(dataRequests)
      .values([
        request("answered at the boundary", yearsBefore(now, 2)),
        request("answered just inside", justInside(yearsBefore(now, 2))),
        request("never answered", null),
      ]);
    // A staff member invited a year ago is kept: staff leave by `staff disable`, not by retention.
    await db.insert(staffMembers).values({ id: "staff-invited", email: "ivy@firm.example", name: "Ivy Invited" });
    await db.insert(profiles).values({ userId: "user-unconfirmed-old", firstName: "Una", lastName: "Old" });
    await db.insert(jobs).values([
      { ...mail("verify-email:user-unconfirmed-old:1"), status: "pending" },
      { ...mail("verify-email:user-confirmed-old:1"), createdAt: yearsBefore(now, 3) },
      { ...mail("reset-password:user-confirmed-old:2"), createdAt: new Date(now.getTime() - DAY) },
    ]);
    await db.insert(sessions).values([
      { id: "s-expired", token: "t-expired", userId: "user-confirmed-old", expiresAt: new Date(now.getTime() - 1000) },
      { id: "s-live", token: "t-live", userId: "user-confirmed-old", expiresAt: new Date(now.getTime() + DAY) },
      {
        id: "s-unconfirmed",
        token: "t-unconfirmed",
        userId: "user-unconfirmed-old",
        expiresAt: new Date(now.getTime() + DAY),
      },
    ]);
    // Staff sessions end when idle for 30 minutes or 8 hours after sign-in, whichever comes first.
    await db.insert(staffSessions).values([
      { tokenHash: "idle", staffId: "staff-invited", createdAt: now, expiresAt: new Date(now.getTime() - 1000) },
      {
        tokenHash: "eight-hours",
        staffId: "staff-invited",
        createdAt: new Date(now.getTime() - STAFF_SESSION_MAX_SECONDS * 1000),
        expiresAt: new Date(now.getTime() + 60_000),
      },
      { tokenHash: "live", staffId: "staff-invited", createdAt: now, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await db.insert(staffEnrolments).values([
      { tokenHash: "expired", staffId: "staff-invited", expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: "open", staffId: "staff-invited", expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await db.insert(verifications).values([
      { id: "v-expired", identifier: "x", value: "y", expiresAt: new Date(now.getTime() - 1000) },
      { id: "v-live", identifier: "x", value: "z", expiresAt: new Date(now.getTime() + DAY) },
    ]);
    // Audit rows six years and a day old (due), and five years old (kept).
    await db.insert(auditLog).values([
      { action: "lead.view", at: new Date(yearsBefore(now, 6).getTime() - DAY) },
      { action: "lead.view", at: yearsBefore(now, 5) },
    ]);
  });

  afterAll(async () => {
    await database.close();
  });

  it("a dry run counts what is due, with the oldest moment, and deletes nothing", async () => {
    const report = await retentionDryRun(database.db, now);
    expect(report.completedLeads).toEqual({ count: 1, oldest: yearsBefore(now, 6) });
    expect(report.otherLeads).toEqual({ count: 2, oldest: yearsBefore(now, 2) });
    expect(report.contactMessages).toEqual({ count: 1, oldest: yearsBefore(now, 2) });
    expect(report.unconfirmedAccounts.count).toBe(1);
    expect(report.expiredSessions.count).toBe(3);
    expect(report.expiredVerifications.count).toBe(2);
    expect(report.accountEmails.count).toBe(1);
    expect(report.auditRows.count).toBe(1);
    expect(await exists(quotes, ids.completedAtBoundary as string)).toBe(true);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "retention.run"))).toHaveLength(0);
  });

  it("deletes each kind at its boundary, with the lead's timeline and emails, and records the run", async () => {
    const deleted = await runRetention(database.db, now);
    expect(deleted).toEqual({
      completedLeads: 1,
      otherLeads: 2,
      contactMessages: 1,
      unconfirmedAccounts: 1,
      expiredSessions: 3,
      expiredVerifications: 2,
      accountEmails: 1,
      closedComplaints: 0,
      answeredCorrectionRequests: 1,
      auditRows: 1,
    });
    expect(
      (await database.db.select({ details: dataRequests.details }).from(dataRequests)).map((r) => r.details).sort(),
    ).toEqual(["answered just inside", "never answered"]);
    const { db } = database;
    // Leads: at the boundary gone, a millisecond inside kept.
    expect(await exists(quotes, ids.completedAtBoundary as string)).toBe(false);
    expect(await exists(quotes, ids.completedInside as string)).toBe(true);
    expect(await exists(quotes, ids.stale as string)).toBe(false);
    expect(await exists(quotes, ids.noted as string)).toBe(true);
    expect(await exists(personalEnquiries, ids.enquiryStale as string)).toBe(false);
    expect(await exists(personalEnquiries, ids.enquiryLive as string)).toBe(true);
    expect(await exists(contactMessages, ids.contactStale as string)).toBe(false);
    expect(await exists(contactMessages, ids.contactLive as string)).toBe(true);
    // Nothing of a deleted lead is left in its timeline or its emails.
    const gone = [ids.completedAtBoundary, ids.contactStale] as string[];
    expect(await db.select().from(leadEvents).where(inArray(leadEvents.leadId, gone))).toHaveLength(0);
    const keys = (await db.select({ key: jobs.dedupeKey }).from(jobs)).map((j) => j.key).sort();
    expect(keys).toEqual(
      [
        `contact:${ids.contactLive}:copy`,
        `quote-notify:${ids.completedInside}`,
        "reset-password:user-confirmed-old:2",
      ].sort(),
    );
    // Accounts: the unconfirmed one with its profile and session; the rest kept.
    expect((await db.select({ id: users.id }).from(users)).map((u) => u.id).sort()).toEqual([
      "user-confirmed-old",
      "user-unconfirmed-new",
    ]);
    expect((await db.select({ id: staffMembers.id }).from(staffMembers)).map((m) => m.id)).toEqual(["staff-invited"]);
    expect((await db.select({ t: staffSessions.tokenHash }).from(staffSessions)).map((r) => r.t)).toEqual(["live"]);
    expect((await db.select({ t: staffEnrolments.tokenHash }).from(staffEnrolments)).map((r) => r.t)).toEqual(["open"]);
    expect(await db.select().from(profiles)).toHaveLength(0);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual(["s-live"]);
    expect((await db.select({ id: verifications.id }).from(verifications)).map((v) => v.id)).toEqual(["v-live"]);
    // Audit: the old row gone, the recent kept, and one row for this run with its counts.
    const audit = await db.select().from(auditLog);
    expect(audit.filter((a) => a.action === "lead.view")).toHaveLength(1);
    const runs = audit.filter((a) => a.action === "retention.run");
    expect(runs).toHaveLength(1);
    expect(runs[0]?.detail).toMatchObject({ deleted });
    expect(JSON.stringify(runs[0]?.detail)).not.toContain("@example.com");
    // A second run the same day finds nothing more.
    const again = await retentionDryRun(database.db, now);
    expect(Object.values(again).map((r) => r.count)).toEqual(Object.values(again).map(() => 0));
  });

  it("deletes the mail folder's files of the emails it deleted, and no other file", async () => {
    const { db } = database;
    const mailDir = mkdtempSync(path.join(os.tmpdir(), "retention-mail-"));
    try {
      const [kept] = await db
        .insert(jobs)
        .values({ kind: "mail", payload: {}, dedupeKey: null })
        .returning({ id: jobs.id });
      const [gone] = await db
        .insert(jobs)
        .values({ kind: "mail", payload: {}, dedupeKey: null })
        .returning({ id: jobs.id });
      await db.delete(jobs).where(eq(jobs.id, gone?.id ?? 0));
      const file = (id: number | undefined) =>
        `2026-11-01T10-00-00-000Z-${jobMessageId(id ?? 0).replace(/[^\w.-]/g, "_")}.eml`;
      for (const name of [file(kept?.id), file(gone?.id), "notes.txt"]) writeFileSync(path.join(mailDir, name), "x");
      await runRetention(db, now, { mailDir });
      expect(readdirSync(mailDir).sort()).toEqual([file(kept?.id), "notes.txt"].sort());
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it("runs once a day however many servers ask for it", async () => {
    const { db } = database;
    const runCount = async () => {
      const result = await db.execute(sql`select count(*)::int as n from audit_log where action = 'retention.run'`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
    };
    const runsBefore = await runCount();
    const log = createLogger("silent");
    const mailer: Mailer = { send: async () => {}, verify: async () => {} } as unknown as Mailer;
    const tomorrow = new Date(now.getTime() + DAY);
    // Two servers each enqueue the day's run (twice, as a minute apart), then both work the table at once.
    const servers = [0, 1].map(() =>
      startJobs({ db, mailer, log, pollMs: 3_600_000, dailyRetention: true, now: () => tomorrow }),
    );
    for (let i = 0; i < 2; i++) for (const _ of servers) await enqueueDailyRetention(db, tomorrow);
    await Promise.all(servers.map((s) => s.drain()));
    await Promise.all(servers.map((s) => s.stop()));
    const runJobs = await db.select().from(jobs).where(like(jobs.dedupeKey, "retention:%"));
    expect(runJobs.map((j) => [j.dedupeKey, j.status])).toEqual([
      [`retention:${tomorrow.toISOString().slice(0, 10)}`, "done"],
    ]);
    // The day's run, once, whatever ran before it.
    expect(await runCount()).toBe(runsBefore + 1);
  });
});
