import path from "node:path";
import { ConfigError, readConfig } from "../app/config.server";
import { BackupRefusal, restoreBackup } from "./platform/backup/backup";
import { type CommandResult, commandProblem, runCommand, USAGE } from "./commands";
import { sendToServer } from "./control-socket";
import { openDatabase } from "./platform/db/client";
import { embeddedDatabaseHolder } from "./platform/db/embedded-lock";

// The firm's command line: `npm run staff -- add|list|disable`, `npm run seed -- --leads N`,
// `npm run retention [-- --dry-run]`, `npm run backup [-- <folder>]` (the commands
// themselves: server/commands.ts), and `npm run restore -- <file> [--replace]`, which
// only ever runs here: it needs the database stopped (decision 355).
// With PostgreSQL, or with the embedded database when no server holds it, it opens the
// database itself and runs the migrations first, so it works on a fresh machine before
// the first start. While a server runs on the embedded database, it hands the command
// to that server over DATA_DIR's control socket (decision 165).

async function main(args: string[]) {
  if (args[0] === "restore") return restore(args.slice(1));
  const problem = commandProblem(args);
  if (problem) return fail(problem);

  const config = readConfig(process.env);
  // A backup's folder is this shell's (BACKUP_DIR here, or the one named), even when the server writes it.
  const argv =
    args[0] === "backup" && (args[1] ?? config.backup.dir)
      ? ["backup", path.resolve(args[1] ?? config.backup.dir ?? "")]
      : args;
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(config.dataDir);
    if (holder) {
      const result = await sendToServer(config.dataDir, argv);
      if (result) return print(result);
      return fail(
        `The embedded database in ${config.dataDir} is in use by the running server (pid ${holder}), which takes no commands now (it is still starting, or its log says why): stop it, run this command again, then start it.`,
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
    print(await runCommand(database.db, config, argv));
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const replace = args.includes("--replace");
  const files = args.filter((a) => a !== "--replace");
  const [file] = files;
  if (files.length !== 1 || !file || file.startsWith("-")) return fail(USAGE);
  const config = readConfig(process.env);
  try {
    console.log(
      await restoreBackup(path.resolve(file), {
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        mailDir: path.resolve(config.mailDir),
        replace,
      }),
    );
  } catch (error) {
    if (error instanceof BackupRefusal) return fail(error.message);
    throw error;
  }
}

function print({ code, out, err }: CommandResult) {
  for (const line of out) console.log(line);
  for (const line of err) console.error(line);
  process.exitCode = code;
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ConfigError) fail(error.message);
  else {
    console.error(error);
    process.exitCode = 1;
  }
});
