import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import {
  checkPromotion,
  defaultPromotionFigures,
  isPromotionFigures,
  type PromotionClaims,
  type PromotionErrors,
  type PromotionFigures,
  REPLACES_LIVE_FIELD,
  replacesLiveRefusal,
  type VersionSummary,
} from "../../app/domain/promotions";
import type { Database } from "../platform/db/client";
import { auditLog, promotionVersions } from "../platform/db/schema";
import type { Logger } from "../platform/logger";
import { writeAudit } from "../platform/audit.server";

// The promotion figures (DECISIONS D27): versions drafted by one member, approved or sent
// back by another, published at once or at their time by whichever server comes to it
// first, and read by every server from a copy in memory refreshed within seconds.

export type PromotionVersion = typeof promotionVersions.$inferSelect;
type Actor = { id: string; name: string };

/** What the pages show: the live version's figures, or the code's (versionId null). */
export interface LivePromotion {
  versionId: number | null;
  figures: PromotionFigures;
}

/** The figures before any version: the code's, with the claims configuration makes (decision 100). */
export const builtInPromotion = (claims: PromotionClaims): LivePromotion => ({
  versionId: null,
  figures: defaultPromotionFigures(claims),
});

export type DraftResult = { ok: true; id: number } | { ok: false; errors: PromotionErrors };

/** A new draft: refused, field by field, unless its figures could be a compliant promotion. */
export async function draftPromotion(
  db: Database,
  actor: Actor,
  draft: { figures: PromotionFigures; summary: string; publishAt: Date | null; basedOn: number | null },
): Promise<DraftResult> {
  const errors = checkPromotion(draft.figures);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotionVersions)
      .values({
        figures: draft.figures,
        summary: draft.summary,
        basedOn: draft.basedOn,
        publishAt: draft.publishAt,
        draftedBy: actor.id,
        draftedByName: actor.name,
      })
      .returning({ id: promotionVersions.id });
    if (!row) throw new Error("the draft was not stored");
    await writeAudit(tx, {
      action: "promotion.drafted",
      actor,
      detail: { version: row.id, publishAt: draft.publishAt?.toISOString() ?? null },
    });
    return { ok: true as const, id: row.id };
  });
}

/** Refused with a reason; `field` when the reason belongs beside a field of the form (the tick box). */
export type DecisionResult = { ok: true; published: boolean } | { ok: false; reason: string; field?: string };

/** Any constant: it serialises publication across every server sharing the database. */
const PUBLISH_LOCK_ID = 727_043;

/** The reason a member may not decide on this version, or null when they may. */
export function decisionRefusal(version: Pick<PromotionVersion, "status" | "draftedBy">, actor: Actor): string | null {
  if (version.status !== "draft") return "This version has already been decided";
  if (version.draftedBy === actor.id) return "You drafted this version: another member must approve it or send it back";
  return null;
}

/**
 * Approves a draft as another member than its drafter (the two-person rule, enforced
 * here whatever the page showed), then publishes it at once when its time has come.
 * A draft drafted on figures no longer live is approved only when `replacesLive` is
 * the live version's tick (`replacesLiveValue`): the approver confirmed replacing it.
 */
export async function approvePromotion(
  db: Database,
  actor: Actor,
  id: number,
  now: Date,
  replacesLive: string | null = null,
): Promise<DecisionResult> {
  type Refused = { reason: string; field?: string };
  const outcome = await db.transaction(async (tx): Promise<Refused | { published: number[] }> => {
    // No version goes live while this one is checked against the live one, and none
    // between its approval and its publication: one due now goes live in this transaction.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_ID})`);
    const [version] = await tx.select().from(promotionVersions).where(eq(promotionVersions.id, id)).for("update");
    if (!version) return { reason: "There is no such version" };
    const refusal = decisionRefusal(version, actor);
    if (refusal) return { reason: refusal };
    if (!isPromotionFigures(version.figures)) return { reason: "This version's figures no longer pass the check" };
    const [live] = await tx
      .select({ id: promotionVersions.id })
      .from(promotionVersions)
      .where(eq(promotionVersions.status, "live"));
    const stale = replacesLiveRefusal(version.basedOn, live?.id ?? null, replacesLive);
    if (stale) return { reason: stale, field: REPLACES_LIVE_FIELD };
    await tx
      .update(promotionVersions)
      .set({ status: "approved", approvedBy: actor.id, approvedByName: actor.name, decidedAt: now })
      .where(eq(promotionVersions.id, id));
    await writeAudit(tx, {
      action: "promotion.approved",
      actor,
      detail: { version: id, publishAt: version.publishAt?.toISOString() ?? null },
    });
    return { published: await publishDueIn(tx, now, { id, against: live?.id ?? null }) };
  });
  if ("reason" in outcome) return { ok: false, ...outcome };
  return { ok: true, published: outcome.published.includes(id) };
}

