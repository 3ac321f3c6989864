import { asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type LenderProduct,
  type LenderProductInput,
  lenderCriteriaSchema,
  PRODUCT_KINDS,
} from "../../../app/domain/lender-products";
import type { Database } from "../../platform/db/client";
import { lenderProducts } from "../../platform/db/schema";
import { writeAudit } from "../../platform/audit.server";
import type { StaffActor } from "../session.server";

// The lender panel as the console keeps it (DECISIONS D22): products are added, changed
// and retired, never deleted; each change lands with its audit row in one transaction,
// and a change made against an older version of the product is refused.

type Row = typeof lenderProducts.$inferSelect;

export interface StoredProduct extends LenderProduct {
  version: number;
  retiredAt: Date | null;
  updatedAt: Date;
}

function toProduct(row: Row): StoredProduct {
  const kind = PRODUCT_KINDS.find((k) => k.value === row.kind)?.value;
  if (!kind) throw new Error(`lender_products ${row.id} has an unknown kind`);
  return {
    id: row.id,
    lender: row.lender,
    productName: row.productName,
    kind,
    // Written only through the form's reader; checked again here, so a product the
    // matching reads is always whole.
    criteria: lenderCriteriaSchema.parse(row.criteria),
    retired: row.retiredAt !== null,
    version: row.version,
    retiredAt: row.retiredAt,
    updatedAt: row.updatedAt,
  };
}

/** Every product, live first, then by lender and product name. */
export async function panelProducts(db: Database): Promise<StoredProduct[]> {
  const rows = await db
    .select()
    .from(lenderProducts)
    .orderBy(sql`${lenderProducts.retiredAt} is not null`, asc(lenderProducts.lender), asc(lenderProducts.productName));
  return rows.map(toProduct);
}

/** The live products: what every lead is matched against (a few rows, read once a request). */
export async function liveProducts(db: Database): Promise<StoredProduct[]> {
  const rows = await db
    .select()
    .from(lenderProducts)
    .where(isNull(lenderProducts.retiredAt))
    .orderBy(asc(lenderProducts.lender), asc(lenderProducts.productName));
  return rows.map(toProduct);
}

export async function findProduct(db: Database, id: string): Promise<StoredProduct | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(lenderProducts).where(eq(lenderProducts.id, id));
  return row ? toProduct(row) : null;
}

const named = (p: { id: string; lender: string; productName: string }) => ({
  productId: p.id,
  lender: p.lender,
  productName: p.productName,
});

export async function addProduct(db: Database, actor: StaffActor, input: LenderProductInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lenderProducts)
      .values({ lender: input.lender, productName: input.productName, kind: input.kind, criteria: input.criteria })
      .returning({ id: lenderProducts.id });
    if (!row) throw new Error("lender_products insert returned no row");
    await writeAudit(tx, { action: "panel.product-added", actor, detail: { ...named({ ...input, id: row.id }) } });
    return row.id;
  });
}

export type ProductChangeOutcome = { ok: true } | { ok: false; reason: "not-found" | "stale" | "retired" };

/** The names of what a change alters: the product's own fields and each criterion. */
function changedFields(before: LenderProductInput, after: LenderProductInput): string[] {
  const changed: string[] = [];
  for (const key of ["lender", "productName", "kind"] as const) if (before[key] !== after[key]) changed.push(key);
  for (const key of Object.keys(after.criteria) as (keyof LenderProductInput["criteria"])[]) {
    if (JSON.stringify(before.criteria[key]) !== JSON.stringify(after.criteria[key])) changed.push(key);
  }
  return changed;
}

/** Runs a change on the product's row only while it is still at `version`, bumping it. */
async function changeProductRow(
  db: Database,
  id: string,
  version: number,
  apply: (current: StoredProduct, tx: Database) => Promise<void>,
): Promise<ProductChangeOutcome> {
  if (!z.uuid().safeParse(id).success) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(lenderProducts).where(eq(lenderProducts.id, id)).for("update");
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.version !== version) return { ok: false, reason: "stale" } as const;
    if (row.retiredAt) return { ok: false, reason: "retired" } as const;
    await apply(toProduct(row), tx as unknown as Database);
    return { ok: true } as const;
  });
}

export async function changeProduct(
  db: Database,
  actor: StaffActor,
  change: { id: string; version: number; product: LenderProductInput },
): Promise<ProductChangeOutcome> {
  return changeProductRow(db, change.id, change.version, async (current, tx) => {
    const { product } = change;
    await tx
      .update(lenderProducts)
      .set({ ...product, version: current.version + 1 })
      .where(eq(lenderProducts.id, change.id));
    await writeAudit(tx, {
      action: "panel.product-changed",
      actor,
      detail: { ...named({ ...product, id: change.id }), changed: changedFields(current, product) },
    });
  });
}

export async function retireProduct(
  db: Database,
  actor: StaffActor,
  change: { id: string; version: number },
  now = new Date(),
): Promise<ProductChangeOutcome> {
  return changeProductRow(db, change.id, change.version, async (current, tx) => {
    await tx
      .update(lenderProducts)
      .set({ retiredAt: now, version: current.version + 1 })
      .where(eq(lenderProducts.id, change.id));
    await writeAudit(tx, { action: "panel.product-retired", actor, detail: named(current) });
  });
}
