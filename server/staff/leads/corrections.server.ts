import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  CORRECTABLE_FIELDS,
  type CorrectionChange,
  changesBetween,
  type ShownFigures,
} from "../../../app/domain/lead-corrections";
import type { LeadKind } from "../../../app/domain/leads";
import type { Database } from "../../platform/db/client";
import { isPromotionFigures } from "../../../app/domain/promotions";
import { DEFAULT_RATE_TABLE, type RateTableBand } from "../../../app/domain/rates";
import { contactMessages, leadEvents, personalEnquiries, promotionVersions, quotes } from "../../platform/db/schema";
import { leadColumnsOf } from "../../leads/leads.server";
import { writeAudit } from "../../platform/audit.server";
import type { StaffActor } from "../session.server";

// A lead's details corrected by staff (DECISIONS D29, docs/decisions/300). The corrected
// answers are stored by intake's own rules, so the quote's LTV, rate and payment are worked
// out again from them (flags, the duplicate check and the panel read the stored answers);
// the figures the borrower was shown are kept once, as shown. The timeline keeps the old and
// new values for the lead page; the audit row names the fields only.

const TABLES = { quote: quotes, "personal-enquiry": personalEnquiries, contact: contactMessages } as const;

export type CorrectionOutcome =
  | { ok: true; changes: CorrectionChange[] }
  | { ok: false; reason: "not-found" | "stale" | "unchanged" };

/** The columns a correction writes, from the answers the kind's schema read (`readCorrection`). */
function correctedColumns(
  kind: LeadKind,
  answers: Record<string, unknown>,
  table: readonly RateTableBand[],
): Record<string, unknown> {
  if (kind === "contact") return { name: answers.name, email: answers.email, phone: answers.phone };
  const columns = leadColumnsOf(kind, answers, table);
  const wanted = CORRECTABLE_FIELDS[kind].map((f) => f.field);
  if (kind === "quote") wanted.push("ltvRatio", "indicativeRate", "monthlyPayment");
  return Object.fromEntries(wanted.map((name) => [name, columns[name] ?? null]));
}

/**
 * Stores a correction made against the version the adviser's page showed: refused when
 * someone changed the lead since (stale) or when nothing differs. One transaction: the
 * row (its version bumped), the timeline's event with the values, the audit row.
 */
export async function correctLead(
  db: Database,
  actor: StaffActor,
  lead: { kind: LeadKind; id: string; version: number },
  answers: Record<string, unknown>,
): Promise<CorrectionOutcome> {
  if (!z.uuid().safeParse(lead.id).success) return { ok: false, reason: "not-found" };
  const table = TABLES[lead.kind];
  return db.transaction(async (tx) => {
    const [row] = (await tx.select().from(table).where(eq(table.id, lead.id)).for("update")) as Record<
      string,
      unknown
    >[];
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.version !== lead.version) return { ok: false, reason: "stale" } as const;
    // Worked out again by the rate table the lead was quoted on (DECISIONS D27), not today's.
    const quotedOn = typeof row.promotionVersionId === "number" ? row.promotionVersionId : null;
    const [version] =
      quotedOn === null
        ? []
        : await tx
            .select({ figures: promotionVersions.figures })
            .from(promotionVersions)
            .where(eq(promotionVersions.id, quotedOn));
    const rates = version && isPromotionFigures(version.figures) ? version.figures.rateTable : DEFAULT_RATE_TABLE;
    const next = correctedColumns(lead.kind, answers, rates);
    const changes = changesBetween(lead.kind, row, next);
    if (changes.length === 0) return { ok: false, reason: "unchanged" } as const;
    const set: Record<string, unknown> = { ...next, version: lead.version + 1 };
    // What the borrower was shown is kept the first time anything is corrected, never after.
    if (lead.kind === "quote" && row.shownFigures === null) {
      const shown: ShownFigures = {
        ltv: row.ltvRatio as number | null,
        indicativeRate: row.indicativeRate as number | null,
        monthlyPayment: row.monthlyPayment as number | null,
      };
      set.shownFigures = shown;
    }
    await tx
      .update(table)
      .set(set)
      .where(and(eq(table.id, lead.id), eq(table.version, lead.version)));
    await tx.insert(leadEvents).values({
      leadKind: lead.kind,
      leadId: lead.id,
      actorId: actor.id,
      type: "correction",
      changes,
    });
    // Which fields, never their values: the old and new values are personal data.
    await writeAudit(tx, {
      action: "lead.correct",
      actor,
      lead,
      detail: { fields: changes.map((c) => c.field) },
    });
    return { ok: true, changes } as const;
  });
}