/** Sends a draft back with the reason, as another member than its drafter. */
export async function rejectPromotion(
  db: Database,
  actor: Actor,
  id: number,
  reason: string,
  now: Date,
): Promise<DecisionResult> {
  const refused = await db.transaction(async (tx) => {
    const [version] = await tx.select().from(promotionVersions).where(eq(promotionVersions.id, id)).for("update");
    if (!version) return "There is no such version";
    const refusal = decisionRefusal(version, actor);
    if (refusal) return refusal;
    await tx
      .update(promotionVersions)
      .set({
        status: "rejected",
        approvedBy: actor.id,
        approvedByName: actor.name,
        decidedAt: now,
        rejectionReason: reason,
      })
      .where(eq(promotionVersions.id, id));
    // The reason stays on the version; the row names the version only.
    await writeAudit(tx, { action: "promotion.rejected", actor, detail: { version: id } });
    return null;
  });
  return refused ? { ok: false, reason: refused } : { ok: true, published: false };
}

/**
 * Publishes every approved version whose time has come, oldest time first: each goes
 * live `now`, the moment it is published (never its planned time, which may have passed
 * while the site still printed the version before), and the one before it stops then.
 * Each publication's audit row names the version and its approver, whose approval
 * published it. Safe to call from several servers at once. Returns the ids published.
 *
 * A version approved to replace the figures live then is never published over figures
 * that went live after its approval: its approver did not see them, and publishing it
 * would undo them unseen. It goes back to wait for approval (`promotion.held`), where the
 * approver sees it drafted on figures no longer live and confirms it replaces them or
 * sends it back (decision 512).
 */
export async function publishDue(db: Database, now: Date): Promise<number[]> {
  // The cheap question first: most calls find nothing due and take no lock.
  const [any] = await db
    .select({ id: promotionVersions.id })
    .from(promotionVersions)
    .where(and(eq(promotionVersions.status, "approved"), dueAt(now)))
    .limit(1);
  if (!any) return [];
  return db.transaction((tx) => publishDueIn(tx, now));
}

/** Versions whose planned time has come by `now`, or that asked for none. */
const dueAt = (now: Date) => or(lte(promotionVersions.publishAt, now), isNull(promotionVersions.publishAt));

/**
 * `publishDue` inside a transaction of the caller's (the publication lock is taken again,
 * which its holder may). A version `approved` in this transaction is held back only if the
 * version live is no longer the one it was approved `against` (read by id, not by the clock).
 */
