import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Context } from "hono";
import { z } from "zod";
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

/**
 * Inserts a lead row unless its submission key is taken and, in the same statement,
 * the mail jobs that follow from it (the outbox rows enqueue() would write): both or
 * neither, in one round trip. True when the row was new; false when the key was taken
 * (nothing written).
 */
export async function insertLeadWithMail(
  db: Database,
  table: PgTable,
  row: Record<string, unknown>,
  mail: { dedupeKey: string; message: MailMessage }[],
): Promise<boolean> {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`);
  }
  const queued = sql.join(
    mail.map(({ dedupeKey, message }) => sql`(${JSON.stringify(message)}::jsonb, ${dedupeKey})`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with saved as (
      insert into ${table} (${sql.join(names, sql`, `)})
      values (${sql.join(values, sql`, `)})
      on conflict (submission_key) do nothing
      returning 1
    ), queued as (
      insert into ${jobs} (kind, payload, dedupe_key)
      select 'mail', mail.payload, mail.dedupe_key
      from saved, (values ${queued}) as mail (payload, dedupe_key)
      on conflict (dedupe_key) do nothing
    )
    select count(*)::int as saved from saved`)) as unknown as { rows: { saved: number }[] };
  return Number(result.rows[0]?.saved) === 1;
}
