import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./db/client";
import { jobs, rateLimits } from "./db/schema";
import type { Logger } from "./logger";
import type { MailMessage, Mailer } from "./mail";

/** The side effects the server performs in the background. */
export type JobPayloads = {
  mail: MailMessage;
};
export type JobKind = keyof JobPayloads;

type Executor = Pick<Database, "insert">;

interface ClaimedJob {
  id: number;
  kind: JobKind;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * Records a job in the same database (and, when given a transaction, the same
 * transaction) as the data it follows from. A job with a `dedupeKey` that already
 * exists is not added again.
 */
export async function enqueue<K extends JobKind>(
  db: Executor,
  kind: K,
  payload: JobPayloads[K],
  options: { dedupeKey?: string } = {},
) {
  await db
    .insert(jobs)
    .values({ kind, payload, dedupeKey: options.dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** 10 s, 20 s, 40 s ... capped at one hour, with a little jitter so retries spread out. */
export function retryDelayMs(attempt: number, random = Math.random) {
  const base = Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
  return Math.round(base * (0.9 + 0.2 * random()));
}

interface WorkerOptions {
  db: Database;
  mailer: Mailer;
  log: Logger;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** How long a claimed job stays invisible to other workers before it is retried. */
  leaseMs?: number;
  retryDelay?: (attempt: number) => number;
}

export interface OutboxWorker {
  /** Look for due jobs now rather than at the next poll. */
  kick(): void;
  /** Works every due job once; resolves with how many were attempted. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Claims due jobs with `FOR UPDATE SKIP LOCKED`, so any number of servers can work
 * one table. A claimed job is leased; a server that dies mid-job leaves the lease to
 * expire and the job is picked up again.
 */
export function startOutboxWorker({
  db,
  mailer,
  log,
  pollMs = 1_000,
  leaseMs = 60_000,
  retryDelay = retryDelayMs,
}: WorkerOptions): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastSweep = 0;

  const handlers: { [K in JobKind]: (payload: JobPayloads[K], jobId: number) => Promise<void> } = {
    mail: (message, jobId) => mailer.send(message, `<job-${jobId}@outbox>`),
  };

  /**
   * Claims jobs due by `dueBy`; a job that fails in this pass is due later, so it waits
   * for the next. Every time here is the database's clock, never this server's: the
   * servers sharing the table may disagree about the time, and the database keeps
   * microseconds where JavaScript keeps milliseconds.
   */
  async function claim(dueBy: string) {
    // Both drivers (node-postgres and PGlite) answer with `{ rows }`.
    const result = (await db.execute(sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where status = 'pending' and run_at <= ${dueBy}::timestamptz and (locked_until is null or locked_until < now())
        order by run_at, id limit 10
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] };
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async function databaseNow() {
    const result = (await db.execute(sql`select clock_timestamp()::text as now`)) as unknown as {
      rows: { now: string }[];
    };
    return result.rows[0]?.now ?? new Date().toISOString();
  }

  async function work(): Promise<number> {
    let attempted = 0;
    const dueBy = await databaseNow();
    for (;;) {
      if (stopped) return attempted;
      const batch = await claim(dueBy);
      if (batch.length === 0) return attempted;
      for (const job of batch) {
        attempted++;
        try {
          const handler = handlers[job.kind] as (payload: unknown, id: number) => Promise<void>;
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(job.payload, job.id);
          await db
            .update(jobs)
            .set({ status: "done", completedAt: new Date(), lockedUntil: null, lastError: null })
            .where(eq(jobs.id, job.id));
          log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, "job done");
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const dead = job.attempts >= job.max_attempts;
          await db
            .update(jobs)
            .set({
              status: dead ? "dead" : "pending",
              lockedUntil: null,
              lastError: message.slice(0, 1000),
              runAt: sql`clock_timestamp() + ${retryDelay(job.attempts)} * interval '1 millisecond'`,
            })
            .where(eq(jobs.id, job.id));
          log.warn(
            { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.max_attempts, dead, err: message },
            "job failed",
          );
        }
      }
    }
  }

  async function sweep() {
    // Old rate-limit windows are of no further use.
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 3_600_000)));
  }

  function drain(): Promise<number> {
    running ??= work()
      .catch((error) => {
        log.error({ err: error instanceof Error ? error.message : String(error) }, "outbox poll failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await drain();
      await sweep().catch(() => {});
      schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    kick: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Jobs not yet sent, for tests and the health of the queue. */
export async function pendingJobCount(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.status, "pending")));
  return row?.n ?? 0;
}
