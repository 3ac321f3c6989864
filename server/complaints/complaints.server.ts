import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AppConfig } from "../../app/config.server";
import { addDays, isCalendarDay } from "../../app/domain/calendar-day";
import { type ComplaintDetails, complaintReference } from "../../app/domain/complaint-form";
import { type LetterDraft, letterProblems, letterTemplate } from "../../app/domain/complaint-letters";
import {
  type ComplaintCategory,
  type ComplaintChannel,
  type ComplaintLetter,
  type ComplaintOutcome,
  type ComplaintRootCause,
  type ComplaintAttention,
  type ComplaintsReport,
  complaintAttention,
  complaintClock,
  complaintKeptUntil,
  type HalfYear,
  type OmbudsmanResult,
  type ReportedComplaint,
  reportFigures,
  SENT_BY_POST,
} from "../../app/domain/complaints";
import type { BankHolidayNation } from "../../app/domain/callbacks";
import type { LeadKind } from "../../app/domain/leads";
import { may, type Role } from "../../app/domain/permissions";
import { ukClock, ukInstant } from "../../app/domain/uk-time";
import type { Database } from "../platform/db/client";
import { complaintLetters, complaints, staffMembers } from "../platform/db/schema";
import { complaintLetterEmail } from "../emails/complaint-letter";
import { complaintReminderEmail } from "../emails/complaint-reminder";
import { enqueue } from "../platform/outbox";
import type { Services } from "../platform/services";
import { writeAudit } from "../platform/audit.server";
import { reopenedSql } from "./reopened";
import { BOM, csvLine } from "../platform/csv.server";

// Complaints (DISP 1, DECISIONS D26): recorded however they came in, acknowledged at once
// through the outbox, answered by letters written in the console and kept exactly as
// sent, closed with their outcome. Every change is an audit row without the complaint's
// words; the person's own words stay in the complaint.

type Actor = { id: string; name: string };
type Executor = Pick<Database, "insert" | "update" | "select">;

export type Complaint = typeof complaints.$inferSelect;
export type SentLetter = typeof complaintLetters.$inferSelect;

/** What a letter's template needs of a complaint and the firm: its days from the one clock. */
function letterContext(
  config: AppConfig,
  complaint: Pick<Complaint, "id" | "name" | "receivedAt">,
  handlerName: string,
) {
  const clock = complaintClock(complaint.receivedAt, config.firm.nation);
  return {
    reference: complaintReference(complaint.id),
    name: complaint.name,
    receivedDay: clock.receivedDay,
    handlerName,
    finalResponseDay: ukClock(clock.finalResponseBy).day,
  };
}

/**
 * Stores a letter as sent and, unless it went by post, queues its email, in the caller's
 * transaction. A posted letter is stored as printed, `sentTo` saying it went by post.
 */
async function sendLetterIn(
  tx: Executor,
  config: AppConfig,
  complaint: Pick<Complaint, "id" | "email">,
  kind: ComplaintLetter,
  letter: LetterDraft,
  sentBy: Actor | null,
  at: Date,
  byPost = false,
) {
  if (!byPost && !complaint.email) throw new Error("a letter needs an email address to go to");
  const [row] = await tx
    .insert(complaintLetters)
    .values({
      complaintId: complaint.id,
      kind,
      sentAt: at,
      sentBy: sentBy?.id ?? null,
      sentTo: byPost ? SENT_BY_POST : (complaint.email as string),
      subject: letter.subject,
      body: letter.body,
    })
    .returning({ id: complaintLetters.id });
  if (!row) throw new Error("the letter was not stored");
  if (byPost) return;
  await enqueue(tx, "mail", complaintLetterEmail(config.site, complaint.email as string, letter), {
    dedupeKey: `complaint-letter:${row.id}`,
  });
}

export interface NewComplaint {
  details: ComplaintDetails;
  channel: ComplaintChannel;
  receivedAt: Date;
  /** Who handles it: the member recording it, or none (the firm's complaints handler, named in config). */
  handler: Actor | null;
  lead?: { kind: LeadKind; id: string } | null;
}

/**
 * Records a complaint and, when there is an email address to send it to, its written
 * acknowledgement (DISP 1.6.1R) in the same transaction, naming who handles it.
 */
