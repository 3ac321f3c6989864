import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "../../server/platform/db/client";
import { createScratchDatabase, migratedPglite, type TestDatabaseKind } from "./database";

/** The migrations folder as it stood before the migration tagged `tag` (a copy in a temporary folder). */
export function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

/**
 * A new database (a scratch one on the PostgreSQL server, or PGlite in memory) migrated
 * up to, not including, the migration tagged `tag`, as a firm running the older code has
 * it; `database.migrate()` then runs the rest. `finish` closes it and removes what it made.
 */
export async function databaseBefore(kind: TestDatabaseKind, tag: string) {
  const folder = migrationsBefore(tag);
  let drop = async () => {};
  let database: DatabaseHandle;
  if (kind === "postgres") {
    const scratch = await createScratchDatabase();
    database = await openDatabase({ url: scratch.url });
    drop = scratch.drop;
    await migratePg(database.db as never, { migrationsFolder: folder });
  } else {
    // From a template kept on disk, as openTestDatabase starts: a fresh `initdb` and
    // every migration inside the test took it past its time on a busy machine.
    database = await openDatabase({ initialData: await migratedPglite(folder) });
  }
  return {
    database,
    async finish() {
      await database.close();
      await drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
