import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "./db/client";
import { rowsOf } from "./db/rows";
import { jobs } from "./db/schema";
import type { Logger } from "./logger";
import { jobMessageId, type MailMessage, type Mailer, SMTP_CONNECTIONS } from "./mail";
import { errorSummary } from "./logger";
import { createOutageLog, isConnectionFailure, type OutageLog } from "./outage";
import { reportEmail } from "./metrics";
import { sweepRateLimits } from "./rate-limit";

/**
 * The side effects the server performs in the background, by kind. The outbox knows
 * mail; each concern that queues a job of its own adds its kind here from its own module
 * (`declare module "…/platform/outbox"`), and the server's composition (server/jobs.ts)
 * gives the worker the kind's work. The outbox imports no concern.
 */
export interface JobPayloads {
  mail: MailMessage;
}
export type JobKind = keyof JobPayloads;

/**
 * The work of one kind of job. "held back" when it decided not to act after all (a
 * moved call-back); `sendsMail` when its failures say whether mail is down.
 */
export interface JobHandler<K extends JobKind = JobKind> {
  run: (payload: JobPayloads[K], jobId: number) => Promise<unknown>;
  sendsMail?: boolean;
}
export type JobHandlers = { [K in Exclude<JobKind, "mail">]?: JobHandler<K> };

/** A task of the minutely sweep; answers true when it queued jobs due now (the worker then drains at once). */
export type SweepTask = (at: Date) => Promise<unknown>;

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
 * exists is not added again. Answers whether it was added.
 */