export async function recordComplaint(
  { config, db, kickOutbox }: Pick<Services, "config" | "db" | "kickOutbox">,
  complaint: NewComplaint,
  now = new Date(),
): Promise<{ id: string; reference: string }> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(complaints)
      .values({
        receivedAt: complaint.receivedAt,
        channel: complaint.channel,
        about: complaint.details.about,
        name: complaint.details.name,
        email: complaint.details.email,
        phone: complaint.details.phone,
        words: complaint.details.words,
        wanted: complaint.details.wanted,
        leadKind: complaint.lead?.kind ?? null,
        leadId: complaint.lead?.id ?? null,
        handlerId: complaint.handler?.id ?? null,
        acknowledgedAt: complaint.details.email ? now : null,
      })
      .returning({ id: complaints.id, receivedAt: complaints.receivedAt });
    if (!row) throw new Error("the complaint was not stored");
    if (complaint.details.email) {
      const handlerName = complaint.handler?.name ?? config.complaints.handler;
      const context = letterContext(config, { ...row, name: complaint.details.name }, handlerName);
      const letter = letterTemplate("acknowledgement", config.site, context);
      await sendLetterIn(
        tx,
        config,
        { id: row.id, email: complaint.details.email },
        "acknowledgement",
        letter,
        complaint.handler,
        now,
      );
    }
    // The handler's reminder at the start of the eighth week, sent then only if it still awaits its response.
    const [handler] = complaint.handler
      ? await tx
          .select({ email: staffMembers.email })
          .from(staffMembers)
          .where(eq(staffMembers.id, complaint.handler.id))
      : [];
    const clock = complaintClock(row.receivedAt, config.firm.nation);
    await enqueue(
      tx,
      "complaint-reminder",
      {
        ...complaintReminderEmail(config.site, handler?.email ?? config.mail.leadInbox, {
          id: row.id,
          finalResponseBy: clock.finalResponseBy,
        }),
        complaintId: row.id,
      },
      { dedupeKey: `complaint-reminder:${row.id}`, runAt: clock.reminderAt },
    );
    await writeAudit(tx, {
      action: "complaint.recorded",
      actor: complaint.handler,
      lead: complaint.lead ?? undefined,
      detail: { complaint: row.id, channel: complaint.channel },
    });
    return row.id;
  });
  kickOutbox();
  return { id, reference: complaintReference(id) };
}

export interface ComplaintListRow {
  id: string;
  reference: string;
  receivedAt: Date;
  name: string;
  about: Complaint["about"];
  channel: ComplaintChannel;
  handlerName: string | null;
  acknowledgedAt: Date | null;
  respondedAt: Date | null;
  holdingSentAt: Date | null;
  closedAt: Date | null;
  reopened: boolean;
}

export const COMPLAINT_LIST_LIMIT = 200;

/** The open complaints, oldest first (the most pressing clock first), or the latest closed ones. */
export async function listComplaints(db: Database, which: "open" | "closed"): Promise<ComplaintListRow[]> {
  const rows = await db
    .select({
      id: complaints.id,
      receivedAt: complaints.receivedAt,
      name: complaints.name,
      about: complaints.about,
      channel: complaints.channel,
      handlerName: staffMembers.name,
      acknowledgedAt: complaints.acknowledgedAt,
      respondedAt: complaints.respondedAt,
      holdingSentAt: complaints.holdingSentAt,
      closedAt: complaints.closedAt,
      reopened: reopenedSql,
    })
    .from(complaints)
    .leftJoin(staffMembers, eq(staffMembers.id, complaints.handlerId))
    .where(which === "open" ? isNull(complaints.closedAt) : isNotNull(complaints.closedAt))
    .orderBy(which === "open" ? asc(complaints.receivedAt) : desc(complaints.closedAt))
    .limit(COMPLAINT_LIST_LIMIT);
  return rows.map((row) => ({ ...row, reference: complaintReference(row.id) }));
}

export interface ComplaintRecord {
  complaint: Complaint;
  handlerName: string | null;
  letters: (SentLetter & { sentByName: string | null })[];
}

