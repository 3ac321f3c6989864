import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { defaultPromotionFigures } from "../../app/domain/promotions";
import {
  BackupRefusal,
  backupFileName,
  levelOfBackup,
  migrationLevel,
  restoreBackup,
  takeBackup,
  takeNightlyBackup,
} from "../../server/platform/backup/backup";
import { sendToServer, openControlSocket } from "../../server/control-socket";
import { runCommand } from "../../server/commands";
import { recordComplaint } from "../../server/complaints/complaints.server";
import { type DatabaseHandle, openDatabase } from "../../server/platform/db/client";
import { rowsOf } from "../../server/platform/db/rows";
import { backups, dataRequests, quotes, users } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { startJobs } from "../../server/jobs";
import { draftPromotion } from "../../server/promotions/promotions.server";
import { writeAudit } from "../../server/platform/audit.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { capturingLogger, createTestApp, postJson } from "../support/app";
import { createScratchDatabase, openTestDatabase, testDatabaseKinds, type TestDatabaseKind } from "../support/database";
import { freshAddress, validQuote } from "../support/leads";
import { ROOT } from "../support/server-process";

const run = promisify(execFile);

// The restore drill (decision 355): what the firm must keep (leads, a complaint, a
// promotion version, audit rows, a data request) is backed up, restored into a new empty
// database, and found there row for row, with the site answering on it. A backup taken
// while leads arrive keeps every lead answered before it began. A restore refuses a
// target that holds anything, unless told to replace it, and a backup from a newer
// version of the site.

const config = readConfig({ NODE_ENV: "test", TRUST_PROXY: "true" });

