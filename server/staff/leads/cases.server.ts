import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  type CaseMoveRecord,
  type CaseStage,
  type Completion,
  caseMoveProblem,
  type Decline,
  describeCaseMove,
  isCaseStage,
  leadStatusAfterCase,
  type Offer,
} from "../../../app/domain/lead-cases";
import type { LeadKind, LeadStatus } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { contactMessages, leadCases, leadEvents, personalEnquiries, quotes } from "../../platform/db/schema";
import { writeAudit } from "../../platform/audit.server";
import { findProduct, type StoredProduct } from "../lender-panel/lender-panel.server";
import type { StaffActor } from "../session.server";

// A lead's case with a lender (DECISIONS D22, docs/decisions/230): the application sent
// to a product, the lender's offer, the completion with its commission, or the lender's
// decline. Each move is one transaction: the case row at the version the adviser's page
// showed, the lead's status where the move carries it, a timeline entry and an audit row.
// After a lender's decline the lead may start a new case: a lead keeps every case it had,
// at most one not declined (docs/decisions/256).

export interface StoredCase {
  id: string;
  stage: CaseStage;
  version: number;
  product: StoredProduct;
  applicationSentAt: Date;
  offer: (Offer & { receivedAt: Date }) | null;
  completion: Completion | null;
  decline: { reason: string; at: Date } | null;
}

type Row = typeof leadCases.$inferSelect;

function toCase(row: Row, product: StoredProduct): StoredCase {
  if (!isCaseStage(row.stage)) throw new Error(`lead_cases ${row.id} has an unknown stage`);
  const offer =
    row.offerAmount !== null && row.offerRatePercent !== null && row.offerTermMonths !== null && row.offerReceivedAt
      ? {
          amount: row.offerAmount,
          ratePercent: Number(row.offerRatePercent),
          termMonths: row.offerTermMonths,
          receivedAt: row.offerReceivedAt,
        }
      : null;
  const completion =
    row.completedAmount !== null && row.completedOn !== null && row.commissionPence !== null
      ? {
          amount: row.completedAmount,
          completedOn: row.completedOn,
          commissionPence: row.commissionPence,
          commissionReason: row.commissionReason,
        }
      : null;
  return {
    id: row.id,
    stage: row.stage,
    version: row.version,
    product,
    applicationSentAt: row.applicationSentAt,
    offer,
    completion,
    decline: row.declinedReason && row.declinedAt ? { reason: row.declinedReason, at: row.declinedAt } : null,
  };
}

/**
 * A lead's cases with lenders, latest first, each with the product it was sent to (live
 * or retired). Only the latest may be open or completed; the others were declined. A new
 * case starts above the last one's version, so the latest is the one of highest version.
 */
export async function casesOf(db: Database, kind: LeadKind, leadId: string): Promise<StoredCase[]> {
  if (!z.uuid().safeParse(leadId).success) return [];
  const rows = await db
    .select()
    .from(leadCases)
    .where(and(eq(leadCases.leadKind, kind), eq(leadCases.leadId, leadId)))
    .orderBy(desc(leadCases.version));
  const cases: StoredCase[] = [];
  for (const row of rows) {
    const product = await findProduct(db, row.productId);
    if (!product) throw new Error(`lead_cases ${row.id} names a product that is not there`);
    cases.push(toCase(row, product));
  }
  return cases;
}

/** The lead's latest case (open, completed, or the last declined); null when it has none. */
export async function caseOf(db: Database, kind: LeadKind, leadId: string): Promise<StoredCase | null> {
  return (await casesOf(db, kind, leadId))[0] ?? null;
}

