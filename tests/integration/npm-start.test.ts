import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildDecision, currentFingerprint, readFingerprint } from "../../server/platform/build-fingerprint";
import { freePort, ROOT } from "../support/server-process";

// Issue 33, decision 164: `npm start` builds only when the build is missing or stale,
// and a start on an up-to-date build answers within 3 s. Run on a build folder of its
// own (BUILD_DIR), made from the project's `build` when that one is up to date for
// these settings, and built by the first start otherwise.

const buildDir = `build-npm-start-${process.pid}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
/** The settings of a plain `npm run build` (SITE_URL as its default), so the project's build can serve. */
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  BUILD_DIR: buildDir,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  PORT: String(port),
  SITE_URL: "http://localhost:3000",
  LOG_LEVEL: "warn",
};

const mainBuild = path.join(ROOT, "build");
if (
  existsSync(path.join(mainBuild, "server/index.js")) &&
  !buildDecision(readFingerprint(mainBuild), currentFingerprint(ROOT, env), { builtFilesPresent: true }).build
) {
  cpSync(mainBuild, path.join(ROOT, buildDir), { recursive: true });
}

/** Every `npm start` made, so a failed assertion leaves no server running. */
const started: ChildProcess[] = [];

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) await stopNpm(child).catch(() => child.kill("SIGKILL"));
  rmSync(path.join(ROOT, buildDir), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/**
 * The processor time every process under `pid` has used so far (npm's shell and the
 * server; npm's own, the same for any npm script, left out), in ms, from /proc. Unlike
 * the time on the clock, it does not grow when other work shares the machine's cores.
 */
function processorMs(pid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's closing parenthesis: state, ppid, … utime (12th), stime (13th).
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ").at(-1)?.split(" ") ?? [];
      stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [each, { parent }] of stats) {
      if (tree.has(parent) && !tree.has(each)) {
        tree.add(each);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const each of tree) if (each !== pid) ticks += stats.get(each)?.ticks ?? 0;
  return (ticks / ticksPerSecond) * 1000;
}

/** `npm start`, as a person types it; answers once the home page answers 200. */
async function npmStart(extra: Record<string, string> = {}) {
  const startedAt = performance.now();
  const child = spawn("npm", ["start"], { cwd: ROOT, env: { ...env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    try {
      const home = await fetch(`${base}/`);
      if (home.status === 200) {
        const answeredAfterMs = performance.now() - startedAt;
        const processorMsUsed = processorMs(child.pid ?? 0);
        return { child, exited, html: await home.text(), answeredAfterMs, processorMsUsed, output: () => output };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM to npm, as a service manager sends it: the server (npm's grandchild) stops too, and lets go of the database. */
async function stopNpm(child: ChildProcess) {
  child.kill("SIGTERM");
  for (let i = 0; i < 200; i++) {
    const listening = await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    );
    if (!listening && !existsSync(path.join(dataDir, "server.pid"))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not stop after npm was sent SIGTERM");
}

describe("npm start", { timeout: 400_000 }, () => {
  it("builds only when the build is missing or stale: not on an up-to-date build, first on a changed setting", async () => {
    // The first start opens a new embedded database, and builds unless the project's build could be copied.
    const first = await npmStart();
    expect(first.html).toContain("Harbourside Loans");
    await stopNpm(first.child);

    const second = await npmStart();
    expect(second.output()).toContain("no build needed: the build is up to date");
    expect(second.output()).not.toContain("building first");
    // The 3 s is what the start itself costs, measured, not asserted: on a machine shared
    // with other work any time can be exceeded (decision 164 has the figures). Which
    // settings make a build is table-tested in server/platform/build-fingerprint.test.ts.
    console.info(
      `npm start on an up-to-date build: first answer after ${Math.round(second.answeredAfterMs)} ms, ${Math.round(second.processorMsUsed)} ms of processor time`,
    );
    await stopNpm(second.child);

    // A setting the prerendered pages print: the start builds first. Seen in what it
    // says, then the whole process group is stopped mid-build (the table in
    // server/platform/build-fingerprint.test.ts holds every such setting; a whole build here
    // would cost npm test a minute or more).
    const rebranded = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...env, BRAND_NAME: "Quayside Test Loans" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let said = "";
    rebranded.stdout?.on("data", (d) => (said += d));
    rebranded.stderr?.on("data", (d) => (said += d));
    const ended = new Promise((resolve) => rebranded.on("exit", resolve));
    for (
      let waited = 0;
      !said.includes("building first") && rebranded.exitCode === null && waited < 60_000;
      waited += 50
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(-(rebranded.pid ?? 0), "SIGKILL");
    await ended;
    expect(said).toContain("building first: settings the prerendered pages read changed: brandName");
  });
});
