import { ROLES } from "../../app/domain/permissions";
import { randomUUID } from "node:crypto";
import { desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loanCost } from "../../app/domain/finance";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, lenderProducts } from "../../server/platform/db/schema";
import { runCommand } from "../../server/commands";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";
import { findProduct, liveProducts } from "../../server/staff/lender-panel/lender-panel.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// The lender panel's routes called from their source modules, as React Router calls them
// (DECISIONS D22, decision 210): a product added, changed and retired through the posted
// form, each with its audit row; bad input refused 400 with the problem beside its field;
// no delete; and the lead page and the inbox holding the live products against a lead.

const STAFF = { id: "staff-panel-test", name: "Ann Adviser", email: "ann@firm.example" };
const SITE = "http://localhost:3000";

type NewRoute = typeof import("../../app/routes/staff.lenders.new");
type EditRoute = typeof import("../../app/routes/staff.lenders.$id");
type ListRoute = typeof import("../../app/routes/staff.lenders._index");
type LeadRoute = typeof import("../../app/routes/staff.leads.$kind.$id/route");
type InboxRoute = typeof import("../../app/routes/staff._index");
let newAction: NewRoute["action"];
let editAction: EditRoute["action"];
let editLoader: EditRoute["loader"];
let listLoader: ListRoute["loader"];
let leadLoader: LeadRoute["loader"];
let inboxLoader: InboxRoute["loader"];

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
  newAction = (await import("../../app/routes/staff.lenders.new")).action;
  ({ action: editAction, loader: editLoader } = await import("../../app/routes/staff.lenders.$id"));
  listLoader = (await import("../../app/routes/staff.lenders._index")).loader;
  leadLoader = (await import("../../app/routes/staff.leads.$kind.$id/route")).loader;
  inboxLoader = (await import("../../app/routes/staff._index")).loader;
});
afterAll(() => {
  vi.doUnmock("../../server/staff/session.server");
  vi.resetModules();
});

type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: ResponseInit | null };
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

async function answerOf(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), body: {} as Body };
  const data = result as DataResult;
  return { status: data.init?.status ?? 200, location: null, body: (data.data ?? {}) as Body };
}

/** A good product form: £10,000–£100,000, LTV 80% for good credit, 7.25% to 75% LTV. */
const GOOD: Record<string, string | string[]> = {
  intent: "save",
  lender: "Example Lender Q",
  productName: "Test homeowner loan",
  kind: "second-charge",
  minLoan: "10,000",
  maxLoan: "100000",
  minTermMonths: "36",
  maxTermMonths: "300",
  ltvExcellent: "85",
  ltvGood: "80",
  ltvFair: "75",
  ltvPoor: "",
  ltvUnsure: "70",
  employment: ["employed-full-time", "employed-part-time", "self-employed", "retired"],
  minMonthlyIncome: "1500",
  maxAgeAtEnd: "75",
  excludedPurposes: ["business-purposes"],
  band1UpTo: "60",
  band1Rate: "6.49",
  band2UpTo: "80",
  band2Rate: "7.25",
  feePounds: "495",
  commissionPercent: "2",
  commissionFixedPounds: "0",
};

const body = (fields: Record<string, string | string[] | number>) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, String(v));
  }
  return form;
};