/** The lead's latest case row, locked for a move. */
async function lockLatestCase(tx: Database, kind: LeadKind, leadId: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(leadCases)
    .where(and(eq(leadCases.leadKind, kind), eq(leadCases.leadId, leadId)))
    .orderBy(desc(leadCases.version))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Postgres' unique_violation: here only `lead_cases_open_idx`, a second case not declined. */
function isSecondOpenCase(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A move with what its stage records. */
export type CaseMove =
  | { to: "application-sent"; productId: string }
  | { to: "offer-received"; offer: Offer }
  | { to: "completed"; completion: Completion }
  | { to: "declined"; decline: Decline };

export type CaseOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "stale" }
  | { ok: false; reason: "refused"; problem: string };

export const STALE_CASE =
  "Someone else moved this lead's case on while you had it open, so your change was not saved. The page now shows the case as it is: check it and try again.";
export const NOT_LIVE_PRODUCT = "That product is not live on the panel: choose one of the products that fit";

/** The lead's own row, locked for the move: its status, version and (for a quick-check enquiry) loan type. */
async function lockLead(tx: Database, kind: LeadKind, id: string) {
  if (kind === "quote") {
    const [row] = await tx
      .select({ status: quotes.status, version: quotes.version })
      .from(quotes)
      .where(eq(quotes.id, id))
      .for("update");
    return row ? { ...row, loanType: null } : null;
  }
  if (kind === "personal-enquiry") {
    const [row] = await tx
      .select({
        status: personalEnquiries.status,
        version: personalEnquiries.version,
        loanType: personalEnquiries.loanType,
      })
      .from(personalEnquiries)
      .where(eq(personalEnquiries.id, id))
      .for("update");
    return row ?? null;
  }
  const [row] = await tx
    .select({ status: contactMessages.status })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row ? { status: row.status, version: 0, loanType: null } : null;
}

/** Sets a quote's or a quick-check enquiry's status (a closed lead keeps no next action), bumping its version. */
async function setLeadStatus(tx: Database, kind: LeadKind, id: string, status: LeadStatus, version: number) {
  const closed = status === "completed" || status === "declined";
  const set = closed
    ? { status, version: version + 1, nextActionKind: null, nextActionAt: null }
    : { status, version: version + 1 };
  if (kind === "quote") await tx.update(quotes).set(set).where(eq(quotes.id, id));
  else if (kind === "personal-enquiry") await tx.update(personalEnquiries).set(set).where(eq(personalEnquiries.id, id));
}

/** The case row's columns a move sets. */
function columnsOf(move: CaseMove, now: Date): Partial<typeof leadCases.$inferInsert> {
  switch (move.to) {
    case "application-sent":
      return { productId: move.productId, applicationSentAt: now };
    case "offer-received":
      return {
        offerAmount: move.offer.amount,
        offerRatePercent: move.offer.ratePercent,
        offerTermMonths: move.offer.termMonths,
        offerReceivedAt: now,
      };
    case "completed":
      return {
        completedAmount: move.completion.amount,
        completedOn: move.completion.completedOn,
        commissionPence: move.completion.commissionPence,
        commissionReason: move.completion.commissionReason,
      };
    case "declined":
      return { declinedReason: move.decline.reason, declinedAt: now };
  }
}

/**
 * Moves the case of lead `kind`/`id` on, if its latest case is still at `caseVersion`
 * (0: the page showed no case). The stage rules are the domain's (`caseMoveProblem`);
 * the lead's status follows the case (`leadStatusAfterCase`), with its own timeline
 * entry. The application after a decline starts a new case, at the next version, so a
 * page drawn before it is stale for every move; were that check ever passed, the unique
 * index on the open case refuses the second, and the answer is stale all the same.
 */
export async function moveCase(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string; caseVersion: number },
  move: CaseMove,
  now = new Date(),
): Promise<CaseOutcome> {
  if (!z.uuid().safeParse(lead.id).success) return { ok: false, reason: "not-found" };
  try {
    return await moveLatestCase(db, actor, lead, move, now);
  } catch (error) {
    if (move.to === "application-sent" && isSecondOpenCase(error)) return { ok: false, reason: "stale" };
    throw error;
  }
}

