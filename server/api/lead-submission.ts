import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Context } from "hono";
import { z } from "zod";
import { batchedPerDatabase } from "../db/batch";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import type { MailMessage } from "../mail";
import { parseJsonBody } from "./json";

/** The form field people never see and bots fill in (DECISIONS D7). */
export const HONEYPOT_FIELD = "website";

export const SUBMISSION_KEY_INVALID = "Submission key must be a UUID";

/**
 * Sent by the browser once per completed form (crypto.randomUUID), so a doubled click,
 * a retry after a lost answer or a replayed request stores one lead. Optional: a caller
 * without one simply gets no de-duplication.
 */
export const submissionKeySchema = z.uuid({ error: SUBMISSION_KEY_INVALID }).optional();

type LeadBody<Data> = { ok: true; data: Data } | { ok: false; response: Response };

/**
 * Reads a lead's JSON body: a filled honeypot is answered as if saved (201 with an id
 * that looks real) and goes no further; otherwise the body is sanitised exactly as the
 * browser does (spec section 5) and checked against the domain schema, 400 naming the
 * field and the message when it fails.
 */
export function leadBodyReader<T extends z.ZodObject>(schema: T, sanitise: (raw: unknown) => unknown) {
  // safeExtend keeps the schema's own refinements (the enquiry's mortgage-owner checks).
  const leadSchema = z.preprocess(sanitise, schema.safeExtend({ submission_key: submissionKeySchema }));
  type Data = z.output<T> & { submission_key?: string | undefined };
  return async (c: Context): Promise<LeadBody<Data>> => {
    const raw = await parseJsonBody(c, z.unknown());
    if (!raw.ok) return raw;
    // A lead is an object; `null`, a number or a list goes no further (the schema's
    // cross-field checks assume an object).
    if (typeof raw.data !== "object" || raw.data === null || Array.isArray(raw.data)) {
      return { ok: false, response: c.json({ error: "Request body must be a JSON object" }, 400) };
    }
    if (honeypotFilled(raw.data)) return { ok: false, response: c.json({ id: randomUUID() }, 201) };
    // Hono keeps the parsed body, so reading it again costs nothing.
    return (await parseJsonBody(c, leadSchema)) as LeadBody<Data>;
  };
}

function honeypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

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
  // Both drivers (node-postgres and PGlite) answer with `{ rows }`.
  const result = (await db.execute(sql`
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
    select id::text as id from saved`)) as unknown as { rows: { id: string }[] };
  const saved = new Set(result.rows.map((row) => row.id));
  return leads.map(({ row }) => saved.has(row.id));
}
