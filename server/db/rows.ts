import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/** The database, or a transaction on it: anything that runs a raw statement. */
type Executor = Pick<Database, "execute">;

/**
 * The rows a raw statement answers, typed as the caller's `select` names them. Drizzle
 * types `execute` per driver; both drivers here (node-postgres and PGlite) answer with
 * `{ rows }`, which this checks rather than assumes.
 */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  const rows = typeof result === "object" && result !== null ? (result as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) throw new Error("the database driver answered a statement without rows");
  return rows as Row[];
}