async function moveLatestCase(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string; caseVersion: number },
  move: CaseMove,
  now: Date,
): Promise<CaseOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const current = await lockLead(tx, lead.kind, lead.id);
    if (!current) return { ok: false, reason: "not-found" } as const;
    const row = await lockLatestCase(tx, lead.kind, lead.id);
    if ((row?.version ?? 0) !== lead.caseVersion) return { ok: false, reason: "stale" } as const;
    const stage = row && isCaseStage(row.stage) ? row.stage : null;
    const problem = caseMoveProblem(
      { kind: lead.kind, loanType: current.loanType, status: current.status },
      stage,
      move.to,
    );
    if (problem) return { ok: false, reason: "refused", problem } as const;

    let record: CaseMoveRecord;
    let productId = row?.productId;
    let caseId = row?.id;
    if (move.to === "application-sent") {
      const product = await findProduct(tx, move.productId);
      if (!product || product.retired) return { ok: false, reason: "refused", problem: NOT_LIVE_PRODUCT } as const;
      productId = product.id;
      // Above the last case's version: a page that showed the declined case is stale now.
      const [started] = await tx
        .insert(leadCases)
        .values({
          leadId: lead.id,
          leadKind: lead.kind,
          stage: move.to,
          ...columnsOf(move, now),
          productId: product.id,
          version: lead.caseVersion + 1,
        })
        .returning({ id: leadCases.id });
      caseId = started?.id;
      record = { to: move.to, lender: product.lender, productName: product.productName };
    } else {
      await tx
        .update(leadCases)
        .set({ ...columnsOf(move, now), stage: move.to, version: lead.caseVersion + 1, updatedAt: now })
        .where(and(eq(leadCases.id, row?.id as string), eq(leadCases.version, lead.caseVersion)));
      record =
        move.to === "offer-received"
          ? { to: move.to, offer: move.offer }
          : move.to === "completed"
            ? { to: move.to, completion: move.completion }
            : { to: move.to, decline: move.decline };
    }
    const ref = { leadKind: lead.kind, leadId: lead.id, actorId: actor.id, at: now };
    await tx.insert(leadEvents).values({ ...ref, type: "case", note: describeCaseMove(record) });

    const status = leadStatusAfterCase(current.status, move.to);
    if (status !== current.status) {
      await setLeadStatus(tx, lead.kind, lead.id, status, current.version);
      await tx.insert(leadEvents).values({
        ...ref,
        type: "status",
        fromStatus: current.status,
        toStatus: status,
        reason: move.to === "declined" ? "lender-declined" : null,
      });
    }
    await writeAudit(tx, {
      action: "lead.case",
      actor,
      lead,
      // Codes and the firm's own figures: never a note or a reason typed (they can hold personal data).
      detail: {
        caseId,
        // A new case starts from nothing, whatever the declined one before it.
        from: move.to === "application-sent" ? null : stage,
        to: move.to,
        productId,
        ...(move.to === "completed"
          ? {
              commissionPence: move.completion.commissionPence,
              commissionChanged: move.completion.commissionReason !== null,
            }
          : {}),
        ...(move.to === "declined" ? { reason: move.decline.reason } : {}),
        ...(status !== current.status ? { status: { from: current.status, to: status } } : {}),
      },
    });
    return { ok: true } as const;
  });
}

export const NOT_COMPLETED = "Only a completed case's commission can be changed: record the completion first";

/**
 * Corrects a completed case's commission (the lender paid another figure), at the case's
 * version: the new figure and its reason kept on the case, a timeline entry with both
 * figures and the reason, and an audit row with both figures (never the reason's words).
 */
export async function changeCommission(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string; caseVersion: number },
  change: { pence: number; reason: string },
  now = new Date(),
): Promise<CaseOutcome> {
  if (!z.uuid().safeParse(lead.id).success) return { ok: false, reason: "not-found" };
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const row = await lockLatestCase(tx, lead.kind, lead.id);
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.version !== lead.caseVersion) return { ok: false, reason: "stale" } as const;
    if (row.stage !== "completed" || row.commissionPence === null) {
      return { ok: false, reason: "refused", problem: NOT_COMPLETED } as const;
    }
    await tx
      .update(leadCases)
      .set({ commissionPence: change.pence, commissionReason: change.reason, version: row.version + 1, updatedAt: now })
      .where(and(eq(leadCases.id, row.id), eq(leadCases.version, row.version)));
    const record = {
      to: "commission-changed",
      fromPence: row.commissionPence,
      toPence: change.pence,
      reason: change.reason,
    } as const;
    await tx.insert(leadEvents).values({
      leadKind: lead.kind,
      leadId: lead.id,
      actorId: actor.id,
      at: now,
      type: "case",
      note: describeCaseMove(record),
    });
    await writeAudit(tx, {
      action: "lead.case-commission",
      actor,
      lead,
      detail: { caseId: row.id, productId: row.productId, fromPence: row.commissionPence, toPence: change.pence },
    });
    return { ok: true } as const;
  });
}
