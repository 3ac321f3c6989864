import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { SiteConfig } from "../../../app/config.server";
import { DUE_NOW_MINUTES } from "../../../app/domain/lead-work";
import type { LeadKind, LeadStatus } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { contactMessages, jobs, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";
import { callbackReminderEmail } from "../../emails/reminder";
import { reminderKey } from "../../leads/lead-email-keys";
import type { MailMessage } from "../../platform/mail";

// The adviser's reminder at a call-back's time (DECISIONS D21, decision 200). The outbox
// worker's minutely sweep queues one for each lead whose next action is a call-back that
// has come due; the worker sends it only if the lead's next action is still that call-back
// at that time, so a moved or cleared call-back sends no stale reminder.

/** Where reminders go when nobody has the lead, and what their links point at. */
export interface ReminderSettings {
  site: SiteConfig;
  leadInbox: string;
}

/** Which call-back a reminder is for: the lead and the time, as ISO 8601. */
export interface ReminderOf {
  kind: LeadKind;
  id: string;
  at: string;
}

/** A reminder job's payload: the email, rendered when queued, and the call-back it is for. */
export type ReminderPayload = MailMessage & { reminder: ReminderOf; skipped?: "moved" };

declare module "../../platform/outbox" {
  interface JobPayloads {
    /** An adviser's call-back reminder: sent only while the lead's call-back is still at its time. */
    reminder: ReminderPayload;
  }
}

/**
 * A call-back missed by more than this (the servers were down at its time) is not
 * reminded of: by then the overdue call-back is the Today list's to show, and a burst of
 * old reminders after an outage would bury the one that is due.
 */
export const REMINDER_LATE_LIMIT_MS = 2 * 60 * 60 * 1000;

const TABLES = { quote: quotes, "personal-enquiry": personalEnquiries, contact: contactMessages } as const;
const OPEN: LeadStatus[] = ["new", "contacted", "in-progress"];

/** The reminder key (lead-email-keys.ts) of each row, in SQL, so the lookup of its job is an index probe. */
function keyOf(kind: LeadKind, id: typeof quotes.id | typeof personalEnquiries.id | typeof contactMessages.id) {
  const [before, after] = reminderKey(kind, "\u0000").split("\u0000");
  return sql`${before} || ${id}::text || ${after}`;
}

/**
 * Queues a reminder for each open lead whose call-back is due at `now` (and not longer
 * ago than the late limit) and not yet reminded of at that time. Found by the next-action
 * index (`next_action_at`, id) of each lead table; the lead's reminder job by its unique
 * key. Answers how many were queued.
 */
export async function enqueueDueReminders(db: Database, settings: ReminderSettings, now: Date): Promise<number> {
  let queued = 0;
  for (const kind of ["quote", "personal-enquiry", "contact"] as const) {
    const table = TABLES[kind];
    const rows = await db
      .select({
        id: table.id,
        at: table.nextActionAt,
        loanAmount: kind === "contact" ? sql<null>`null` : (TABLES[kind] as typeof quotes).loanAmount,
        adviserEmail: staffMembers.email,
        adviserDisabledAt: staffMembers.disabledAt,
        remindedAt: sql<string | null>`${jobs.payload}->'reminder'->>'at'`,
      })
      .from(table)
      .leftJoin(staffMembers, eq(staffMembers.id, table.assigneeId))
      .leftJoin(jobs, eq(jobs.dedupeKey, keyOf(kind, table.id)))
      .where(
        and(
          eq(table.nextActionKind, "call-back"),
          lte(table.nextActionAt, now),
          gt(table.nextActionAt, new Date(now.getTime() - REMINDER_LATE_LIMIT_MS)),
          inArray(table.status, OPEN),
        ),
      );
    for (const row of rows) {
      if (!row.at) continue;
      const at = row.at.toISOString();
      if (row.remindedAt === at) continue;
      const to = row.adviserEmail && !row.adviserDisabledAt ? row.adviserEmail : settings.leadInbox;
      const payload: ReminderPayload = {
        ...callbackReminderEmail(settings.site, to, {
          kind,
          id: row.id,
          at: row.at,
          loanAmount: row.loanAmount === null ? null : Number(row.loanAmount),
        }),
        reminder: { kind, id: row.id, at },
      };
      if (await queueReminder(db, reminderKey(kind, row.id), payload)) queued++;
    }
  }
  return queued;
}

/**
 * Queues the lead's reminder under its one key, replacing a reminder of another time
 * (sent, or waiting) but never one of the same time: however many sweeps (of however
 * many servers) meet the call-back, it is reminded of once. One being sent at this very
 * moment is left to finish; the next sweep queues the newer time.
 */
async function queueReminder(db: Database, key: string, payload: ReminderPayload): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    insert into ${jobs} (kind, payload, dedupe_key) values ('reminder', ${JSON.stringify(payload)}::jsonb, ${key})
    on conflict (dedupe_key) do update set
      payload = excluded.payload, status = 'pending', attempts = 0, run_at = now(), locked_until = null,
      last_error = null, completed_at = null, created_at = now()
    where ${jobs.payload}->'reminder'->>'at' is distinct from excluded.payload->'reminder'->>'at'
      and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now() or ${jobs.status} <> 'pending')
    returning id`,
  );
  return rows.length > 0;
}

/** Whether the lead's next action is still the call-back the reminder is for (open, same time). */
export async function isReminderDue(db: Database, reminder: ReminderOf): Promise<boolean> {
  const table = TABLES[reminder.kind];
  if (!table) return false;
  const [row] = await db
    .select({ status: table.status, kind: table.nextActionKind, at: table.nextActionAt })
    .from(table)
    .where(eq(table.id, reminder.id));
  return (
    row !== undefined &&
    OPEN.includes(row.status) &&
    row.kind === "call-back" &&
    row.at !== null &&
    row.at.getTime() === Date.parse(reminder.at)
  );
}

/** Marks a reminder job as not sent because its call-back moved: the lead page says so rather than "sent". */
export async function markReminderSkipped(db: Database, jobId: number) {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || '{"skipped":"moved"}'::jsonb` })
    .where(eq(jobs.id, jobId));
}

/** The email of a reminder payload, without its bookkeeping. */
export function reminderMessage(payload: ReminderPayload): MailMessage {
  const { reminder: _reminder, skipped: _skipped, ...message } = payload;
  return message;
}

/**
 * Call-backs missed at `now`: open leads whose next action is a call-back whose slot
 * (DUE_NOW_MINUTES from its time) has passed, the Today list's "Overdue". For /metrics.
 */
export async function missedCallbacks(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DUE_NOW_MINUTES * 60_000);
  let missed = 0;
  for (const table of Object.values(TABLES)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.nextActionKind, "call-back"), lte(table.nextActionAt, before), inArray(table.status, OPEN)));
    missed += row?.n ?? 0;
  }
  return missed;
}
