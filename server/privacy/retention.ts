import { type SQL, sql } from "drizzle-orm";
import { RETENTION_KINDS, type RetentionKind, retentionCutoffs } from "../../app/domain/retention";
import type { Database } from "../platform/db/client";
import { microsecondText, rowsOf } from "../platform/db/rows";
import {
  auditLog,
  complaintLetters,
  complaints,
  dataRequests,
  contactMessages,
  jobs,
  leadCases,
  leadEvents,
  leadNeeds,
  personalEnquiries,
  quotes,
  sessions,
  staffEnrolments,
  staffSessions,
  users,
  verifications,
} from "../platform/db/schema";
import { STAFF_SESSION_MAX_SECONDS } from "../staff/session-limits";
import { leadEmailKeys } from "../leads/lead-email-keys";
import { deleteMailFilesOfGoneJobs } from "../platform/mail";
import { writeAudit } from "../platform/audit.server";

// The retention job (DECISIONS D15): what the privacy policy promises, carried out.
// Each kind of data has a rule saying which rows are due at a moment; a dry run counts
// them, a real run deletes them (with everything that holds the same personal data:
// a lead's timeline and its emails) and records one audit row. The server runs it
// once a day through the outbox, so with several servers it still runs once.

export interface DueCount {
  count: number;
  /** The moment of the oldest row due (its completion, last activity or creation). */
  oldest: Date | null;
}
export type RetentionReport = Record<RetentionKind, DueCount>;

/** How many rows a real run deletes per statement: a long run never holds a long transaction. */
const BATCH = 500;

type LeadKind = "quote" | "personal-enquiry" | "contact";

interface LeadTable {
  kind: LeadKind;
  table: typeof quotes | typeof personalEnquiries | typeof contactMessages;
  /** The lead's last activity: created, updated by staff, or any timeline event. */
  activity: SQL;
}

const LEAD_TABLES: Record<LeadKind, LeadTable> = {
  quote: { kind: "quote", table: quotes, activity: sql`greatest(l.created_at, l.updated_at, ev.last_event)` },
  "personal-enquiry": {
    kind: "personal-enquiry",
    table: personalEnquiries,
    activity: sql`greatest(l.created_at, l.updated_at, ev.last_event)`,
  },
  contact: { kind: "contact", table: contactMessages, activity: sql`greatest(l.created_at, ev.last_event)` },
};

/** How many of a table's oldest leads a run reads (and deletes from) at a time. */
const CANDIDATES = 500;

/**
 * The leads of one table due under a rule, a batch at a time: `completed` leads by
 * their completion (their case's completion date, else the last move to completed,
 * else their last activity), the others by their last activity. Every such moment is
 * at or after the lead was received, or at most a day before it (a completion date is
 * a UK day, counted from its start), so only leads received by a day after the cutoff
 * can be due: those are walked oldest first by the received index, CANDIDATES to a
 * query (docs/decisions/242), and each batch yields the ones due. However many leads
 * are held, no query reads more than a batch, so a run never holds up a request for
 * long, even on PGlite's one connection.
 */