/** Every row of every table in every schema of ours, as text, in a fixed order. */
async function everyRow(database: DatabaseHandle): Promise<string[]> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const lines: string[] = [];
  for (const table of tables) {
    const rows = await rowsOf<{ row: string }>(
      database.db,
      sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t order by 1`,
    );
    lines.push(`${table.schema}.${table.name}: ${rows.length} rows`, ...rows.map(({ row }) => `${table.name}: ${row}`));
  }
  return lines;
}

/** What the firm must keep, one or more of each. */
async function writeKeptRecords(database: DatabaseHandle) {
  const { db } = database;
  await insertLeads(db, {
    quotes: [sampleQuote({ email: "kept.quote@example.com" }), sampleQuote({ email: "second.quote@example.com" })],
    enquiries: [sampleEnquiry()],
    contacts: [sampleContact()],
  });
  await recordComplaint(
    { config, db, kickOutbox: () => {} },
    {
      details: {
        name: "Jane Smith",
        email: "jane.complains@example.com",
        phone: null,
        about: "lead",
        words: "Nobody called me back when you said you would.",
        wanted: null,
      },
      channel: "phone",
      receivedAt: new Date("2026-11-27T10:00:00Z"),
      handler: null,
    },
  );
  const drafted = await draftPromotion(
    db,
    { id: "staff-dana", name: "Dana Drafter" },
    { figures: defaultPromotionFigures(), summary: "Lender rates", publishAt: null, basedOn: null },
  );
  expect(drafted.ok).toBe(true);
  await writeAudit(db, { action: "data.correction-asked", actor: null, detail: { reference: "R-1" } });
  await db.insert(users).values({ id: "user-kept", name: "Kay Kept", email: "kay.kept@example.com" });
  await db.insert(dataRequests).values({
    kind: "correction",
    userId: "user-kept",
    name: "Kay Kept",
    email: "kay.kept@example.com",
    details: "My phone number is wrong.",
    dueBy: new Date("2026-12-27T10:00:00Z"),
  });
}

describe.each(testDatabaseKinds())("backup and restore on %s", { timeout: 60_000 }, (kind: TestDatabaseKind) => {
  let source: DatabaseHandle;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "backup-drill-"));
  const sourceMail = path.join(scratch, "source-mail");
  const backupDir = path.join(scratch, "backups");
  const settings = () => ({ databaseUrl: kind === "postgres" ? sourceUrl : undefined, mailDir: sourceMail });
  let sourceUrl: string | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    if (kind === "postgres") {
      const database = await createScratchDatabase();
      sourceUrl = database.url;
      source = await openDatabase({ url: database.url, maxConnections: 10 });
      await source.migrate();
      cleanups.push(() => source.close().then(() => database.drop()));
    } else {
      source = await openTestDatabase(kind);
      cleanups.push(() => source.close());
    }
    mkdirSync(sourceMail);
    writeFileSync(path.join(sourceMail, "2026-12-07T02-00-00-000Z-_job-1_outbox_.eml"), "Subject: kept\r\n\r\nkept");
    await writeKeptRecords(source);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A new, empty target: a data folder of its own, or a new database on the server. */
  async function emptyTarget() {
    const dataDir = mkdtempSync(path.join(scratch, "target-"));
    const mailDir = path.join(dataDir, "mail");
    if (kind === "pglite") {
      return {
        target: { dataDir, mailDir, replace: false },
        open: () => openDatabase({ dataDir: path.join(dataDir, "pglite") }),
      };
    }
    const database = await createScratchDatabase();
    cleanups.push(() => database.drop());
    return {
      target: { databaseUrl: database.url, dataDir, mailDir, replace: false },
      open: () => openDatabase({ url: database.url, maxConnections: 4 }),
    };
  }

  let drilled: { file: string; target: Awaited<ReturnType<typeof emptyTarget>> };

  it("restores every row of every table into a new empty database, and the site answers on it", async () => {
    const before = await everyRow(source);
    expect(before.join("\n")).toMatch(/public\.complaints: 1 rows/);
    const { file, bytes } = await takeBackup(source.db, settings(), backupDir, "command");
    expect(levelOfBackup(file)).toBe(migrationLevel());
    expect(path.basename(file)).toMatch(kind === "pglite" ? /\.tar$/ : /\.pgdump$/);
    const [outcome] = await source.db.select().from(backups);
    expect(outcome).toMatchObject({ ok: true, bytes, trigger: "command" });

    const target = await emptyTarget();
    await restoreBackup(file, target.target);
    drilled = { file, target };
    const restored = await target.open();
    try {
      expect(await everyRow(restored)).toEqual(before);
      if (kind === "pglite") {
        expect(
          readFileSync(path.join(target.target.mailDir, "2026-12-07T02-00-00-000Z-_job-1_outbox_.eml"), "utf8"),
        ).toBe("Subject: kept\r\n\r\nkept");
      }
      // The site answers on the restored database: a new lead is taken and stored.
      const { app } = createTestApp(restored);
      const response = await app.request(
        "/api/quotes",
        postJson(validQuote({ email: "after.restore@example.com" }), freshAddress()),
      );
      expect(response.status).toBeLessThan(300);
      expect(
        await restored.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.email, "after.restore@example.com")),
      ).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });

  it("refuses a target that is not empty, and replaces it when told to", async () => {
    const { file, target } = drilled;
    await expect(restoreBackup(file, target.target)).rejects.toThrow(BackupRefusal);
    await expect(restoreBackup(file, target.target)).rejects.toThrow(/not empty.*--replace/);
    await restoreBackup(file, { ...target.target, replace: true });
    const restored = await target.open();
    try {
      // The lead taken after the first restore is gone: the target is the backup again.
      expect(
        await restored.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.email, "after.restore@example.com")),
      ).toHaveLength(0);
    } finally {
      await restored.close();
    }
  });

  it("refuses a backup whose name says a newer migration level than this version's", async () => {
    const newer = path.join(
      scratch,
      path.basename(drilled.file).replace(/-level-\d+\./, `-level-${migrationLevel() + 1}.`),
    );
    copyFileSync(drilled.file, newer);
    const target = await emptyTarget();
    await expect(restoreBackup(newer, target.target)).rejects.toThrow(/newer version of the site/);
  });

  it.runIf(kind === "pglite")("says why at the command line, and exits 1, when it refuses a restore", async () => {
    const newer = path.join(
      scratch,
      path.basename(drilled.file).replace(/-level-\d+\./, `-level-${migrationLevel() + 1}.`),
    );
    const dataDir = mkdtempSync(path.join(scratch, "cli-"));
    const command = (...argv: string[]) =>
      run(process.execPath, ["--import", "tsx", "server/cli.ts", ...argv], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
      }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
    expect(await command("restore", newer)).toEqual({
      code: 1,
      stderr: expect.stringMatching(/newer version of the site/),
    });
    expect(await command("restore")).toEqual({ code: 1, stderr: expect.stringContaining("npm run restore -- <file>") });
  });

  it("loses no lead answered before a backup that starts while leads arrive", async () => {
    const { app } = createTestApp(source);
    const answered: string[] = [];
    let stop = false;
    let sent = 0;
    const arrive = async () => {
      while (!stop) {
        const email = `arriving.${sent++}@example.com`;
        const response = await app.request("/api/quotes", postJson(validQuote({ email }), freshAddress()));
        expect(response.status).toBeLessThan(300);
        answered.push(email);
        // As leads come over the network: between two, timers and other work get their turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const arrivals = [arrive(), arrive()];
    const failed = Promise.all(arrivals).then(() => "stopped");
    while (answered.length < 4) {
      expect(await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 10, "waiting"))])).toBe(
        "waiting",
      );
    }
    const answeredBefore = [...answered];
    const { file } = await takeBackup(source.db, settings(), backupDir, "command");
    stop = true;
    await Promise.all(arrivals);

    const target = await emptyTarget();
    await restoreBackup(file, target.target);
    const restored = await target.open();
    try {
      const kept = new Set((await restored.db.select({ email: quotes.email }).from(quotes)).map((q) => q.email));
      expect(answeredBefore.filter((email) => !kept.has(email))).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it("is taken each night by the server's outbox, keeping BACKUP_KEEP, with one log line and a row per outcome", async () => {
    const nightly = path.join(scratch, "nightly");
    mkdirSync(nightly);
    // Three older backups already there: with two kept, the night's and the newest of these stay.
    const older = ["01", "02", "03"].map((day) => backupFileName(new Date(`2026-01-${day}T02:00:00Z`), 1, kind));
    for (const name of older) writeFileSync(path.join(nightly, name), "old");
    writeFileSync(path.join(nightly, "notes.txt"), "not a backup");
    const { log, text } = capturingLogger();
    const worker = startJobs({
      db: source.db,
      mailer: createMailer({ mailDir: sourceMail, from: config.mail.from }),
      log,
      pollMs: 20,
      nightlyBackup: () => takeNightlyBackup(source.db, { ...settings(), dir: nightly, keep: 2 }, log),
    });
    try {
      const deadline = Date.now() + 40_000;
      while (!text().includes("backup written") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    const left = readdirSync(nightly).sort();
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining([older[2], "notes.txt"]));
    const written = text()
      .split("\n")
      .filter((line) => line.includes("backup written"))
      .map((line) => JSON.parse(line));
    expect(written).toEqual([
      expect.objectContaining({ level: 30, bytes: expect.any(Number), durationMs: expect.any(Number), deleted: 2 }),
    ]);
    const rows = await source.db.select().from(backups).where(eq(backups.trigger, "nightly"));
    expect(rows).toEqual([expect.objectContaining({ ok: true, bytes: written[0].bytes })]);

    // A backup that cannot be written is logged at error level and recorded as failed.
    const notAFolder = path.join(nightly, "notes.txt");
    await expect(takeNightlyBackup(source.db, { ...settings(), dir: notAFolder, keep: 2 }, log)).rejects.toThrow();
    const failed = text()
      .split("\n")
      .filter((line) => line.includes("backup failed"))
      .map((line) => JSON.parse(line));
    expect(failed).toEqual([expect.objectContaining({ level: 50 })]);
    expect((await source.db.select().from(backups).where(eq(backups.ok, false))).length).toBe(1);
    expect(text()).not.toMatch(/@example\.com|Smith/);
  });

  it.runIf(kind === "pglite")(
    "is taken by the running server when the command line finds the database held",
    async () => {
      const dataDir = mkdtempSync(path.join(scratch, "served-"));
      const control = await openControlSocket({
        dataDir,
        run: (argv) => runCommand(source.db, { ...config, mailDir: sourceMail }, argv),
        log: createLogger("silent"),
      });
      try {
        const folder = path.join(scratch, "through-the-server");
        const result = await sendToServer(dataDir, ["backup", folder]);
        expect(result).toMatchObject({ code: 0, err: [] });
        expect(result?.out[0]).toMatch(new RegExp(`^Wrote ${folder}/backup-.*-level-${migrationLevel()}\\.tar \\(`));
      } finally {
        await control?.close();
      }
    },
  );
});
