import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { reportStatementError } from "../metrics";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every migration in ./drizzle that has not run yet. Safe to call from several servers at once. */
  migrate(): Promise<void>;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The connections the pool holds and the requests waiting for one (embedded: its one connection). */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

import { migrationsFolder } from "../migrations";

export interface PoolUse {
  max: number;
  /** Connections open, whether working or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

/**
 * Counts the statements of a client (a pg client or PGlite) that fail, for /metrics
 * (decision 450), whether called with a callback (pg's pool) or for a promise.
 */
function countStatementErrors(client: { query: (...args: never[]) => unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) reportStatementError();
        return (last as (...callbackArgs: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(() => reportStatementError());
    return result;
  }) as typeof client.query;
}

export { migrationsFolder };
/** The longest any one statement may take; a request makes at most a few. */
export const QUERY_TIMEOUT_MS = 2_000;
/** Any constant will do: it only has to be the same for every server running migrations. */
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  /** A PostgreSQL server. When absent, embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder; absent means in memory (tests). */
  dataDir?: string;
  /**
   * PGlite only: a dump of a data folder (`dumpDataDir`) to start from instead of an
   * empty cluster. Tests start from one already migrated, which skips `initdb` and the
   * migrations: a fifth of the time.
   */
  initialData?: Blob;
  /** A PostgreSQL schema to work in (tests isolate each run in a schema of its own). */
  schemaName?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** The longest one statement may take on PostgreSQL (QUERY_TIMEOUT_MS unless set; 0: no limit, for scripts). */
  queryTimeoutMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite({ dataDir, initialData }: DatabaseOptions): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: initialData });
  await client.waitReady;
  countStatementErrors(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      countStatementErrors(tx);
      return work(tx);
    })) as PGlite["transaction"];
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () =>
      client.query("select 1").then(
        () => true,
        () => false,
      ),
    poolUse: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  { schemaName, maxConnections = 20, queryTimeoutMs = QUERY_TIMEOUT_MS }: DatabaseOptions,
) {
  const searchPath = schemaName ? { options: `-c search_path=${schemaName}` } : {};
  // The site's queries are many and short: a parallel plan's workers cost more to start
  // than they save on a few thousand rows, and took an inbox count from 5 ms to 100
  // (docs/decisions/083). Each of the pool's connections plans without them.
  const settings = `-c max_parallel_workers_per_gather=0${schemaName ? ` -c search_path=${schemaName}` : ""}`;
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    // A database that hangs rather than refuses must not hold a request for long: a
    // connection (or a place in the pool's queue) within 1.5 s, an answer within 2 s.
    connectionTimeoutMillis: 1_500,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs, statement_timeout: queryTimeoutMs } : {}),
    options: settings,
  });
  // An idle client losing its connection must not take the server down.
  pool.on("error", () => {});
  pool.on("connect", (client) => countStatementErrors(client));
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    async migrate() {
      // A client of its own, without the pool's time-outs: a migration may wait for
      // another server's lock, and may take longer than any request should.
      const client = new pg.Client({ connectionString: url, ...searchPath });
      await client.connect();
      try {
        if (schemaName) await client.query(`create schema if not exists "${schemaName}"`);
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg(client, { casing: "snake_case" }), {
            migrationsFolder,
            ...(schemaName ? { migrationsSchema: schemaName } : {}),
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      } finally {
        await client.end();
      }
    },
    ping: () =>
      pool.query("select 1").then(
        () => true,
        () => false,
      ),
    poolUse: () => ({ max: maxConnections, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
  return handle;
}