async function* dueLeadBatches(
  db: Database,
  source: LeadTable,
  rule: "completed" | "not-completed" | "any",
  cutoff: Date,
): AsyncGenerator<{ id: string; moment: Date }[]> {
  // A case's completion date (a UK day, from its start) when there is one (issue 30): the
  // lead's completed case, its only one, whatever cases lenders declined before it (decision 256).
  const completion = sql`coalesce((lc.completed_on::timestamp at time zone 'Europe/London'), ev.completed_at, ${source.activity})`;
  const [status, moment] =
    rule === "completed"
      ? [sql`l.status = 'completed'`, completion]
      : rule === "not-completed"
        ? [sql`l.status <> 'completed'`, source.activity]
        : [sql`true`, source.activity];
  const cut = sql`${cutoff.toISOString()}::timestamptz`;
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const from: SQL = after ? sql`and (created_at, id) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``;
    const candidates = await rowsOf<{ id: string; key: string; moment: string | Date | null }>(
      db,
      sql`
      select l.id, ${microsecondText(sql`l.created_at`)} as key,
        case when ${status} then ${moment} end as moment
      from (select * from ${source.table} where created_at <= ${cut} + interval '1 day' ${from}
        order by created_at, id limit ${CANDIDATES}) as l
      left join lateral (
        select max(e.at) as last_event,
          max(e.at) filter (where e.type = 'status' and e.to_status = 'completed') as completed_at
        from ${leadEvents} as e
        where e.lead_kind = ${source.kind} and e.lead_id = l.id
      ) as ev on true
      left join ${leadCases} as lc on lc.lead_kind = ${source.kind} and lc.lead_id = l.id and lc.stage = 'completed'
      order by l.created_at, l.id`,
    );
    const last = candidates.at(-1);
    if (!last) return;
    yield candidates.flatMap((r) => {
      const at = r.moment === null ? null : new Date(r.moment);
      return at && at.getTime() <= cutoff.getTime() ? [{ id: r.id, moment: at }] : [];
    });
    if (candidates.length < CANDIDATES) return;
    after = { key: last.key, id: last.id };
  }
}

/**
 * Deletes leads with their timeline, their cases with lenders, their needs records and their emails (rendered,
 * so they hold the same personal data), 500 to a transaction. Used by the retention rules and by erasure.
 */
export async function deleteLeadsWithTraces(db: Database, kind: LeadKind, ids: string[]) {
  const source = LEAD_TABLES[kind];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const idList = sql.join(
      batch.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const keys = batch.flatMap((id) => leadEmailKeys(source.kind, id));
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from ${leadEvents} where lead_kind = ${source.kind} and lead_id in (${idList})`);
      await tx.execute(sql`delete from ${leadCases} where lead_kind = ${source.kind} and lead_id in (${idList})`);
      // The needs record (DECISIONS D28): kept no longer than its lead.
      await tx.execute(sql`delete from ${leadNeeds} where lead_kind = ${source.kind} and lead_id in (${idList})`);
      await tx.execute(
        sql`delete from ${jobs} where dedupe_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
      await tx.execute(sql`delete from ${source.table} where id in (${idList})`);
    });
  }
}

const summary = (moments: Date[]): DueCount => ({
  count: moments.length,
  // Not Math.min(...moments): a hundred thousand arguments overflow the stack.
  oldest: moments.reduce<Date | null>((oldest, m) => (!oldest || m < oldest ? m : oldest), null),
});

/** One rule: what it finds due at the cutoffs, and how a real run deletes it. */
interface Rule {
  due(db: Database): Promise<DueCount>;
  delete(db: Database): Promise<number>;
}

/** One kind kept in several tables (a borrower's and a staff member's sessions): the rules as one. */
function together(...parts: Rule[]): Rule {
  return {
    async due(db) {
      const found = await Promise.all(parts.map((p) => p.due(db)));
      const oldest = found.flatMap((f) => (f.oldest ? [f.oldest] : []));
      return {
        count: found.reduce((n, f) => n + f.count, 0),
        oldest: oldest.length ? new Date(Math.min(...oldest.map((d) => d.getTime()))) : null,
      };
    },
    async delete(db) {
      let deleted = 0;
      for (const part of parts) deleted += await part.delete(db);
      return deleted;
    },
  };
}

/** A rule for plain rows: those whose `moment` column is at or before `cutoff`. */
function rowsRule(table: SQL, moment: SQL, where: SQL): Rule {
  return {
    async due(db) {
      const [row] = await rowsOf<{ count: number | string; oldest: string | Date | null }>(
        db,
        sql`select count(*)::int as count, min(${moment}) as oldest from ${table} where ${where}`,
      );
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    async delete(db) {
      const [gone] = await rowsOf<{ n: number | string }>(
        db,
        sql`with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`,
      );
      return Number(gone?.n ?? 0);
    },
  };
}

function leadsRule(sources: LeadTable[], rule: "completed" | "not-completed" | "any", cutoff: Date): Rule {
  return {
    async due(db) {
      const moments: Date[] = [];
      for (const source of sources) {
        for await (const due of dueLeadBatches(db, source, rule, cutoff)) moments.push(...due.map((l) => l.moment));
      }
      return summary(moments);
    },
    async delete(db) {
      let deleted = 0;
      for (const source of sources) {
        for await (const due of dueLeadBatches(db, source, rule, cutoff)) {
          await deleteLeadsWithTraces(
            db,
            source.kind,
            due.map((l) => l.id),
          );
          deleted += due.length;
        }
      }
      return deleted;
    },
  };
}

/** The emails an account is sent (confirmation, password reset): their dedupe keys begin so. */
const ACCOUNT_EMAIL = sql`(${jobs.dedupeKey} like 'verify-email:%' or ${jobs.dedupeKey} like 'reset-password:%')`;

function rules(now: Date): Record<RetentionKind, Rule> {
  const cutoffs = retentionCutoffs(now);
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const unconfirmed = sql`${users.emailVerified} = false and ${users.createdAt} <= ${at(cutoffs.unconfirmedAccounts)}`;
  return {
    completedLeads: leadsRule(
      [LEAD_TABLES.quote, LEAD_TABLES["personal-enquiry"]],
      "completed",
      cutoffs.completedLeads,
    ),
    otherLeads: leadsRule([LEAD_TABLES.quote, LEAD_TABLES["personal-enquiry"]], "not-completed", cutoffs.otherLeads),
    contactMessages: leadsRule([LEAD_TABLES.contact], "any", cutoffs.contactMessages),
    unconfirmedAccounts: {
      due: rowsRule(sql`${users}`, sql`${users.createdAt}`, unconfirmed).due,
      async delete(db) {
        // The account's emails go with it, sent or not; sessions, sign-in and profile follow by cascade.
        return db.transaction(async (tx) => {
          await tx.execute(sql`delete from ${jobs} where ${ACCOUNT_EMAIL} and exists (
            select 1 from ${users} where ${unconfirmed}
              and (${jobs.dedupeKey} like 'verify-email:' || ${users.id} || ':%'
                or ${jobs.dedupeKey} like 'reset-password:' || ${users.id} || ':%'))`);
          return rowsRule(sql`${users}`, sql`${users.createdAt}`, unconfirmed).delete(tx as unknown as Database);
        });
      },
    },
    expiredSessions: together(
      rowsRule(sql`${sessions}`, sql`${sessions.expiresAt}`, sql`${sessions.expiresAt} <= ${at(now)}`),
      // A staff session also ends 8 hours after sign-in, however it is used.
      rowsRule(
        sql`${staffSessions}`,
        sql`least(${staffSessions.expiresAt}, ${staffSessions.createdAt} + ${`${STAFF_SESSION_MAX_SECONDS} seconds`}::interval)`,
        sql`least(${staffSessions.expiresAt}, ${staffSessions.createdAt} + ${`${STAFF_SESSION_MAX_SECONDS} seconds`}::interval) <= ${at(now)}`,
      ),
    ),
    expiredVerifications: together(
      rowsRule(sql`${verifications}`, sql`${verifications.expiresAt}`, sql`${verifications.expiresAt} <= ${at(now)}`),
      rowsRule(
        sql`${staffEnrolments}`,
        sql`${staffEnrolments.expiresAt}`,
        sql`${staffEnrolments.expiresAt} <= ${at(now)}`,
      ),
    ),
    // A sent confirmation or reset email is of no use once its link has expired (an hour, a day).
    accountEmails: rowsRule(
      sql`${jobs}`,
      sql`${jobs.createdAt}`,
      sql`${ACCOUNT_EMAIL} and ${jobs.status} <> 'pending' and ${jobs.createdAt} <= ${at(cutoffs.unconfirmedAccounts)}`,
    ),
    // A complaint's keeping ends three years from its closing (app/domain/complaints.ts),
    // and its letters go with it, the emails that carried them included.
    closedComplaints: {
      due: rowsRule(sql`${complaints}`, sql`${complaints.keepUntil}`, complaintDue(now)).due,
      async delete(db) {
        return db.transaction(async (tx) => {
          await tx.execute(sql`delete from ${jobs} where ${jobs.dedupeKey} in (
            select 'complaint-letter:' || ${complaintLetters.id} from ${complaintLetters}
            join ${complaints} on ${complaints.id} = ${complaintLetters.complaintId} where ${complaintDue(now)}
            union all select 'complaint-reminder:' || ${complaints.id} from ${complaints} where ${complaintDue(now)})`);
          return rowsRule(sql`${complaints}`, sql`${complaints.keepUntil}`, complaintDue(now)).delete(
            tx as unknown as Database,
          );
        });
      },
    },
    answeredCorrectionRequests: rowsRule(
      sql`${dataRequests}`,
      sql`${dataRequests.answeredAt}`,
      sql`${dataRequests.answeredAt} <= ${at(cutoffs.answeredCorrectionRequests)}`,
    ),
    // The database's own rule (drizzle/0001) allows only rows over six years old by its clock.
    auditRows: rowsRule(
      sql`${auditLog}`,
      sql`${auditLog.at}`,
      sql`${auditLog.at} <= ${at(cutoffs.auditRows)} and ${auditLog.at} < now() - interval '6 years'`,
    ),
  };
}

const complaintDue = (now: Date) =>
  sql`${complaints.keepUntil} is not null and ${complaints.keepUntil} <= ${now.toISOString()}::timestamptz`;

const KINDS = Object.keys(RETENTION_KINDS) as RetentionKind[];

/** What a run at `now` would delete, per kind: counts and the oldest moment. Deletes nothing. */
export async function retentionDryRun(db: Database, now = new Date()): Promise<RetentionReport> {
  const all = rules(now);
  const report = {} as RetentionReport;
  for (const kind of KINDS) report[kind] = await all[kind].due(db);
  return report;
}

/**
 * Deletes everything due at `now` and records one audit row with the counts (never
 * what was deleted). Returns the counts per kind.
 */
export async function runRetention(
  db: Database,
  now = new Date(),
  { mailDir }: { mailDir?: string } = {},
): Promise<Record<RetentionKind, number>> {
  const deleted = (await runRetentionOf(db, now, KINDS)) as Record<RetentionKind, number>;
  // The local mail folder (mail written without SMTP) holds the deleted emails' text too.
  if (mailDir) await deleteMailFilesOfGoneJobs(mailDir, (ids) => heldJobIds(db, ids));
  return deleted;
}

/** Which of these outbox jobs the table still holds. */
async function heldJobIds(db: Database, ids: number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`select id from ${jobs} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** `runRetention` narrowed to some of its rules: a test moving one rule's clock years on, the rest untouched. */
export async function runRetentionOf(
  db: Database,
  now: Date,
  kinds: readonly RetentionKind[],
): Promise<Partial<Record<RetentionKind, number>>> {
  const all = rules(now);
  const deleted: Partial<Record<RetentionKind, number>> = {};
  for (const kind of kinds) {
    if (kind === "auditRows") {
      deleted[kind] = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.audit_retention', 'on', true)`);
        return all[kind].delete(tx as unknown as Database);
      });
    } else {
      deleted[kind] = await all[kind].delete(db);
    }
  }
  await writeAudit(db, { action: "retention.run", actor: null, detail: { deleted, at: now.toISOString() } });
  return deleted;
}

/** The dry run as the command line prints it: one line per kind. */
export function formatRetentionReport(report: RetentionReport): string {
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "-");
  return KINDS.map(
    (kind) =>
      `${RETENTION_KINDS[kind].padEnd(28)} ${String(report[kind].count).padStart(7)}   oldest ${day(report[kind].oldest)}`,
  ).join("\n");
}
