import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { jobs, quotes } from "../../server/db/schema";
import { createScratchDatabase } from "../support/database";
import { validQuote } from "../support/leads";
import { ensureBuild, type ServerProcess, startServerProcess } from "../support/server-process";

/**
 * The server is killed with SIGKILL while 200 quotes are being submitted. After it
 * restarts on the same data, every quote that was answered with an id must be in the
 * database, with its emails queued; a browser retrying with its submission key gets
 * the same id back; and nothing is stored twice.
 */
const TOTAL = 200;
const CONCURRENCY = 16;
/** Killed once this many quotes have been answered: mid-run, with requests in flight. */
const KILL_AFTER_ANSWERS = 70;

interface Target {
  /** Environment for the server: where its data lives. */
  env: Record<string, string>;
  /** The same database, opened by the test while no server is running. */
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "faults-pglite-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir: path.join(dataDir, "pglite") }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "faults-pg-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openDatabase({ url: scratch.url, maxConnections: 2 }),
    async cleanup() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Outcome = { key: string; id?: string };

/** Posts every body, CONCURRENCY at a time; `onAnswer` sees each id as it arrives. */
async function submitAll(server: ServerProcess, keys: string[], onAnswer: (answered: number) => void) {
  const outcomes: Outcome[] = [];
  let next = 0;
  let answered = 0;
  async function lane() {
    while (next < keys.length) {
      const key = keys[next++] as string;
      try {
        const response = await fetch(`${server.baseUrl}/api/quotes`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(validQuote({ email: `fault-${key.slice(0, 8)}@example.com`, submission_key: key })),
        });
        const body = (await response.json()) as { id?: string };
        if (response.status === 201 && body.id) {
          outcomes.push({ key, id: body.id });
          onAnswer(++answered);
        } else {
          outcomes.push({ key });
        }
      } catch {
        // Connection refused or reset: the server is gone; no answer, no promise made.
        outcomes.push({ key });
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return outcomes;
}

const kinds: [string, () => Promise<Target>, boolean][] = [
  ["PGlite", pgliteTarget, true],
  ["PostgreSQL", postgresTarget, Boolean(process.env.TEST_DATABASE_URL)],
];

describe.each(kinds)("SIGKILL during 200 quote submissions on %s", (_, makeTarget, available) => {
  let target: Target;

  beforeAll(async () => {
    if (!available) return;
    ensureBuild();
    target = await makeTarget();
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  it.skipIf(!available)("loses no quote that was answered with an id, and stores none twice", async () => {
    const keys = Array.from({ length: TOTAL }, () => randomUUID());
    const env = { ...target.env, RATE_LIMIT_SCALE: "100000" };

    // 1. Submit, and kill the server mid-run.
    const first = await startServerProcess(env);
    let killed: Promise<unknown> | undefined;
    const outcomes = await submitAll(first, keys, (answered) => {
      if (answered === KILL_AFTER_ANSWERS) killed = first.kill();
    });
    expect(await killed).toBe("SIGKILL");
    const answered = outcomes.filter((o): o is Required<Outcome> => o.id !== undefined);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(answered.length).toBeLessThan(TOTAL); // the kill really landed mid-run
    console.info(
      `${answered.length} of ${TOTAL} quotes answered before the SIGKILL; ${TOTAL - answered.length} unanswered`,
    );

    // 2. Straight after the crash, before any server touches the data again.
    const afterCrash = await target.open();
    const stored = await afterCrash.db
      .select({ id: quotes.id, key: quotes.submissionKey })
      .from(quotes)
      .where(
        inArray(
          quotes.id,
          answered.map((o) => o.id),
        ),
      );
    expect(new Map(stored.map((row) => [row.id, row.key]))).toEqual(new Map(answered.map((o) => [o.id, o.key])));
    const queued = await afterCrash.db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(
        inArray(
          jobs.dedupeKey,
          answered.flatMap((o) => [`quote-notify:${o.id}`, `quote-confirm:${o.id}`]),
        ),
      );
    expect(queued).toHaveLength(answered.length * 2);
    await afterCrash.close();

    // 3. Restart on the same data; browsers retry every quote with its submission key.
    const second = await startServerProcess(env);
    try {
      const retried = await submitAll(second, keys, () => {});
      expect(retried.every((o) => o.id !== undefined)).toBe(true);
      const retriedIds = new Map(retried.map((o) => [o.key, o.id]));
      for (const o of answered) expect(retriedIds.get(o.key)).toBe(o.id);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    // 4. Exactly one quote per submission, each with its two emails queued once.
    const after = await target.open();
    const [counts] = (
      (await after.db.execute(sql`
        select (select count(*)::int from quotes) as quotes,
               (select count(distinct submission_key)::int from quotes) as keys,
               (select count(*)::int from jobs where dedupe_key like 'quote-%') as jobs`)) as unknown as {
        rows: { quotes: number; keys: number; jobs: number }[];
      }
    ).rows;
    await after.close();
    expect(counts).toEqual({ quotes: TOTAL, keys: TOTAL, jobs: TOTAL * 2 });
  });
});
