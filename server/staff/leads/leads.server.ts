import { and, arrayOverlaps, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import type { CallbackRules } from "../../../app/domain/callbacks";
import type { NextActionKind } from "../../../app/domain/callback-choice";
import {
  type CallOutcome,
  type CloseReason,
  type MessageChannel,
  isClosingStatus,
  statusAfterCall,
  type TimelineEvent,
} from "../../../app/domain/lead-work";
import { STATUS_UNDONE } from "../../../app/domain/lead-undo";
import { canMove, type LeadKind, type LeadStatus } from "../../../app/domain/leads";
import { openingMinutesBetween } from "../../../app/domain/working-time";
import { NOTE_MAX_LENGTH } from "../../../app/domain/field-limits";
import { rolesHolding } from "../../../app/domain/permissions";
import type { Database } from "../../platform/db/client";
import { contactMessages, jobs, leadEvents, personalEnquiries, quotes, staffMembers } from "../../platform/db/schema";
import { leadEmailKeys } from "../../leads/lead-email-keys";
import { writeAudit } from "../../platform/audit.server";
import { withFlags } from "./inbox.server";
import type { StaffActor } from "../session.server";

// One lead, for its page in the console, and the changes an adviser makes to it. Every
// change checks the version the adviser's page was drawn from: if someone else saved
// first, the change is refused and the adviser sees the lead as it now is.

const TABLES = { quote: quotes, "personal-enquiry": personalEnquiries, contact: contactMessages } as const;

export type LeadRecord =
  | { kind: "quote"; row: typeof quotes.$inferSelect }
  | { kind: "personal-enquiry"; row: typeof personalEnquiries.$inferSelect }
  | { kind: "contact"; row: typeof contactMessages.$inferSelect };

export async function findLead(db: Database, kind: LeadKind, id: string): Promise<LeadRecord | null> {
  if (!z.uuid().safeParse(id).success) return null;
  if (kind === "quote") {
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
    return row ? { kind, row } : null;
  }
  if (kind === "personal-enquiry") {
    const [row] = await db.select().from(personalEnquiries).where(eq(personalEnquiries.id, id));
    return row ? { kind, row } : null;
  }
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? { kind, row } : null;
}

export async function timelineOf(db: Database, id: string): Promise<TimelineEvent[]> {
  const rows = await db
    .select({
      id: leadEvents.id,
      at: leadEvents.at,
      type: leadEvents.type,
      actorId: leadEvents.actorId,
      fromStatus: leadEvents.fromStatus,
      toStatus: leadEvents.toStatus,
      note: leadEvents.note,
      assigneeId: leadEvents.assigneeId,
      outcome: leadEvents.outcome,
      reason: leadEvents.reason,
      nextActionKind: leadEvents.nextActionKind,
      nextActionAt: leadEvents.nextActionAt,
      changes: leadEvents.changes,
    })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, id))
    .orderBy(asc(leadEvents.at), asc(leadEvents.id));
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.actorId, r.assigneeId]),
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    type: r.type,
    actorName: r.actorId ? (names.get(r.actorId) ?? null) : null,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    note: r.note,
    assigneeName: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
    outcome: r.type === "call" ? (r.outcome as CallOutcome | null) : null,
    channel: r.type === "message" ? (r.outcome as MessageChannel | null) : null,
    reason: r.reason,
    nextActionKind: r.nextActionKind,
    nextActionAt: r.nextActionAt,
    changes: r.changes,
  }));
}

