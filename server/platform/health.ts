import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "./db/client";
import { rowsOf } from "./db/rows";
import { backups, healthAlerts, jobs } from "./db/schema";
import type { Logger } from "./logger";
import type { MailMessage } from "./mail";
import { enqueue } from "./outbox";

// The firm's health without Prometheus (decision 451): a few checks, each raised or clear
// at a moment, shown on the administrators' console as a strip and mailed to the firm's
// operations address once when raised and once when cleared. Which check is raised is
// kept in one table shared by every server (`health_alerts`): the server whose statement
// turns a check from clear to raised (or back) queues its email in the same transaction,
// so several servers never send one twice. The checks of the platform's own tables are
// here; a concern's (complaints past their day) is given by the composition.

/** An outbox job due this long and not yet worked: the outbox is stuck. */
export const OUTBOX_STUCK_MS = 10 * 60_000;
/** With no successful backup for this long, backups are said to have stopped. */
export const BACKUP_MAX_AGE_MS = 36 * 60 * 60_000;
/** A trivial statement taking longer than this: the database is slow. */
export const DATABASE_SLOW_MS = 1_000;
/** An email failing this many attempts in a row (about 70 s of retries) is an email failing, not a blip. */
export const EMAIL_FAILING_ATTEMPTS = 3;
/** An email given up on within this long still says emails are failing. */
const ABANDONED_WITHIN_MS = 24 * 60 * 60_000;

export interface HealthResult {
  /** A fixed word: the alert's key in `health_alerts`, and the strip's item. */
  key: string;
  /** What is watched, as the strip names it ("Outbox"). */
  title: string;
  raised: boolean;
  /** One sentence: what is wrong, or that all is well. No person's data. */
  detail: string;
  /** The check could not be asked (the database away): shown, never recorded nor mailed. */
  unknown?: true;
}

/** One check: raised or clear at `at` (the caller's clock, which a test moves). */
export interface HealthCheck {
  key: string;
  title: string;
  check(at: Date): Promise<{ raised: boolean; detail: string }>;
}

/** The figures of the outbox at `at`, for /metrics and the stuck check. */
export async function outboxFigures(db: Database, at: Date) {
  const [row] = await rowsOf<{ waiting: number; failed: number; oldest_due: string | null }>(
    db,
    sql`select
      count(*) filter (where status = 'pending')::int as waiting,
      count(*) filter (where status = 'dead')::int as failed,
      min(run_at) filter (where status = 'pending' and run_at <= ${at.toISOString()}::timestamptz)::text as oldest_due
    from ${jobs} where status <> 'done'`,
  );
  const oldestDue = row?.oldest_due ? new Date(row.oldest_due) : null;
  return {
    waiting: row?.waiting ?? 0,
    failed: row?.failed ?? 0,
    /** How long the job due longest ago has waited past its time; 0 when none is due. */
    oldestWaitingMs: oldestDue ? Math.max(0, at.getTime() - oldestDue.getTime()) : 0,
  };
}

/** The last backup that succeeded, and whether the latest of all failed. */
export async function backupFigures(db: Database) {
  const [lastOk] = await db
    .select({ at: backups.finishedAt })
    .from(backups)
    .where(eq(backups.ok, true))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  const [latest] = await db
    .select({ ok: backups.ok })
    .from(backups)
    .orderBy(desc(backups.finishedAt), desc(backups.id))
    .limit(1);
  return { lastSuccess: lastOk?.at ?? null, anyRecorded: latest !== undefined, latestFailed: latest?.ok === false };
}