async function publishDueIn(
  tx: Database,
  now: Date,
  approved?: { id: number; against: number | null },
): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_ID})`);
  const ready = await tx
    .select()
    .from(promotionVersions)
    .where(and(eq(promotionVersions.status, "approved"), dueAt(now)))
    .orderBy(
      asc(sql`coalesce(${promotionVersions.publishAt}, ${promotionVersions.decidedAt})`),
      asc(promotionVersions.id),
    );
  const [liveNow] = await tx
    .select({ id: promotionVersions.id, liveFrom: promotionVersions.liveFrom })
    .from(promotionVersions)
    .where(eq(promotionVersions.status, "live"));
  let live = liveNow ?? null;
  const published: number[] = [];
  for (const version of ready) {
    const held =
      version.id === approved?.id
        ? (live?.id ?? null) !== approved.against
        : liveSinceApproval(live, version.decidedAt);
    if (held) {
      await tx
        .update(promotionVersions)
        // Its planned time has passed: approved again, it goes live at once (the audit row keeps the time).
        .set({ status: "draft", approvedBy: null, approvedByName: null, decidedAt: null, publishAt: null })
        .where(eq(promotionVersions.id, version.id));
      await writeAudit(tx, {
        action: "promotion.held",
        actor: null,
        detail: { version: version.id, live: live?.id ?? null, publishAt: version.publishAt?.toISOString() ?? null },
      });
      continue;
    }
    await tx
      .update(promotionVersions)
      .set({ status: "superseded", liveUntil: now })
      .where(eq(promotionVersions.status, "live"));
    await tx
      .update(promotionVersions)
      .set({ status: "live", liveFrom: now })
      .where(eq(promotionVersions.id, version.id));
    await writeAudit(tx, {
      action: "promotion.published",
      actor:
        version.approvedBy && version.approvedByName ? { id: version.approvedBy, name: version.approvedByName } : null,
      detail: {
        version: version.id,
        liveFrom: now.toISOString(),
        publishAt: version.publishAt?.toISOString() ?? null,
      },
    });
    published.push(version.id);
    live = { id: version.id, liveFrom: now };
  }
  return published;
}

/** The time a version waiting for approval had been planned for when it was last held back from publication, and what was live. */
export interface HeldBack {
  plannedFor: Date | null;
  live: number | null;
}

export async function heldBack(db: Database, id: number): Promise<HeldBack | null> {
  const [row] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, "promotion.held"), sql`${auditLog.detail}->>'version' = ${String(id)}`))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const detail = (row.detail ?? {}) as { live?: unknown; publishAt?: unknown };
  return {
    plannedFor: typeof detail.publishAt === "string" ? new Date(detail.publishAt) : null,
    live: typeof detail.live === "number" ? detail.live : null,
  };
}

/** Whether the figures live now went live after a version was approved (so its approver never saw them). */
function liveSinceApproval(live: { liveFrom: Date | null } | null, approvedAt: Date | null): boolean {
  return Boolean(live?.liveFrom && approvedAt && live.liveFrom.getTime() > approvedAt.getTime());
}

/** The live version, or undefined while the code's figures stand. */
export async function liveVersion(db: Database): Promise<PromotionVersion | undefined> {
  const [row] = await db.select().from(promotionVersions).where(eq(promotionVersions.status, "live"));
  return row;
}

/** The version the site showed at `at`, or undefined when it showed the code's figures. */
export async function versionLiveAt(db: Database, at: Date): Promise<PromotionVersion | undefined> {
  const [row] = await db
    .select()
    .from(promotionVersions)
    .where(
      and(
        lte(promotionVersions.liveFrom, at),
        or(isNull(promotionVersions.liveUntil), gt(promotionVersions.liveUntil, at)),
      ),
    )
    .orderBy(desc(promotionVersions.liveFrom), desc(promotionVersions.id))
    .limit(1);
  return row;
}

export async function promotionVersion(db: Database, id: number): Promise<PromotionVersion | undefined> {
  const [row] = await db.select().from(promotionVersions).where(eq(promotionVersions.id, id));
  return row;
}

/** Every version, newest first: the record (D27). */
export async function promotionHistory(db: Database, limit = 200): Promise<PromotionVersion[]> {
  return db.select().from(promotionVersions).orderBy(desc(promotionVersions.id)).limit(limit);
}

/** A version as the pages take it: its figures, checked, or the code's when unreadable. */
function asLive(version: PromotionVersion | undefined, builtIn: LivePromotion): LivePromotion {
  if (!version || !isPromotionFigures(version.figures)) return builtIn;
  return { versionId: version.id, figures: version.figures };
}

export async function livePromotionFrom(db: Database, builtIn: LivePromotion): Promise<LivePromotion> {
  return asLive(await liveVersion(db), builtIn);
}

export async function promotionLiveAt(db: Database, at: Date, builtIn: LivePromotion): Promise<LivePromotion> {
  return asLive(await versionLiveAt(db, at), builtIn);
}

/** How often each server asks whether the live version changed (and publishes what is due). */
export const PROMOTION_POLL_MS = 2_000;

declare module "../platform/services" {
  interface Services {
    /** The live promotion figures in memory (DECISIONS D27); absent, they are read from the database. */
    promotions?: PromotionSource;
  }
}

export interface PromotionSource {
  /** The live figures; read from the database on the first call, then from memory. */
  live(): Promise<LivePromotion>;
  /** The copy in memory, or the code's figures before the first read. */
  current(): LivePromotion;
  /** Publishes what is due, then reads the live version again; listeners hear of a change. */
  refresh(): Promise<LivePromotion>;
  /** Called with the new figures whenever the live version changes. */
  onChange(listener: (live: LivePromotion) => void): () => void;
  close(): void;
}

/**
 * The live figures for one server, kept in memory: each request reads them without a
 * query. Every `pollMs` (0: never, for tests that refresh by hand) it publishes what is
 * due by `now` and asks for the live version's id, so a publication by any server
 * sharing the database shows here within seconds.
 */
export function createPromotionSource({
  db,
  builtIn,
  now = () => new Date(),
  pollMs = PROMOTION_POLL_MS,
  log,
}: {
  db: Database;
  builtIn: LivePromotion;
  now?: () => Date;
  pollMs?: number;
  log?: Logger;
}): PromotionSource {
  let live = builtIn;
  let loaded: Promise<LivePromotion> | undefined;
  let running: Promise<LivePromotion> | undefined;
  const listeners = new Set<(live: LivePromotion) => void>();

  async function read(): Promise<LivePromotion> {
    await publishDue(db, now());
    const [row] = await db
      .select({ id: promotionVersions.id })
      .from(promotionVersions)
      .where(eq(promotionVersions.status, "live"));
    const id = row?.id ?? null;
    if (id === live.versionId && loaded) return live;
    const next = await livePromotionFrom(db, builtIn);
    const changed = next.versionId !== live.versionId;
    live = next;
    if (changed) {
      log?.info({ promotionVersion: next.versionId }, "promotion figures changed");
      for (const listener of listeners) listener(next);
    }
    return live;
  }

  function refresh(): Promise<LivePromotion> {
    // One read at a time: a poll and a publication's refresh share it.
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer =
    pollMs > 0
      ? setInterval(() => {
          refresh().catch((error: unknown) => log?.debug({ err: error }, "promotion poll failed"));
        }, pollMs)
      : undefined;
  timer?.unref();

  return {
    live() {
      loaded ??= refresh().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return loaded.then(() => live);
    },
    current: () => live,
    refresh,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (timer) clearInterval(timer);
      listeners.clear();
    },
  };
}

/** A version as the console lists it. */
export function versionSummary(version: PromotionVersion): VersionSummary {
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    id: version.id,
    status: version.status,
    summary: version.summary,
    draftedByName: version.draftedByName,
    approvedByName: version.approvedByName,
    createdAt: version.createdAt.toISOString(),
    decidedAt: iso(version.decidedAt),
    rejectionReason: version.rejectionReason,
    publishAt: iso(version.publishAt),
    liveFrom: iso(version.liveFrom),
    liveUntil: iso(version.liveUntil),
  };
}

/**
 * What a version is compared with (DECISIONS D31): a version still to go live (a draft,
 * or approved for a later time), with what is live now, since that is what it replaces;
 * one already decided, with the version it was drafted on, for the record.
 */
export async function comparedWith(
  db: Database,
  version: PromotionVersion,
  builtIn: LivePromotion,
): Promise<{ versionId: number | null; live: boolean; figures: PromotionFigures }> {
  if (version.status === "draft" || version.status === "approved") {
    const live = await livePromotionFrom(db, builtIn);
    return { versionId: live.versionId, live: true, figures: live.figures };
  }
  const before = version.basedOn === null ? undefined : await promotionVersion(db, version.basedOn);
  return before && isPromotionFigures(before.figures)
    ? { versionId: before.id, live: false, figures: before.figures }
    : { versionId: null, live: false, figures: builtIn.figures };
}