async function namesOf(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers)
    .where(inArray(staffMembers.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The emails queued for a lead, their text, and where each stands in the outbox. */
export async function emailsOf(db: Database, kind: LeadKind, id: string) {
  return db
    .select({
      key: jobs.dedupeKey,
      status: jobs.status,
      attempts: jobs.attempts,
      createdAt: jobs.createdAt,
      completedAt: jobs.completedAt,
      payload: jobs.payload,
    })
    .from(jobs)
    .where(inArray(jobs.dedupeKey, leadEmailKeys(kind, id)))
    .orderBy(asc(jobs.id))
    .then((rows) =>
      rows.map((r) => ({
        subject: String((r.payload as { subject?: unknown }).subject ?? ""),
        to: String((r.payload as { to?: unknown }).to ?? ""),
        text: String((r.payload as { text?: unknown }).text ?? ""),
        /** A reminder not sent because its call-back moved before its time (decision 200). */
        skipped: (r.payload as { skipped?: unknown }).skipped === "moved",
        status: r.status,
        attempts: r.attempts,
        queuedAt: r.createdAt,
        sentAt: r.completedAt,
      })),
    );
}

/** The staff members a lead can be assigned to: enrolled, not disabled, and working leads (decision 270). */
export async function assignableStaff(db: Database) {
  return db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers)
    .where(
      and(
        isNull(staffMembers.disabledAt),
        isNotNull(staffMembers.enrolledAt),
        arrayOverlaps(staffMembers.roles, rolesHolding("leads.work")),
      ),
    )
    .orderBy(asc(staffMembers.name));
}

/** Flags for one lead, by the same rules as the inbox, and the earlier lead it repeats, if any. */
export async function flagsOf(db: Database, lead: LeadRecord) {
  const { row } = lead;
  const base = { kind: lead.kind, id: row.id, receivedAt: row.createdAt, email: row.email, phone: row.phone };
  const [flagged] = await withFlags(db, [
    lead.kind === "contact"
      ? base
      : {
          ...base,
          loanAmount: lead.row.loanAmount,
          loanType: lead.kind === "quote" ? "homeowner" : lead.row.loanType,
          ltv: lead.kind === "quote" ? lead.row.ltvRatio : null,
          indicativeRate: lead.kind === "quote" ? lead.row.indicativeRate : null,
          monthlyIncome: lead.row.monthlyIncome,
        },
  ]);
  return { flags: flagged?.flags ?? [], duplicateOf: flagged?.duplicateOf ?? null };
}

// ---------------------------------------------------------------- changes

export type ChangeOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" | "stale" | "not-allowed" | "invalid" | "not-yours" };

export const STALE_SAVE =
  "Someone else changed this lead while you had it open, so your change was not saved. The page now shows the lead as it is: check it and try again.";

interface Change {
  kind: LeadKind;
  id: string;
  /** The version the adviser's page showed. */
  version: number;
}

/** What a change may read of the lead as it stands, and set on it. */
interface LeadState {
  status: LeadStatus;
  assigneeId: string | null;
  createdAt: Date;
  nextActionKind: NextActionKind | null;
  nextActionAt: Date | null;
  firstContactedAt: Date | null;
}
type LeadSet = Partial<{
  status: LeadStatus;
  assigneeId: string | null;
  nextActionKind: NextActionKind | null;
  nextActionAt: Date | null;
  firstContactedAt: Date;
  firstContactedBy: string;
  firstContactWaitMinutes: number;
}>;

/**
 * Runs `apply` on the lead's row only if it is still at `version`, bumping it; the
 * event and the audit row land in the same transaction.
 */
async function changeLead(
  db: Database,
  change: Change,
  apply: (
    current: LeadState,
  ) =>
    | { ok: false; reason: "not-allowed" | "invalid" | "not-yours" }
    | { set: LeadSet; after: (tx: Database) => Promise<void> },
): Promise<ChangeOutcome> {
  if (!z.uuid().safeParse(change.id).success) return { ok: false, reason: "not-found" };
  const table = TABLES[change.kind];
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: table.status,
        assigneeId: table.assigneeId,
        version: table.version,
        createdAt: table.createdAt,
        nextActionKind: table.nextActionKind,
        nextActionAt: table.nextActionAt,
        firstContactedAt: table.firstContactedAt,
      })
      .from(table)
      .where(eq(table.id, change.id))
      .for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (current.version !== change.version) return { ok: false, reason: "stale" } as const;
    const plan = apply(current);
    if ("ok" in plan) return plan;
    await tx
      .update(table)
      .set({ ...plan.set, version: current.version + 1 })
      .where(and(eq(table.id, change.id), eq(table.version, change.version)));
    await plan.after(tx as unknown as Database);
    return { ok: true } as const;
  });
}

/** Open leads take a next action; a lead declined, withdrawn or completed has none. */
const isOpen = (status: LeadStatus) => status === "new" || status === "contacted" || status === "in-progress";

