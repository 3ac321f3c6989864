import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_PROBLEMS } from "../../app/domain/needs";
import { TOO_FEW } from "../../app/domain/needs-outcomes";
import { quarterOf } from "../../app/domain/needs-outcomes";
import { callbackCookie } from "../../server/borrowers/callbacks.server";
import type { ServerContext } from "../../server/platform/services";
import { erasePersonalData, personalDataOf } from "../../server/privacy/data-requests.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { rowsOf } from "../../server/platform/db/rows";
import { auditLog, complaints, leadNeeds, staffMembers } from "../../server/platform/db/schema";
import { needsOf, stateNeeds, withdrawHealthConsent } from "../../server/needs/needs.server";
import { runRetention } from "../../server/privacy/retention";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { aPanelProduct, insertCase } from "../support/lead-cases";
import { freshAddress } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// A borrower's needs (DECISIONS D28) through the routes as React Router calls them: stated on
// the thank-you page by the browser that sent the lead (its fields' messages at the field,
// health details only with consent), shown first to the adviser with an audit row that holds
// none of it, recorded by the adviser at the record's version, marked on Today and in the
// inbox, withdrawn consent removing the health details, counted by the quarter's report and
// its CSV, and nothing of it left once the person is erased or the lead's time is up.

const STAFF = { id: "staff-needs-test", name: "Nia Adviser", email: "nia.needs@firm.example" };
const SITE = "http://localhost:3000";

const routes = staffRoutesSignedInAs(STAFF, async () => ({
  lead: await import("../../app/routes/staff.leads.$kind.$id/route"),
  today: await import("../../app/routes/staff.today"),
  inbox: await import("../../app/routes/staff._index"),
  person: await import("../../app/routes/staff.people.$kind.$id"),
  outcomes: await import("../../app/routes/staff.outcomes._index"),
  outcomesCsv: await import("../../app/routes/staff.outcomes.export"),
  thankYou: await import("../../app/routes/thank-you"),
}));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

/** Words typed into the needs forms, searched for in the database's dump after the erasure. */
const WORDS = {
  note: "Zebedee my nephew speaks for me",
  health: "Quillfeather tremor makes calls hard",
  adviser: "Send everything by post to Marmaduke",
};

/** The erased person's own words: nobody else in this file types them. */
const ERASED = {
  note: "Pemberton my daughter speaks for me",
  health: "Orinoco syndrome makes calls hard",
  adviser: "Write to Fitzwilliam first",
};

const form = (fields: [string, string][]) => new URLSearchParams(fields);

