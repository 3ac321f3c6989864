import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type InboxFilter, parseInboxFilter } from "../app/domain/inbox-filter";
import { openDatabase } from "../server/db/client";
import { rowsOf } from "../server/db/rows";
import { staffMembers } from "../server/db/schema";
import { leadsCsv } from "../server/staff/csv-export.server";
import { inboxPage, statusCounts } from "../server/staff/inbox.server";
import { seedLeads } from "../server/staff/seed";
import { createScratchDatabase } from "../tests/support/database";
import { benchLeadPage } from "./bench-lead-page";

// The staff inbox at the size of a busy broker (issue 10): 100,000 leads, then the
// inbox's queries as the page runs them (a page of leads and the per-status counts),
// timed in-process: p50 and p95 over repeated runs. And the CSV export of every lead,
// with the process's memory growth while it streams.
//
//   npx tsx scripts/bench-inbox.ts [pglite|postgres] [leads]
// postgres uses a scratch database on BENCH_DATABASE_URL's server (default the local test server).
// `npm run bench` runs both after the lead-intake benchmark.

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const count = Number(process.argv[3] ?? 100_000);
const RUNS = 40;

const scratch =
  kind === "postgres"
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test")
    : null;
// No statement limit: seeding and `analyze` on a busy machine outlast the server's 2 s, and a slow query is a figure here.
const database = await openDatabase(scratch ? { url: scratch.url, queryTimeoutMs: 0 } : {});
await database.migrate();
const { db } = database;
const viewer = { id: randomUUID(), name: "Bench Adviser", email: "bench@firm.example" };
await db.insert(staffMembers).values({ ...viewer, enrolledAt: new Date() });

let started = performance.now();
await seedLeads(db, count, { assignees: [viewer.id] });
await db.execute(sql`analyze`);
console.log(`${kind}: seeded ${count} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));

/** The cursor of page `n` (walked once, not timed). */
async function cursorOfPage(n: number, f: InboxFilter) {
  let current = f;
  for (let page = 1; page < n; page++) {
    const result = await inboxPage(db, current, viewer.id);
    if (!result.next) throw new Error(`only ${page} pages`);
    current = { ...f, after: result.next };
  }
  return current;
}

const [someone] = await rowsOf<{ email: string }>(
  db,
  sql`select email from quotes order by created_at desc offset 5000 limit 1`,
);

const scenarios: [string, InboxFilter][] = [
  ["first page", filter("")],
  ["filtered page (new quotes, £50,000+, google)", filter("status=new&kind=quote&min=50000&campaign=google")],
  ["page 500", await cursorOfPage(500, filter(""))],
  ["search by email", filter(`q=${someone?.email ?? "nobody@example.com"}`)],
  ["search by surname", filter("q=patel")],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

console.log(`| ${kind} (${count} leads) | p50 ms | p95 ms |`);
console.log("| --- | --- | --- |");
for (const [name, f] of scenarios) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    // What the inbox page's loader asks for.
    await Promise.all([inboxPage(db, f, viewer.id), statusCounts(db, f, viewer.id)]);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${name} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} |`);
}
await benchLeadPage(db, viewer.id, RUNS);

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
let bytes = 0;
started = performance.now();
const reader = leadsCsv(db, filter(""), viewer, "bench secret").getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  peak = Math.max(peak, process.memoryUsage().rss);
}
console.log(
  `CSV export of all ${count} leads: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `memory grew by at most ${((peak - before) / 1e6).toFixed(0)} MB`,
);

await database.close();
await scratch?.drop();