export async function complaintById(db: Database, id: string): Promise<ComplaintRecord | null> {
  const [row] = await db
    .select({ complaint: complaints, handlerName: staffMembers.name })
    .from(complaints)
    .leftJoin(staffMembers, eq(staffMembers.id, complaints.handlerId))
    .where(eq(complaints.id, id));
  if (!row) return null;
  const letters = await db
    .select({ letter: complaintLetters, sentByName: staffMembers.name })
    .from(complaintLetters)
    .leftJoin(staffMembers, eq(staffMembers.id, complaintLetters.sentBy))
    .where(eq(complaintLetters.complaintId, id))
    .orderBy(asc(complaintLetters.sentAt), asc(complaintLetters.id));
  return { ...row, letters: letters.map(({ letter, sentByName }) => ({ ...letter, sentByName })) };
}

/**
 * A letter's template for this complaint, for the handler to edit (their name signs it):
 * to be posted when the complaint has no email address.
 */
export function draftLetter(
  config: AppConfig,
  record: ComplaintRecord,
  kind: ComplaintLetter,
  outcome: ComplaintOutcome | undefined,
  actor: Actor,
): LetterDraft {
  const delivery = record.complaint.email ? "email" : "post";
  return letterTemplate(kind, config.site, letterContext(config, record.complaint, actor.name), outcome, delivery);
}

export type ComplaintChange =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 404 | 409;
      problem: string;
      errors?: Partial<Record<keyof LetterDraft | "postedOn", string>>;
    };

export const POSTED_ON_PROBLEM = "Enter the day it was posted: not before the complaint reached us, nor after today";

/**
 * The moment a letter posted on a UK day counts from: now, if posted today; else the last
 * moment of that day, so the clock reads it as that day's (every deadline is the end of a day).
 */
function postedAt(day: string, now: Date): Date {
  if (day === ukClock(now).day) return now;
  return new Date(ukInstant(addDays(day, 1), 0).getTime() - 1);
}

export const COMPLAINT_STALE =
  "Someone else changed this complaint while you had it open. Its page now shows what they did: check it and try again.";
const MISSING: ComplaintChange = { ok: false, status: 404, problem: "There is no such complaint" };
const STALE: ComplaintChange = { ok: false, status: 409, problem: COMPLAINT_STALE };

/** Updates the complaint if it is still at `version`; answers whether it was. */
async function updateAt(tx: Executor, id: string, version: number, set: Partial<typeof complaints.$inferInsert>) {
  const updated = await tx
    .update(complaints)
    .set({ ...set, version: sql`${complaints.version} + 1` })
    .where(and(eq(complaints.id, id), eq(complaints.version, version)))
    .returning({ id: complaints.id });
  return updated.length === 1;
}

/** The version the page was drawn at: a whole number, or nothing (then the change is refused as stale). */
export const readVersion = (value: unknown) =>
  typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;

/** Why this letter cannot go to this complaint at `now` (by email, or recorded as posted), or null when it can. */
function sendingRefused(
  config: AppConfig,
  complaint: Complaint,
  kind: ComplaintLetter,
  now: Date,
  byPost: boolean,
): ComplaintChange | null {
  if (!complaint.email && !byPost)
    return {
      ok: false,
      status: 400,
      problem: "This complaint has no email address: print the letter, post it, then record it as posted",
    };
  if (complaint.closedAt) return { ok: false, status: 400, problem: "This complaint is closed: reopen it first" };
  const clock = complaintClock(complaint.receivedAt, config.firm.nation);
  if (kind === "summary-resolution" && now.getTime() >= clock.summaryResolutionBy.getTime())
    return {
      ok: false,
      status: 400,
      problem:
        "A summary resolution can only close a complaint by the end of the third business day: send a final response",
    };
  return null;
}

/** A letter's email as the complainant will receive it: the outbox's own render, nothing stored or sent. */
export type LetterPreview =
  | { ok: true; to: string; subject: string; html: string }
  | Exclude<ComplaintChange, { ok: true }>;

/**
 * The email a letter would be sent as, for its check step: refused as sending would
 * refuse it (the letter unfinished, the complaint closed, without an email address, a
 * summary resolution too late, the page stale).
 */
export function previewComplaintLetter(
  config: AppConfig,
  record: ComplaintRecord,
  input: { version: number | null; kind: ComplaintLetter; letter: LetterDraft },
  now = new Date(),
): LetterPreview {
  const errors = letterProblems(input.kind, input.letter);
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 400, problem: "The letter cannot be sent yet: see below", errors };
  if (input.version === null || record.complaint.version !== input.version) return STALE as LetterPreview;
  const refused = sendingRefused(config, record.complaint, input.kind, now, false);
  if (refused && !refused.ok) return refused;
  const email = complaintLetterEmail(config.site, record.complaint.email as string, input.letter);
  return { ok: true, to: email.to, subject: email.subject, html: email.html };
}

