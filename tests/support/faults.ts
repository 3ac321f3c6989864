import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../server/platform/db/client";
import { createScratchDatabase, seedEmbeddedDatabase } from "./database";
import { validEnquiry, validQuote } from "./leads";
import { ROOT } from "./server-process";
import type { ReceivedMail } from "./smtp-sink";

/**
 * What the fault tests share: where the server keeps its data, a stream of leads sent
 * the way browsers send them (retried with their submission key until answered), and
 * one row per fault for the report (reports/faults.jsonl).
 */

export interface Target {
  name: "PGlite" | "PostgreSQL";
  /** Environment for the server: where its data lives. */
  env: Record<string, string>;
  /** The PostgreSQL database's own address (PostgreSQL only), e.g. to put a proxy in front. */
  url?: string;
  /** The same database, opened by the test (PGlite: only while no server holds it). */
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

export async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "faults-pglite-"));
  // Migrated already, as after a first start (decision 371).
  await seedEmbeddedDatabase(dataDir);
  return {
    name: "PGlite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir: path.join(dataDir, "pglite") }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(): Promise<Target> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "faults-pg-"));
  return {
    name: "PostgreSQL",
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    url: scratch.url,
    open: () => openDatabase({ url: scratch.url, maxConnections: 2, queryTimeoutMs: 0 }),
    async cleanup() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL half of the fault tests runs wherever TEST_DATABASE_URL is set; in CI
 * it must be, so that half is never skipped without a word.
 */
export function postgresAvailable(): boolean {
  if (process.env.TEST_DATABASE_URL) return true;
  if (process.env.CI)
    throw new Error("TEST_DATABASE_URL must be set in CI: the PostgreSQL fault tests may not be skipped");
  return false;
}

export type LeadKind = "quote" | "enquiry";

export interface Lead {
  kind: LeadKind;
  key: string;
  email: string;
  /** The id the server answered with, once it has. */
  id?: string;
}

/** `count` leads, quotes and enquiries alternately, each with its own key and email. */
export function makeLeads(count: number, prefix: string): Lead[] {
  return Array.from({ length: count }, (_, i) => {
    const key = randomUUID();
    return { kind: i % 2 === 0 ? "quote" : "enquiry", key, email: `${prefix}-${key.slice(0, 8)}@example.com` };
  });
}

export type Answer =
  | { status: number; id?: string; retryAfter?: string | null; ms: number }
  | { status: "no answer"; ms: number };

/** Posts one lead as the browser does; never throws. */
export async function submit(baseUrl: string, lead: Lead): Promise<Answer> {
  const started = performance.now();
  const body =
    lead.kind === "quote"
      ? validQuote({ email: lead.email, submission_key: lead.key })
      : validEnquiry({ email: lead.email, submission_key: lead.key });
  try {
    const response = await fetch(`${baseUrl}/api/${lead.kind === "quote" ? "quotes" : "enquiries"}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await response.json().catch(() => ({}))) as { id?: string };
    return {
      status: response.status,
      id: json.id,
      retryAfter: response.headers.get("Retry-After"),
      ms: performance.now() - started,
    };
  } catch {
    // Connection refused or reset: the server is gone; no answer, no promise made.
    return { status: "no answer", ms: performance.now() - started };
  }
}

/** Lead and mail counts as the database holds them. */
export async function storedCounts(db: DatabaseHandle["db"]) {
  const result = (await db.execute(sql`
    select (select count(*)::int from quotes) + (select count(*)::int from personal_enquiries) as leads,
           (select count(distinct submission_key)::int from quotes) + (select count(distinct submission_key)::int from personal_enquiries) as keys,
           (select count(*)::int from jobs where kind = 'mail') as mail,
           (select count(*)::int from jobs where kind = 'mail' and status = 'done') as sent`)) as unknown as {
    rows: { leads: number; keys: number; mail: number; sent: number }[];
  };
  return result.rows[0] ?? { leads: 0, keys: 0, mail: 0, sent: 0 };
}

/** Every lead's id by its submission key. */
export async function storedIds(db: DatabaseHandle["db"]): Promise<Map<string, string>> {
  const result = (await db.execute(sql`
    select submission_key as key, id::text as id from quotes
    union all select submission_key, id::text from personal_enquiries`)) as unknown as {
    rows: { key: string; id: string }[];
  };
  return new Map(result.rows.map((row) => [row.key, row.id]));
}

/** How many messages arrived per Message-ID. */
export function messageIdCounts(messages: ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const id = /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1] ?? "(none)";
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

export function duplicates(counts: Map<string, number>): number {
  let extra = 0;
  for (const n of counts.values()) extra += Math.max(0, n - 1);
  return extra;
}

export interface FaultRow {
  fault: string;
  database: string;
  submitted: number;
  answered: number;
  stored: number;
  lost: number;
  storedTwice: number;
  emails?: number;
  duplicateEmails?: number;
  recoverySeconds?: number;
  notes?: string;
}

/** Prints the row and appends it to reports/faults.jsonl, the table the closing note quotes. */
export function reportFault(row: FaultRow) {
  console.info(`fault: ${JSON.stringify(row)}`);
  const dir = path.join(ROOT, "reports");
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, "faults.jsonl"), `${JSON.stringify({ at: new Date().toISOString(), ...row })}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the sink has at least `atLeast` messages and none arrived for `quietMs`
 * (the server has sent what it will), or after `withinMs` whatever the count.
 */
export async function mailSettled(
  sink: { messages: unknown[] },
  { atLeast, quietMs, withinMs }: { atLeast: number; quietMs: number; withinMs: number },
) {
  const deadline = Date.now() + withinMs;
  let count = -1;
  let changedAt = Date.now();
  while (Date.now() < deadline) {
    if (sink.messages.length !== count) {
      count = sink.messages.length;
      changedAt = Date.now();
    } else if (count >= atLeast && Date.now() - changedAt >= quietMs) {
      return;
    }
    await sleep(200);
  }
}

/** Resolves once `condition` holds, checking every 100 ms; fails after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}
