import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { MailMessage } from "../mail";
import { batchedPerDatabase } from "./batch";
import type { Database } from "./client";
import { rowsOf } from "./rows";
import { jobs } from "./schema";

export interface LeadWithMail {
  /** The lead's row, by the table's property names; it must carry its `id`. */
  row: Record<string, unknown> & { id: string };
  /** The mail jobs that follow from it (the outbox rows enqueue() would write). */
  mail: { dedupeKey: string; message: MailMessage }[];
}

/**
 * For one lead table: inserts a lead row unless its submission key is taken and, in the
 * same statement, the mail jobs that follow from it: both or neither. The inserter
 * answers true when the row was new; false when the key was taken (nothing written).
 * Leads arriving together share one statement and one commit (db/batch.ts), so a busy
 * server makes one round trip for many.
 */
export function leadInserter(table: LeadTable): (db: Database, lead: LeadWithMail) => Promise<boolean> {
  return batchedPerDatabase((db: Database, leads: LeadWithMail[]) => insertLeadsWithMail(db, table, leads));
}

/** The lead tables: each has a uuid `id` and a unique `submission_key`. */
type LeadTable = PgTable;

/**
 * One statement for a batch of leads. The rows travel as one JSON parameter read back
 * into the table's own row type (so every row of a batch must name the same columns: one
 * it left out would be null, not the column's default), and the mail as another; the
 * statement's text is the same whatever the size of the batch. Rows go in submission-key
 * order, so concurrent batches never wait on each other in a circle; of two rows with the
 * same key in one batch, one is stored and the other answers false.
 */
async function insertLeadsWithMail(db: Database, table: LeadTable, leads: LeadWithMail[]): Promise<boolean[]> {
  const columns = getTableColumns(table);
  const names = new Map<string, string>();
  const rows = leads.map(({ row }) => {
    const json: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      const column = columns[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      names.set(key, column.name);
      json[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return json;
  });
  const mail = leads.flatMap(({ row, mail }) =>
    mail.map(({ dedupeKey, message }) => ({ lead_id: row.id, payload: message, dedupe_key: dedupeKey })),
  );
  const columnList = sql.join(
    [...names.values()].map((name) => sql.identifier(name)),
    sql`, `,
  );
  const inserted = await rowsOf<{ id: string }>(
    db,
    sql`
    with saved as (
      insert into ${table} (${columnList})
      select ${columnList} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)
      order by submission_key
      on conflict (submission_key) do nothing
      returning id
    ), queued as (
      insert into ${jobs} (kind, payload, dedupe_key)
      select 'mail', mail.payload, mail.dedupe_key
      from saved
      join jsonb_to_recordset(${JSON.stringify(mail)}::jsonb) as mail (lead_id uuid, payload jsonb, dedupe_key text)
        on mail.lead_id = saved.id
      on conflict (dedupe_key) do nothing
    )
    select id::text as id from saved`,
  );
  const saved = new Set(inserted.map((row) => row.id));
  return leads.map(({ row }) => saved.has(row.id));
}
