import { ROLES } from "../../app/domain/permissions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL, serialiseConsent } from "../../app/domain/consent";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, funnelCounts, personalEnquiries, quotes } from "../../server/platform/db/schema";
import { campaignReport, exportOfflineConversions, monthRangeOf } from "../../server/staff/reports/campaign-report.server";
import { sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createTestApp, postJson, routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { aPanelProduct, insertCase } from "../support/lead-cases";
import { freshAddress, postedQuoteAnswers, validEnquiry, validQuote } from "../support/leads";

// What each campaign earned (DECISIONS D23, docs/decisions/235 and 236), on both
// databases: the report's sums per campaign and UK month against figures worked out by
// hand (leads and cases either side of a UK midnight that is not a UTC one), the
// offline-conversions file to the byte, the audit rows of both downloads, and the
// advertising consent each lead keeps from its request's cookie.

const STAFF = { id: "staff-campaigns-test", name: "Cam Paign", email: "cam@firm.example" };

type CampaignsRoute = typeof import("../../app/routes/staff.funnel_.campaigns");
type ExportRoute = typeof import("../../app/routes/staff.funnel_.campaigns.export");
type ConversionsRoute = typeof import("../../app/routes/staff.funnel_.campaigns.conversions");
let pageLoader: CampaignsRoute["loader"];
let exportLoader: ExportRoute["loader"];
let conversionsLoader: ConversionsRoute["loader"];

// Imported afresh with the session stubbed, and put back afterwards (as staff-routes.test.ts does).
beforeAll(async () => {
  vi.resetModules();
  vi.doMock("../../server/staff/session.server", async (original) => ({
    ...(await original<typeof import("../../server/staff/session.server")>()),
    // A member holding every role, a code entered just now (the guard's own tests: staff-permissions).
    requireStaff: async () => ({
      user: { ...STAFF, roles: [...ROLES] },
      headers: new Headers(),
      codeAt: Date.now(),
      rolesNews: false,
    }),
  }));
  pageLoader = (await import("../../app/routes/staff.funnel_.campaigns")).loader;
  exportLoader = (await import("../../app/routes/staff.funnel_.campaigns.export")).loader;
  conversionsLoader = (await import("../../app/routes/staff.funnel_.campaigns.conversions")).loader;
});
afterAll(() => {
  vi.doUnmock("../../server/staff/session.server");
  vi.resetModules();
});

const SITE = "http://localhost:3000";
const GOOGLE = "https://www.example.com/secured-homeowner-loan?utm_source=google&utm_campaign=spring";
const at = (iso: string) => new Date(iso);

describe.each(testDatabaseKinds())("what each campaign earned on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    const { db } = database;
    const product = await aPanelProduct(db);
    const quote = async (name: string, createdAt: Date, landingPageUrl: string | null, adConsent: boolean | null) => {
      const [row] = await db
        .insert(quotes)
        .values({ ...sampleQuote({ createdAt, landingPageUrl, email: `${name}@example.com` }), adConsent })
        .returning({ id: quotes.id });
      ids[name] = row?.id ?? "";
    };
    const enquiry = async (name: string, createdAt: Date, landingPageUrl: string | null, adConsent: boolean | null) => {
      const [row] = await db
        .insert(personalEnquiries)
        .values({ ...sampleEnquiry({ createdAt, landingPageUrl, email: `${name}@example.com` }), adConsent })
        .returning({ id: personalEnquiries.id });
      ids[name] = row?.id ?? "";
    };
    // 1 April 00:30 BST is still 31 March in UTC: an April lead.
    await quote("a", at("2026-03-31T23:30:00Z"), `${GOOGLE}&gclid=GCLID-A`, true);
    // Arrived in February (outside the months asked), its case sent in March.
    await quote(
      "b",
      at("2026-02-27T10:00:00Z"),
      "https://www.example.com/?utm_source=facebook&utm_campaign=autumn",
      true,
    );
    // 1 May 00:00 BST is 30 April in UTC: a May lead, outside the months asked.
    await quote("c", at("2026-04-30T23:00:00Z"), GOOGLE, true);
    // No landing page: a direct visit, "(none)".
    await quote("d", at("2026-03-15T12:00:00Z"), null, true);
    // The campaign percent-encoded as the URL had it; only an iOS click id (wbraid).
    await enquiry(
      "e",
      at("2026-03-10T12:00:00Z"),
      "https://www.example.com/loans?utm_source=bing&utm_campaign=winter-deals&wbraid=WBRAID-E",
      true,
    );
    // A Google click, but advertising cookies refused.
    await quote("f", at("2026-03-18T12:00:00Z"), `${GOOGLE}&gclid=GCLID-F`, false);
    // Advertising cookies accepted, but no click id.
    await quote("g", at("2026-03-19T12:00:00Z"), GOOGLE, true);
    // A Google click from before consent was recorded (null).
    await quote("h", at("2026-04-01T12:00:00Z"), `${GOOGLE}&gclid=GCLID-H`, null);
    // 1 March 00:00 GMT: the first moment of the months asked.
    await enquiry("i", at("2026-03-01T00:00:00Z"), null, false);
    await quote("j", at("2026-03-02T12:00:00Z"), `${GOOGLE}&gclid=GCLID_J-2`, true);

    const sent = (
      lead: string,
      leadKind: "quote" | "personal-enquiry",
      iso: string,
      completed?: [string, number, number],
    ) =>
      insertCase(db, {
        leadId: ids[lead] ?? "",
        leadKind,
        productId: product,
        applicationSentAt: at(iso),
        completed: completed && { on: completed[0], amount: completed[1], commissionPence: completed[2] },
      });
    await sent("a", "quote", "2026-04-05T10:00:00Z", ["2026-04-20", 40_000, 80_000]);
    await sent("b", "quote", "2026-03-05T10:00:00Z", ["2026-05-02", 50_000, 99_999]);
    // Sent at 00:30 BST on 1 April: an April case; completed on April's first day.
    await sent("d", "quote", "2026-03-31T23:30:00Z", ["2026-04-01", 25_000, 50_000]);
    // Completed on March's last day.
    await sent("e", "personal-enquiry", "2026-03-12T12:00:00Z", ["2026-03-31", 30_000, 61_050]);
    await sent("f", "quote", "2026-03-20T12:00:00Z", ["2026-04-10", 20_000, 40_000]);
    await sent("g", "quote", "2026-03-21T12:00:00Z", ["2026-04-11", 15_000, 30_000]);
    await sent("h", "quote", "2026-04-02T12:00:00Z");
    // Completed in GMT, two days before the clocks went forward.
    await sent("j", "quote", "2026-03-03T12:00:00Z", ["2026-03-27", 10_000, 20_050]);

    const visits = (
      day: string,
      form: string,
      step: string,
      utmSource: string,
      utmCampaign: string,
      n: number,
      event = "step",
    ) => ({ day, form, event, step, target: "", utmSource, utmCampaign, n });
    await db.insert(funnelCounts).values([
      visits("2026-03-01", "apply", "status", "google", "spring", 10),
      visits("2026-04-30", "apply-personal", "type", "google", "spring", 5),
      visits("2026-03-31", "apply", "status", "", "", 7),
      visits("2026-03-10", "apply-personal", "type", "bing", "winter-deals", 3),
      // Not a first step, not a step reached, or outside the months: not visits.
      visits("2026-03-31", "apply", "amount", "google", "spring", 99),
      visits("2026-03-02", "apply", "status", "google", "spring", 50, "redirect"),
      visits("2026-05-01", "apply", "status", "google", "spring", 100),
      visits("2026-02-28", "apply", "status", "google", "spring", 100),
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  const row = (month: string, source: string, campaign: string, figures: Partial<Record<string, number>>) => ({
    month,
    source,
    campaign,
    visits: 0,
    leads: 0,
    cases: 0,
    completions: 0,
    lentPounds: 0,
    commissionPence: 0,
    ...figures,
  });

  it("sums each campaign's visits, leads, cases, completions, money lent and commission by UK month", async () => {
    const report = await campaignReport(database.db, { from: "2026-03", to: "2026-04" });
    expect(report.rows).toEqual([
      row("2026-03", "bing", "winter-deals", {
        visits: 3,
        leads: 1,
        cases: 1,
        completions: 1,
        lentPounds: 30_000,
        commissionPence: 61_050,
      }),
      // f, g, j arrived and were sent in March; j completed in March.
      row("2026-03", "google", "spring", {
        visits: 10,
        leads: 3,
        cases: 3,
        completions: 1,
        lentPounds: 10_000,
        commissionPence: 20_050,
      }),
      row("2026-03", "", "", { visits: 7, leads: 2 }),
      row("2026-03", "facebook", "autumn", { cases: 1 }),
      // a and h arrived and were sent in April; a, f and g completed in April.
      row("2026-04", "google", "spring", {
        visits: 5,
        leads: 2,
        cases: 2,
        completions: 3,
        lentPounds: 75_000,
        commissionPence: 150_000,
      }),
      row("2026-04", "", "", { cases: 1, completions: 1, lentPounds: 25_000, commissionPence: 50_000 }),
    ]);
    expect(report.totals).toEqual({
      visits: 25,
      leads: 8,
      cases: 8,
      completions: 6,
      lentPounds: 140_000,
      commissionPence: 281_100,
    });
  });

  it("ends its default twelve months at this UK month, and runs a period to 9999-12 on for ever", async () => {
    expect(monthRangeOf(new URLSearchParams(), new Date("2026-11-30T23:30:00Z"))).toEqual({
      from: "2025-12",
      to: "2026-11",
    });
    // Half past midnight on 1 July in the UK is still 30 June in UTC.
    expect(monthRangeOf(new URLSearchParams("from=2026-05"), new Date("2026-06-30T23:30:00Z"))).toEqual({
      from: "2026-05",
      to: "2026-07",
    });
    expect((await campaignReport(database.db, { from: "9999-11", to: "9999-12" })).rows).toEqual([]);
  });

  it("counts a lead, a case and a visit in the UK month they happened, whatever the UTC date", async () => {
    const march = await campaignReport(database.db, { from: "2026-03", to: "2026-03" });
    const april = await campaignReport(database.db, { from: "2026-04", to: "2026-04" });
    expect(march.totals).toMatchObject({ leads: 6, cases: 5, completions: 2 });
    expect(april.totals).toMatchObject({ leads: 2, cases: 3, completions: 4 });
    const may = await campaignReport(database.db, { from: "2026-05", to: "2026-05" });
    // c arrived at 00:00 BST on 1 May; b completed on 2 May.
    expect(may.rows).toEqual([
      row("2026-05", "facebook", "autumn", { completions: 1, lentPounds: 50_000, commissionPence: 99_999 }),
      row("2026-05", "google", "spring", { visits: 100, leads: 1 }),
    ]);
  });

  it("shows the months on its page, and a month that is not one again as typed, with 400", async () => {
    const args = (query: string) => ({
      request: new Request(`${SITE}/staff/funnel/campaigns?${query}`),
      context,
      params: {},
    });
    const page = (await pageLoader(args("from=2026-04&to=2026-04") as never)) as unknown as {
      data: { range: unknown; rows: unknown[]; conversionName: string };
    };
    expect(page.data.range).toEqual({ from: "2026-04", to: "2026-04" });
    expect(page.data.rows).toHaveLength(2);
    expect(page.data.conversionName).toBe("Completed loan");
    // Refused, the page shows the months again as typed (staff-console-answers.test.ts reads the page).
    expect(await pageLoader(args("from=2026-4") as never)).toMatchObject({
      data: {
        refused: {
          from: "2026-4",
          to: "",
          field: "from",
          message: "The From month is not a month: write it as YYYY-MM, such as 2026-02",
        },
      },
      init: { status: 400 },
    });
  });

  it("downloads the report as CSV, in a spreadsheet's form, with an audit row of the months and row count", async () => {
    const response = (await exportLoader({
      request: new Request(`${SITE}/staff/funnel/campaigns/export?from=2026-03&to=2026-04`),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="campaigns-2026-03-to-2026-04.csv"');
    // Read with its byte-order mark (Response.text() drops one), so Excel reads it as UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      "\uFEFFMonth,Source,Campaign,Visits,Leads,Cases,Completions,Money lent (£),Commission (£)\r\n" +
        "2026-03,bing,winter-deals,3,1,1,1,30000,610.50\r\n" +
        "2026-03,google,spring,10,3,3,1,10000,200.50\r\n" +
        "2026-03,(none),(none),7,2,0,0,0,0.00\r\n" +
        "2026-03,facebook,autumn,0,0,1,0,0,0.00\r\n" +
        "2026-04,google,spring,5,2,2,3,75000,1500.00\r\n" +
        "2026-04,(none),(none),0,0,1,1,25000,500.00\r\n",
    );
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "campaigns.export"));
    expect(audit).toMatchObject({ actorId: STAFF.id, detail: { from: "2026-03", to: "2026-04", rows: 6 } });
  });

  it("writes the offline-conversions file: consenting Google clicks only, the commission in pounds, the time with its zone", async () => {
    const csv = await exportOfflineConversions(
      database.db,
      { from: "2026-03-01", to: "2026-04-30" },
      { actor: STAFF, conversionName: "Completed loan", now: at("2026-05-15T09:00:00Z") },
    );
    // f refused advertising cookies, g has no click id, e only an iOS click id, h has no case completed, d no campaign.
    expect(csv).toBe(
      "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n" +
        "GCLID_J-2,Completed loan,2026-03-27 12:00:00+00:00,200.50,GBP\r\n" +
        "GCLID-A,Completed loan,2026-04-20 12:00:00+01:00,800.00,GBP\r\n",
    );
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "conversions.export"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: STAFF.id,
      leadId: null,
      detail: { from: "2026-03-01", to: "2026-04-30", rows: 2, braidOnly: 1 },
    });
    // The audit row names no click, no lead and no person.
    expect(JSON.stringify(audits[0])).not.toMatch(/GCLID|WBRAID|example\.com/);
  });

  it("never writes a click id Google did not issue, even one a lead kept from before intake dropped them", async () => {
    const { db } = database;
    const [lead] = await db
      .insert(quotes)
      .values({
        ...sampleQuote({ createdAt: at("2027-06-01T12:00:00Z"), landingPageUrl: `${GOOGLE}&gclid=-2-3` }),
        adConsent: true,
      })
      .returning({ id: quotes.id });
    await insertCase(db, {
      leadId: lead?.id ?? "",
      leadKind: "quote",
      productId: await aPanelProduct(db),
      applicationSentAt: at("2027-06-02T12:00:00Z"),
      completed: { on: "2027-06-20", amount: 30_000, commissionPence: 60_000 },
    });
    const csv = await exportOfflineConversions(
      db,
      { from: "2027-06-01", to: "2027-06-30" },
      { actor: STAFF, conversionName: "Completed loan", now: at("2027-07-01T09:00:00Z") },
    );
    expect(csv).toBe("Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n");
  });

  it("downloads the conversions file from its route for the completion days asked, under the configured name", async () => {
    const named = { ...context, config: { ...context.config, adsConversionName: "Loan completed" } };
    const response = (await conversionsLoader({
      request: new Request(`${SITE}/staff/funnel/campaigns/conversions?from=2026-04-01&to=2026-04-30`),
      context: named,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="google-ads-conversions-2026-04-01-to-2026-04-30.csv"',
    );
    expect((await response.text()).split("\r\n")).toEqual([
      "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
      "GCLID-A,Loan completed,2026-04-20 12:00:00+01:00,800.00,GBP",
      "",
    ]);
    await expect(
      conversionsLoader({
        request: new Request(`${SITE}/staff/funnel/campaigns/conversions?from=2026-02-30`),
        context,
        params: {},
      } as never),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe.each(testDatabaseKinds())("advertising consent kept with each lead on %s", (kind) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ app } = createTestApp(database));
  });
  afterAll(async () => {
    await database.close();
  });

  const consentCookie = (consent: typeof ACCEPT_ALL) =>
    `theme=dark; consent=${encodeURIComponent(serialiseConsent(consent))}`;
  const send = async (path: "/api/quotes" | "/api/enquiries", body: object, cookie?: string) => {
    const init = postJson(body, freshAddress());
    const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) };
    const response = await app.request(path, { ...init, headers });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const storedQuote = async (id: string) => (await database.db.select().from(quotes).where(eq(quotes.id, id)))[0];

  it.each([
    ["advertising accepted", consentCookie(ACCEPT_ALL), true],
    ["advertising refused", consentCookie(REJECT_NON_ESSENTIAL), false],
    ["no cookie", undefined, false],
    ["an unreadable cookie", "consent=%E0%A4%A", false],
  ])(
    "a quote sent with %s (Cookie: %s) keeps ad_consent %s, and its landing page's click id",
    async (_name, cookie, expected) => {
      const landing = "https://www.example.com/apply?utm_source=google&utm_campaign=spring&gclid=Cj0KCQ-x_1";
      const id = await send("/api/quotes", validQuote({ landing_page_url: landing }), cookie);
      expect(await storedQuote(id)).toMatchObject({ adConsent: expected, gclid: "Cj0KCQ-x_1", utmCampaign: "spring" });
    },
  );

  it.each(["-2-3", "-SUM-A1", "%3D1%2B1", "_x"])(
    "a quote whose landing page carries gclid=%s is kept without it: Google issues no such id",
    async (hostile) => {
      const landing = `https://www.example.com/apply?gclid=${hostile}&utm_source=google&utm_campaign=spring`;
      const id = await send("/api/quotes", validQuote({ landing_page_url: landing }), consentCookie(ACCEPT_ALL));
      expect(await storedQuote(id)).toMatchObject({
        landingPageUrl: "https://www.example.com/apply?utm_source=google&utm_campaign=spring",
        gclid: null,
        utmCampaign: "spring",
        adConsent: true,
      });
    },
  );

  it("keeps it with a quick-check enquiry too, with its gbraid", async () => {
    const landing = "https://www.example.com/apply-personal?gbraid=0AAAAA-b_2#top";
    const id = await send("/api/enquiries", validEnquiry({ landingPageUrl: landing }), consentCookie(ACCEPT_ALL));
    const [row] = await database.db.select().from(personalEnquiries).where(eq(personalEnquiries.id, id));
    expect(row).toMatchObject({ adConsent: true, gbraid: "0AAAAA-b_2", gclid: null });
  });

  it("keeps it with a form posted without script, whose landing page is the form's own address and query", async () => {
    const context = routeContext(database, freshAddress());
    const { action: applyAction } = await import("../../app/routes/apply");
    const postedTo = async (query: string, cookie?: string) => {
      const email = `no-script-${query ? "advert" : "direct"}-${cookie ? "yes" : "no"}@example.com`;
      const request = new Request(`${SITE}/apply${query}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: SITE,
          "Sec-Fetch-Site": "same-origin",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(postedQuoteAnswers(email)).toString(),
      });
      const answer = await applyAction({ request, context, params: {} } as never);
      expect((answer as Response).status).toBe(302);
      return (await database.db.select().from(quotes).where(eq(quotes.email, email)))[0];
    };
    const advert = "?utm_source=google&utm_campaign=spring&gclid=NoScript-1";
    expect(await postedTo(advert, consentCookie(ACCEPT_ALL))).toMatchObject({
      landingPageUrl: `${context.config.siteUrl}/apply${advert}`,
      gclid: "NoScript-1",
      utmSource: "google",
      adConsent: true,
    });
    expect(await postedTo("")).toMatchObject({ landingPageUrl: null, gclid: null, adConsent: false });
  });
});
