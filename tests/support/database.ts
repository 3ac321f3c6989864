import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";

export type TestDatabaseKind = "pglite" | "postgres";

/**
 * The databases server tests run against: embedded PGlite always, and the PostgreSQL
 * server as well when TEST_DATABASE_URL is set (as CI sets it).
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (TEST_DATABASE_URL by
 * default), for one test file, benchmark or fault run; `drop()` removes it.
 */
export async function createScratchDatabase(serverUrl = process.env.TEST_DATABASE_URL) {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `scratch_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** A freshly migrated, empty database of its own, for one test file. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchDatabase();
  const handle = await openDatabase({ url: scratch.url, maxConnections: 10 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
