import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "../../server/platform/db/client";

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
    const handle = await openDatabase({ initialData: await migratedPglite() });
    // Nothing left to apply: this only checks the template is the migrations' own.
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

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * An empty PGlite cluster with every migration of `folder` applied (all of them by
 * default), dumped once and kept on disk under a name made from those migrations and
 * PGlite's version, so each test file (a worker of its own) starts from it in about
 * 0.4 s instead of 2.4 s of `initdb` and migrations, which on a busy machine (load 11)
 * took 15 s and more. A new migration makes a new name, so a stale template is never used.
 */
export async function migratedPglite(folder = migrationsFolder): Promise<Blob> {
  return new Blob([readFileSync(await migratedPgliteFile(folder))]);
}

/** The file `migratedPglite` keeps its template in, made first if it is not there yet. */
export async function migratedPgliteFile(folder = migrationsFolder): Promise<string> {
  const file = templateFile(folder);
  if (existsSync(file)) return file;
  // Not made yet: made here, by whichever worker gets there first.
  const handle = await openDatabase({});
  await migratePglite(handle.db as never, { migrationsFolder: folder });
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  await handle.close();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/**
 * A server's embedded database, already migrated, in `dataDir` (where `DATA_DIR` points):
 * the template above unpacked into its `pglite` folder, as the server leaves it after its
 * first start. A test that starts the real process (or the command line) on a new folder
 * then skips `initdb` and the migrations in the child, which took 12 of its 20 s to be
 * ready on a busy machine (decision 371). Tests of a first start on an empty folder
 * (npm-start, server-process, the backup drill) do not use it.
 */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const folder = path.join(dataDir, "pglite");
  if (existsSync(path.join(folder, "PG_VERSION"))) return;
  const template = await migratedPgliteFile();
  mkdirSync(folder, { recursive: true });
  // PGlite's dump names its entries from the cluster's root (`/base/...`).
  execFileSync("tar", ["-xf", template, "-C", folder], { stdio: ["ignore", "ignore", "pipe"] });
}

function templateFile(folder: string) {
  const hash = createHash("sha256");
  const pglite = JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  hash.update(pglite.version);
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    if (!name.endsWith(".sql") && !name.endsWith(".json")) continue;
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return path.join(root, "node_modules/.cache/test-databases", `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}
