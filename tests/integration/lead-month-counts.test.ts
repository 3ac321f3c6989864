import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../server/platform/db/client";
import { rowsOf } from "../../server/platform/db/rows";
import { personalEnquiries, quotes } from "../../server/platform/db/schema";
import { deleteLeadsWithTraces } from "../../server/privacy/retention";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { databaseBefore } from "../support/migrations";

// The campaign report's leads a month (docs/decisions/257) are kept by triggers in
// lead_month_counts (drizzle/0010). Whatever writes the two loan lead tables (intake, a
// change of landing page or arrival time, retention's and erasure's deletions, a
// truncate), the kept counts equal a plain count(*) of the leads by UK month and utm
// values; and the migration counts the leads already held.

type Count = { kind: string; month: string; source: string; campaign: string; n: number };

/** Every kept row: none at nought (a row at nought would keep a utm value after its last lead). */
const kept = (db: Database) =>
  rowsOf<Count>(
    db,
    sql`select kind, month, utm_source as source, utm_campaign as campaign, n from lead_month_counts order by 1, 2, 3, 4`,
  );

const counted = (db: Database) =>
  rowsOf<Count>(
    db,
    sql`select kind, month, source, campaign, n from (
        select 'quote' as kind, to_char(created_at at time zone 'Europe/London', 'YYYY-MM') as month,
          coalesce(utm_source, '') as source, coalesce(utm_campaign, '') as campaign, count(*)::int as n
        from quotes group by 1, 2, 3, 4
        union all
        select 'personal-enquiry', to_char(created_at at time zone 'Europe/London', 'YYYY-MM'),
          coalesce(utm_source, ''), coalesce(utm_campaign, ''), count(*)::int
        from personal_enquiries group by 1, 2, 3, 4
      ) as leads order by 1, 2, 3, 4`,
  );

const landing = (query: string) => `https://www.example.com/secured-loans${query}`;
const LANDINGS = [
  landing(""),
  landing("?utm_source=google&utm_campaign=spring%20homeowners"),
  landing("?utm_source=google&utm_campaign=spring+homeowners"),
  landing("?utm_campaign=letters&utm_source="),
  landing("?utm_source=bing"),
];
// Either side of UK midnights that are not UTC ones (British Summer Time), and a GMT one.
const ARRIVALS = [
  "2026-03-31T22:30:00Z",
  "2026-03-31T23:30:00Z",
  "2026-04-30T23:10:00Z",
  "2026-10-31T23:59:00Z",
  "2026-11-30T23:59:00Z",
  "2026-12-01T00:00:00Z",
].map((at) => new Date(at));

/** Leads of both kinds, every landing page at every arrival time, and contact messages (never counted). */
async function someLeads(db: Database) {
  const pairs = ARRIVALS.flatMap((createdAt) => LANDINGS.map((landingPageUrl) => ({ createdAt, landingPageUrl })));
  return insertLeads(db, {
    quotes: pairs.map((p) => ({ ...sampleQuote({ createdAt: p.createdAt }), landingPageUrl: p.landingPageUrl })),
    enquiries: pairs.slice(0, 12).map((p) => sampleEnquiry(p)),
    contacts: [sampleContact()],
  });
}

/**
 * The same leads as the code before migration 0010 wrote them: the quotes and quick-check
 * enquiries by their own columns, as today's schema has columns that the older one has not.
 */