/** Emails failing now (retried at least EMAIL_FAILING_ATTEMPTS times) and abandoned within a day. */
export async function failingEmails(db: Database, mailKinds: readonly string[], at: Date) {
  const since = new Date(at.getTime() - ABANDONED_WITHIN_MS).toISOString();
  const [row] = await rowsOf<{ retrying: number; abandoned: number }>(
    db,
    sql`select
      count(*) filter (where status = 'pending' and attempts >= ${EMAIL_FAILING_ATTEMPTS} and last_error is not null)::int as retrying,
      count(*) filter (where status = 'dead' and run_at >= ${since}::timestamptz)::int as abandoned
    from ${jobs} where status <> 'done' and kind in (${sql.join(
      mailKinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})`,
  );
  return { retrying: row?.retrying ?? 0, abandoned: row?.abandoned ?? 0 };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const minutes = (ms: number) => Math.floor(ms / 60_000);
const hours = (ms: number) => Math.floor(ms / 3_600_000);

/**
 * The platform's checks: the outbox stuck, emails failing, backups stopped (where they
 * are taken: `backupsExpected`, or any has been recorded), the database slow.
 */
export function platformChecks(
  db: Database,
  { mailKinds, backupsExpected }: { mailKinds: readonly string[]; backupsExpected: boolean },
): HealthCheck[] {
  return [
    {
      key: "outbox-stuck",
      title: "Outbox",
      async check(at) {
        const { oldestWaitingMs, waiting } = await outboxFigures(db, at);
        return oldestWaitingMs > OUTBOX_STUCK_MS
          ? {
              raised: true,
              detail: `Stuck: a job has waited ${plural(minutes(oldestWaitingMs), "minute")} past its time (${plural(waiting, "job")} waiting).`,
            }
          : { raised: false, detail: "Working: nothing has waited more than 10 minutes." };
      },
    },
    {
      key: "emails-failing",
      title: "Emails",
      async check(at) {
        const { retrying, abandoned } = await failingEmails(db, mailKinds, at);
        if (retrying === 0 && abandoned === 0) return { raised: false, detail: "Sending." };
        const parts = [
          retrying > 0 ? `${plural(retrying, "email")} failing and retried` : null,
          abandoned > 0 ? `${plural(abandoned, "email")} given up on in the last day` : null,
        ].filter(Boolean);
        return { raised: true, detail: `Failing: ${parts.join("; ")}.` };
      },
    },
    {
      key: "backup-old",
      title: "Backups",
      async check(at) {
        const { lastSuccess, anyRecorded, latestFailed } = await backupFigures(db);
        if (!backupsExpected && !anyRecorded) return { raised: false, detail: "Not taken by this server." };
        const age = lastSuccess ? at.getTime() - lastSuccess.getTime() : Number.POSITIVE_INFINITY;
        if (age > BACKUP_MAX_AGE_MS) {
          return {
            raised: true,
            detail: lastSuccess
              ? `The last backup that succeeded is ${plural(hours(age), "hour")} old (more than 36).`
              : "No backup has succeeded yet.",
          };
        }
        if (latestFailed) return { raised: true, detail: "The latest backup failed." };
        return { raised: false, detail: `The last backup is ${plural(hours(age), "hour")} old.` };
      },
    },
    {
      key: "database-slow",
      title: "Database",
      async check() {
        const started = performance.now();
        try {
          await db.execute(sql`select 1`);
        } catch {
          return { raised: true, detail: "Not answering." };
        }
        const ms = Math.round(performance.now() - started);
        return ms > DATABASE_SLOW_MS
          ? { raised: true, detail: `Slow: a trivial statement took ${ms} ms.` }
          : { raised: false, detail: "Answering quickly." };
      },
    },
  ];
}

/** Every check at `at`; one that cannot be asked (the database away) is raised with that said. */
export async function evaluateHealth(checks: readonly HealthCheck[], at: Date): Promise<HealthResult[]> {
  return Promise.all(
    checks.map(async ({ key, title, check }) => {
      try {
        return { key, title, ...(await check(at)) };
      } catch {
        return {
          key,
          title,
          raised: true,
          unknown: true,
          detail: "Could not be checked: the database did not answer.",
        } as const;
      }
    }),
  );
}

export interface AlertMail {
  /** The operations address; null: no email is sent (the strip still shows). */
  to: string | null;
  /** The email for a check raised or cleared. */
  message(result: HealthResult, change: "raised" | "cleared", at: Date): MailMessage;
}

/**
 * Records each result in `health_alerts` and, for each check this call turned from clear
 * to raised or back, queues one email in the same transaction. Answers the changes made.
 * A result "could not be checked" changes nothing (the database that would record it is away).
 */
export async function recordAlerts(
  db: Database,
  results: readonly HealthResult[],
  at: Date,
  mail: AlertMail,
  log?: Logger,
): Promise<{ key: string; change: "raised" | "cleared" }[]> {
  const changes: { key: string; change: "raised" | "cleared" }[] = [];
  for (const result of results) {
    if (result.unknown) continue;
    const changed = await db.transaction(async (tx) => {
      const flipped = result.raised
        ? await tx
            .insert(healthAlerts)
            .values({ key: result.key, raisedAt: at, changedAt: at })
            .onConflictDoUpdate({
              target: healthAlerts.key,
              set: { raisedAt: at, changedAt: at },
              setWhere: isNull(healthAlerts.raisedAt),
            })
            .returning({ key: healthAlerts.key })
        : await tx
            .update(healthAlerts)
            .set({ raisedAt: null, changedAt: at })
            .where(and(eq(healthAlerts.key, result.key), isNotNull(healthAlerts.raisedAt)))
            .returning({ key: healthAlerts.key });
      if (flipped.length === 0) return null;
      const change = result.raised ? ("raised" as const) : ("cleared" as const);
      if (mail.to) {
        await enqueue(tx, "mail", mail.message(result, change, at), {
          dedupeKey: `health:${result.key}:${change}:${at.toISOString()}`,
        });
      }
      return change;
    });
    if (changed) {
      changes.push({ key: result.key, change: changed });
      log?.[changed === "raised" ? "warn" : "info"]({ alert: result.key }, `health alert ${changed}`);
    }
  }
  return changes;
}
