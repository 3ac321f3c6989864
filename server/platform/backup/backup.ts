import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../db/client";
import { migrationsFolder } from "../db/client";
import { embeddedDatabaseHolder } from "../db/embedded-lock";
import { backups } from "../db/schema";
import type { Logger } from "../logger";
import { readArchive, writeArchive } from "./archive";

// Backups of the whole database (decision 355): `npm run backup`, the server's own each
// night when BACKUP_DIR is set, and `npm run restore`. The embedded database's is one tar
// of PGlite's dump of its data folder and the local mail folder's files; a PostgreSQL
// server's is pg_dump's custom format. Either file's name carries the migration level of
// the build that wrote it, so a restore can refuse a backup newer than itself.

/** `backup-2026-12-07T02-00-00-123Z-level-17.tar` (embedded) or `….pgdump` (PostgreSQL). */
const BACKUP_NAME = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-level-\d+\.(tar|pgdump)$/;
/** The PGlite dump's name inside the embedded database's backup. */
const PGLITE_ENTRY = "pglite.tar.gz";
const MAIL_ENTRY = "mail/";

/** The number of migrations this build has: the level its database is at once it has started. */
export function migrationLevel(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** The migration level a backup's file name says, or null when it says none. */
export function levelOfBackup(file: string): number | null {
  const level = /-level-(\d+)\.(tar|pgdump)$/.exec(path.basename(file))?.[1];
  return level === undefined ? null : Number(level);
}

export function backupFileName(at: Date, level: number, kind: "pglite" | "postgres") {
  return `backup-${at.toISOString().replace(/[:.]/g, "-")}-level-${level}.${kind === "pglite" ? "tar" : "pgdump"}`;
}

export class BackupRefusal extends Error {}

export interface BackupSettings {
  /** The PostgreSQL server's address; absent: the embedded database `db` is. */
  databaseUrl?: string | undefined;
  /** The local mail folder, which goes with the embedded database's backup. */
  mailDir?: string | undefined;
}

export interface BackupWritten {
  file: string;
  bytes: number;
  durationMs: number;
}

/**
 * Writes one backup of the whole database to `dir` and records its outcome in the
 * `backups` table, failed or not. The file appears under its name only once complete.
 */
export async function takeBackup(
  db: Database,
  settings: BackupSettings,
  dir: string,
  trigger: "nightly" | "command",
): Promise<BackupWritten> {
  const started = performance.now();
  const file = path.resolve(
    dir,
    backupFileName(new Date(), migrationLevel(), settings.databaseUrl ? "postgres" : "pglite"),
  );
  const partial = `${file}.partial`;
  try {
    await mkdir(dir, { recursive: true });
    if (settings.databaseUrl) await pgDump(settings.databaseUrl, partial);
    else await dumpEmbedded(db, settings.mailDir, partial);
    await rename(partial, file);
    const { size } = await stat(file);
    const durationMs = Math.round(performance.now() - started);
    await db.insert(backups).values({ ok: true, bytes: size, durationMs, trigger });
    return { file, bytes: size, durationMs };
  } catch (error) {
    await rm(partial, { force: true }).catch(() => {});
    const durationMs = Math.round(performance.now() - started);
    // The database may be what failed: the failure is still thrown, recorded or not.
    await db
      .insert(backups)
      .values({ ok: false, bytes: null, durationMs, trigger })
      .catch(() => {});
    throw error;
  }
}

/** The embedded database's dump and the mail folder's files, as one tar. */
async function dumpEmbedded(db: Database, mailDir: string | undefined, file: string) {
  const client = (db as unknown as { $client: PGlite }).$client;
  // Every commit answered before now is in the data files, not only in the log.
  await client.query("checkpoint");
  const dump = new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
  const handle = await open(file, "w", 0o600);
  try {
    await writeArchive(handle, entries(dump, mailDir));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function* entries(dump: Uint8Array, mailDir: string | undefined) {
  yield { name: PGLITE_ENTRY, data: dump };
  for (const name of mailDir ? await filesIn(mailDir) : []) {
    const data = await readFile(path.join(mailDir as string, name)).catch(() => null);
    // A mail file the retention job deleted meanwhile is simply not in this backup.
    if (data) yield { name: `${MAIL_ENTRY}${name}`, data: new Uint8Array(data) };
  }
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

/** The connection's password goes by environment, not argument, so no other user's `ps` shows it. */
function clientTools(url: string) {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  return { url: address.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      errors = (errors + chunk).slice(-2_000);
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${command} is not installed here: install PostgreSQL's client tools (the server's version or newer)`,
            )
          : error,
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (exit ${code}): ${errors.trim().split("\n")[0] ?? ""}`));
    });
  });
}

async function pgDump(databaseUrl: string, file: string) {
  const { url, env } = clientTools(databaseUrl);
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-acl", `--file=${file}`, `--dbname=${url}`], env);
}

