// `npm start`: builds first only when the build is missing or stale (decision 164),
// then runs the server in this same process. `npm start -- --build` builds whatever
// the fingerprint says.

import { createLogger } from "../server/logger";
import { buildIfStale } from "./build";

const log = createLogger("info");
try {
  buildIfStale({ forced: process.argv.includes("--build"), say: (message, fields) => log.info(fields ?? {}, message) });
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : "the build failed");
  process.exit(1);
}

// Ctrl-C reaches every process in the terminal's group, this one included. A SIGTERM
// sent to npm does not: npm exits at once and its shell with it, leaving this process
// to a new parent. So a change of parent is taken as that SIGTERM, and the server stops
// as it does on its own (server/index.ts): answers what is in flight, hands the
// outbox's claims back, closes the database.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  log.info({}, "npm has gone (it was sent SIGTERM): stopping as on SIGTERM");
  process.kill(process.pid, "SIGTERM");
}, 250);
watchParent.unref();

await import("../server/index");
