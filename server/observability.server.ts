import type { AppConfig } from "../app/config.server";
import { complaintFigures } from "./complaints/complaints.server";
import { healthAlertEmail } from "./emails/health-alert";
import type { Database, PoolUse } from "./platform/db/client";
import {
  backupFigures,
  evaluateHealth,
  type HealthCheck,
  type HealthResult,
  outboxFigures,
  platformChecks,
  recordAlerts,
} from "./platform/health";
import type { Logger } from "./platform/logger";
import type { ScrapedGauge } from "./platform/metrics";
import type { SweepTask } from "./platform/outbox";
import { missedCallbacks } from "./staff/leads/reminders.server";

// The firm's health, composed (decisions 450, 451): the gauges /metrics reads from the
// database at each scrape, and the checks behind the administrators' health strip and
// the operations emails. The platform keeps the registry and the alerts' table; each
// concern gives its own figure here.

/**
 * The route groups requests are counted by: a path's first segment (for /api, its first
 * two) when listed here; any other page is "pages", a file "static" (platform/metrics.ts).
 */
export const ROUTE_GROUPS: ReadonlySet<string> = new Set([
  "api/quotes",
  "api/enquiries",
  "api/contact",
  "api/funnel",
  "api/auth",
  "api/account",
  "healthz",
  "metrics",
  "staff",
  "account",
  "assets",
]);

/** The kinds of outbox job that send an email (server/jobs.ts gives each its work). */
export const MAIL_JOB_KINDS = ["mail", "reminder", "complaint-reminder"] as const;

interface Sources {
  db: Database;
  config: AppConfig;
  /** The pool's use now; absent (an app in a test), the gauges of the pool are left out. */
  poolUse?: () => PoolUse;
  now?: () => Date;
}

/** `read` asked once for all the gauges of one scrape: its answer is kept for a second. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const at = performance.now();
    if (!kept || at - kept.at > 1_000) kept = { at, answer: read() };
    return kept.answer;
  };
}

/** The gauges read at each scrape. Labels are fixed words only. */
export function scrapedGauges({ db, config, poolUse, now = () => new Date() }: Sources): ScrapedGauge[] {
  const one = (value: number) => [{ value }];
  const outbox = perScrape(() => outboxFigures(db, now()));
  const complaints = perScrape(() => complaintFigures(db, now(), config.firm.nation));
  const gauges: ScrapedGauge[] = [
    {
      name: "outbox_jobs_waiting",
      help: "Outbox jobs (emails, reminders, daily runs) not yet done, whether due or waiting to retry.",
      read: async () => one((await outbox()).waiting),
    },
    {
      name: "outbox_jobs_failed",
      help: "Outbox jobs given up on after their last attempt (kept until the retention run deletes them).",
      read: async () => one((await outbox()).failed),
    },
    {
      name: "outbox_oldest_waiting_seconds",
      help: "How long the job due longest ago has waited past its time; 0 when none is due.",
      read: async () => one((await outbox()).oldestWaitingMs / 1000),
    },
    {
      name: "complaints_open",
      help: "Complaints open.",
      read: async () => one((await complaints()).open),
    },
    {
      name: "complaints_past_their_day",
      help: "Open complaints whose acknowledgement or final response is overdue.",
      read: async () => one((await complaints()).pastTheirDay),
    },
    {
      name: "callbacks_missed",
      help: "Open leads whose booked call-back's hour has passed without the call-back being made or moved.",
      read: async () => one(await missedCallbacks(db, now())),
    },
    {
      name: "backup_last_success_timestamp_seconds",
      help: "When the last backup that succeeded finished (Unix time); absent when none has.",
      read: async () => {
        const { lastSuccess } = await backupFigures(db);
        return lastSuccess ? one(lastSuccess.getTime() / 1000) : [];
      },
    },
  ];
  if (poolUse) {
    gauges.push(
      {
        name: "db_pool_connections",
        help: "The database pool's connections by state (in use, idle), and requests waiting for one.",
        labelNames: ["state"],
        read: async () => {
          const use = poolUse();
          return [
            { labels: { state: "in-use" }, value: use.total - use.idle },
            { labels: { state: "idle" }, value: use.idle },
            { labels: { state: "waiting" }, value: use.waiting },
          ];
        },
      },
      {
        name: "db_pool_max",
        help: "The most connections the pool opens.",
        read: async () => one(poolUse().max),
      },
    );
  }
  return gauges;
}

/** Every check of the health strip: the platform's, then the complaints'. */
export function healthChecks({ db, config }: Pick<Sources, "db" | "config">): HealthCheck[] {
  return [
    ...platformChecks(db, { mailKinds: MAIL_JOB_KINDS, backupsExpected: config.backup.dir !== null }),
    {
      key: "complaints-past-their-day",
      title: "Complaints",
      async check(at) {
        const { pastTheirDay } = await complaintFigures(db, at, config.firm.nation);
        return pastTheirDay > 0
          ? {
              raised: true,
              detail: `${pastTheirDay} ${pastTheirDay === 1 ? "complaint is" : "complaints are"} past their day.`,
            }
          : { raised: false, detail: "None past their day." };
      },
    },
  ];
}

/** The health strip's checks at `at`. */
export function healthNow(sources: Pick<Sources, "db" | "config">, at: Date): Promise<HealthResult[]> {
  return evaluateHealth(healthChecks(sources), at);
}

/**
 * The minutely watch (the outbox's sweep, on its clock): every check asked, each change
 * recorded once for all servers and emailed to the operations address.
 */
export function healthWatch(sources: Pick<Sources, "db" | "config">, log: Logger): SweepTask {
  const checks = healthChecks(sources);
  const { config, db } = sources;
  return async (at) => {
    const results = await evaluateHealth(checks, at);
    const changes = await recordAlerts(
      db,
      results,
      at,
      {
        to: config.operations.email,
        message: (result, change, when) =>
          healthAlertEmail(config.site, config.operations.email as string, {
            title: result.title,
            detail: result.detail,
            change,
            at: when,
          }),
      },
      log,
    );
    // Its emails are due now: the worker drains at once.
    return changes.length > 0 && config.operations.email !== null;
  };
}
