import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { type InboxFilter, parseInboxFilter } from "../app/domain/inbox-filter";
import { openDatabase } from "../server/platform/db/client";
import { rowsOf } from "../server/platform/db/rows";
import { staffMembers } from "../server/platform/db/schema";
import { leadsCsv } from "../server/staff/leads/csv-export.server";
import { inboxPage, statusCounts } from "../server/staff/leads/inbox.server";
import { personBannersOf } from "../server/staff/leads/inbox-banners.server";
import { seedLeads } from "../server/staff/seed";
import { insertLeads, sampleQuote } from "../server/staff/leads/sample-leads";
import { deleteLeadsWithTraces, runRetention } from "../server/privacy/retention";
import { createScratchDatabase } from "../tests/support/database";
import { benchLeadPage } from "./bench-lead-page";

// The staff inbox at the size of a busy broker (issue 10): 100,000 leads, then the
// inbox's queries as the page runs them (a page of leads and the per-status counts),
// timed in-process: p50 and p95 over repeated runs. And the CSV export of every lead,
// with the process's memory growth while it streams.
//
//   npx tsx scripts/bench-inbox.ts [pglite|postgres] [leads]
// postgres uses a scratch database on BENCH_DATABASE_URL's server (default the local test server).
// `npm run bench` runs both after the lead-intake benchmark, with INBOX_LEADS leads (100,000 unless set).
// BENCH_INBOX_KEEP=<a PostgreSQL database's URL, or a PGlite data folder>: use that database
// and leave it in place, seeding it only when it holds no leads, so a million leads (which
// take a while to seed on two cores) are seeded once and measured many times.
// BENCH_INBOX_ONLY=queries,export,retention picks the parts (all unless set).

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const count = Number(process.argv[3] ?? process.env.INBOX_LEADS ?? 100_000);
/** Runs per figure: BENCH_RUNS, 40 unless set (the tests' smoke run takes a few). */
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const parts = new Set((process.env.BENCH_INBOX_ONLY ?? "queries,export,retention").split(","));

const { database, url, drop } = await openBenchDatabase(process.env.BENCH_INBOX_KEEP);
await database.migrate();
const { db } = database;
const viewer = { id: randomUUID(), name: "Bench Adviser", email: `bench-${randomUUID()}@firm.example` };
// An adviser and manager: the lead page reads leads, the export is a manager's.
await db.insert(staffMembers).values({ ...viewer, enrolledAt: new Date(), roles: ["adviser", "manager"] });

