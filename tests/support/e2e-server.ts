/**
 * What the browser tests run against: an SMTP sink that writes each message it
 * receives to E2E_MAIL_DIR, and the real server (built app from BUILD_DIR) on E2E_PORT
 * with a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite), pointed at that sink, with rate limits raised so a test run
 * is not throttled by its own traffic, and with a conversion id so the thank-you
 * page's ad conversion is exercised (against a faked ad network). Beside it, on E2E_PORT + 1000, a read-only window
 * onto the database for tests to check what was stored (see tests/support/stored.ts), which
 * also adds staff (/staff/add), moves the outbox's clock (/clock?to=ISO) and runs a
 * retention rule at a time of the test's choosing (/retention?at=ISO&kinds=...), and records
 * a backup taken hours ago (/backups/record?hours=N).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readConfig } from "../../app/config.server";
import { isRole } from "../../app/domain/permissions";
import { RETENTION_KINDS, type RetentionKind } from "../../app/domain/retention";
import { addStaff } from "../../server/staff/accounts.server";
import { seedExamplePanel } from "../../server/staff/lender-panel/example-panel";
import { runRetentionOf } from "../../server/privacy/retention";
import { startServer } from "../../server/start";
import { E2E_ADS_CONVERSION_ID, E2E_MAIL_DIR, E2E_PORT } from "./e2e-paths";
import { createScratchDatabase, seedEmbeddedDatabase } from "./database";
import { startSmtpSink } from "./smtp-sink";

rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true });
const sink = await startSmtpSink(0);
let count = 0;
const originalPush = sink.messages.push.bind(sink.messages);
sink.messages.push = (...mails) => {
  for (const mail of mails) {
    count++;
    // Written beside, then renamed into place: a test reading the folder never sees half a message.
    const file = path.join(E2E_MAIL_DIR, `${String(count).padStart(5, "0")}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  }
  return originalPush(...mails);
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
// The embedded database migrated already, as after a first start (decision 371).
if (!process.env.E2E_DATABASE_URL && !process.env.TEST_DATABASE_URL) await seedEmbeddedDatabase(dataDir);
// On a PostgreSQL server when TEST_DATABASE_URL is set (as CI sets it, since production
// runs there), else on embedded PGlite: a database of its own either way, so runs never
// see each other's rows.
// E2E_DATABASE_URL: a database another server shares (the promotion tests' second server), kept when this one stops.
const shared = process.env.E2E_DATABASE_URL;
const scratch =
  !shared && process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : undefined;
const config = readConfig({
  ...process.env,
  NODE_ENV: "test",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  SMTP_URL: sink.url,
  RATE_LIMIT_SCALE: "1000",
  LOG_LEVEL: "warn",
  SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
  ADS_CONVERSION_ID: E2E_ADS_CONVERSION_ID,
  DATABASE_URL: shared ?? scratch?.url ?? "",
});
/** How far a test has moved the outbox's clock (/clock below): its sweep queues call-back reminders by it. */
let clockOffsetMs = 0;
/** How far a test has moved the clock scheduled promotion versions go live by (/promotions-clock below). */
let promotionsOffsetMs = 0;
const server = await startServer(config, {
  buildDir: process.env.BUILD_DIR ?? "build",
  outboxNow: () => new Date(Date.now() + clockOffsetMs),
  promotionsNow: () => new Date(Date.now() + promotionsOffsetMs),
});