/**
 * Moves a lead's status. Declining or withdrawing takes a reason (app/domain/lead-work.ts
 * reads it from the form), kept on the timeline with its note; closing a lead ends its
 * next action, so it leaves the Today list.
 */
export async function changeStatus(
  db: Database,
  actor: StaffActor,
  change: Change & {
    to: LeadStatus;
    reason?: CloseReason | null;
    note?: string;
    /** The undo of the move made just before, from this status (DECISIONS D31): back, whatever the moves allow. */
    undoFrom?: LeadStatus;
  },
) {
  const reason = isClosingStatus(change.to) ? (change.reason ?? null) : null;
  if (isClosingStatus(change.to) && !reason) return { ok: false, reason: "invalid" } as const;
  const note = change.undoFrom ? STATUS_UNDONE : change.note?.trim() || null;
  if (note && note.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid" } as const;
  return changeLead(db, change, (current) => {
    if (change.undoFrom ? current.status !== change.undoFrom : !canMove(current.status, change.to))
      return { ok: false, reason: "not-allowed" };
    return {
      set: isOpen(change.to) ? { status: change.to } : { status: change.to, nextActionKind: null, nextActionAt: null },
      async after(tx) {
        await tx.insert(leadEvents).values({
          leadKind: change.kind,
          leadId: change.id,
          actorId: actor.id,
          type: "status",
          fromStatus: current.status,
          toStatus: change.to,
          reason,
          note,
        });
        await writeAudit(tx, {
          action: "lead.status",
          actor,
          lead: change,
          // The reason's code, never the note: notes can hold personal data.
          detail: {
            from: current.status,
            to: change.to,
            ...(reason ? { reason } : {}),
            ...(change.undoFrom ? { undo: true } : {}),
          },
        });
      },
    };
  });
}

export type NextAction = { kind: NextActionKind; at: Date } | null;

/** Plans the lead's next action (or none), on the timeline and audited; a closed lead takes none. */
export async function setNextAction(db: Database, actor: StaffActor, change: Change & { next: NextAction }) {
  return changeLead(db, change, (current) => {
    if (change.next && !isOpen(current.status)) return { ok: false, reason: "not-allowed" };
    const same =
      current.nextActionKind === (change.next?.kind ?? null) &&
      (current.nextActionAt?.getTime() ?? null) === (change.next?.at.getTime() ?? null);
    if (same) return { ok: false, reason: "invalid" };
    return {
      set: { nextActionKind: change.next?.kind ?? null, nextActionAt: change.next?.at ?? null },
      async after(tx) {
        await tx.insert(leadEvents).values({
          leadKind: change.kind,
          leadId: change.id,
          actorId: actor.id,
          type: "next-action",
          nextActionKind: change.next?.kind ?? null,
          nextActionAt: change.next?.at ?? null,
        });
        await writeAudit(tx, {
          action: "lead.next-action",
          actor,
          lead: change,
          detail: { kind: change.next?.kind ?? null, at: change.next?.at.toISOString() ?? null },
        });
      },
    };
  });
}

export interface CallLog {
  outcome: CallOutcome;
  note: string;
  next: NextAction;
}

/**
 * Logs a call at `now`, one action: its outcome and note on the timeline, the next action
 * (or none), and on the first call the time to first contact (when, by whom, and how long
 * the lead had waited in opening hours). Speaking to a new lead's borrower makes it
 * "contacted", on the timeline too. A closed lead takes a call but no next action.
 */
export async function logCall(
  db: Database,
  actor: StaffActor,
  change: Change & CallLog,
  now: Date,
  rules: CallbackRules,
) {
  const note = change.note.trim() || null;
  if (note && note.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid" } as const;
  return changeLead(db, change, (current) => {
    if (change.next && !isOpen(current.status)) return { ok: false, reason: "not-allowed" };
    const status = statusAfterCall(current.status, change.outcome);
    const first = current.firstContactedAt
      ? {}
      : {
          firstContactedAt: now,
          firstContactedBy: actor.id,
          firstContactWaitMinutes: openingMinutesBetween(current.createdAt, now, rules),
        };
    // A closed lead keeps no next action, whatever the form sent.
    const next = isOpen(current.status) ? change.next : null;
    return {
      set: { ...first, status, nextActionKind: next?.kind ?? null, nextActionAt: next?.at ?? null },
      async after(tx) {
        await tx.insert(leadEvents).values({
          at: now,
          leadKind: change.kind,
          leadId: change.id,
          actorId: actor.id,
          type: "call",
          outcome: change.outcome,
          note,
          nextActionKind: next?.kind ?? null,
          nextActionAt: next?.at ?? null,
        });
        if (status !== current.status) {
          await tx.insert(leadEvents).values({
            at: now,
            leadKind: change.kind,
            leadId: change.id,
            actorId: actor.id,
            type: "status",
            fromStatus: current.status,
            toStatus: status,
          });
        }
        await writeAudit(tx, {
          action: "lead.call",
          actor,
          lead: change,
          detail: {
            outcome: change.outcome,
            first: !current.firstContactedAt,
            nextAction: next?.kind ?? null,
            ...(status !== current.status ? { from: current.status, to: status } : {}),
          },
        });
      },
    };
  });
}

/**
 * Gives a lead to a member, or to nobody. `onlyOwn` (a member who may not assign others'
 * leads): only a lead assigned to nobody or to the actor, and only to the actor or nobody.
 */
/** The timeline's words for an assignment that undid the one before it. */
export const ASSIGNMENT_UNDONE = "Undo: back as it was before the last assignment.";

export async function assignLead(
  db: Database,
  actor: StaffActor,
  change: Change & {
    assigneeId: string | null;
    onlyOwn?: boolean;
    /** An undo of the assignment made just before (DECISIONS D31): said on the timeline and in the audit row. */
    undo?: boolean;
  },
) {
  if (change.assigneeId) {
    const staff = await assignableStaff(db);
    if (!staff.some((s) => s.id === change.assigneeId)) return { ok: false, reason: "invalid" } as const;
  }
  return changeLead(db, change, (current) => {
    if (current.assigneeId === change.assigneeId) return { ok: false, reason: "invalid" };
    const others = [current.assigneeId, change.assigneeId].some((id) => id !== null && id !== actor.id);
    if (change.onlyOwn && others) return { ok: false, reason: "not-yours" };
    return {
      set: { assigneeId: change.assigneeId },
      async after(tx) {
        await tx.insert(leadEvents).values({
          leadKind: change.kind,
          leadId: change.id,
          actorId: actor.id,
          type: "assignment",
          assigneeId: change.assigneeId,
          note: change.undo ? ASSIGNMENT_UNDONE : null,
        });
        await writeAudit(tx, {
          action: "lead.assign",
          actor,
          lead: change,
          detail: { assigneeId: change.assigneeId, ...(change.undo ? { undo: true } : {}) },
        });
      },
    };
  });
}

/** A note is added to the timeline; it changes nothing else, so it never goes stale. */
/** An email or a letter logged on the lead (sent or received outside the site), with a line on it. */
export async function logMessage(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string },
  message: { channel: MessageChannel; note: string },
) {
  const text = message.note.trim() || null;
  if (text && text.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid" } as const;
  if (!(await findLead(db, lead.kind, lead.id))) return { ok: false, reason: "not-found" } as const;
  await db.transaction(async (tx) => {
    await tx.insert(leadEvents).values({
      leadKind: lead.kind,
      leadId: lead.id,
      actorId: actor.id,
      type: "message",
      outcome: message.channel,
      note: text,
    });
    // The way it went, never its words: a note can hold personal data.
    await writeAudit(tx, { action: "lead.message", actor, lead, detail: { channel: message.channel } });
  });
  return { ok: true } as const;
}

export async function addNote(db: Database, actor: StaffActor, lead: { kind: LeadKind; id: string }, note: string) {
  const text = note.trim();
  if (!text || text.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid" } as const;
  if (!(await findLead(db, lead.kind, lead.id))) return { ok: false, reason: "not-found" } as const;
  await db.transaction(async (tx) => {
    await tx
      .insert(leadEvents)
      .values({ leadKind: lead.kind, leadId: lead.id, actorId: actor.id, type: "note", note: text });
    // The audit row says a note was added, not what it says: notes can hold personal data.
    await writeAudit(tx, { action: "lead.note", actor, lead });
  });
  return { ok: true } as const;
}