let started = performance.now();
const [held] = await rowsOf<{ n: number }>(db, sql`select coalesce(sum(n), 0)::int as n from lead_counts`);
if ((held?.n ?? 0) === 0) {
  await seedLeads(db, count, { assignees: [viewer.id] });
  await analyze();
  console.log(`${kind}: seeded ${count} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log(`${kind}: ${held?.n} leads already held (BENCH_INBOX_KEEP), not seeded again`);
}

async function openBenchDatabase(keep: string | undefined) {
  if (keep) {
    const handle = await openDatabase(kind === "postgres" ? { url: keep } : { dataDir: keep });
    return { database: handle, url: kind === "postgres" ? keep : undefined, drop: async () => {} };
  }
  const scratch =
    kind === "postgres"
      ? await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test")
      : null;
  const database = await openDatabase(scratch ? { url: scratch.url } : {});
  return { database, url: scratch?.url, drop: async () => scratch?.drop() };
}

/** The planner's statistics after seeding, on a connection without the site's time-out (a million rows outlast it). */
async function analyze() {
  if (!url) return void (await db.execute(sql`analyze`));
  const untimed = await openDatabase({ url, queryTimeoutMs: 0, maxConnections: 1 });
  await untimed.db.execute(sql`analyze`);
  await untimed.close();
}

/** The machine's load average over the last 1, 5 and 15 minutes, as `uptime` prints it. */
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));

/** The cursor of page `n`, or of the last page when there are fewer (walked once, not timed). */
async function cursorOfPage(n: number, f: InboxFilter) {
  let current = f;
  let page = 1;
  for (; page < n; page++) {
    const result = await inboxPage(db, current, viewer.id);
    if (!result.next) break;
    current = { ...f, after: result.next };
  }
  return { page, filter: current };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

if (parts.has("queries")) await measureQueries();

if (parts.has("export")) await measureExport();
if (parts.has("retention")) await measureRetention();

await database.close();
await drop();

/**
 * The CSV export of every lead, with the memory the process gains while it streams: the
 * peak of its resident size (garbage V8 has not yet collected included) and, on a
 * second export when run with --expose-gc, the peak of what is live (a full collection
 * every 50 pages), which is what the export holds.
 */
async function measureExport() {
  const exportAll = async (collectEvery?: number) => {
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakLive = before.heapUsed;
    let bytes = 0;
    let pages = 0;
    const at = performance.now();
    const reader = leadsCsv(db, filter(""), viewer, "bench secret").getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (collectEvery && global.gc && ++pages % collectEvery === 0) {
        global.gc();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }
    }
    const mb = (n: number) => (n / 1e6).toFixed(0);
    return {
      seconds: (performance.now() - at) / 1000,
      bytes,
      rss: mb(peakRss - before.rss),
      live: mb(peakLive - before.heapUsed),
    };
  };
  const run = await exportAll();
  console.log(
    `CSV export of all ${count} leads: ${(run.bytes / 1e6).toFixed(1)} MB in ${run.seconds.toFixed(1)} s ` +
      `(${Math.round(count / run.seconds)} rows a second); resident memory grew by at most ${run.rss} MB ` +
      `(load average ${loadAverage()})`,
  );
  if (!global.gc) return;
  const live = await exportAll(50);
  console.log(`The same export, collected every 50 pages: the live heap grew by at most ${live.live} MB`);
}

/**
 * The retention job with a tenth as many leads again due (received seven to nine years
 * ago), while an adviser works beside it: the inbox loaded and a new lead stored, one
 * after the other, timed during the run and, for comparison, just before it.
 */
async function measureRetention() {
  const due = Math.max(1, Math.round(count / 10));
  started = performance.now();
  await seedLeads(db, due, { seed: 7, now: Date.now() - 7 * 365 * 86_400_000 });
  await analyze();
  console.log(`retention: ${due} leads due added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const stored: string[] = [];
  const inbox: number[][] = [[], []];
  const intake: number[][] = [[], []];
  const work = async (during: 0 | 1) => {
    let at = performance.now();
    await Promise.all([inboxPage(db, filter(""), viewer.id), statusCounts(db, filter(""), viewer.id)]);
    inbox[during]?.push(performance.now() - at);
    at = performance.now();
    const { quotes } = await insertLeads(db, {
      quotes: [sampleQuote({ email: `intake-${stored.length}@example.com` })],
    });
    intake[during]?.push(performance.now() - at);
    stored.push(...quotes);
  };
  for (let run = 0; run < RUNS; run++) await work(0);
  let running = true;
  started = performance.now();
  const job = runRetention(db).finally(() => {
    running = false;
  });
  while (running) await work(1);
  const deleted = await job;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await deleteLeadsWithTraces(db, "quote", stored);
  const gone = deleted.completedLeads + deleted.otherLeads + deleted.contactMessages;
  console.log(`Retention run: ${gone} leads deleted in ${seconds} s (load average ${loadAverage()})`);
  console.log("| beside the retention run | before: p50 / p95 / max ms | during: p50 / p95 / max ms |");
  console.log("| --- | --- | --- |");
  for (const [name, times] of [
    ["inbox loaded", inbox],
    ["new lead stored", intake],
  ] as const) {
    const cells = times.map((t) => {
      const sorted = [...t].sort((a, b) => a - b);
      return `${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.95).toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)} (${t.length})`;
    });
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
}

/** The inbox's queries as its page runs them, then the lead page's loader: p50 and p95 over RUNS. */
async function measureQueries() {
  const [someone] = await rowsOf<{ email: string }>(
    db,
    sql`select email from quotes order by created_at desc offset 5000 limit 1`,
  );
  const deep = await cursorOfPage(500, filter(""));
  const deepByName = await cursorOfPage(500, filter("sort=name"));
  const scenarios: [string, InboxFilter][] = [
    ["first page", filter("")],
    ["filtered page (new quotes, £50,000+, google)", filter("status=new&kind=quote&min=50000&campaign=google")],
    [`page ${deep.page}`, deep.filter],
    ["search by email", filter(`q=${someone?.email ?? "nobody@example.com"}`)],
    ["search by surname", filter("q=patel")],
    // Each header's sort, each way (decisions 393 and 421), and the views (decision 422).
    ["sorted by amount, largest first", filter("sort=amount")],
    ["sorted by amount, smallest first", filter("sort=amount&dir=asc")],
    ["sorted by received, oldest first", filter("dir=asc")],
    ["sorted by name, A to Z", filter("sort=name")],
    ["sorted by name, Z to A", filter("sort=name&dir=desc")],
    [`sorted by name, page ${deepByName.page}`, deepByName.filter],
    ["new leads by name", filter("status=new&sort=name")],
    ["view: mine", filter("assignee=mine")],
    ["view: not assigned", filter("assignee=unassigned")],
    ["view: waiting over a day", filter("waiting=1")],
  ];
  console.log(`| ${kind} (${count} leads; load average ${loadAverage()}) | p50 ms | p95 ms |`);
  console.log("| --- | --- | --- |");
  for (const [name, f] of scenarios) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      // What the inbox page's loader asks for: the page and the counts, then the page's banners (decision 420).
      const [page] = await Promise.all([inboxPage(db, f, viewer.id), statusCounts(db, f, viewer.id)]);
      await personBannersOf(db, page.leads);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} |`);
  }
  await benchLeadPage(db, viewer.id, RUNS, analyze);
}
