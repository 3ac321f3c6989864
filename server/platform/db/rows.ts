import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
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

/**
 * A timestamp as ISO 8601 text to the microsecond, as the database keeps it: a JS Date
 * keeps milliseconds, and a page cursor cut there skips rows written later in the same
 * millisecond. For keyset cursors (the inbox's, the audit log's).
 */
export const microsecondText = (timestamp: SQLWrapper) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
