/**
 * `npm run bench`: how many quotes a second the real server stores on PostgreSQL, and
 * how fast, beside pgbench doing the same single-row insert into the same table on the
 * same PostgreSQL server in the same run.
 *
 * - A scratch database on BENCH_DATABASE_URL's server (default the local test server),
 *   dropped afterwards; the built server (BUILD_DIR, default build) on a loopback port.
 * - POST /api/quotes for BENCH_SECONDS (default 10) at each concurrency, keep-alive
 *   connections, one new submission key per request. Each quote is what the browser
 *   sends; the server validates, sanitises, rate-limits (in the database), computes the
 *   figures, inserts the quote and its two mail jobs in one transaction, and its outbox
 *   worker writes the emails (.eml files) as it goes.
 * - Requests come from many client addresses (X-Forwarded-For behind a trusted proxy),
 *   as real traffic does: one address for every request would make its rate-limit
 *   counter a single hot row that no real site has.
 * - pgbench runs a custom script inserting the same row (prepared statements, its
 *   fastest mode), same durations and client counts.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "../tests/support/database";
import { validQuote } from "../tests/support/leads";
import { ensureBuild, type ServerProcess, startServerProcess } from "../tests/support/server-process";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? "16,64").split(",").map(Number);
const PGBENCH = process.env.PGBENCH ?? "/usr/bin/pgbench";
/** How many distinct client addresses the load comes from. */
const CLIENTS = 5_000;

