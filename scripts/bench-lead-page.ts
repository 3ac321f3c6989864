import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { readConfig } from "../app/config.server";
import { type LenderProductInput, lenderCriteriaSchema } from "../app/domain/lender-products";
import type { ServerContext } from "../server/platform/services";
import type { Database } from "../server/platform/db/client";
import { rowsOf } from "../server/platform/db/rows";
import { lenderProducts, staffSessions } from "../server/platform/db/schema";
import { createLogger } from "../server/platform/logger";
import { campaignReport, monthRangeOf } from "../server/staff/reports/campaign-report.server";
import { tokenHash } from "../server/staff/credentials";
import { EXAMPLE_PANEL } from "../server/staff/lender-panel/example-panel";
import { staffCookieName } from "../server/staff/session.server";

// The lead page with the lender panel (issue 30), beside the inbox's own figures: 50
// products, some cases with lenders, then the lead page's loader itself (the staff
// session, the lead, its audit row, timeline, emails, flags and the panel's matches),
// the person page's, and the campaign report's query, timed in-process at the bench's lead count.
// Called by scripts/bench-inbox.ts; prints its rows of the same table.

/** Fifty products: the example panel's shapes, each with its own limits, rates and commission. */
export function benchPanel(size = 50): LenderProductInput[] {
  return Array.from({ length: size }, (_, i) => {
    const base = EXAMPLE_PANEL[i % EXAMPLE_PANEL.length] as LenderProductInput;
    const step = Math.floor(i / EXAMPLE_PANEL.length);
    const c = base.criteria;
    return lenderProductInput({
      ...base,
      lender: `Example Lender ${i + 1}`,
      productName: `${base.productName} ${step + 1}`,
      criteria: {
        ...c,
        minLoan: c.minLoan + (i % 5) * 500,
        maxLoan: Math.round(c.maxLoan * (1 - (i % 3) * 0.1)),
        minMonthlyIncome: c.minMonthlyIncome + (i % 4) * 250,
        rateBands: c.rateBands.map((b) => ({
          ...b,
          ratePercent: Math.round((b.ratePercent + step * 0.11) * 100) / 100,
        })),
        commissionPercent: Math.round((c.commissionPercent + (i % 3) * 0.25) * 100) / 100,
      },
    });
  });
}

/** A product as the panel reads it back: criteria the panel would refuse stop the bench here. */
const lenderProductInput = (product: LenderProductInput) => ({
  ...product,
  criteria: lenderCriteriaSchema.parse(product.criteria),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

async function timed(runs: number, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)}`;
}

/** Quotes read for cases a statement: each statement well within the site's query time-out on a busy machine. */
const CASE_SEED_BATCH = 20_000;

/**
 * One quote in thirty sent to a lender, half of those completed (what the report sums),
 * in batches of quotes by id: one statement over every quote was cancelled by the
 * server's statement time-out at a million leads on a busy machine. Answers the cases added.
 */
export async function seedCases(db: Database, productId: string, batch = CASE_SEED_BATCH): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let seen = 0;
  let added = 0;
  for (;;) {
    const [done] = await rowsOf<{ last: string | null; read: number; added: number }>(
      db,
      sql`with q as (
          select id, created_at, loan_amount, ${seen}::int + row_number() over (order by id) as n
          from (select id, created_at, loan_amount from quotes where id > ${after}::uuid order by id limit ${batch}) as b
        ), cases as (
          insert into lead_cases (lead_id, lead_kind, product_id, stage, application_sent_at, completed_amount, completed_on, commission_pence)
          select id, 'quote', ${productId}::uuid,
            case when n % 2 = 0 then 'completed' else 'application-sent' end,
            created_at + interval '3 days',
            case when n % 2 = 0 then loan_amount end,
            case when n % 2 = 0 then ((created_at + interval '40 days') at time zone 'Europe/London')::date end,
            case when n % 2 = 0 then loan_amount * 2 end
          from q where n % 30 = 0
          on conflict do nothing
          returning 1
        )
        select (select id::text from q order by id desc limit 1) as last, (select count(*)::int from q) as read,
          (select count(*)::int from cases) as added`,
    );
    added += done?.added ?? 0;
    if (!done?.last || done.read < batch) return added;
    after = done.last;
    seen += done.read;
  }
}

export async function benchLeadPage(db: Database, viewerId: string, runs: number, analyze: () => Promise<void>) {
  const products = await db.insert(lenderProducts).values(benchPanel()).returning({ id: lenderProducts.id });
  await seedCases(db, products[0]?.id ?? "");
  await analyze();

  // A signed-in staff member's session, as sign-in leaves it, and the loader as React Router calls it.
  const token = randomUUID();
  await db
    .insert(staffSessions)
    .values({ tokenHash: tokenHash(token), staffId: viewerId, expiresAt: new Date(Date.now() + 3_600_000) });
  const config = readConfig({ NODE_ENV: "test" });
  const context: ServerContext = {
    config,
    db,
    log: createLogger("silent"),
    kickOutbox: () => {},
    identify: async () => null,
    nonce: "bench",
    clientAddress: "127.0.0.1",
  };
  const { loader } = await import("../app/routes/staff.leads.$kind.$id/route");
  const leads = await rowsOf<{ id: string }>(db, sql`select id from quotes order by id limit 50`);
  const cookie = `${staffCookieName(config.isProduction)}=${token}`;
  const leadPage = (i: number) => {
    const id = leads[i % leads.length]?.id ?? "";
    const request = new Request(`https://bench.example/staff/leads/quote/${id}`, { headers: { cookie } });
    return loader({ request, params: { kind: "quote", id }, context } as never);
  };
  // Warm the statement paths once, as a running server is.
  await leadPage(0);
  console.log(
    `| lead page's loader (${products.length} products, matches included) | ${await timed(runs, leadPage)} |`,
  );
  // The person page (decision 410): every lead, account, complaint and request sharing the lead's email or phone.
  const { loader: personLoader } = await import("../app/routes/staff.people.$kind.$id");
  const personPage = (i: number) => {
    const id = leads[i % leads.length]?.id ?? "";
    const request = new Request(`https://bench.example/staff/people/quote/${id}`, { headers: { cookie } });
    return personLoader({ request, params: { kind: "quote", id }, context } as never);
  };
  await personPage(0);
  console.log(`| person page's loader (from a lead) | ${await timed(runs, personPage)} |`);
  const range = monthRangeOf(new URLSearchParams());
  console.log(
    `| campaign report, ${range.from} to ${range.to} | ${await timed(runs, () => campaignReport(db, range))} |`,
  );
}