describe.each(testDatabaseKinds())("the lender panel on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const request = (path: string, fields: Record<string, string | string[] | number>, origin = SITE) =>
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { Origin: origin, "Sec-Fetch-Site": origin === SITE ? "same-origin" : "cross-site" },
      body: body(fields),
    });
  const add = (fields: Record<string, string | string[] | number>, origin?: string) =>
    answerOf(() => newAction({ request: request("/staff/lenders/new", fields, origin), context, params: {} } as never));
  const edit = (id: string, fields: Record<string, string | string[] | number>) =>
    answerOf(() => editAction({ request: request(`/staff/lenders/${id}`, fields), context, params: { id } } as never));
  const productNamed = async (productName: string) => {
    const [row] = await database.db.select().from(lenderProducts).where(eq(lenderProducts.productName, productName));
    if (!row) throw new Error(`no product ${productName}`);
    return row;
  };
  const auditOf = async (productId: string) =>
    (
      await database.db
        .select({ action: auditLog.action, actorName: auditLog.actorName, detail: auditLog.detail })
        .from(auditLog)
        .where(sql`${auditLog.detail}->>'productId' = ${productId}`)
        .orderBy(auditLog.id)
    ).map((r) => ({ ...r, detail: r.detail as Record<string, unknown> }));

  it("adds a product from the form, with its audit row, and lists it by its labels", async () => {
    expect(await add({ ...GOOD, productName: "Added product" })).toMatchObject({
      status: 302,
      location: "/staff/lenders?done=added",
    });
    const row = await productNamed("Added product");
    expect(row).toMatchObject({ lender: "Example Lender Q", kind: "second-charge", retiredAt: null, version: 1 });
    expect(row.criteria).toMatchObject({ minLoan: 10_000, maxLtvByCredit: { good: 80, poor: null } });
    expect(await auditOf(row.id)).toEqual([
      {
        action: "panel.product-added",
        actorName: "Ann Adviser",
        detail: { productId: row.id, lender: "Example Lender Q", productName: "Added product" },
      },
    ]);
    const list = await answerOf(() =>
      listLoader({ request: new Request(`${SITE}/staff/lenders?done=added`), context, params: {} } as never),
    );
    expect(list.body.notice).toEqual({ tone: "success", text: "Product added to the panel." });
    expect(list.body.products.map((p: { productName: string }) => p.productName)).toContain("Added product");
  });

  it("refuses bad input with 400 and each problem beside its field, storing nothing", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(lenderProducts);
    const refused = await add({ ...GOOD, lender: "", maxLoan: "5000", employment: [], band1Rate: "lots" });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual({
      lender: "Enter the lender's name",
      maxLoan: "The largest loan must be at least the smallest",
      employment: "Tick at least one employment type this product accepts",
      band1Rate: "Enter the band's rate in per cent as a number with at most 2 decimal places",
    });
    expect(refused.body.values.text.maxLoan).toBe("5000");
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(lenderProducts)).toEqual(before);
  });

  it("refuses a post from another site (403)", async () => {
    expect((await add(GOOD, "https://elsewhere.example")).status).toBe(403);
  });

  it("changes a product at its version, audits what changed, and refuses a stale or bad change", async () => {
    await add({ ...GOOD, productName: "Changing product" });
    const { id } = await productNamed("Changing product");
    const loaded = await answerOf(() =>
      editLoader({ request: new Request(`${SITE}/staff/lenders/${id}`), context, params: { id } } as never),
    );
    expect(loaded.body.values.text).toMatchObject({ lender: "Example Lender Q", ltvGood: "80", ltvPoor: "" });

    expect(await edit(id, { ...GOOD, productName: "Changing product", version: 1, band2Rate: "7.5" })).toMatchObject({
      status: 302,
      location: "/staff/lenders?done=changed",
    });
    expect((await productNamed("Changing product")).criteria.rateBands[1]).toEqual({ upToLtv: 80, ratePercent: 7.5 });
    const stale = await edit(id, { ...GOOD, productName: "Changing product", version: 1, band2Rate: "9" });
    expect(stale.status).toBe(409);
    expect(stale.body.notice.text).toMatch(/Someone else changed this product/);
    const bad = await edit(id, { ...GOOD, productName: "Changing product", version: 2, minTermMonths: "0" });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual({ minTermMonths: "Enter the shortest term in months between 1 and 480" });
    expect((await edit(id, { ...GOOD, version: 2, intent: "delete" })).status).toBe(400);
    expect((await edit(id, { ...GOOD, version: "x" })).status).toBe(400);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["panel.product-added", "panel.product-changed"]);
    expect(audit[1]?.detail.changed).toEqual(["rateBands"]);
  });

  it("names a changed lender, name and kind in the audit row, moves the version on by one each time, and finds no product by a made-up id", async () => {
    await add({ ...GOOD, productName: "Renamed product" });
    const { id } = await productNamed("Renamed product");
    const renamed = { ...GOOD, lender: "Example Lender R", productName: "Renamed product 2", kind: "partner-hand-off" };
    expect((await edit(id, { ...renamed, version: 1 })).status).toBe(302);
    expect(await edit(id, { ...renamed, version: 2, feePounds: "0" })).toMatchObject({ status: 302 });
    expect(await productNamed("Renamed product 2")).toMatchObject({ version: 3, lender: "Example Lender R" });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.detail.changed)).toEqual([undefined, ["lender", "productName", "kind"], ["feePounds"]]);
    expect((await edit(randomUUID(), { ...GOOD, version: 1 })).status).toBe(404);
    expect(await findProduct(database.db, "not-a-uuid")).toBeNull();
    expect(await findProduct(database.db, randomUUID())).toBeNull();
    expect(await findProduct(database.db, id)).toMatchObject({ id, kind: "partner-hand-off", retired: false });
  });

  it("retires a product (never deletes it): no longer changed, no longer live, audited", async () => {
    await add({ ...GOOD, productName: "Retiring product" });
    const { id } = await productNamed("Retiring product");
    expect(await edit(id, { intent: "retire", version: 1 })).toMatchObject({
      status: 302,
      location: "/staff/lenders?done=retired",
    });
    const row = await productNamed("Retiring product");
    expect(row.retiredAt).not.toBeNull();
    expect((await liveProducts(database.db)).map((p) => p.id)).not.toContain(id);
    const again = await edit(id, { ...GOOD, version: 2 });
    expect(again.status).toBe(409);
    expect(again.body.notice.text).toBe("This product is retired, so it can no longer be changed.");
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["panel.product-added", "panel.product-retired"]);
    await expect(database.db.delete(lenderProducts).where(eq(lenderProducts.id, id))).rejects.toThrow();
    expect((await edit("not-a-uuid", { intent: "retire", version: 1 })).status).toBe(404);
  });

  it("shows the products that fit on the lead page, best rate first, and those that do not with their reasons", async () => {
    // £50,000 on £250,000 with £100,000 owed: LTV 60%, good credit, debt consolidation.
    const { quotes } = await insertLeads(database.db, { quotes: [sampleQuote({ loanAmount: 50_000 })] });
    const id = quotes[0] as string;
    await add({ ...GOOD, lender: "Example Lender R", productName: "Cheaper product", band1Rate: "5.99" });
    await add({ ...GOOD, lender: "Example Lender S", productName: "Too small product", maxLoan: "40000" });
    await add({ ...GOOD, lender: "Example Lender T", productName: "Retired cheapest product", band1Rate: "3" });
    const retired = await productNamed("Retired cheapest product");
    await edit(retired.id, { intent: "retire", version: 1 });

    const page = await answerOf(() =>
      leadLoader({
        request: new Request(`${SITE}/staff/leads/quote/${id}`),
        context,
        params: { kind: "quote", id },
      } as never),
    );
    const panel = page.body.panel;
    const cheaper = panel.fits.find((f: { productName: string }) => f.productName === "Cheaper product");
    expect(panel.fits[0]).toEqual(cheaper);
    expect(cheaper).toMatchObject({
      lender: "Example Lender R",
      ratePercent: 5.99,
      termMonths: 60,
      monthlyPayment: loanCost({ amount: 50_000, annualRatePercent: 5.99, months: 60 }).monthlyPayment,
    });
    const names = panel.fits.map((f: { productName: string }) => f.productName);
    expect(names).not.toContain("Retired cheapest product");
    expect(panel.misses).toContainEqual(
      expect.objectContaining({
        productName: "Too small product",
        reason: "£50,000 is above this product's largest loan of £40,000",
      }),
    );
    expect(panel.misses.map((m: { productName: string }) => m.productName)).not.toContain("Retired cheapest product");
  });

  it("marks a lead no live product fits in the inbox, and not one some product fits", async () => {
    await add({ ...GOOD, productName: "Inbox product" });
    const { quotes } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({ loanAmount: 5_000_000, email: "too.big@example.com" }),
        sampleQuote({ loanAmount: 50_000, email: "fits@example.com" }),
      ],
    });
    const inbox = await answerOf(() =>
      inboxLoader({ request: new Request(`${SITE}/staff`), context, params: {} } as never),
    );
    const rows = inbox.body.rows as { id: string; noPanelMatch: boolean }[];
    expect(rows.find((r) => r.id === quotes[0])?.noPanelMatch).toBe(true);
    expect(rows.find((r) => r.id === quotes[1])?.noPanelMatch).toBe(false);
  });

  it("loads the example panel once with `npm run seed -- --panel`: made-up lenders, audited", async () => {
    const first = await runCommand(database.db, { siteUrl: SITE }, ["seed", "--panel"]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out[0]).toMatch(/^Added 4 example lender products/);
    const again = await runCommand(database.db, { siteUrl: SITE }, ["seed", "--panel"]);
    expect(again.out[0]).toMatch(/^Added 0 example lender products/);
    const rows = await database.db.select().from(lenderProducts).where(like(lenderProducts.productName, "%(example)"));
    expect(rows.map((r) => r.lender).sort()).toEqual(EXAMPLE_PANEL.map((p) => p.lender).sort());
    expect(rows.every((r) => /^Example (Lender|Partner) [A-Z]$/.test(r.lender))).toBe(true);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "panel.product-added"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: null, detail: expect.objectContaining({ example: true }) });
    expect((await runCommand(database.db, { siteUrl: SITE }, ["seed", "--panels"])).code).toBe(1);
  });
});
