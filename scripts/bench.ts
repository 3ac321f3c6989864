/**
 * `npm run bench`: the site's speed, each figure beside a yardstick measured on the same
 * machine in the same run (decision 057):
 *
 * - Pages: the prerendered home page and a calculator page from the site's server,
 *   against nginx serving the same files with the same compression (gzip, level 9, made
 *   ahead of time), at 64 connections. Goal: at least half nginx's requests a second.
 * - Per-request rendering: /thank-you?ref=<a real quote> and a signed-in /account,
 *   rendered by React on each request. Goal: p99 at most 20 ms to render one (one
 *   connection); their throughput at 8 connections beside it.
 * - Lead intake: POST /api/quotes (validation, sanitising, the figures, a rate limit kept
 *   in the database, two rendered emails and the rows in one statement) against a bare
 *   Hono + pg endpoint inserting the same row into the same table on the same PostgreSQL
 *   (scripts/yardsticks/floor-server.ts), at 16 and 64 connections. Goal: at least half the
 *   floor's quotes a second, p99 at most 25 ms at 16.
 *
 * The load comes from wrk (Debian's package, C), so the generator never limits a figure;
 * wrk and nginx are installed with apt-get when missing (as root). A scratch database on
 * BENCH_DATABASE_URL's server (default the local test server) is dropped afterwards.
 * BENCH_SECONDS (default 10) per run; BENCH_ONLY (a comma list of pages, render and intake)
 * runs only those parts. The table is printed and kept in reports/bench.json (BENCH_REPORT
 * names another file: the smoke run in the tests writes to a folder of its own).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { linkIn } from "../tests/support/accounts";
import { createScratchDatabase } from "../tests/support/database";
import { validQuote } from "../tests/support/leads";
import { ensureBuild, freePort, ROOT, type ServerProcess, startServerProcess } from "../tests/support/server-process";
import { ensureDebianTool, startNginx } from "./yardsticks/tools";
import { type LoadResult, wrk } from "./yardsticks/wrk";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A warm-up before each measured run: two seconds, or the run's own length if shorter. */
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const PAGES = ["/", "/homeowner-loan-calculator"];
const PAGE_CONNECTIONS = 64;
const RENDER_CONNECTIONS = 8;
const INTAKE_CONNECTIONS = [16, 64];
const GZIP = { "Accept-Encoding": "gzip" };
const ALL_PARTS = ["pages", "render", "intake"];
const PARTS = new Set(process.env.BENCH_ONLY?.split(",") ?? ALL_PARTS);
const unknownParts = [...PARTS].filter((part) => !ALL_PARTS.includes(part));
if (unknownParts.length > 0)
  throw new Error(`BENCH_ONLY: no part ${unknownParts.join(", ")} (${ALL_PARTS.join(", ")})`);

interface Row {
  what: string;
  connections: number;
  ours: LoadResult;
  yardstick?: LoadResult;
  goal: string;
  met: boolean;
}

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "-";

/** One quote as the main form sends it, with a fresh key and address per request (see wrk.ts). */
const QUOTE_BODY = JSON.stringify(validQuote({ email: "bench__N__@example.com", submission_key: "__KEY__" }));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lets the server's outbox send what the last run queued, so the next run has the machine to itself. */
async function drainOutbox(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await waitFor(
      "the outbox to drain",
      async () => {
        const { rows } = await client.query("select count(*)::int as n from jobs where status = 'pending'");
        return rows[0]?.n === 0 ? true : undefined;
      },
      180,
    );
  } finally {
    await client.end();
  }
}

