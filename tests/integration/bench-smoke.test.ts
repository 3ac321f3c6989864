import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { executable } from "../../scripts/browser";
import { ROOT } from "../support/server-process";

// The benchmarks cannot rot: each bench script runs here at a tiny size and must finish
// and print its table. What it measures is never judged here (speed is the bench's own
// business, on a quiet machine): only that every part still runs to its end.

const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-smoke-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 240_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const databases = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(databases)("the inbox bench at 300 leads on %s", (kind) => {
  it("finishes and prints each of its tables, the lead page and the export included", () => {
    const { status, out } = run(["--expose-gc", "--import", "tsx", "scripts/bench-inbox.ts", kind, "300"], {
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
      BENCH_RUNS: "2",
    });
    // A refusal by the guard shows as its status, never as a figure that happens to hold
    // "403" (an export of 4,036 rows a second once did).
    expect(out, out).not.toMatch(/Error|status: 403\b/);
    expect(status).toBe(0);
    for (const line of [
      "| first page |",
      "| search by surname |",
      "| lead page's loader (50 products, matches included) |",
      "| person page's loader (from a lead) |",
      "| campaign report, 2026-01 to 2026-12 |",
      "CSV export of all 300 leads",
      "Retention run:",
      "| new lead stored |",
    ])
      expect(out).toContain(line);
  }, 240_000);
});

// The first table (pages, per-request rendering, lead intake) loads the site with wrk
// beside nginx and a bare insert on PostgreSQL: it needs the server, both tools and root
// to install them where missing.
const canRunFirstTable =
  Boolean(process.env.TEST_DATABASE_URL) &&
  (process.getuid?.() === 0 || (executable("/usr/bin/wrk") && executable("/usr/sbin/nginx")));

describe.skipIf(!canRunFirstTable)("the site bench for one second a run (needs PostgreSQL and wrk)", () => {
  it("finishes and prints a row for each page, rendering and intake", () => {
    const report = path.join(scratch, "bench.json");
    const { status, out } = run(["--import", "tsx", "scripts/bench.ts"], {
      BENCH_SECONDS: "1",
      BENCH_REPORT: report,
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
    });
    expect(status, out).toBe(0);
    const { rows } = JSON.parse(readFileSync(report, "utf8")) as { rows: { what: string }[] };
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(out).toContain(`| ${row.what} |`);
  }, 240_000);
});