/**
 * Sends a letter the handler wrote from its template. A summary resolution is allowed
 * only within its three business days, and closes the complaint as resolved; a final
 * response or a holding response is recorded against the eight weeks.
 */
export async function sendComplaintLetter(
  { config, db, kickOutbox }: Pick<Services, "config" | "db" | "kickOutbox">,
  input: {
    id: string;
    version: number | null;
    kind: ComplaintLetter;
    letter: LetterDraft;
    actor: Actor;
    /** The UK day it was posted: recorded as posted that day, and no email sent. */
    postedOn?: string;
  },
  at = new Date(),
): Promise<ComplaintChange> {
  const errors = letterProblems(input.kind, input.letter);
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 400, problem: "The letter cannot be sent yet: see below", errors };
  const byPost = input.postedOn !== undefined;
  const result = await db.transaction(async (tx): Promise<ComplaintChange> => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, input.id));
    if (!complaint) return MISSING;
    if (input.version === null || complaint.version !== input.version) return STALE;
    const day = input.postedOn ?? "";
    if (byPost && !(isCalendarDay(day) && day >= ukClock(complaint.receivedAt).day && day <= ukClock(at).day))
      return { ok: false, status: 400, problem: POSTED_ON_PROBLEM, errors: { postedOn: POSTED_ON_PROBLEM } };
    // Sending moves the clock now; posting, on the day it was posted.
    const now = byPost ? postedAt(day, at) : at;
    const refused = sendingRefused(config, complaint, input.kind, now, byPost);
    if (refused) return refused;
    const set: Partial<typeof complaints.$inferInsert> =
      input.kind === "acknowledgement"
        ? { acknowledgedAt: complaint.acknowledgedAt ?? now }
        : input.kind === "holding"
          ? { holdingSentAt: now }
          : input.kind === "summary-resolution"
            ? {
                respondedAt: now,
                closedAt: now,
                keepUntil: complaintKeptUntil(now),
                acknowledgedAt: complaint.acknowledgedAt ?? now,
              }
            : { respondedAt: now };
    if (!(await updateAt(tx, complaint.id, complaint.version, set))) return STALE;
    await sendLetterIn(tx, config, complaint, input.kind, input.letter, input.actor, now, byPost);
    await writeAudit(tx, {
      action: "complaint.letter",
      actor: input.actor,
      detail: { complaint: complaint.id, letter: input.kind, by: byPost ? "post" : "email" },
    });
    return { ok: true };
  });
  if (result.ok && !byPost) kickOutbox();
  return result;
}

export interface Closing {
  outcome: ComplaintOutcome;
  redressPence: number;
  category: ComplaintCategory;
  rootCause: ComplaintRootCause;
}

/** Closes a complaint once it has had its response, with its outcome, redress, category and root cause. */
export async function closeComplaint(
  db: Database,
  input: { id: string; version: number | null; closing: Closing; actor: Actor },
  now = new Date(),
): Promise<ComplaintChange> {
  return db.transaction(async (tx): Promise<ComplaintChange> => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, input.id));
    if (!complaint) return MISSING;
    if (input.version === null || complaint.version !== input.version) return STALE;
    if (complaint.closedAt) return { ok: false, status: 400, problem: "This complaint is already closed" };
    if (!complaint.respondedAt)
      return { ok: false, status: 400, problem: "Send the final response before closing the complaint" };
    const closed = await updateAt(tx, complaint.id, complaint.version, {
      ...input.closing,
      closedAt: now,
      keepUntil: complaintKeptUntil(now),
    });
    if (!closed) return STALE;
    await writeAudit(tx, {
      action: "complaint.closed",
      actor: input.actor,
      detail: { complaint: complaint.id, outcome: input.closing.outcome },
    });
    return { ok: true };
  });
}

