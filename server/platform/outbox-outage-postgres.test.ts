import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../tests/support/database";
import { capturedLog } from "../../tests/support/log";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { jobs } from "./db/schema";
import type { Mailer, MailMessage } from "./mail";
import { enqueue, type OutboxWorker, startOutboxWorker } from "./outbox";

// A delivered email's result when PostgreSQL goes away between the send and the write
// that records it (issue 27, item 1). The worker reaches the database through a TCP
// proxy the test refuses and restores; the test itself reaches it directly. The lease
// running out is not waited for: the test moves `locked_until` into the past, as the
// database's clock would during a long outage.

const message = (to: string): MailMessage => ({ to, subject: "Hello", text: "plain", html: "<p>html</p>" });

describe.skipIf(!process.env.TEST_DATABASE_URL)("a sent email's result while PostgreSQL is away", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let direct: DatabaseHandle;
  let viaProxy: DatabaseHandle;
  const running: OutboxWorker[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    direct = await openDatabase({ url: scratch.url, maxConnections: 2 });
    await direct.migrate();
    viaProxy = await openDatabase({ url: proxy.via(scratch.url), maxConnections: 4 });
  });
  afterEach(async () => {
    await proxy.restore();
    await Promise.all(running.splice(0).map((w) => w.stop()));
    await direct.db.delete(jobs);
  });
  afterAll(async () => {
    await viaProxy?.close();
    await direct?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  /** A worker whose mail server takes every message; `onSend` runs before a message is taken. */
  function worker(onSend: (to: string) => Promise<void> = async () => {}) {
    const { log, lines } = capturedLog("debug");
    const sent: string[] = [];
    const mailer: Mailer = {
      async send(mail) {
        await onSend(mail.to);
        sent.push(mail.to);
      },
      verify: async () => {},
      close: () => {},
    };
    const w = startOutboxWorker({ db: viaProxy.db, mailer, log, pollMs: 60_000, retryDelay: () => 0 });
    running.push(w);
    return { w, sent, said: (msg: string) => lines.filter((line) => line.msg === msg) };
  }
  const jobFor = async (to: string) => (await direct.db.select().from(jobs).where(sql`payload->>'to' = ${to}`))[0];
  /** What a long outage does to the leases of the jobs being worked: they run out. */
  const leasesRunOut = () => direct.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });

  it("keeps the result and writes it when the database answers, before claiming again: the email goes once", async () => {
    const { w, sent, said } = worker(async (to) => {
      // The database stops while the message is at the mail server.
      if (to === "in-flight@example.com") await proxy.refuse();
    });
    await enqueue(direct.db, "mail", message("in-flight@example.com"));
    await w.drain();
    expect(sent).toEqual(["in-flight@example.com"]);
    expect(said("job result held back")).toHaveLength(1);
    expect(said("job result held back")[0]).toMatchObject({ kind: "mail", attempt: 1, held: 1 });
    expect(said("database unavailable")).toHaveLength(1);

    await leasesRunOut();
    // While the database is still away, a look for work changes nothing and sends nothing.
    await w.drain();
    const restoredAt = new Date();
    await proxy.restore();
    await enqueue(direct.db, "mail", message("after@example.com"));
    await w.drain();

    expect(sent).toEqual(["in-flight@example.com", "after@example.com"]);
    const job = await jobFor("in-flight@example.com");
    expect(job).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, lastError: null });
    expect(said("held job result written")).toHaveLength(1);
    expect(said("database back")).toHaveLength(1);
    // The result kept is the one reached at the send: done when it was sent, not when the database came back.
    expect(job?.completedAt?.getTime()).toBeLessThanOrEqual(restoredAt.getTime());
  });

  it("a result the database took before its answer was lost is not written twice nor called discarded", async () => {
    const { w, sent, said } = worker(async (to) => {
      if (to === "answer-lost@example.com") await proxy.refuse();
    });
    await enqueue(direct.db, "mail", message("answer-lost@example.com"));
    await w.drain();
    // The write went through after all (as when the database commits and then hangs).
    const job = await jobFor("answer-lost@example.com");
    await direct.db
      .update(jobs)
      .set({ status: "done", lockedUntil: null, completedAt: new Date() })
      .where(eq(jobs.id, job?.id ?? 0));
    await proxy.restore();
    await w.drain();
    expect(sent).toEqual(["answer-lost@example.com"]);
    expect(said("job result discarded: its lease was taken over")).toEqual([]);
    expect(said("held job result written")).toHaveLength(1);
  });

  it("a held result whose job another worker took over meanwhile is discarded, and said so", async () => {
    const { w, said } = worker(async (to) => {
      if (to === "taken-over@example.com") await proxy.refuse();
    });
    await enqueue(direct.db, "mail", message("taken-over@example.com"));
    await w.drain();
    // Another server claimed it once its lease ran out (raising attempts, the fencing token).
    await direct.db.update(jobs).set({ attempts: sql`attempts + 1`, lockedUntil: sql`now() + interval '1 minute'` });
    await proxy.restore();
    await w.drain();
    expect(said("job result discarded: its lease was taken over")).toHaveLength(1);
    expect(await jobFor("taken-over@example.com")).toMatchObject({ status: "pending", attempts: 2 });
  });

  it("stopping with a result still held says it is lost", async () => {
    const { w, said } = worker(async () => {
      await proxy.refuse();
    });
    await enqueue(direct.db, "mail", message("stopped@example.com"));
    await w.drain();
    await w.stop();
    expect(said("held job results lost at stop")).toHaveLength(1);
    expect(said("held job results lost at stop")[0]).toMatchObject({ jobIds: [expect.any(Number)] });
  });
});