describe.each(testDatabaseKinds())("needs on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values(STAFF);
  });
  afterAll(async () => {
    await database.close();
  });

  const newQuote = async (over: Parameters<typeof sampleQuote>[0] = {}) =>
    (await insertLeads(database.db, { quotes: [sampleQuote(over)] })).quotes[0] as string;

  const thankYouPost = (id: string, body: URLSearchParams, withCookie = true) => {
    const cookie = callbackCookie(context.config, id).split(";")[0] as string;
    return answerOf(() =>
      routes().thankYou.action({
        request: new Request(`${SITE}/thank-you?ref=${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", ...(withCookie ? { Cookie: cookie } : {}) },
          body,
        }),
        context: { ...context, clientAddress: freshAddress() },
        params: {},
      } as never),
    );
  };
  const leadPage = async (id: string) =>
    (
      await answerOf(() =>
        routes().lead.loader({
          request: new Request(`${SITE}/staff/leads/quote/${id}`),
          context,
          params: { kind: "quote", id },
        } as never),
      )
    ).body as Body;
  const leadPost = (id: string, fields: [string, string][]) =>
    answerOf(() =>
      routes().lead.action({
        request: new Request(`${SITE}/staff/leads/quote/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: form(fields),
        }),
        context,
        params: { kind: "quote", id },
      } as never),
    );
  const auditOf = (id: string) =>
    database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.leadId, id));

  it("takes the borrower's needs on the thank-you page, from the browser that sent the lead", async () => {
    const id = await newQuote();
    const answer = await thankYouPost(
      id,
      form([
        ["intent", "needs"],
        ["adjustments", "email"],
        ["adjustments", "in-writing"],
        ["needs-note", WORDS.note],
        ["health", WORDS.health],
        ["health-consent", "yes"],
      ]),
    );
    expect(answer).toMatchObject({ status: 303, location: `/thank-you?ref=${id}&needs=saved#needs` });
    const stored = await needsOf(database.db, { kind: "quote", id });
    expect(stored).toMatchObject({
      adjustments: ["email", "in-writing"],
      borrowerNote: WORDS.note,
      healthDetails: WORDS.health,
      source: "borrower",
      recordedByName: null,
    });
    expect(stored?.healthConsentAt).toBeInstanceOf(Date);
    // The audit row says it happened, never what was said.
    const audit = JSON.stringify(await auditOf(id));
    expect(audit).toContain("needs.stated");
    expect(audit).not.toMatch(/Zebedee|Quillfeather/);
  });

  it("refuses health details without the consent box, beside the box, keeping what was typed", async () => {
    const id = await newQuote();
    const answer = await thankYouPost(
      id,
      form([
        ["intent", "needs"],
        ["health", "Asthma"],
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      needsProblems: { "health-consent": NEEDS_PROBLEMS.consent },
      needsValues: { health: "Asthma" },
    });
    expect(await needsOf(database.db, { kind: "quote", id })).toBeNull();
  });

  it("refuses another browser", async () => {
    const id = await newQuote();
    const answer = await thankYouPost(
      id,
      form([
        ["intent", "needs"],
        ["adjustments", "email"],
      ]),
      false,
    );
    expect(answer.status).toBe(403);
    expect(await needsOf(database.db, { kind: "quote", id })).toBeNull();
  });

  it("shows the record first to the adviser, with an audit row without the details, and takes their record", async () => {
    const id = await newQuote();
    await stateNeeds(
      database.db,
      { kind: "quote", id },
      { adjustments: ["email"], note: null, healthDetails: null },
      new Date(),
    );
    const page = await leadPage(id);
    expect(page.needs).toMatchObject({ adjustments: ["email"], version: 1, source: "borrower" });
    expect((await auditOf(id)).map((a) => a.action)).toContain("needs.view");

    const refused = await leadPost(id, [
      ["intent", "needs"],
      ["needsVersion", "1"],
      ["drivers", "money"],
      ["source", "call"],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      form: "needs",
      field: "drivers",
      problems: { drivers: NEEDS_PROBLEMS.drivers },
    });

    const saved = await leadPost(id, [
      ["intent", "needs"],
      ["needsVersion", "1"],
      ["drivers", "life-events"],
      ["adjustments", "email"],
      ["adjustments", "more-time"],
      ["needs-note", WORDS.adviser],
      ["source", "call"],
    ]);
    expect(saved).toMatchObject({ status: 302, location: `/staff/leads/quote/${id}?done=needs` });
    expect(await needsOf(database.db, { kind: "quote", id })).toMatchObject({
      drivers: ["life-events"],
      adjustments: ["email", "more-time"],
      note: WORDS.adviser,
      source: "call",
      recordedByName: STAFF.name,
      version: 2,
    });
    // A second adviser's page, still at version 1, is refused rather than overwriting it.
    const stale = await leadPost(id, [
      ["intent", "needs"],
      ["needsVersion", "1"],
      ["drivers", "health"],
      ["source", "call"],
    ]);
    expect(stale.status).toBe(409);
    const audit = JSON.stringify(await auditOf(id));
    expect(audit).toContain("needs.record");
    expect(audit).not.toContain("Marmaduke");
  });

  it("records needs on a lead that had none (version 0)", async () => {
    const id = await newQuote();
    const saved = await leadPost(id, [
      ["intent", "needs"],
      ["needsVersion", "0"],
      ["drivers", "capability"],
      ["source", "email"],
    ]);
    expect(saved.status).toBe(302);
    expect(await needsOf(database.db, { kind: "quote", id })).toMatchObject({ drivers: ["capability"], version: 1 });
    // A second "first" record is refused: someone recorded it first.
    expect(
      (
        await leadPost(id, [
          ["intent", "needs"],
          ["needsVersion", "0"],
          ["drivers", "health"],
          ["source", "call"],
        ])
      ).status,
    ).toBe(409);
  });

  it("marks the lead on Today, in the inbox and on the person page", async () => {
    const id = await newQuote({ email: "marked.borrower@example.com", phone: "07700 900555" });
    await stateNeeds(
      database.db,
      { kind: "quote", id },
      { adjustments: ["email"], note: null, healthDetails: null },
      new Date(),
    );
    const today = (
      await answerOf(() =>
        routes().today.loader({ request: new Request(`${SITE}/staff/today`), context, params: {} } as never),
      )
    ).body as Body;
    const row = [...today.planned, ...today.waiting, ...today.booked].find((r: Body) => r.id === id);
    expect(row?.needs).toEqual(["Prefers email"]);
    const inbox = (
      await answerOf(() =>
        routes().inbox.loader({ request: new Request(`${SITE}/staff`), context, params: {} } as never),
      )
    ).body as Body;
    expect(inbox.rows.find((r: Body) => r.id === id)?.needs).toEqual(["Prefers email"]);
    const person = (
      await answerOf(() =>
        routes().person.loader({
          request: new Request(`${SITE}/staff/people/quote/${id}`),
          context,
          params: { kind: "quote", id },
        } as never),
      )
    ).body as Body;
    expect(person.needs[id]).toMatchObject({ adjustments: ["email"] });
  });

  it("removes the health details when consent is withdrawn, and keeps the rest", async () => {
    const id = await newQuote();
    await stateNeeds(
      database.db,
      { kind: "quote", id },
      { adjustments: ["more-time"], note: "Slowly please", healthDetails: "Long covid" },
      new Date(),
    );
    expect(await withdrawHealthConsent(database.db, [{ kind: "quote", id }])).toBe(1);
    expect(await needsOf(database.db, { kind: "quote", id })).toMatchObject({
      adjustments: ["more-time"],
      borrowerNote: "Slowly please",
      healthDetails: null,
      healthConsentAt: null,
    });
    const dump = await rowsOf<{ row: string }>(database.db, sql`select t::text as row from ${leadNeeds} t`);
    expect(JSON.stringify(dump)).not.toContain("Long covid");
  });

  it("refuses health details without consent in the database itself", async () => {
    const id = await newQuote();
    await expect(
      database.db.insert(leadNeeds).values({ leadKind: "quote", leadId: id, source: "call", healthDetails: "x" }),
    ).rejects.toThrow();
  });

  it("counts the quarter's groups, with too few to show under 10, on the page and in the CSV", async () => {
    const now = new Date();
    const product = await aPanelProduct(database.db);
    const ids = (await insertLeads(database.db, { quotes: Array.from({ length: 10 }, () => sampleQuote()) })).quotes;
    for (const id of ids) {
      await stateNeeds(
        database.db,
        { kind: "quote", id },
        { adjustments: ["in-writing"], note: null, healthDetails: null },
        now,
      );
    }
    await insertCase(database.db, {
      leadId: ids[0] as string,
      leadKind: "quote",
      productId: product,
      applicationSentAt: now,
    });
    await database.db.insert(complaints).values({
      receivedAt: now,
      channel: "phone",
      about: "lead",
      name: "A borrower",
      words: "Unhappy",
      leadKind: "quote",
      leadId: ids[1] as string,
    });
    const quarter = quarterOf(now);
    const page = (
      await answerOf(() =>
        routes().outcomes.loader({
          request: new Request(`${SITE}/staff/outcomes?quarter=${quarter}`),
          context,
          params: {},
        } as never),
      )
    ).body as Body;
    const line = (label: string) => page.lines.find((l: Body) => l.label === label)?.values;
    const [withNeeds] = line("Leads");
    // Every quote of this file with a needs record, the ten here among them.
    const counted = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from ${leadNeeds}`);
    expect(Number(withNeeds)).toBe(Number(counted[0]?.n));
    expect(line("Cases started")?.[0]).toBe("1");
    expect(Number(line("Complaints per 100 leads")?.[0])).toBeGreaterThan(0);

    const csv = await routes().outcomesCsv.loader({
      request: new Request(`${SITE}/staff/outcomes/export?quarter=${quarter}`),
      context,
      params: {},
    } as never);
    const text = await (csv as Response).text();
    expect(text).toContain("Leads with a needs record");
    expect(text).toContain(`Leads,${withNeeds}`);

    // A quarter with none: too few to show in each group, and a quarter that is not one refused.
    const empty = (
      await answerOf(() =>
        routes().outcomes.loader({
          request: new Request(`${SITE}/staff/outcomes?quarter=2001-Q1`),
          context,
          params: {},
        } as never),
      )
    ).body as Body;
    expect(empty.lines.every((l: Body) => l.values[0] === TOO_FEW && l.values[1] === TOO_FEW)).toBe(true);
    const bad = await answerOf(() =>
      routes().outcomes.loader({
        request: new Request(`${SITE}/staff/outcomes?quarter=2026-Q5`),
        context,
        params: {},
      } as never),
    );
    expect(bad.status).toBe(400);
  });

  it("is in the person's access request and leaves nothing once they are erased", async () => {
    const email = "erase.needs@example.com";
    const id = await newQuote({ email, lastName: "Erasable" });
    await stateNeeds(
      database.db,
      { kind: "quote", id },
      { adjustments: ["someone-else"], note: ERASED.note, healthDetails: ERASED.health },
      new Date(),
    );
    await leadPost(id, [
      ["intent", "needs"],
      ["needsVersion", "1"],
      ["drivers", "health"],
      ["needs-note", ERASED.adviser],
      ["source", "call"],
    ]);
    const held = await personalDataOf(database.db, { email });
    expect(JSON.stringify(held.needs)).toContain("Orinoco");
    await erasePersonalData(database.db, { email });
    const tables = await rowsOf<{ schema: string; name: string }>(
      database.db,
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const lines: string[] = [];
    for (const table of tables) {
      const rows = await rowsOf<{ row: string }>(
        database.db,
        sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
      );
      for (const { row } of rows) lines.push(`${table.name}: ${row}`);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => /Pemberton|Orinoco|Fitzwilliam/i.test(line))).toEqual([]);
    expect(await needsOf(database.db, { kind: "quote", id })).toBeNull();
  });

  it("is kept no longer than its lead: retention deletes it with the lead", async () => {
    const old = new Date(Date.now() - 3 * 365 * 86_400_000);
    const id = await newQuote({ createdAt: old });
    await database.db.execute(sql`update quotes set updated_at = ${old.toISOString()}::timestamptz where id = ${id}`);
    await stateNeeds(
      database.db,
      { kind: "quote", id },
      { adjustments: ["email"], note: null, healthDetails: null },
      old,
    );
    await runRetention(database.db);
    expect(await needsOf(database.db, { kind: "quote", id })).toBeNull();
  });
});