export async function enqueue<K extends JobKind>(
  db: Executor,
  kind: K,
  payload: JobPayloads[K],
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<boolean> {
  const queued = await db
    .insert(jobs)
    .values({ kind, payload, dedupeKey: options.dedupeKey ?? null, ...(options.runAt ? { runAt: options.runAt } : {}) })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return queued.length > 0;
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
  /**
   * How long a claimed job stays invisible to other workers. Renewed every third of it
   * while the job is being worked, so only a worker that died (or lost the database)
   * lets a lease run out.
   */
  leaseMs?: number;
  /** How many jobs are worked at once (one SMTP connection each). */
  concurrency?: number;
  retryDelay?: (attempt: number) => number;
  /** While mail is down, how often to ask the mail server whether it is back. */
  mailProbeMs?: number;
  /** Shared with the HTTP server, so a database outage is logged once, whoever meets it. */
  databaseOutage?: OutageLog;
  mailOutage?: OutageLog;
  /** The work of each kind of job beyond mail, given by the server's composition (server/jobs.ts). */
  handlers?: JobHandlers;
  /** What the minutely sweep does beyond sweeping spent rate-limit windows (the daily jobs, due reminders). */
  sweepTasks?: readonly SweepTask[];
  /** The clock the daily jobs are dated by and the mail probe and the minutely sweep are timed by. */
  now?: () => Date;
  /**
   * Whether the server is answering requests at this moment. Before each batch the
   * outbox gives way while it is, for up to `maxGiveWayMs`, then works the batch anyway
   * (decision 143): a stored lead is safe, and its mail can wait a moment for a busy
   * server to take the next lead. Never busy when absent.
   */
  busy?: () => boolean;
  maxGiveWayMs?: number;
}

/** How often the worker sweeps spent rate-limit windows and runs its sweep tasks. */
const SWEEP_EVERY_MS = 60_000;

/** How often a giving-way outbox looks again whether the server is still busy. */
const GIVE_WAY_STEP_MS = 20;

export interface OutboxWorker {
  /** Look for due jobs now rather than at the next poll. */
  kick(): void;
  /** Works every due job once; resolves with how many were attempted. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** A job as claimed: `attempts` (raised by every claim) is the claim's fencing token. */
type Held = Pick<ClaimedJob, "id" | "attempts">;

/** A job's result the database could not take when it was reached: written before this worker claims again. */
interface HeldResult {
  job: Held & Pick<ClaimedJob, "kind">;
  result: PgUpdateSetSource<typeof jobs>;
  /** When the result was reached (this server's clock, for the log). */
  at: number;
}

/**
 * Claims due jobs with `FOR UPDATE SKIP LOCKED`, so any number of servers can work
 * one table. A claimed job is leased, and the lease is renewed while the job is worked;
 * a server that dies mid-job leaves the lease to expire and the job is picked up again.
 * Every claim raises the job's `attempts`, and a worker writes a job's result only
 * while `attempts` is still the value its claim set: the result of a worker whose lease
 * was taken over is discarded, never written over the new holder's. A job done (an
 * email delivered) whose result the database cannot take just then keeps its result in
 * the worker, which writes it as soon as the database answers and before it claims
 * anything else: its lease may run out meanwhile, but no claim of this worker's comes
 * first.
 */
export function startOutboxWorker({
  db,
  mailer,
  log,
  pollMs = 1_000,
  leaseMs = 60_000,
  concurrency = SMTP_CONNECTIONS,
  retryDelay = retryDelayMs,
  mailProbeMs = 10_000,
  databaseOutage = createOutageLog(log, "database"),
  mailOutage = createOutageLog(log, "mail"),
  handlers: extraHandlers = {},
  sweepTasks = [],
  now = () => new Date(),
  busy = () => false,
  maxGiveWayMs = 1_000,
}: WorkerOptions): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastSweep = Number.NEGATIVE_INFINITY;
  let lastMailProbe = Number.NEGATIVE_INFINITY;
  /** True while mail is down for want of a connection (not for a refused message), so probing makes sense. */
  let mailUnreachable = false;
  /**
   * Results of jobs already done (an email delivered) whose write failed because the
   * database was away. Kept here and written as soon as it answers, before this worker
   * claims anything: otherwise the job's lease runs out while the database is away and
   * the email is claimed and sent again when it comes back (issue 27).
   */
  const heldResults: HeldResult[] = [];

  /** Each kind's work: mail here, the rest from the composition. */
  const handlers: Record<string, JobHandler<never> | undefined> = {
    // The Message-ID is the job's own, so a receiver can tell a resend from a new message.
    mail: { run: (message: MailMessage, jobId: number) => mailer.send(message, jobMessageId(jobId)), sendsMail: true },
    ...extraHandlers,
  } as Record<string, JobHandler<never> | undefined>;
  /** The kinds of job that send an email, whose failures say whether mail is down. */
  const mailKinds = Object.keys(handlers).filter((kind) => handlers[kind]?.sendsMail);
  const sendsMail = (kind: string) => mailKinds.includes(kind);

  /**
   * Claims up to `limit` jobs due by `dueBy`; a job that fails in this pass is due later,
   * so it waits for the next. Every time here is the database's clock, never this
   * server's: the servers sharing the table may disagree about the time, and the
   * database keeps microseconds where JavaScript keeps milliseconds.
   */
  async function claim(dueBy: string, limit: number) {
    const result = await rowsOf<ClaimedJob>(
      db,
      sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where status = 'pending' and run_at <= ${dueBy}::timestamptz and (locked_until is null or locked_until < now())
        order by run_at, id limit ${limit}
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`,
    );
    return result.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Extends the lease of jobs still held by this claim; a job taken over meanwhile is left alone. */
  async function renew(held: Held[]) {
    await db.execute(sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      from jsonb_to_recordset(${JSON.stringify(held)}::jsonb) as held (id bigint, attempts int)
      where ${jobs.id} = held.id and ${jobs.attempts} = held.attempts and ${jobs.status} = 'pending'`);
  }

  /**
   * Writes a job's result if this claim still holds it; when the lease was lost, the
   * result is discarded. Answers whether it was written.
   */
  async function settle(job: Held, result: PgUpdateSetSource<typeof jobs>) {
    const updated = await db
      .update(jobs)
      .set({ lockedUntil: null, ...result })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "pending")))
      .returning({ id: jobs.id });
    return updated.length > 0;
  }

  function discarded(job: Held) {
    log.warn({ jobId: job.id, attempt: job.attempts }, "job result discarded: its lease was taken over");
  }

  /**
   * Writes a finished job's result; when the database cannot be reached the result is
   * held (and said so) to be written before this worker claims again. Answers whether
   * it was written now.
   */
  async function settleOrHold(job: Held & Pick<ClaimedJob, "kind">, result: PgUpdateSetSource<typeof jobs>) {
    try {
      if (await settle(job, result)) return true;
      discarded(job);
      return false;
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      heldResults.push({ job, result, at: Date.now() });
      databaseOutage.failed(error);
      log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, held: heldResults.length },
        "job result held back",
      );
      return false;
    }
  }

  /**
   * Writes the held results, oldest first; throws (keeping the rest) while the database
   * is still away. A result the database took before its answer was lost is found
   * already there and left as it is.
   */
  async function writeHeldResults() {
    while (heldResults.length > 0) {
      const { job, result, at } = heldResults[0] as HeldResult;
      const written = await settle(job, result);
      const alreadyThere = !written && (await alreadySettled(job));
      heldResults.shift();
      if (written || alreadyThere) {
        log.info(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, heldForMs: Date.now() - at, alreadyThere },
          "held job result written",
        );
      } else {
        discarded(job);
      }
    }
  }

  /** True when this claim's result is already recorded (its write landed, its answer did not). */
  async function alreadySettled(job: Held) {
    const [row] = await db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.id, job.id));
    return row !== undefined && row.attempts === job.attempts && row.status !== "pending";
  }

  /** Mail waiting for a retry goes now: the mail server is answering again. */
  async function releaseWaitingMail() {
    await db.execute(sql`
      update ${jobs} set run_at = clock_timestamp()
      where status = 'pending' and kind in (${sql.join(
        mailKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}) and attempts > 0 and run_at > clock_timestamp()`);
  }

  async function mailSucceeded() {
    if (!mailOutage.down) return;
    mailOutage.succeeded();
    mailUnreachable = false;
    await releaseWaitingMail();
  }

  async function run(job: ClaimedJob) {
    let outcome: unknown;
    try {
      const handler = handlers[job.kind] as JobHandler | undefined;
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      outcome = await handler.run(job.payload as never, job.id);
    } catch (error) {
      const dead = job.attempts >= job.max_attempts;
      const summary = errorSummary(error);
      const written = await settle(job, {
        status: dead ? "dead" : "pending",
        lastError: [summary.code, summary.message].filter(Boolean).join(" "),
        runAt: sql`clock_timestamp() + ${retryDelay(job.attempts)} * interval '1 millisecond'`,
      });
      if (!written) discarded(job);
      if (sendsMail(job.kind)) reportEmail("failed");
      if (sendsMail(job.kind) && isMailServerFailure(error)) {
        mailUnreachable = isConnectionFailure(error);
        mailOutage.failed(error);
        if (dead)
          log.error({ jobId: job.id, kind: job.kind, attempt: job.attempts }, "job abandoned after its last attempt");
      } else {
        log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.max_attempts, dead, err: error },
          "job failed",
        );
      }
      return;
    }
    // Delivered: that must reach the table even if the database is away now, or the email goes again.
    if (await settleOrHold(job, { status: "done", completedAt: new Date(), lastError: null }))
      log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, "job done");
    // A reminder held back sent nothing, so it says nothing of whether mail is up.
    if (sendsMail(job.kind) && outcome !== "held back") {
      reportEmail("sent");
      await mailSucceeded();
    }
  }

  async function work(): Promise<number> {
    let attempted = 0;
    await writeHeldResults();
    const dueBy = await databaseNow(db);
    // The database answers: said now, not once the backlog an outage left is worked off.
    databaseOutage.succeeded();
    for (;;) {
      for (let waited = 0; waited < maxGiveWayMs && !stopped && busy(); waited += GIVE_WAY_STEP_MS) {
        await sleep(GIVE_WAY_STEP_MS);
      }
      if (stopped) return attempted;
      // Nothing is claimed while a result of this worker's waits to be written.
      await writeHeldResults();
      const batch = await claim(dueBy, concurrency);
      if (batch.length === 0) return attempted;
      attempted += batch.length;
      const renewal = setInterval(() => {
        renew(batch).catch(() => {});
      }, leaseMs / 3);
      try {
        // Every job of the batch is finished (its result written or held) before the
        // next claim, even when one of them fails on the database.
        const outcomes = await Promise.allSettled(batch.map(run));
        const failure = outcomes.find((outcome) => outcome.status === "rejected");
        if (failure) throw failure.reason;
      } finally {
        clearInterval(renewal);
      }
    }
  }

  /** While the mail server is unreachable, ask it now and then whether it is back, rather than wait for a retry to fall due. */
  async function probeMail() {
    const at = now().getTime();
    if (!mailUnreachable || at - lastMailProbe < mailProbeMs) return;
    lastMailProbe = at;
    try {
      await mailer.verify();
    } catch {
      return;
    }
    await mailSucceeded();
  }

  async function sweep() {
    const at = now();
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await sweepRateLimits(db, at.getTime());
    for (const task of sweepTasks) if ((await task(at)) === true) void drain();
  }

  function drain(): Promise<number> {
    running ??= work()
      .then(
        (attempted) => {
          databaseOutage.succeeded();
          return attempted;
        },
        (error) => {
          if (isConnectionFailure(error)) databaseOutage.failed(error);
          else log.error({ err: error }, "outbox poll failed");
          return 0;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await probeMail().catch(() => {});
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
      if (heldResults.length === 0) return;
      // A last try; what the database still cannot take is lost with this process, and said so.
      await writeHeldResults().catch(() => {});
      if (heldResults.length > 0) {
        log.error({ jobIds: heldResults.map((held) => held.job.id) }, "held job results lost at stop");
        heldResults.length = 0;
      }
    },
  };
}

/**
 * The mail server is down or refusing for now (a connection failure, or a 4xx answer
 * such as 421 or 451), as against a message it rejects for good.
 */
function isMailServerFailure(error: unknown) {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return isConnectionFailure(error) || (typeof responseCode === "number" && responseCode >= 400 && responseCode < 500);
}

async function databaseNow(db: Database) {
  const [row] = await rowsOf<{ now: string }>(db, sql`select clock_timestamp()::text as now`);
  return row?.now ?? new Date().toISOString();
}

/** Jobs not yet sent, for tests and the health of the queue. */
export async function pendingJobCount(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.status, "pending")));
  return row?.n ?? 0;
}
