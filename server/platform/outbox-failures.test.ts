import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../tests/support/database";
import { capturedLog } from "../../tests/support/log";
import type { DatabaseHandle } from "./db/client";
import { jobs } from "./db/schema";
import type { Mailer, MailMessage } from "./mail";
import { createOutageLog } from "./outage";
import { enqueue, pendingJobCount, startOutboxWorker } from "./outbox";

// How the outbox answers each way a job can fail. The mail server is the outside world,
// so here it is a stand-in that fails as told: a message refused for good (5xx), the
// server refusing for now (4xx), no connection at all.

const message = (to: string): MailMessage => ({ to, subject: "Hello", text: "plain", html: "<p>html</p>" });

/** An SMTP answer as nodemailer reports it. */
const smtpError = (responseCode: number, text: string) =>
  Object.assign(new Error(text), { responseCode, code: "EMESSAGE" });
const refusedConnection = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ECONNREFUSED" });

describe.each(testDatabaseKinds())("the outbox's failures on %s", (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  // Each test's jobs are its own: what an earlier one left pending would be due too.
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  /** A worker whose mailer fails with `failure()` (or sends, when it gives nothing), and its log's lines. */
  function worker(failure: () => Error | undefined) {
    const { log, lines } = capturedLog("debug");
    const sent: string[] = [];
    const mailer: Mailer = {
      async send(mail) {
        const error = failure();
        if (error) throw error;
        sent.push(mail.to);
      },
      verify: async () => {},
      close: () => {},
    };
    const mailOutage = createOutageLog(log, "mail");
    const w = startOutboxWorker({ db: database.db, mailer, log, pollMs: 60_000, retryDelay: () => 0, mailOutage });
    return { w, lines, sent, mailOutage, said: (msg: string) => lines.filter((line) => line.msg === msg) };
  }
  const jobFor = async (to: string) => (await database.db.select().from(jobs).where(sql`payload->>'to' = ${to}`))[0];
  /** Makes the message to `to` wait an hour for its retry, as a real retry delay would. */
  const putOffAnHour = (to: string) =>
    database.db.update(jobs).set({ runAt: sql`now() + interval '1 hour'` }).where(sql`payload->>'to' = ${to}`);

  it("a message refused for good is retried as a failed job, and mail is not marked down", async () => {
    const { w, said, mailOutage } = worker(() => smtpError(550, "550 mailbox unavailable"));
    await enqueue(database.db, "mail", message("refused-for-good@example.com"));
    await w.drain();
    await w.stop();
    const job = await jobFor("refused-for-good@example.com");
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "EMESSAGE 550 mailbox unavailable" });
    expect(said("job failed")).toHaveLength(1);
    expect(said("job failed")[0]).toMatchObject({
      jobId: job?.id,
      kind: "mail",
      attempt: 1,
      maxAttempts: 12,
      dead: false,
    });
    expect(mailOutage.down).toBe(false);
  });

  it("a mail server refusing for now (4xx) or out of reach marks mail down, once, and logs no failed job", async () => {
    for (const [failure, to] of [
      [() => smtpError(451, "451 try again later"), "later@example.com"],
      [refusedConnection, "unreachable@example.com"],
    ] as const) {
      const { w, said, mailOutage } = worker(failure);
      await enqueue(database.db, "mail", message(to));
      await w.drain();
      await w.stop();
      expect(mailOutage.down, to).toBe(true);
      expect(said("mail unavailable"), to).toHaveLength(1);
      expect(said("job failed"), to).toEqual([]);
      expect(said("job abandoned after its last attempt"), to).toEqual([]);
      expect((await jobFor(to))?.status, to).toBe("pending");
    }
  });

  it("takes every 4xx answer, and no other, as the mail server refusing for now", async () => {
    for (const [code, down] of [
      [399, false],
      [400, true],
      [499, true],
      [500, false],
    ] as const) {
      const to = `answer-${code}@example.com`;
      const { w, mailOutage } = worker(() => smtpError(code, `${code} the server's answer`));
      await enqueue(database.db, "mail", message(to));
      await w.drain();
      await w.stop();
      expect(mailOutage.down, to).toBe(down);
    }
  });

  it("keeps mail down when a job other than mail goes through", async () => {
    const { w, mailOutage } = worker(refusedConnection);
    await enqueue(database.db, "mail", message("still-down@example.com"));
    await w.drain();
    expect(mailOutage.down).toBe(true);
    await putOffAnHour("still-down@example.com");
    await enqueue(database.db, "retention", { day: "2026-03-01" });
    expect(await w.drain()).toBe(1);
    await w.stop();
    expect(mailOutage.down).toBe(true);
  });

  it("a message's last attempt makes it dead: said as abandoned when mail was down, as failed otherwise", async () => {
    for (const [failure, to, line] of [
      [refusedConnection, "last-down@example.com", "job abandoned after its last attempt"],
      [() => smtpError(550, "550 no such user"), "last-refused@example.com", "job failed"],
    ] as const) {
      const { w, said } = worker(failure);
      await enqueue(database.db, "mail", message(to));
      await database.db.update(jobs).set({ maxAttempts: 1 }).where(sql`payload->>'to' = ${to}`);
      await w.drain();
      await w.stop();
      expect((await jobFor(to))?.status, to).toBe("dead");
      expect(said(line), to).toHaveLength(1);
    }
  });

  it("marks mail up again at the next message that goes, and sends what was waiting then", async () => {
    let failing = true;
    const { w, sent, mailOutage, said } = worker(() => (failing ? refusedConnection() : undefined));
    await enqueue(database.db, "mail", message("waited@example.com"));
    await w.drain();
    expect(mailOutage.down).toBe(true);
    await putOffAnHour("waited@example.com");
    failing = false;
    await enqueue(database.db, "mail", message("first-back@example.com"));
    await w.drain();
    await w.drain();
    await w.stop();
    expect(mailOutage.down).toBe(false);
    expect(said("mail back")).toHaveLength(1);
    expect(sent).toEqual(["first-back@example.com", "waited@example.com"]);
    expect(await jobFor("waited@example.com")).toMatchObject({ status: "done", lastError: null });
  });

  it("fails a job of a kind it has no handler for, saying so", async () => {
    const { w, mailOutage } = worker(() => undefined);
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: "no-such-kind", payload: {}, maxAttempts: 1 })
      .returning({ id: jobs.id });
    await w.drain();
    await w.stop();
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, row?.id ?? 0));
    expect(job).toMatchObject({ status: "dead", lastError: "no handler for job kind no-such-kind" });
    expect(mailOutage.down).toBe(false);
  });

  it("counts the jobs still to do", async () => {
    const before = await pendingJobCount(database.db);
    await enqueue(database.db, "mail", message("counted@example.com"));
    expect(await pendingJobCount(database.db)).toBe(before + 1);
    const { w } = worker(() => undefined);
    await w.drain();
    await w.stop();
    expect(await pendingJobCount(database.db)).toBe(0);
  });
});