/** Deletes the oldest backups in `dir` beyond the newest `keep`; answers how many went. */
export async function pruneBackups(dir: string, keep: number): Promise<number> {
  const names = (await filesIn(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await unlink(path.join(dir, name)).catch(() => {});
  return old.length;
}

/**
 * The server's own backup, once a night (the outbox's `backup` job): written, the oldest
 * beyond `keep` deleted, and one log line with its size and time taken; a failure is
 * logged at error level and thrown, so the job tries again later.
 */
export async function takeNightlyBackup(
  db: Database,
  settings: BackupSettings & { dir: string; keep: number },
  log: Logger,
) {
  const started = performance.now();
  try {
    const written = await takeBackup(db, settings, settings.dir, "nightly");
    const deleted = await pruneBackups(settings.dir, settings.keep);
    log.info(
      { file: path.basename(written.file), bytes: written.bytes, durationMs: written.durationMs, deleted },
      "backup written",
    );
  } catch (error) {
    log.error({ err: error, durationMs: Math.round(performance.now() - started) }, "backup failed");
    throw error;
  }
}

export interface RestoreTarget {
  /** The PostgreSQL database to restore into; absent: the embedded one in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  mailDir: string;
  /** Empty the target first rather than refuse it when it holds anything. */
  replace: boolean;
}

/**
 * Puts a backup back: into an empty data folder or database, or, with `replace`, one
 * emptied first. Refuses (a BackupRefusal saying why) a backup whose name says a newer
 * migration level than this build's, one of the other kind of database, a target that
 * is not empty, and an embedded database a running server holds. Answers what it did.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<string> {
  const level = levelOfBackup(file);
  if (level === null) {
    throw new BackupRefusal(
      `${path.basename(file)} is not named as a backup is (backup-<time>-level-<n>.tar or .pgdump): its name says which version of the site wrote it, so keep the name the backup was given.`,
    );
  }
  const ours = migrationLevel();
  if (level > ours) {
    throw new BackupRefusal(
      `This backup comes from a newer version of the site (migration level ${level}; this one is at ${ours}): restore it with that version or a later one.`,
    );
  }
  if (!existsSync(file)) throw new BackupRefusal(`There is no file ${file}.`);
  const embedded = file.endsWith(".tar");
  if (embedded && target.databaseUrl) {
    throw new BackupRefusal(
      "This is a backup of the embedded database: restore it with DATABASE_URL unset, into DATA_DIR.",
    );
  }
  if (!embedded && !target.databaseUrl) {
    throw new BackupRefusal(
      "This is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into.",
    );
  }
  return target.databaseUrl ? restorePostgres(file, target.databaseUrl, target.replace) : restoreEmbedded(file, target);
}

async function restoreEmbedded(file: string, { dataDir, mailDir, replace }: RestoreTarget) {
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder) {
    throw new BackupRefusal(
      `The embedded database in ${dataDir} is in use by the running server (pid ${holder}): stop it, restore, then start it.`,
    );
  }
  const pgliteDir = path.resolve(dataDir, "pglite");
  const mailFiles = existsSync(mailDir) ? readdirSync(mailDir) : [];
  const holds = (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) || mailFiles.length > 0;
  if (holds && !replace) {
    throw new BackupRefusal(
      `${pgliteDir} or the mail folder ${mailDir} is not empty: restore into an empty DATA_DIR, or add --replace to delete what is there first.`,
    );
  }
  const archive = readArchive(new Uint8Array(await readFile(file)));
  const dump = archive.find((entry) => entry.name === PGLITE_ENTRY);
  if (!dump) throw new BackupRefusal(`${path.basename(file)} holds no database: it is not a backup of this site.`);
  if (replace) {
    await rm(pgliteDir, { recursive: true, force: true });
    for (const name of mailFiles) await rm(path.join(mailDir, name), { recursive: true, force: true });
  }
  await mkdir(pgliteDir, { recursive: true });
  const client = new PGlite({ dataDir: pgliteDir, loadDataDir: new Blob([dump.data]) });
  await client.waitReady;
  await client.close();
  let mail = 0;
  for (const entry of archive) {
    const name = entry.name.slice(MAIL_ENTRY.length);
    // Only plain file names, never a path out of the mail folder.
    if (!entry.name.startsWith(MAIL_ENTRY) || !name || name !== path.basename(name) || name.startsWith(".")) continue;
    await mkdir(mailDir, { recursive: true });
    await writeFile(path.join(mailDir, name), entry.data, { mode: 0o600 });
    mail++;
  }
  return `Restored the embedded database into ${pgliteDir}, and ${mail} mail files into ${mailDir}. Start the server: it brings the database up to this version's migrations.`;
}

async function restorePostgres(file: string, databaseUrl: string, replace: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`,
    );
    if ((rows[0]?.n ?? 0) > 0 && !replace) {
      throw new BackupRefusal(
        "The database DATABASE_URL names is not empty: restore into a new, empty database, or add --replace to delete everything in it first.",
      );
    }
    if (replace) {
      const schemas = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
      );
      for (const { name } of schemas.rows) await client.query(`drop schema "${name.replace(/"/g, '""')}" cascade`);
      await client.query("create schema public");
    }
  } finally {
    await client.end();
  }
  const { url, env } = clientTools(databaseUrl);
  await run(
    "pg_restore",
    ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file],
    env,
  );
  return "Restored the database DATABASE_URL names. Start the servers: they bring it up to this version's migrations.";
}