const TABLES = new Set([
  "quotes",
  "personal_enquiries",
  "contact_messages",
  "profiles",
  "users",
  "accounts",
  "sessions",
  "jobs",
  "audit_log",
  "lead_needs",
  "promotion_versions",
]);
createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  // What `npm run staff -- add` does (server/staff/accounts.server.ts), for the server's own
  // embedded database, which the command line cannot open while the server holds it.
  if (url.pathname === "/staff/add") {
    // The roles that work the console unless the test names some (`roles=administrator`): an
    // administrator only where a test means one, so the team's last administrator is its own.
    const roles = (url.searchParams.get("roles") ?? "adviser,manager,compliance").split(",").filter(isRole);
    const { token } = await addStaff(server.database.db, {
      email: url.searchParams.get("email") ?? "",
      name: url.searchParams.get("name") ?? "",
      roles,
    });
    res.writeHead(200, { "Content-Type": "text/plain" }).end(`/staff/enrol?token=${token}`);
    return;
  }
  // Makes the code a member last entered ten minutes old in each of their sessions, as if
  // they had been working a while: their next export, erasure or change to the team asks
  // for a code again (the step-up, docs/decisions/272).
  if (url.pathname === "/staff/stale-code") {
    await server.database.db.execute(
      sql`update staff_sessions set code_at = now() - interval '10 minutes'
        where staff_id = (select id from staff_members where email = ${url.searchParams.get("email") ?? ""})`,
    );
    res.writeHead(200).end();
    return;
  }
  // Records a backup that succeeded `hours` ago, as `npm run backup` records one (decision
  // 355): the health strip's backup check reads it (decision 451).
  if (url.pathname === "/backups/record") {
    const hours = Number(url.searchParams.get("hours") ?? "");
    if (!Number.isFinite(hours)) {
      res.writeHead(400).end("hours must be a number");
      return;
    }
    await server.database.db.execute(
      sql`insert into backups (finished_at, ok, bytes, duration_ms, trigger)
        values (now() - ${`${hours} hours`}::interval, true, 1, 1, 'command')`,
    );
    res.writeHead(200).end();
    return;
  }
  // Moves the outbox's clock to `to` (ISO 8601) from now on, for a test to meet a call-back's
  // time without waiting for it; answers the offset in milliseconds.
  if (url.pathname === "/clock") {
    const to = Date.parse(url.searchParams.get("to") ?? "");
    if (Number.isNaN(to)) {
      res.writeHead(400).end("to must be an ISO 8601 time");
      return;
    }
    clockOffsetMs = to - Date.now();
    res.writeHead(200, { "Content-Type": "text/plain" }).end(String(clockOffsetMs));
    return;
  }
  // Runs the retention job's rules named in `kinds` as if it were `at` (ISO 8601): one rule
  // years on, the rest of the database (other tests' leads) untouched. Answers the counts.
  if (url.pathname === "/retention") {
    const at = Date.parse(url.searchParams.get("at") ?? "");
    const kinds = (url.searchParams.get("kinds") ?? "")
      .split(",")
      .filter((kind): kind is RetentionKind => Object.hasOwn(RETENTION_KINDS, kind));
    if (Number.isNaN(at) || kinds.length === 0) {
      res.writeHead(400).end("at must be an ISO 8601 time and kinds retention rules");
      return;
    }
    const deleted = await runRetentionOf(server.database.db, new Date(at), kinds);
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(deleted));
    return;
  }
  // Every row of every table as text (the catalogue walked, so a table added later is in it):
  // what a test searches for the words a person typed, once they are erased.
  if (url.pathname === "/dump") {
    const tables = (await server.database.db.execute(
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { schema: string; name: string }[] };
    const lines: string[] = [];
    for (const t of tables.rows) {
      const rows = (await server.database.db.execute(
        sql`select t::text as row from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} t`,
      )) as unknown as { rows: { row: string }[] };
      for (const { row } of rows.rows) lines.push(`${t.name}: ${row}`);
    }
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(lines.join("\n"));
    return;
  }
  // Moves the clock scheduled promotion versions go live by (DECISIONS D27), for a test to
  // meet a version's time without waiting for it; answers the offset in milliseconds.
  if (url.pathname === "/promotions-clock") {
    const to = Date.parse(url.searchParams.get("to") ?? "");
    if (Number.isNaN(to)) {
      res.writeHead(400).end("to must be an ISO 8601 time");
      return;
    }
    promotionsOffsetMs = to - Date.now();
    res.writeHead(200, { "Content-Type": "text/plain" }).end(String(promotionsOffsetMs));
    return;
  }
  // The example lender panel (`npm run seed -- --panel`): a test compares the rates the site
  // advertises with it (DECISIONS D31). Answers how many products were added.
  if (url.pathname === "/panel") {
    const added = await seedExamplePanel(server.database.db);
    res.writeHead(200, { "Content-Type": "text/plain" }).end(String(added));
    return;
  }
  const table = url.pathname.slice(1);
  if (!TABLES.has(table)) {
    res.writeHead(404).end();
    return;
  }
  const result = (await server.database.db.execute(
    sql.raw(`select * from "${table}" order by ${table === "audit_log" ? "id" : "created_at"}`),
  )) as unknown as { rows: unknown[] };
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result.rows));
}).listen(E2E_PORT + 1000, "127.0.0.1");

const stop = async () => {
  await server.close();
  await sink.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
