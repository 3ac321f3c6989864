import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// The embedded database (PGlite) is one process's files: a second process opening them
// while the server runs would corrupt them. The server leaves its pid here while it
// runs, and the command line (server/cli.ts) looks before it opens the folder.

const lockFile = (dataDir: string) => path.resolve(dataDir, "server.pid");

/** The pid of a live server holding the embedded database in `dataDir`, or null. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Marks the embedded database as held by this process; the answer releases it. */
export function holdEmbeddedDatabase(dataDir: string) {
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
