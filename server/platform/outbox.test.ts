import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../tests/support/database";
import { capturedLog } from "../../tests/support/log";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink";
import type { DatabaseHandle } from "./db/client";
import { jobs, rateLimits } from "./db/schema";
import { createLogger } from "./logger";
import { createMailer } from "./mail";
import { startJobs } from "../jobs";
import { enqueue } from "./outbox";
import { RATE_LIMIT_KEEP_MS } from "./rate-limit";

const silent = createLogger("silent");

const message = (to: string) => ({ to, subject: "Hello", text: "plain body", html: "<p>html body</p>" });

/** Resolves once `condition` holds, checking every 20 ms; fails after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseKinds())("the outbox on %s", (kind) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  const workers: { stop(): Promise<void> }[] = [];

  function worker(options: Partial<Parameters<typeof startJobs>[0]> & { smtpUrl?: string } = {}) {
    const mailer = createMailer({ smtpUrl: options.smtpUrl ?? sink.url, mailDir: "", from: "Test <test@example.com>" });
    const w = startJobs({
      db: database.db,
      mailer,
      log: silent,
      pollMs: 60_000,
      retryDelay: () => 0,
      ...options,
    });
    workers.push({
      async stop() {
        await w.stop();
        mailer.close();
      },
    });
    return w;
  }
  const delivered = (to: string) => sink.messages.filter((m) => m.to.includes(to)).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    for (const held of sink.held.splice(0)) held.answer("accept");
    sink.hold(false);
    sink.refuse(false);
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await sink.close();
    await database.close();
  });

  it("sends several messages at once, one per pooled connection", async () => {
    sink.hold(true);
    for (let i = 0; i < 8; i++) await enqueue(database.db, "mail", message(`parallel-${i}@example.com`));
    const draining = worker({ concurrency: 4 }).drain();
    // Four messages are at the mail server together before any is answered.
    await until(() => sink.held.length === 4);
    for (const held of sink.held.splice(0)) held.answer("accept");
    await until(() => sink.held.length === 4);
    for (const held of sink.held.splice(0)) held.answer("accept");
    expect(await draining).toBe(8);
    for (let i = 0; i < 8; i++) expect(delivered(`parallel-${i}@example.com`)).toBe(1);
  });

  it("gives way while the server is busy answering, and sends once it is not", async () => {
    let busy = true;
    let asked = 0;
    await enqueue(database.db, "mail", message("gives-way@example.com"));
    const draining = worker({
      busy: () => {
        asked++;
        return busy;
      },
      maxGiveWayMs: 600_000,
    }).drain();
    await until(() => asked >= 3);
    expect(delivered("gives-way@example.com")).toBe(0);
    busy = false;
    expect(await draining).toBe(1);
    expect(delivered("gives-way@example.com")).toBe(1);
  });

  it("sends a batch anyway once it has given way for maxGiveWayMs, however busy the server", async () => {
    let asked = 0;
    await enqueue(database.db, "mail", message("busy-anyway@example.com"));
    const sent = await worker({
      busy: () => {
        asked++;
        return true;
      },
      maxGiveWayMs: 100,
    }).drain();
    expect(sent).toBe(1);
    expect(delivered("busy-anyway@example.com")).toBe(1);
    // It asked before the batch (every 20 ms for 100 ms) and again before looking for more.
    expect(asked).toBe(10);
  });

  it("stops while it gives way without sending, leaving the job for the next worker", async () => {
    await enqueue(database.db, "mail", message("stopped@example.com"));
    let asked = 0;
    const w = worker({
      busy: () => {
        asked++;
        return true;
      },
      maxGiveWayMs: 2_000,
    });
    const draining = w.drain();
    await until(() => asked >= 2);
    await w.stop();
    expect(await draining).toBe(0);
    expect(delivered("stopped@example.com")).toBe(0);
    expect(await worker().drain()).toBe(1);
    expect(delivered("stopped@example.com")).toBe(1);
  });

  it("looks for jobs at once when kicked, not at its next poll", async () => {
    const w = worker({ pollMs: 3_600_000 });
    await enqueue(database.db, "mail", message("kicked@example.com"));
    w.kick();
    await until(() => delivered("kicked@example.com") === 1);
  });

  it("discards the result of a worker whose lease was taken over, so a job done stays done", async () => {
    sink.hold(true);
    await enqueue(database.db, "mail", message("stale@example.com"));
    const { log, lines } = capturedLog("warn");
    const first = worker({ log });
    const firstDraining = first.drain();
    await until(() => sink.held.length === 1);
    // The first worker's lease runs out while its message is still at the mail server.
    await database.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where payload->>'to' = 'stale@example.com'`,
    );
    const secondDraining = worker().drain();
    await until(() => sink.held.length === 2);
    const [stale, current] = sink.held.splice(0);
    current?.answer("accept");
    expect(await secondDraining).toBe(1);
    stale?.answer("refuse");
    await firstDraining;

    const [job] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'stale@example.com'`);
    expect(job).toMatchObject({ status: "done", attempts: 2, lastError: null });
    const discarded = lines.filter((line) => line.msg === "job result discarded: its lease was taken over");
    expect(discarded).toMatchObject([{ jobId: job?.id }]);
    // Nothing is left to send again.
    expect(await worker().drain()).toBe(0);
    expect(delivered("stale@example.com")).toBe(1);
  });

  it("renews the lease while a slow mail server takes its time, so no other worker sends the job too", async () => {
    sink.hold(true);
    await enqueue(database.db, "mail", message("slow@example.com"));
    const slow = worker({ leaseMs: 600 });
    const slowDraining = slow.drain();
    await until(() => sink.held.length === 1);
    // Three leases' time passes while the message is held; another worker keeps looking.
    const other = worker({ leaseMs: 600 });
    const started = Date.now();
    while (Date.now() - started < 1_800) {
      expect(await other.drain()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sink.held.splice(0)[0]?.answer("accept");
    expect(await slowDraining).toBe(1);
    expect(sink.held).toHaveLength(0);
    expect(delivered("slow@example.com")).toBe(1);
  });

  it("sends the mail waiting for a retry as soon as one message goes through again", async () => {
    sink.refuse(true);
    await enqueue(database.db, "mail", message("waiting-1@example.com"));
    await enqueue(database.db, "mail", message("waiting-2@example.com"));
    const w = worker({ retryDelay: () => 3_600_000 });
    expect(await w.drain()).toBe(2);
    expect(await w.drain()).toBe(0); // both wait an hour for their retry
    sink.refuse(false);
    await enqueue(database.db, "mail", message("fresh@example.com"));
    await w.drain();
    await w.drain();
    expect([
      delivered("fresh@example.com"),
      delivered("waiting-1@example.com"),
      delivered("waiting-2@example.com"),
    ]).toEqual([1, 1, 1]);
  });

  it("asks an unreachable mail server whether it is back, and sends what waits when it is", async () => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.close(); // nothing listens on the port now
    await enqueue(database.db, "mail", message("probe@example.com"));
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, retryDelay: () => 3_600_000, pollMs: 50, mailProbeMs: 0 });
    await w.drain();
    const [waiting] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'probe@example.com'`);
    expect(waiting?.status).toBe("pending");
    const back = await startSmtpSink(port);
    try {
      await until(() => back.messages.some((m) => m.to.includes("probe@example.com")));
    } finally {
      // The worker's pooled connections go first, or the sink would wait for them.
      await Promise.all(workers.splice(0).map((each) => each.stop()));
      await back.close();
    }
  });

  /** Counts the worker's polls: each one asks `busy` before its first batch. */
  function pollCounter() {
    let polls = 0;
    return {
      busy: () => {
        polls++;
        return false;
      },
      /** Resolves once `n` more polls have begun, so every step of the poll before them is done. */
      async next(n: number) {
        const from = polls;
        await until(() => polls >= from + n);
      },
    };
  }

  it("asks an unreachable mail server whether it is back once every mailProbeMs by its clock, no oftener", async () => {
    const down = await startSmtpSink();
    await down.close(); // nothing listens on the port now
    const unreachable = createMailer({
      smtpUrl: `smtp://127.0.0.1:${down.port}`,
      mailDir: "",
      from: "Test <test@example.com>",
    });
    workers.push({ stop: async () => unreachable.close() });
    let asked = 0;
    const mailer = {
      ...unreachable,
      verify: () => {
        asked++;
        return unreachable.verify();
      },
    };
    const hour = 3_600_000;
    let clock = new Date("2026-03-02T09:00:00Z");
    const polls = pollCounter();
    await enqueue(database.db, "mail", message("probe-clock@example.com"));
    try {
      worker({
        mailer,
        pollMs: 5,
        mailProbeMs: hour,
        retryDelay: () => hour,
        now: () => clock,
        busy: polls.busy,
      });
      // The failed send marks mail unreachable; the next poll asks at once.
      await until(() => asked === 1);
      await polls.next(3);
      expect(asked).toBe(1);
      // No answer is no sign of life: the message still waits its hour.
      const [job] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'probe-clock@example.com'`);
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      clock = new Date(clock.getTime() + hour - 1);
      await polls.next(3);
      expect(asked).toBe(1);
      clock = new Date(clock.getTime() + 1);
      await until(() => asked === 2);
      // Only a worker told to asks for the day's retention run.
      expect(await database.db.select().from(jobs).where(sql`kind = 'retention'`)).toEqual([]);
    } finally {
      await Promise.all(workers.splice(0).map((each) => each.stop()));
      await database.db.delete(jobs).where(sql`payload->>'to' = 'probe-clock@example.com'`);
    }
  });

  it("sweeps once a minute by its clock: spent rate-limit windows go, and each day's retention run is asked for", async () => {
    const minute = 60_000;
    let clock = new Date("2026-03-01T23:58:30Z");
    const spent = new Date(clock.getTime() - RATE_LIMIT_KEEP_MS - minute);
    const current = new Date(clock.getTime() - minute);
    await database.db.insert(rateLimits).values([
      { key: "sweep:spent", windowStart: spent, count: 1 },
      { key: "sweep:current", windowStart: current, count: 1 },
    ]);
    const retentionRuns = async () =>
      (await database.db.select({ key: jobs.dedupeKey }).from(jobs).where(sql`kind = 'retention'`)).map(
        (row) => row.key,
      );
    const sweepRows = async () =>
      (await database.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`key like 'sweep:%'`)).map(
        (row) => row.key,
      );
    const polls = pollCounter();
    try {
      worker({ pollMs: 5, dailyRetention: true, now: () => clock, busy: polls.busy });
      await until(async () => (await retentionRuns()).includes("retention:2026-03-01"));
      expect(await sweepRows()).toEqual(["sweep:current"]);
      // A minute on, the same day: its run is asked for once only.
      clock = new Date(clock.getTime() + minute);
      await polls.next(3);
      expect(await retentionRuns()).toEqual(["retention:2026-03-01"]);
      // A new day by the clock, but not yet a minute since the last sweep.
      clock = new Date(clock.getTime() + minute - 1);
      await polls.next(3);
      expect(await retentionRuns()).toEqual(["retention:2026-03-01"]);
      clock = new Date(clock.getTime() + 1);
      await until(async () => (await retentionRuns()).includes("retention:2026-03-02"));
    } finally {
      await Promise.all(workers.splice(0).map((each) => each.stop()));
      await database.db.delete(jobs).where(sql`kind = 'retention'`);
      await database.db.delete(rateLimits).where(sql`key like 'sweep:%'`);
    }
  });

  it("gives every message its job's own Message-ID, the same on a resend", async () => {
    sink.refuse(true);
    await enqueue(database.db, "mail", message("message-id@example.com"));
    const w = worker();
    await w.drain();
    sink.refuse(false);
    await w.drain();
    const [job] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'message-id@example.com'`);
    const received = sink.messages.find((m) => m.to.includes("message-id@example.com"));
    expect(received?.raw).toMatch(new RegExp(`^Message-ID: <job-${job?.id}@outbox>`, "im"));
  });

  it("waits longer after each failure: the retry is set by the job's attempts", async () => {
    sink.refuse(true);
    await enqueue(database.db, "mail", message("backoff@example.com"));
    const w = worker({ retryDelay: (attempt) => attempt * 3_600_000 });
    await w.drain();
    const [row] = (
      (await database.db.execute(
        sql`select extract(epoch from run_at - now())::float as wait from jobs where payload->>'to' = 'backoff@example.com'`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(row?.wait).toBeGreaterThan(3_500);
    expect(row?.wait).toBeLessThan(3_700);
    expect(await w.drain()).toBe(0);
  });
});