async function someLeadsBefore(db: Database) {
  const pairs = ARRIVALS.flatMap((createdAt) => LANDINGS.map((landingPageUrl) => ({ createdAt, landingPageUrl })));
  const rows = pairs.map(
    (p) =>
      sql`('jane.smith@example.com', 'Jane', 'Smith', '07700 900123', 'debt-consolidation', 'mortgage', 'good', 50000, 250000, ${p.createdAt.toISOString()}::timestamptz, ${p.landingPageUrl})`,
  );
  await db.execute(sql`insert into quotes (email, first_name, last_name, phone, loan_purpose, homeowner_status,
      credit_history, loan_amount, property_value, created_at, landing_page_url) values ${sql.join(rows, sql`, `)}`);
  const enquiries = pairs
    .slice(0, 12)
    .map(
      (p) =>
        sql`('homeowner', 40000, 'mortgage', 'home-improvements', 3500, 'self-employed', 'fair', 300000, 120000, 'Sam', 'Jones', 'sam.jones@example.com', '+44 7700 900456', ${p.createdAt.toISOString()}::timestamptz, ${p.landingPageUrl})`,
    );
  await db.execute(sql`insert into personal_enquiries (loan_type, loan_amount, homeowner_status, loan_purpose,
      monthly_income, employment_status, credit_history, property_value, mortgage_balance, first_name, last_name,
      email, phone, created_at, landing_page_url) values ${sql.join(enquiries, sql`, `)}`);
  await insertLeads(db, { contacts: [sampleContact()] });
}

describe.each(testDatabaseKinds())("the campaign report's kept leads a month on %s", (kind) => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  it("equal a count of the leads through intake, changes, deletions and a truncate", async () => {
    const database = await openTestDatabase(kind);
    handles.push(database);
    const { db } = database;
    const ids = await someLeads(db);
    expect(await kept(db)).toEqual(await counted(db));
    expect((await kept(db)).find((c) => c.source === "google" && c.month === "2026-04")).toMatchObject({
      kind: "personal-enquiry",
      campaign: "spring%20homeowners",
    });

    // A change of landing page, of arrival time, and one of status only (no count moves).
    await db
      .update(quotes)
      .set({ landingPageUrl: landing("?utm_source=newsletter") })
      .where(inArray(quotes.id, ids.quotes.slice(0, 7)));
    await db
      .update(quotes)
      .set({ createdAt: new Date("2025-12-31T23:30:00Z") })
      .where(inArray(quotes.id, ids.quotes.slice(5, 9)));
    await db
      .update(quotes)
      .set({ status: "contacted" })
      .where(inArray(quotes.id, ids.quotes.slice(8, 20)));
    await db
      .update(personalEnquiries)
      .set({ landingPageUrl: landing("?utm_source=google&utm_campaign=autumn") })
      .where(eq(personalEnquiries.id, ids.enquiries[0] as string));
    expect(await kept(db)).toEqual(await counted(db));

    // Retention's and erasure's deletions, then a plain one.
    await deleteLeadsWithTraces(db, "quote", ids.quotes.slice(3, 11));
    await deleteLeadsWithTraces(db, "personal-enquiry", ids.enquiries.slice(2, 4));
    await db.delete(quotes).where(inArray(quotes.id, ids.quotes.slice(20, 22)));
    expect(await kept(db)).toEqual(await counted(db));

    await db.execute(sql`truncate personal_enquiries`);
    expect((await kept(db)).some((c) => c.kind === "personal-enquiry")).toBe(false);
    expect(await kept(db)).toEqual(await counted(db));
  });

  // Made before the test, in a hook's longer time: on a fresh machine the PGlite template
  // it starts from is an `initdb` and nine migrations, which a busy machine (load 14) took
  // 28 s over, against the test's 30.
  let before: Awaited<ReturnType<typeof databaseBefore>>;
  beforeAll(async () => {
    before = await databaseBefore(kind, "0010_campaign_month_counts");
  });

  it("counts the leads already held when the migration runs", async () => {
    const { database, finish } = before;
    try {
      const { db } = database;
      await someLeadsBefore(db);
      await database.migrate();
      const counts = await kept(db);
      expect(counts.reduce((sum, c) => sum + c.n, 0)).toBe(ARRIVALS.length * LANDINGS.length + 12);
      expect(counts).toEqual(await counted(db));
    } finally {
      await finish();
    }
  });
});
