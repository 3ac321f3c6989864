import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../app/config.server";
import { leadReference } from "../../app/domain/leads";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, personalEnquiries, quotes, staffMembers } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { startJobs } from "../../server/jobs";
import type { OutboxWorker } from "../../server/platform/outbox";
import { chooseCallback } from "../../server/borrowers/callbacks.server";
import { callbackEmailKeys, reminderKey } from "../../server/leads/lead-email-keys";
import {
  enqueueDueReminders,
  isReminderDue,
  REMINDER_LATE_LIMIT_MS,
  type ReminderPayload,
} from "../../server/staff/leads/reminders.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// The adviser's call-back reminder (decision 200), driven by the outbox worker's own
// minutely sweep with its clock stepped by the test: nothing before the call-back's time,
// one email at it, still one however often the sweep meets it, and none for a call-back
// moved before its reminder went.

const config = readConfig({ NODE_ENV: "test" });
const settings = { site: config.site, leadInbox: "leads@firm.example" };
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
  const adviser = {
    id: randomUUID(),
    name: "Ann Adviser",
    email: "ann@firm.example",
    enrolledAt: new Date(),
    roles: ["adviser" as const],
  };

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
  function worker(clock: () => Date, pollMs = 5, leaseMs?: number) {
    let polls = 0;
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: "Test <test@example.com>" });
    const w: OutboxWorker = startJobs({
      db: database.db,
      mailer,
      log: createLogger("silent"),
      pollMs,
      retryDelay: () => 0,
      leaseMs,
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
    expect(payload.subject).toBe(`Call back now: ${reference} at 10am`);
    expect(payload.text).toContain(
      `The call-back for lead ${reference} (£42,000) is due now: Tue 1 Dec 2026 at 10am (UK time).`,
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
    expect(delivered(adviser.email)[1]?.subject).toBe(`Call back now: ${reference} at 10:30am`);
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
    expect((job?.payload as ReminderPayload | undefined)?.text).toContain(
      `/staff/leads/personal-enquiry/${unassigned}`,
    );
    for (const id of [closed, chase, missed]) expect(await reminderJob("personal-enquiry", id)).toBeUndefined();
    await database.db.execute(sql`delete from ${jobs} where kind = 'reminder'`);
  });

  it("names no amount for a contact message, which has none", async () => {
    const at = new Date("2026-12-08T15:00:00Z");
    const {
      contacts: [id = ""],
    } = await insertLeads(database.db, {
      contacts: [sampleContact({ nextActionKind: "call-back", nextActionAt: at })],
    });
    expect(await enqueueDueReminders(database.db, settings, at)).toBe(1);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, reminderKey("contact", id)));
    expect((job?.payload as ReminderPayload | undefined)?.text).toContain(
      `The call-back for lead ${leadReference(id)} is due now: Tue 8 Dec 2026 at 3pm (UK time).`,
    );
    await database.db.execute(sql`delete from ${jobs} where kind = 'reminder'`);
  });

  it("leaves a reminder being sent at this moment to finish: the moved call-back's is queued by the next sweep after it", async () => {
    const first = new Date("2026-12-09T10:00:00Z");
    const moved = new Date("2026-12-09T10:30:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote({ assigneeId: adviser.id })] });
    await callBackAt(id, first);
    expect(await enqueueDueReminders(database.db, settings, first)).toBe(1);
    // A worker has taken the job and holds it (pending, leased for a minute more).
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.dedupeKey, reminderKey("quote", id)));
    await callBackAt(id, moved);
    expect(await enqueueDueReminders(database.db, settings, moved)).toBe(0);
    expect(((await reminderJob("quote", id))?.payload as ReminderPayload | undefined)?.reminder.at).toBe(
      first.toISOString(),
    );
    // Sent: the next sweep queues the new time.
    await database.db
      .update(jobs)
      .set({ status: "done", lockedUntil: null })
      .where(eq(jobs.dedupeKey, reminderKey("quote", id)));
    expect(await enqueueDueReminders(database.db, settings, moved)).toBe(1);
    expect(((await reminderJob("quote", id))?.payload as ReminderPayload | undefined)?.reminder.at).toBe(
      moved.toISOString(),
    );
    await database.db.execute(sql`delete from ${jobs} where kind = 'reminder'`);
  });

  it("judges a queued reminder due only while its lead is open with the same call-back at the same time", async () => {
    const at = new Date("2026-12-10T11:00:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote()] });
    const set = (values: Partial<typeof quotes.$inferInsert>) =>
      database.db.update(quotes).set(values).where(eq(quotes.id, id));
    const reminder = { kind: "quote" as const, id, at: at.toISOString() };
    await set({ nextActionKind: "call-back", nextActionAt: at });
    expect(await isReminderDue(database.db, reminder)).toBe(true);
    expect(await isReminderDue(database.db, { ...reminder, at: new Date(at.getTime() + minute).toISOString() })).toBe(
      false,
    );
    expect(await isReminderDue(database.db, { ...reminder, id: randomUUID() })).toBe(false);
    expect(await isReminderDue(database.db, { ...reminder, kind: "mortgage" } as never)).toBe(false);
    await set({ nextActionKind: "chase-documents" });
    expect(await isReminderDue(database.db, reminder)).toBe(false);
    await set({ nextActionKind: "call-back", nextActionAt: null });
    expect(await isReminderDue(database.db, reminder)).toBe(false);
    for (const status of ["contacted", "in-progress"] as const) {
      await set({ nextActionAt: at, status });
      expect(await isReminderDue(database.db, reminder)).toBe(true);
    }
    await set({ status: "declined" });
    expect(await isReminderDue(database.db, reminder)).toBe(false);
  });

  // The borrower's own change (thank-you page or /account: chooseCallback), decision 246.
  const services = () => ({
    config: { ...config, mail: { ...config.mail, leadInbox: settings.leadInbox } },
    db: database.db,
    log: createLogger("silent"),
    kickOutbox: () => {},
  });
  const borrowerChooses = (id: string, at: Date | null, now: Date) =>
    chooseCallback(services(), { kind: "quote", id }, at ? { kind: "slot", at } : { kind: "soonest" }, now);
  const mailTo = (to: string, subject: RegExp) => delivered(to).filter((m) => subject.test(m.subject));
  const remindersOf = (id: string) => new RegExp(`^Call back now: ${leadReference(id)}`);

  it("moves the reminder with the borrower's change of slot: none at the old time, one at the new, none after a change to the soonest call", async () => {
    const first = new Date("2026-12-03T10:00:00Z");
    const second = new Date("2026-12-03T14:00:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote({ assigneeId: adviser.id })] });
    expect(await borrowerChooses(id, first, new Date("2026-12-02T09:00:00Z"))).toBe("changed");
    let clock = new Date(first.getTime() - 30 * minute);
    const polls = worker(() => clock);
    await polls.next(3);
    expect(await borrowerChooses(id, second, clock)).toBe("changed");

    // The old hour comes: no reminder is queued or sent for it.
    clock = first;
    await polls.next(3);
    clock = new Date(first.getTime() + minute);
    await polls.next(3);
    expect(await reminderJob("quote", id)).toBeUndefined();
    expect(mailTo(adviser.email, remindersOf(id))).toHaveLength(0);

    // The new hour comes: one reminder, for it.
    clock = second;
    await until(() => mailTo(adviser.email, remindersOf(id)).length === 1);
    expect(mailTo(adviser.email, remindersOf(id))[0]?.subject).toBe(`Call back now: ${leadReference(id)} at 2pm`);

    // A change to "as soon as possible" before a later hour: that hour reminds nobody.
    const third = new Date("2026-12-04T10:00:00Z");
    expect(await borrowerChooses(id, third, new Date(second.getTime() + 5 * minute))).toBe("changed");
    expect(await borrowerChooses(id, null, new Date(second.getTime() + 10 * minute))).toBe("changed");
    clock = third;
    await polls.next(3);
    expect(mailTo(adviser.email, remindersOf(id))).toHaveLength(1);
    expect((await reminderJob("quote", id))?.payload).toMatchObject({ reminder: { at: second.toISOString() } });
  });

  it("holds back the old hour's reminder already queued when the borrower changes their slot, and sends the new hour's", async () => {
    const first = new Date("2026-12-08T10:00:00Z");
    const second = new Date("2026-12-08T11:00:00Z");
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote({ assigneeId: adviser.id })] });
    await borrowerChooses(id, first, new Date("2026-12-07T09:00:00Z"));
    // A worker whose own poll never comes: the test queues and drains by hand, to change the slot in between.
    const { worker: w } = worker(() => first, 3_600_000);
    expect(await enqueueDueReminders(database.db, settings, first)).toBe(1);
    await borrowerChooses(id, second, first);
    const before = mailTo(adviser.email, /^Call back now/).length;
    await w.drain();
    expect(mailTo(adviser.email, /^Call back now/)).toHaveLength(before);
    expect((await reminderJob("quote", id))?.payload).toMatchObject({ skipped: "moved" });

    expect(await enqueueDueReminders(database.db, settings, second)).toBe(1);
    await w.drain();
    expect(
      mailTo(adviser.email, /^Call back now/)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([`Call back now: ${leadReference(id)} at 11am`]);
  });

  it("sends the borrower the new time after a change made while the old time's email was being sent: the old one first, then the new", async () => {
    const email = `in-flight-${randomUUID()}@example.com`;
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote({ email })] });
    const now = new Date("2026-12-09T08:00:00Z");
    // A slow mail server: the worker's first emails of the lead are in flight when the borrower changes their mind.
    sink.hold(true);
    try {
      worker(() => now, 5, 1_000);
      await borrowerChooses(id, new Date("2026-12-09T10:00:00Z"), now);
      await until(() => sink.held.length === 2);
      expect(await borrowerChooses(id, new Date("2026-12-09T15:00:00Z"), now)).toBe("changed");
      // The newer email waits for the older one's lease: no other worker may send it first.
      const [, waiting = ""] = callbackEmailKeys("quote", id);
      const [queued] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, waiting));
      expect(queued).toMatchObject({ status: "pending", attempts: 0 });
      expect(queued?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
      sink.hold(false);
      for (const held of sink.held.splice(0)) held.answer("accept");
    } finally {
      sink.hold(false);
    }
    await until(() => mailTo(email, /^When we will call you/).length === 2);
    const texts = mailTo(email, /^When we will call you/).map((m) => m.raw.replace(/=\r?\n/g, ""));
    expect(texts[0]).toContain("10am to 11am");
    expect(texts[1]).toContain("3pm to 4pm");
    // The broker's note follows the change the same way.
    await until(() => mailTo(settings.leadInbox, new RegExp(`^Call-back time for ${leadReference(id)}`)).length === 2);
    const [, confirmKey = ""] = callbackEmailKeys("quote", id);
    // Sent is not yet written: the job's result follows the mail server's answer.
    await vi.waitFor(async () => {
      const [job] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, confirmKey));
      expect(job).toMatchObject({ status: "done", attempts: 1 });
    });
  });
});
