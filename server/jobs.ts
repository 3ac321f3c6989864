import { complaintAwaitsResponse, complaintReminderMessage } from "./complaints/reminder.server";
import type { Database } from "./platform/db/client";
import { jobMessageId } from "./platform/mail";
import { enqueue, type JobHandlers, type OutboxWorker, type SweepTask, startOutboxWorker } from "./platform/outbox";
import { runRetention } from "./privacy/retention";
import {
  enqueueDueReminders,
  isReminderDue,
  markReminderSkipped,
  type ReminderSettings,
  reminderMessage,
} from "./staff/leads/reminders.server";

/**
 * The server's background work, composed: the outbox (platform) works the jobs, and
 * here each concern's kind of job is given its work and each daily or minutely task its
 * place in the sweep. Each kind's payload is declared beside the concern that queues it.
 */
declare module "./platform/outbox" {
  interface JobPayloads {
    /** The day's retention run (DECISIONS D15): one job per UTC day, whichever server enqueues it first. */
    retention: { day: string };
    /** The night's backup (decision 355): one job per UTC day, as the retention run, while BACKUP_DIR is set. */
    backup: { day: string };
  }
}

export interface BackgroundJobOptions {
  /** Enqueue the retention job once a day (the running server does; tests run it themselves). */
  dailyRetention?: boolean;
  /** Takes the night's backup (the running server does when BACKUP_DIR is set); enqueued daily beside the retention run. */
  nightlyBackup?: () => Promise<void>;
  /** The local mail folder, whose files of the emails the retention job deletes go with them. */
  mailDir?: string;
  /**
   * Queue the advisers' call-back reminders from the minutely sweep (the running server
   * does, with the site's links and the leads inbox; decision 200).
   */
  reminders?: ReminderSettings;
  /** The health checks' minutely watch (server/observability.server.ts, decision 451). */
  healthWatch?: SweepTask;
}

type WorkerOptions = Parameters<typeof startOutboxWorker>[0];

/** The outbox worker with every kind of job the server has, and the sweep's daily and minutely tasks. */
export function startJobs({
  dailyRetention = false,
  nightlyBackup,
  mailDir,
  reminders,
  healthWatch,
  ...worker
}: Omit<WorkerOptions, "handlers" | "sweepTasks"> & BackgroundJobOptions): OutboxWorker {
  const { db, mailer, log } = worker;
  const now = worker.now ?? (() => new Date());
  const handlers: JobHandlers = {
    retention: {
      run: async () => {
        const deleted = await runRetention(db, now(), { mailDir });
        log.info({ deleted }, "retention run");
      },
    },
    backup: {
      run: async () => {
        // Another server with BACKUP_DIR set queued it: this one leaves it to a later attempt.
        if (!nightlyBackup) throw new Error("this server takes no backups: BACKUP_DIR is not set here");
        await nightlyBackup();
      },
    },
    reminder: {
      sendsMail: true,
      run: async (payload, jobId) => {
        // Checked now, not when queued: a call-back moved or cleared since sends nothing.
        if (!(await isReminderDue(db, payload.reminder))) {
          await markReminderSkipped(db, jobId);
          log.info({ jobId, kind: payload.reminder.kind }, "reminder not sent: its call-back moved");
          return "held back";
        }
        await mailer.send(reminderMessage(payload), jobMessageId(jobId));
      },
    },
    "complaint-reminder": {
      sendsMail: true,
      run: async (payload, jobId) => {
        // Checked now, not when queued: a complaint answered or closed since needs no reminder.
        if (!(await complaintAwaitsResponse(db, payload.complaintId))) {
          log.info({ jobId }, "complaint reminder not sent: it has its response");
          return "held back";
        }
        await mailer.send(complaintReminderMessage(payload), jobMessageId(jobId));
      },
    },
  };
  const sweepTasks: SweepTask[] = [];
  if (dailyRetention) sweepTasks.push((at) => enqueueDailyRetention(db, at));
  if (nightlyBackup) sweepTasks.push((at) => enqueueNightlyBackup(db, at));
  if (reminders) sweepTasks.push(async (at) => (await enqueueDueReminders(db, reminders, at)) > 0);
  if (healthWatch) sweepTasks.push(healthWatch);
  return startOutboxWorker({ ...worker, handlers, sweepTasks });
}

/**
 * Enqueues the day's retention run. Every server asks, every minute; the job's key is
 * the UTC day, so the table holds one per day and one worker runs it.
 */
export async function enqueueDailyRetention(db: Database, at: Date) {
  const day = at.toISOString().slice(0, 10);
  await enqueue(db, "retention", { day }, { dedupeKey: `retention:${day}` });
}

/** Enqueues the night's backup, as the retention run: keyed by the UTC day, so one server takes one a day. */
export async function enqueueNightlyBackup(db: Database, at: Date) {
  const day = at.toISOString().slice(0, 10);
  await enqueue(db, "backup", { day }, { dedupeKey: `backup:${day}` });
}
