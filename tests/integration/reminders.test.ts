import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { leadReference } from "../../app/domain/leads";
import type { DatabaseHandle } from "../../server/db/client";
import { jobs, personalEnquiries, quotes, staffMembers } from "../../server/db/schema";
import { reminderKey } from "../../server/lead-email-keys";
import { createLogger } from "../../server/logger";
import { createMailer } from "../../server/mail";
import { type OutboxWorker, startOutboxWorker } from "../../server/outbox";
import { enqueueDueReminders, REMINDER_LATE_LIMIT_MS, type ReminderPayload } from "../../server/staff/reminders.server";
import { insertLeads, sampleEnquiry, sampleQuote } from "../../server/staff/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// The adviser's call-back reminder (decision 200), driven by the outbox worker's own
// minutely sweep with its clock stepped by the test: nothing before the call-back's time,
// one email at it, still one however often the sweep meets it, and none for a call-back
// moved before its reminder went.

const settings = { site: readConfig({ NODE_ENV: "test" }).site, leadInbox: "leads@firm.example" };
const minute = 60_000;

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseKinds())("call-back reminders on %s", (kind) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  const stops: (() => Promise<void>)[] = [];
  const adviser = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example", enrolledAt: new Date() };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sink = await startSmtpSink();
    await database.db.insert(staffMembers).values(adviser);
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  afterAll(async () => {
    await sink.close();
    await database.close();
  });

  /** A worker on the test's clock; `polls.next(n)` waits for n more polls (each asks `busy` once). */
  function worker(clock: () => Date, pollMs = 5) {
    let polls = 0;
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: "Test <test@example.com>" });
    const w: OutboxWorker = startOutboxWorker({
      db: database.db,
      mailer,
      log: createLogger("silent"),
      pollMs,
      retryDelay: () => 0,
      reminders: settings,
      now: clock,
      busy: () => {
        polls++;
        return false;
      },
    });
    stops.push(async () => {
      await w.stop();
      mailer.close();
    });
    return {
      worker: w,
      async next(n: number) {
        const from = polls;
        await until(() => polls >= from + n);
      },
    };
  }

  const delivered = (to: string) => sink.messages.filter((m) => m.to.includes(to));
  const reminderJob = async (leadKind: "quote" | "personal-enquiry", id: string) =>
    (
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, reminderKey(leadKind, id)))
    )[0];
  const callBackAt = async (id: string, at: Date) =>
    database.db.update(quotes).set({ nextActionKind: "call-back", nextActionAt: at }).where(eq(quotes.id, id));

  it("sends nothing before the time, one email at it (to the adviser, reference, amount, time and link only), still one a minute later, and one for a new time", async () => {
    const at = new Date("2026-12-01T10:00:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, {
      quotes: [sampleQuote({ assigneeId: adviser.id, loanAmount: 42_000, email: "jane@example.com" })],
    });
    await callBackAt(id, at);
    let clock = new Date(at.getTime() - minute);
    const polls = worker(() => clock);
    await polls.next(3);
    expect(await reminderJob("quote", id)).toBeUndefined();
    expect(delivered(adviser.email)).toHaveLength(0);

    clock = at;
    await until(() => delivered(adviser.email).length === 1);
    const job = await reminderJob("quote", id);
    const payload = job?.payload as ReminderPayload;
    const reference = leadReference(id);
    expect(payload.subject).toBe(`Call back now: ${reference} at 10:00`);
    expect(payload.text).toContain(
      `The call-back for lead ${reference} (£42,000) is due now: Tuesday 1 December 2026 at 10:00 (UK time).`,
    );
    expect(payload.text).toContain(`${settings.site.siteUrl}/staff/leads/quote/${id}`);
    for (const personal of ["Jane", "Smith", "jane@example.com", "07700"]) expect(payload.text).not.toContain(personal);
    await until(async () => (await reminderJob("quote", id))?.status === "done");

    // The sweep meets the same call-back again a minute on, and again: still one email.
    clock = new Date(at.getTime() + minute);
    await polls.next(3);
    clock = new Date(at.getTime() + 2 * minute);
    await polls.next(3);
    expect(delivered(adviser.email)).toHaveLength(1);
    expect((await reminderJob("quote", id))?.attempts).toBe(1);

    // The adviser moves the call-back on: at the new time, one more reminder.
    const later = new Date(at.getTime() + 30 * minute);
    await callBackAt(id, later);
    clock = new Date(later.getTime() - minute);
    await polls.next(3);
    expect(delivered(adviser.email)).toHaveLength(1);
    clock = later;
    await until(() => delivered(adviser.email).length === 2);
    expect(delivered(adviser.email)[1]?.subject).toBe(`Call back now: ${reference} at 10:30`);
  });

  it("sends no stale reminder: a call-back moved after its reminder was queued, before it went, sends nothing", async () => {
    const at = new Date("2026-12-02T11:00:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote({ assigneeId: adviser.id })] });
    await callBackAt(id, at);
    // A worker whose own poll never comes: the test queues and drains by hand, to move the call-back in between.
    const { worker: w } = worker(() => at, 3_600_000);
    expect(await enqueueDueReminders(database.db, settings, at)).toBe(1);
    expect(await enqueueDueReminders(database.db, settings, at)).toBe(0);
    await callBackAt(id, new Date(at.getTime() + 24 * 60 * minute));
    const before = delivered(adviser.email).length;
    await w.drain();
    expect(delivered(adviser.email)).toHaveLength(before);
    const job = await reminderJob("quote", id);
    expect(job?.status).toBe("done");
    expect((job?.payload as ReminderPayload | undefined)?.skipped).toBe("moved");
  });

  it("goes to the leads inbox when nobody has the lead; none for a closed lead, another next action, or one missed by more than the late limit", async () => {
    const at = new Date("2026-12-07T14:00:00Z");
    const {
      enquiries: [unassigned = "", closed = "", chase = "", missed = ""],
    } = await insertLeads(database.db, {
      enquiries: [sampleEnquiry(), sampleEnquiry(), sampleEnquiry(), sampleEnquiry()],
    });
    const set = (id: string, values: Partial<typeof personalEnquiries.$inferInsert>) =>
      database.db.update(personalEnquiries).set(values).where(eq(personalEnquiries.id, id));
    await set(unassigned, { nextActionKind: "call-back", nextActionAt: at });
    await set(closed, { nextActionKind: "call-back", nextActionAt: at, status: "declined" });
    await set(chase, { nextActionKind: "chase-documents", nextActionAt: at });
    await set(missed, { nextActionKind: "call-back", nextActionAt: new Date(at.getTime() - REMINDER_LATE_LIMIT_MS) });
    expect(await enqueueDueReminders(database.db, settings, at)).toBe(1);
    const job = await reminderJob("personal-enquiry", unassigned);
    expect((job?.payload as ReminderPayload | undefined)?.to).toBe(settings.leadInbox);
    expect((job?.payload as ReminderPayload | undefined)?.text).toContain(`/staff/leads/personal-enquiry/${unassigned}`);
    for (const id of [closed, chase, missed]) expect(await reminderJob("personal-enquiry", id)).toBeUndefined();
    await database.db.execute(sql`delete from ${jobs} where kind = 'reminder'`);
  });
});
