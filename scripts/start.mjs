// `npm start`: builds first only when the build is missing or stale, then runs the
// server the build holds, in this same process and with plain Node (decision 164).
// `npm start -- --build` builds whatever the fingerprint says. Plain JavaScript, so a
// start on an up-to-date build compiles no TypeScript: the check and the server are
// the build's own (`BUILD_DIR/node/`); only a build runs through tsx.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const log = pino({ base: undefined });

/** The build's own check (null before the first build, or from a build older than the check). */
async function decision() {
  const check = path.join(buildDir, "node/fingerprint.mjs");
  if (!existsSync(check)) return null;
  const { staleness } = await import(pathToFileURL(check).href);
  return staleness({ root, env: process.env, forced: process.argv.includes("--build") });
}

const decided = await decision();
if (decided && !decided.build) log.info({ reason: decided.reason }, `no build needed: ${decided.reason}`);
else {
  if (decided) log.info({ reason: decided.reason }, `building first: ${decided.reason}`);
  // Without a check of its own the build script decides (and says why): missing or stale.
  const args = ["--import", "tsx", "scripts/build.ts", ...(decided ? [] : ["--if-stale"])];
  const built = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (built.status !== 0) {
    log.fatal({}, "the build failed, so the server was not started");
    process.exit(1);
  }
}

// Ctrl-C reaches every process in the terminal's group, this one included. A SIGTERM
// sent to npm does not: npm exits at once and its shell with it, leaving this process
// to a new parent. So a change of parent is taken as that SIGTERM, and the server stops
// as it does on its own (server/index.ts): answers what is in flight, lets the outbox
// settle the emails it holds, closes the database.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  log.info({}, "npm has gone (it was sent SIGTERM): stopping as on SIGTERM");
  process.kill(process.pid, "SIGTERM");
}, 250);
watchParent.unref();

await import(pathToFileURL(path.join(buildDir, "node/server/index.mjs")).href);