/** Reopens a closed complaint: its clock goes on from when it came in, and it is kept until closed again. */
export async function reopenComplaint(
  db: Database,
  input: { id: string; version: number | null; actor: Actor },
): Promise<ComplaintChange> {
  return db.transaction(async (tx): Promise<ComplaintChange> => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, input.id));
    if (!complaint) return MISSING;
    if (input.version === null || complaint.version !== input.version) return STALE;
    if (!complaint.closedAt) return { ok: false, status: 400, problem: "This complaint is open" };
    if (!(await updateAt(tx, complaint.id, complaint.version, { closedAt: null, keepUntil: null, respondedAt: null })))
      return STALE;
    await writeAudit(tx, { action: "complaint.reopened", actor: input.actor, detail: { complaint: complaint.id } });
    return { ok: true };
  });
}

/** The complaints received or closed in a half-year, as its report reads them. */
export async function complaintsInPeriod(db: Database, period: HalfYear): Promise<ReportedComplaint[]> {
  const from = ukInstant(period.from, 0);
  const until = ukInstant(period.until, 0);
  const within = (column: typeof complaints.receivedAt | typeof complaints.closedAt) =>
    and(gte(column, from), lt(column, until));
  return db
    .select({
      receivedAt: complaints.receivedAt,
      closedAt: complaints.closedAt,
      outcome: complaints.outcome,
      redressPence: complaints.redressPence,
      category: complaints.category,
      rootCause: complaints.rootCause,
    })
    .from(complaints)
    .where(or(within(complaints.receivedAt), within(complaints.closedAt)));
}

/** The half-year's report as a spreadsheet: one section a line, as the FCA's return is filled in. */
export function complaintsReportCsv(report: ComplaintsReport): string {
  const lines: (string | number | null)[][] = [
    ["Period", report.period.label],
    ...reportFigures(report).map(({ label, count, percent, pence }) =>
      pence !== undefined
        ? [`${label} (£)`, (pence / 100).toFixed(2)]
        : percent !== undefined
          ? [label, percent === null ? "" : `${percent}%`]
          : [label, count ?? 0],
    ),
    [],
    ["Category", "Opened", "Closed", "Upheld"],
    ...report.byCategory.map((row) => [row.label, row.opened, row.closed, row.upheld]),
    [],
    ["Root cause", "Closed", "Upheld"],
    ...report.byRootCause.map((row) => [row.label, row.closed, row.upheld]),
  ];
  return BOM + lines.map((cells) => csvLine(cells)).join("");
}

const PRESSING: Record<ComplaintAttention["kind"], number> = {
  "final-response": 0,
  acknowledge: 1,
  reopened: 2,
  "eighth-week": 3,
  "summary-resolution": 4,
  "half-way": 5,
  waiting: 6,
};

/** The open complaints whose clock asks for something (Today), overdue first, then by what is asked. */
export async function complaintsNeedingSomething(
  db: Database,
  now: Date,
  nation: BankHolidayNation,
): Promise<{ row: ComplaintListRow; needs: ComplaintAttention }[]> {
  const open = await listComplaints(db, "open");
  return open
    .map((row) => ({ row, needs: complaintAttention(row, now, nation) }))
    .filter(
      (due): due is { row: ComplaintListRow; needs: ComplaintAttention } =>
        due.needs !== null && due.needs.kind !== "waiting",
    )
    .sort((a, b) => {
      const overdue = Number("overdue" in b.needs && b.needs.overdue) - Number("overdue" in a.needs && a.needs.overdue);
      return (
        overdue ||
        PRESSING[a.needs.kind] - PRESSING[b.needs.kind] ||
        a.row.receivedAt.getTime() - b.row.receivedAt.getTime()
      );
    });
}

/**
 * How many complaints are open, and how many of them are past their day (an
 * acknowledgement or a final response overdue): for /metrics and the health strip.
 */
export async function complaintFigures(db: Database, now: Date, nation: BankHolidayNation) {
  const open = await listComplaints(db, "open");
  const pastTheirDay = open.filter((row) => {
    const needs = complaintAttention(row, now, nation);
    return needs !== null && "overdue" in needs && needs.overdue;
  }).length;
  return { open: open.length, pastTheirDay };
}

/** A member who may handle complaints: enrolled, not disabled, holding a role that answers them. */
export interface ComplaintHandler {
  id: string;
  name: string;
}

