import { and, eq, inArray, sql } from "drizzle-orm";
import type { LeadKind } from "../../app/domain/leads";
import {
  type Adjustment,
  type AdviserNeeds,
  type BorrowerNeeds,
  type NeedDriver,
  type NeedSource,
  needsMarkers,
  storedAdjustments,
  storedDrivers,
} from "../../app/domain/needs";
import type { Database } from "../platform/db/client";
import { leadNeeds } from "../platform/db/schema";
import { writeAudit } from "../platform/audit.server";
import type { StaffActor } from "../staff/session.server";

// A lead's needs record (DECISIONS D28): stated by the borrower (the thank-you page, their
// account) or recorded by an adviser (the lead page). One row a lead; each change is an
// audit row that names the lead and the source, never what was said. Deleted with the
// lead (server/privacy/retention.ts, deleteLeadsWithTraces), by retention and erasure alike.

export interface NeedsRecord {
  drivers: NeedDriver[];
  adjustments: Adjustment[];
  /** The borrower's own words ("anything else we should know"). */
  borrowerNote: string | null;
  /** What else the firm will do, in the adviser's words. */
  note: string | null;
  healthDetails: string | null;
  healthConsentAt: Date | null;
  source: NeedSource;
  recordedByName: string | null;
  recordedAt: Date;
  version: number;
}

export interface NeedsLead {
  kind: LeadKind;
  id: string;
}

const toRecord = (row: typeof leadNeeds.$inferSelect): NeedsRecord => ({
  drivers: storedDrivers(row.drivers),
  adjustments: storedAdjustments(row.adjustments),
  borrowerNote: row.borrowerNote,
  note: row.note,
  healthDetails: row.healthDetails,
  healthConsentAt: row.healthConsentAt,
  source: row.source,
  recordedByName: row.recordedByName,
  recordedAt: row.recordedAt,
  version: row.version,
});

/** A lead's needs record; null when it has none. */
export async function needsOf(db: Database, lead: NeedsLead): Promise<NeedsRecord | null> {
  const [row] = await db
    .select()
    .from(leadNeeds)
    .where(and(eq(leadNeeds.leadKind, lead.kind), eq(leadNeeds.leadId, lead.id)));
  return row ? toRecord(row) : null;
}

/** The needs records of many leads (a person's), by lead id. */
export async function needsOfLeads(db: Database, leads: readonly NeedsLead[]): Promise<Map<string, NeedsRecord>> {
  const found = new Map<string, NeedsRecord>();
  if (leads.length === 0) return found;
  const rows = await db
    .select()
    .from(leadNeeds)
    .where(
      inArray(
        leadNeeds.leadId,
        leads.map((l) => l.id),
      ),
    );
  for (const row of rows) {
    if (leads.some((l) => l.id === row.leadId && l.kind === row.leadKind)) found.set(row.leadId, toRecord(row));
  }
  return found;
}

/** The console's markers of each of these leads that has a needs record ("Prefers email"), by lead id. */
export async function needsMarkersOf(db: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  const markers = new Map<string, string[]>();
  if (ids.length === 0) return markers;
  const rows = await db
    .select({ leadId: leadNeeds.leadId, adjustments: leadNeeds.adjustments })
    .from(leadNeeds)
    .where(inArray(leadNeeds.leadId, [...ids]));
  for (const row of rows) markers.set(row.leadId, needsMarkers(row));
  return markers;
}

/**
 * What the borrower said would help, stored on their lead at `now`: their adjustments,
 * words and (with consent, given now) health details replace those stored; an adviser's
 * drivers and words stay. An audit row without the details.
 */
export async function stateNeeds(db: Database, lead: NeedsLead, needs: BorrowerNeeds, now: Date) {
  await db.transaction(async (tx) => {
    const values = {
      adjustments: needs.adjustments,
      borrowerNote: needs.note,
      healthDetails: needs.healthDetails,
      healthConsentAt: needs.healthDetails === null ? null : now,
      source: "borrower" as const,
      recordedBy: null,
      recordedByName: null,
      recordedAt: now,
    };
    await tx
      .insert(leadNeeds)
      .values({ leadKind: lead.kind, leadId: lead.id, ...values })
      .onConflictDoUpdate({
        target: [leadNeeds.leadKind, leadNeeds.leadId],
        set: { ...values, version: sql`${leadNeeds.version} + 1` },
      });
    await writeAudit(tx, {
      action: "needs.stated",
      actor: null,
      lead,
      detail: { source: "borrower", health: needs.healthDetails !== null },
    });
  });
}

/** The borrower withdrew consent: the health details of these leads (theirs) are removed. Returns how many were. */
export async function withdrawHealthConsent(db: Database, leads: readonly NeedsLead[]): Promise<number> {
  if (leads.length === 0) return 0;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(leadNeeds)
      .set({ healthDetails: null, healthConsentAt: null, version: sql`${leadNeeds.version} + 1` })
      .where(
        and(
          inArray(
            leadNeeds.leadId,
            leads.map((l) => l.id),
          ),
          sql`${leadNeeds.healthConsentAt} is not null`,
        ),
      )
      .returning({ leadId: leadNeeds.leadId, leadKind: leadNeeds.leadKind });
    for (const row of changed) {
      await writeAudit(tx, {
        action: "needs.health-withdrawn",
        actor: null,
        lead: { kind: row.leadKind, id: row.leadId },
      });
    }
    return changed.length;
  });
}

export type RecordNeedsOutcome = { ok: true } | { ok: false; reason: "stale" };

/**
 * An adviser's record of the lead's needs, at the version the page showed (0 for none yet):
 * drivers, adjustments, words and source replace those stored, the borrower's own words
 * and health details (given with consent) stay. 409's "stale" when someone changed it first.
 */
export async function recordNeeds(
  db: Database,
  actor: StaffActor,
  lead: NeedsLead,
  version: number,
  needs: AdviserNeeds,
  now: Date,
): Promise<RecordNeedsOutcome> {
  return db.transaction(async (tx) => {
    const values = {
      drivers: needs.drivers,
      adjustments: needs.adjustments,
      note: needs.note,
      source: needs.source,
      recordedBy: actor.id,
      recordedByName: actor.name,
      recordedAt: now,
    };
    if (version === 0) {
      const inserted = await tx
        .insert(leadNeeds)
        .values({ leadKind: lead.kind, leadId: lead.id, ...values })
        .onConflictDoNothing()
        .returning({ id: leadNeeds.id });
      if (inserted.length === 0) return { ok: false, reason: "stale" } as const;
    } else {
      const updated = await tx
        .update(leadNeeds)
        .set({ ...values, version: sql`${leadNeeds.version} + 1` })
        .where(and(eq(leadNeeds.leadKind, lead.kind), eq(leadNeeds.leadId, lead.id), eq(leadNeeds.version, version)))
        .returning({ id: leadNeeds.id });
      if (updated.length === 0) return { ok: false, reason: "stale" } as const;
    }
    await writeAudit(tx, {
      action: "needs.record",
      actor,
      lead,
      detail: { source: needs.source, drivers: needs.drivers.length, adjustments: needs.adjustments.length },
    });
    return { ok: true } as const;
  });
}
