import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every migration in ./drizzle that has not run yet. Safe to call from several servers at once. */
  migrate(): Promise<void>;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
/** Any constant will do: it only has to be the same for every server running migrations. */
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  /** A PostgreSQL server. When absent, embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder; absent means in memory (tests). */
  dataDir?: string;
  /** A PostgreSQL schema to work in (tests isolate each run in a schema of its own). */
  schemaName?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite({ dataDir }: DatabaseOptions): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
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
    close: () => client.close(),
  };
}

async function openPostgres(url: string, { schemaName, maxConnections = 20 }: DatabaseOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client losing its connection must not take the server down.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
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
        client.release();
      }
    },
    ping: () =>
      pool.query("select 1").then(
        () => true,
        () => false,
      ),
    close: () => pool.end(),
  };
  return handle;
}