/** The members a complaint may be given to, by name. */
export async function complaintHandlers(db: Database): Promise<ComplaintHandler[]> {
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.name, roles: staffMembers.roles })
    .from(staffMembers)
    .where(and(isNotNull(staffMembers.enrolledAt), isNull(staffMembers.disabledAt)))
    .orderBy(asc(staffMembers.name));
  return rows.filter((row) => may(row.roles as Role[], "complaints.handle")).map(({ id, name }) => ({ id, name }));
}

export const NOT_A_HANDLER = "Choose a member who handles complaints";

/**
 * Gives the complaint its handler: the member taking it, or the one a manager chose (the
 * route asks for that permission). Refused for a member who cannot handle complaints, and
 * when it is closed; audited with both members' ids.
 */
export async function setComplaintHandler(
  db: Database,
  input: { id: string; version: number | null; handlerId: string; actor: Actor },
): Promise<ComplaintChange & { handlerName?: string }> {
  const handlers = await complaintHandlers(db);
  const handler = handlers.find((member) => member.id === input.handlerId);
  if (!handler) return { ok: false, status: 400, problem: NOT_A_HANDLER };
  return db.transaction(async (tx): Promise<ComplaintChange & { handlerName?: string }> => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, input.id));
    if (!complaint) return MISSING;
    if (input.version === null || complaint.version !== input.version) return STALE;
    if (complaint.closedAt) return { ok: false, status: 400, problem: "This complaint is closed: reopen it first" };
    if (!(await updateAt(tx, complaint.id, complaint.version, { handlerId: handler.id }))) return STALE;
    await writeAudit(tx, {
      action: "complaint.handler",
      actor: input.actor,
      detail: { complaint: complaint.id, handler: handler.id, before: complaint.handlerId },
    });
    return { ok: true, handlerName: handler.name };
  });
}

/** Records that the complainant referred it to the Financial Ombudsman Service, on a UK day, and what it decided. */
export async function recordReferral(
  db: Database,
  input: { id: string; version: number | null; referredAt: Date; result: OmbudsmanResult; actor: Actor },
): Promise<ComplaintChange> {
  return db.transaction(async (tx): Promise<ComplaintChange> => {
    const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, input.id));
    if (!complaint) return MISSING;
    if (input.version === null || complaint.version !== input.version) return STALE;
    // Compared as UK days: the day it was referred is all the form gives.
    if (ukClock(input.referredAt).day < ukClock(complaint.receivedAt).day)
      return { ok: false, status: 400, problem: "It cannot have been referred before it reached us" };
    const changed = await updateAt(tx, complaint.id, complaint.version, {
      referredAt: input.referredAt,
      ombudsmanResult: input.result,
    });
    if (!changed) return STALE;
    await writeAudit(tx, {
      action: "complaint.referred",
      actor: input.actor,
      detail: { complaint: complaint.id, result: input.result },
    });
    return { ok: true };
  });
}

/** A complaint as its complainant sees it on /account: its reference, when it came in, and its clock. */
export interface OwnComplaint {
  reference: string;
  receivedAt: Date;
  acknowledgedAt: Date | null;
  respondedAt: Date | null;
  holdingSentAt: Date | null;
  closedAt: Date | null;
  reopened: boolean;
}

/**
 * The complaints made with this email address (any case), newest first: for the account
 * whose confirmed address it is. Nothing of what was written, only where each stands.
 */
export async function complaintsOfEmail(db: Database, email: string): Promise<OwnComplaint[]> {
  const rows = await db
    .select({
      id: complaints.id,
      receivedAt: complaints.receivedAt,
      acknowledgedAt: complaints.acknowledgedAt,
      respondedAt: complaints.respondedAt,
      holdingSentAt: complaints.holdingSentAt,
      closedAt: complaints.closedAt,
      reopened: reopenedSql,
    })
    .from(complaints)
    .where(sql`lower(${complaints.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(desc(complaints.receivedAt))
    .limit(50);
  return rows.map(({ id, ...row }) => ({ reference: complaintReference(id), ...row }));
}

/** Whether a complaint with this reference ("C-" and the first eight of its id) was recorded. */
export async function complaintReferenceExists(db: Database, reference: string): Promise<boolean> {
  const match = /^C-([0-9A-F]{8})$/.exec(reference);
  if (!match) return false;
  const prefix = (match[1] as string).toLowerCase();
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(sql`${complaints.id}::text like ${`${prefix}%`}`)
    .limit(1);
  return row !== undefined;
}
