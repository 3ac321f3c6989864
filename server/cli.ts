import path from "node:path";
import { ConfigError, readConfig } from "../app/config.server";
import { openDatabase } from "./db/client";
import { embeddedDatabaseHolder } from "./db/embedded-lock";
import { formatRetentionReport, retentionDryRun, runRetention } from "./retention";
import { seedLeads } from "./staff/seed";
import { addStaff, disableStaff, ENROL_LINK_HOURS, listStaff, StaffAccountError } from "./staff/accounts.server";

// The firm's command line: `npm run staff -- add|list|disable`, `npm run seed -- --leads N`,
// `npm run retention [-- --dry-run]`.
// It opens the same
// database the server uses (DATABASE_URL, or the embedded one in DATA_DIR) and runs
// the migrations first, so it works on a fresh machine before the first start.

const USAGE = `Usage:
  npm run staff -- add <email> "<full name>"   make a staff member (or re-enrol one) and print a one-time link
  npm run staff -- list                        list staff members
  npm run staff -- disable <email>             stop a staff member signing in, and end their sessions
  npm run seed -- --leads <count>              add made-up leads (for trying the console; never on a live database)
  npm run retention -- --dry-run               show what is past its retention period, per kind, without deleting
  npm run retention                            delete it now (the server also does this once a day)`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  const [action = "", ...rest] = command === "seed" || command === "retention" ? [command, ...args] : args;
  if (command === "retention" ? args.some((a) => a !== "--dry-run") : false) return fail(USAGE);
  if (command === "seed" && (!/^\d+$/.test(args[1] ?? "") || args[0] !== "--leads")) return fail(USAGE);
  if (!["seed", "staff", "retention"].includes(command ?? "")) return fail(USAGE);
  if (command === "staff" && !["add", "list", "disable"].includes(action)) return fail(USAGE);

  const config = readConfig(process.env);
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(config.dataDir);
    if (holder) {
      return fail(
        `The embedded database in ${config.dataDir} is in use by the running server (pid ${holder}): stop it, run this command again, then start it.`,
      );
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.resolve(config.dataDir, "pglite"),
    maxConnections: 2,
  });
  try {
    await database.migrate();
    if (action === "retention") {
      if (rest.includes("--dry-run")) {
        console.log(`Past its retention period (nothing deleted):\n${formatRetentionReport(await retentionDryRun(database.db))}`);
      } else {
        const deleted = await runRetention(database.db);
        const total = Object.values(deleted).reduce((a, b) => a + b, 0);
        console.log(`Deleted ${total} rows past their retention period; the audit log records the run.`);
      }
    } else if (action === "seed") {
      const count = Number(rest[1]);
      const staff = (await listStaff(database.db)).filter((m) => !m.disabled).map((m) => m.id);
      await seedLeads(database.db, count, { assignees: staff, seed: Date.now() });
      console.log(`Added ${count} made-up leads.`);
    } else if (action === "add") {
      const [email, name] = rest;
      if (!email || !name) return fail(USAGE);
      const { token, created } = await addStaff(database.db, { email, name });
      console.log(`${created ? "Made" : "Re-enrolling"} staff member ${email.trim().toLowerCase()}.`);
      console.log(
        `Send them this link (it works once, for ${ENROL_LINK_HOURS} hours) to set a password and an authenticator app:`,
      );
      console.log(`${config.siteUrl}/staff/enrol?token=${token}`);
    } else if (action === "list") {
      const staff = await listStaff(database.db);
      if (staff.length === 0) console.log("No staff members yet.");
      for (const member of staff) {
        const state = member.disabled ? "disabled" : member.enrolled ? "active" : "waiting to enrol";
        console.log(`${member.email}\t${member.name}\t${state}`);
      }
    } else {
      const [email] = rest;
      if (!email) return fail(USAGE);
      await disableStaff(database.db, email);
      console.log(`Disabled ${email.trim().toLowerCase()}: they can no longer sign in, and their sessions have ended.`);
    }
  } finally {
    await database.close();
  }
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof StaffAccountError || error instanceof ConfigError) fail(error.message);
  else {
    console.error(error);
    process.exitCode = 1;
  }
});