interface Result {
  label: string;
  concurrency: number;
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Keep-alive POSTs from `concurrency` lanes until the deadline; latencies in ms. */
async function loadServer(server: ServerProcess, concurrency: number, seconds: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  function postOne(): Promise<number> {
    const body = JSON.stringify(validQuote({ email: `bench${sent}@example.com`, submission_key: randomUUID() }));
    const client = sent++ % CLIENTS;
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: "127.0.0.1",
          port: server.port,
          path: "/api/quotes",
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            "X-Forwarded-For": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  async function lane() {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await postOne();
        if (status === 201) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    label: "server POST /api/quotes",
    concurrency,
    count: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const PGBENCH_SCRIPT = `\\set n random(1, 1000000000)
INSERT INTO quotes (submission_key, email, first_name, last_name, phone, loan_purpose, homeowner_status,
  credit_history, loan_amount, property_value, mortgage_balance, monthly_income, employment_status,
  ltv_ratio, indicative_rate, monthly_payment, landing_page_url)
VALUES (gen_random_uuid()::text, 'bench' || :n || '@example.com', 'Jane', 'Smith', '07700 900123',
  'debt-consolidation', 'mortgage', 'good', 50000, 250000, 100000, 4000, 'employed-full-time',
  60, 5.69, 958.26, 'https://www.example.com/?utm_source=test');
`;

function runPgbench(databaseUrl: string, concurrency: number, seconds: number, workDir: string): Result {
  const url = new URL(databaseUrl);
  const script = path.join(workDir, "insert-quote.sql");
  writeFileSync(script, PGBENCH_SCRIPT);
  const logDir = mkdtempSync(path.join(workDir, `pgbench-${concurrency}-`));
  const run = spawnSync(
    PGBENCH,
    [
      "-n",
      "-M",
      "prepared",
      "-c",
      String(concurrency),
      "-j",
      String(Math.min(concurrency, os.availableParallelism())),
      "-T",
      String(seconds),
      "-f",
      script,
      "-l",
      "--log-prefix",
      path.join(logDir, "log"),
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username || "postgres"),
      url.pathname.slice(1),
    ],
    { encoding: "utf8", env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  if (run.status !== 0) throw new Error(`pgbench failed:\n${run.stderr}\n${run.stdout}`);
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  // Per-transaction log lines: client, transaction, latency in microseconds, ...
  const latencies = readdirSync(logDir)
    .flatMap((file) => readFileSync(path.join(logDir, file), "utf8").split("\n"))
    .filter(Boolean)
    .map((line) => Number(line.split(" ")[2]) / 1000)
    .sort((a, b) => a - b);
  return {
    label: "pgbench INSERT INTO quotes",
    concurrency,
    count: latencies.length,
    errors: failed,
    perSecond: tps,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Lets the server's outbox finish the mail of the last run, so pgbench has the machine to itself. */
async function waitForOutbox(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const deadline = Date.now() + 120_000;
  let pending = 0;
  try {
    for (;;) {
      pending = Number(
        (await client.query("select count(*)::int as n from jobs where status = 'pending'")).rows[0]?.n ?? 0,
      );
      if (pending === 0 || Date.now() > deadline) return pending;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

async function pendingJobs(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query("select count(*)::int as n from jobs where status = 'pending'")).rows[0]?.n);
  } finally {
    await client.end();
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function main() {
  const buildDir = ensureBuild();
  const scratch = await createScratchDatabase(SERVER_URL);
  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  let server: ServerProcess | undefined;
  const rows: { server: Result; pgbench: Result; backlog: number }[] = [];
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: scratch.url,
        DATA_DIR: workDir,
        MAIL_DIR: path.join(workDir, "mail"),
        RATE_LIMIT_SCALE: "1000000",
        TRUST_PROXY: "true",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      },
      // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=reports" profiles the server under load.
      { buildDir, nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) },
    );
    console.log(`server on :${server.port} against ${new URL(scratch.url).pathname.slice(1)}; warming up...`);
    await loadServer(server, CONCURRENCIES[0] ?? 16, WARM_UP_SECONDS);
    await waitForOutbox(scratch.url);

    for (const concurrency of CONCURRENCIES) {
      const serverResult = await loadServer(server, concurrency, SECONDS);
      const backlog = await pendingJobs(scratch.url);
      console.log(
        `server  c=${concurrency}: ${fmt(serverResult.perSecond)} quotes/s, p50 ${fmt(serverResult.p50, 2)} ms, p99 ${fmt(serverResult.p99, 2)} ms (${serverResult.errors} errors, ${backlog} emails still queued)`,
      );
      const drainStarted = performance.now();
      const left = await waitForOutbox(scratch.url);
      const drainSeconds = (performance.now() - drainStarted) / 1000;
      console.log(
        `        the outbox then sent the ${backlog - left} queued emails in ${fmt(drainSeconds)} s (${fmt((backlog - left) / drainSeconds)} a second)${left ? `; ${left} still queued` : ""}`,
      );
      const pgbenchResult = runPgbench(scratch.url, concurrency, SECONDS, workDir);
      console.log(
        `pgbench c=${concurrency}: ${fmt(pgbenchResult.perSecond)} inserts/s, p50 ${fmt(pgbenchResult.p50, 2)} ms, p99 ${fmt(pgbenchResult.p99, 2)} ms`,
      );
      rows.push({ server: serverResult, pgbench: pgbenchResult, backlog });
    }
  } finally {
    await server?.stop();
    await scratch.drop();
    rmSync(workDir, { recursive: true, force: true });
  }

  console.log(`\n${SECONDS} s per run, ${os.availableParallelism()} CPUs, PostgreSQL at ${new URL(SERVER_URL).host}\n`);
  console.log(
    "| concurrency | server quotes/s | server p50 ms | server p99 ms | pgbench inserts/s | pgbench p50 ms | pgbench p99 ms | ratio |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { server: s, pgbench: p } of rows) {
    console.log(
      `| ${s.concurrency} | ${fmt(s.perSecond)} | ${fmt(s.p50, 2)} | ${fmt(s.p99, 2)} | ${fmt(p.perSecond)} | ${fmt(p.p50, 2)} | ${fmt(p.p99, 2)} | ${fmt(s.perSecond / p.perSecond, 2)} |`,
    );
  }
  const at16 = rows.find((r) => r.server.concurrency === 16);
  if (at16) {
    const ratioOk = at16.server.perSecond / at16.pgbench.perSecond >= 0.3;
    const p99Ok = at16.server.p99 < 50;
    console.log(
      `\nTargets at 16: ratio >= 0.3 ${ratioOk ? "met" : "MISSED"}; p99 < 50 ms ${p99Ok ? "met" : "MISSED"}; errors ${at16.server.errors}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