/** A confirmed borrower with one quote, signed in: the cookie that opens /account. */
export async function signedInBorrower(server: ServerProcess, mailDir: string): Promise<string> {
  const email = "bench.borrower@example.com";
  const password = "Harbour-bench-ledger-42";
  const json = { "Content-Type": "application/json", Origin: server.baseUrl };
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      name: "Bea Bench",
      firstName: "Bea",
      lastName: "Bench",
      email,
      password,
      callbackURL: "/account",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const link = await waitFor("the confirmation email", () => {
    if (!existsSync(mailDir)) return undefined;
    const files = readdirSync(mailDir, { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith(".eml"));
    for (const file of files) {
      const raw = readFileSync(path.join(mailDir, file.name), "utf8");
      if (raw.includes(email) && raw.includes("verify-email")) {
        return linkIn(raw, /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/);
      }
    }
    return undefined;
  });
  await fetch(link, { redirect: "manual" });
  const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const quote = await fetch(`${server.baseUrl}/api/quotes`, {
    method: "POST",
    headers: { ...json, Cookie: cookie },
    body: JSON.stringify(validQuote({ email })),
  });
  if (quote.status !== 201) throw new Error(`the borrower's quote answered ${quote.status}`);
  const account = await fetch(`${server.baseUrl}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
  const page = await account.text();
  if (account.status !== 200 || !page.includes("Bea"))
    throw new Error(`/account answered ${account.status} to the signed-in borrower`);
  return cookie;
}

async function startFloorServer(databaseUrl: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/yardsticks/floor-server.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor("the floor server", () =>
    fetch(baseUrl).then(
      () => true,
      () => undefined,
    ),
  );
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

async function main() {
  ensureDebianTool("wrk", "/usr/bin/wrk");
  const buildDir = path.resolve(ROOT, ensureBuild());
  const scratch = await createScratchDatabase(SERVER_URL);
  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const mailDir = path.join(workDir, "mail");
  const rows: Row[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const report = (row: Row) => {
    rows.push(row);
    const y = row.yardstick;
    console.log(
      `${row.what} c=${row.connections}: ${fmt(row.ours.perSecond)}/s p99 ${fmt(row.ours.p99, 2)} ms (${row.ours.errors} errors)` +
        (y ? `; yardstick ${fmt(y.perSecond)}/s p99 ${fmt(y.p99, 2)} ms (${y.errors} errors)` : "") +
        ` — ${row.goal}: ${row.met ? "met" : "MISSED"}`,
    );
  };
  try {
    const server = await startServerProcess(
      {
        // As deployed: React's production build, secure cookies, HSTS.
        NODE_ENV: "production",
        AUTH_SECRET: randomBytes(32).toString("hex"),
        DATABASE_URL: scratch.url,
        DATA_DIR: workDir,
        MAIL_DIR: mailDir,
        RATE_LIMIT_SCALE: "1000000",
        TRUST_PROXY: "true",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      },
      // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=reports" profiles the server under load.
      { buildDir, nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) },
    );
    stops.push(() => server.stop());
    console.log(`site on :${server.port} against ${new URL(scratch.url).pathname.slice(1)}`);

    // Pages, against nginx with the same files.
    if (PARTS.has("pages")) {
      const nginx = await startNginx(path.join(buildDir, "client"));
      stops.push(() => nginx.stop());
      for (const page of PAGES) {
        const load = (base: string) =>
          wrk({ url: `${base}${page}`, connections: PAGE_CONNECTIONS, seconds: SECONDS, headers: GZIP });
        load(server.baseUrl); // warm-up: the first request of each file reads and compresses it
        const ours = load(server.baseUrl);
        const yardstick = load(nginx.baseUrl);
        report({
          what: `page ${page} vs nginx`,
          connections: PAGE_CONNECTIONS,
          ours,
          yardstick,
          goal: ">= 0.5x nginx",
          met: ours.perSecond >= 0.5 * yardstick.perSecond,
        });
      }
      await nginx.stop();
      stops.pop();
    }

    // Pages rendered per request.
    if (PARTS.has("render")) {
      const cookie = await signedInBorrower(server, mailDir);
      const quote = await fetch(`${server.baseUrl}/api/quotes`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.baseUrl },
        body: JSON.stringify(validQuote()),
      });
      const { id } = (await quote.json()) as { id: string };
      await drainOutbox(scratch.url);
      for (const [page, headers] of [
        [`/thank-you?ref=${id}`, GZIP],
        ["/account", { ...GZIP, Cookie: cookie }],
      ] as const) {
        const url = `${server.baseUrl}${page}`;
        const what = `render ${page.replace(/ref=.*/, "ref=…")}`;
        wrk({ url, connections: RENDER_CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
        // One at a time, the time to render the page; then several at once, how many a second.
        const alone = wrk({ url, connections: 1, seconds: SECONDS, headers });
        report({ what, connections: 1, ours: alone, goal: "p99 <= 20 ms", met: alone.p99 <= 20 && alone.errors === 0 });
        const busy = wrk({ url, connections: RENDER_CONNECTIONS, seconds: SECONDS, headers });
        report({ what, connections: RENDER_CONNECTIONS, ours: busy, goal: "(throughput)", met: busy.errors === 0 });
      }
    }

    // Lead intake, against the floor: one insert behind a bare endpoint.
    if (PARTS.has("intake")) {
      const floor = await startFloorServer(scratch.url);
      stops.push(() => floor.stop());
      const post = (base: string, connections: number, seconds = SECONDS) =>
        wrk({
          url: `${base}/api/quotes`,
          connections,
          seconds,
          postBody: QUOTE_BODY,
          headers: { Origin: server.baseUrl },
        });
      post(server.baseUrl, INTAKE_CONNECTIONS[0] ?? 16, WARM_UP_SECONDS);
      post(floor.baseUrl, INTAKE_CONNECTIONS[0] ?? 16, WARM_UP_SECONDS);
      await drainOutbox(scratch.url);
      for (const connections of INTAKE_CONNECTIONS) {
        const ours = post(server.baseUrl, connections);
        const drainStarted = performance.now();
        await drainOutbox(scratch.url);
        console.log(`  the outbox then sent the run's emails in ${fmt((performance.now() - drainStarted) / 1000)} s`);
        const yardstick = post(floor.baseUrl, connections);
        const ratioOk = ours.perSecond >= 0.5 * yardstick.perSecond && ours.errors === 0;
        const p99Ok = connections !== 16 || ours.p99 <= 25;
        report({
          what: "POST /api/quotes vs floor",
          connections,
          ours,
          yardstick,
          goal: connections === 16 ? ">= 0.5x floor, p99 <= 25 ms" : ">= 0.5x floor",
          met: ratioOk && p99Ok,
        });
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await scratch.drop();
    rmSync(workDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString().slice(0, 10);
  const cores = os.availableParallelism();
  console.log(`\n${date}, ${cores} cores, ${SECONDS} s per run, load from wrk on the same machine\n`);
  console.log(
    "| what | connections | ours /s | ours p50 ms | ours p99 ms | yardstick /s | yardstick p99 ms | ratio | goal | |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of rows) {
    const y = r.yardstick;
    console.log(
      `| ${r.what} | ${r.connections} | ${fmt(r.ours.perSecond, 0)} | ${fmt(r.ours.p50, 2)} | ${fmt(r.ours.p99, 2)} | ${y ? fmt(y.perSecond, 0) : "-"} | ${y ? fmt(y.p99, 2) : "-"} | ${y ? fmt(r.ours.perSecond / y.perSecond, 2) : "-"} | ${r.goal} | ${r.met ? "met" : "missed"} |`,
    );
  }
  const reportFile = process.env.BENCH_REPORT ?? path.join(ROOT, "reports", "bench.json");
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, JSON.stringify({ date, cores, seconds: SECONDS, rows }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
