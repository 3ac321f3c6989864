import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, dayInWords } from "../../app/domain/calendar-day";
import { CASE_PROBLEMS } from "../../app/domain/lead-cases";
import type { LenderProductInput } from "../../app/domain/lender-products";
import { ukClock } from "../../app/domain/uk-time";
import type { ServerContext } from "../../server/context";
import type { DatabaseHandle } from "../../server/db/client";
import {
  auditLog,
  leadCases,
  leadEvents,
  lenderProducts,
  personalEnquiries,
  quotes,
  staffMembers,
} from "../../server/db/schema";
import { retentionDryRun, runRetention } from "../../server/retention";
import { moveCase, NOT_COMPLETED, STALE_CASE } from "../../server/staff/cases.server";
import { EXAMPLE_PANEL } from "../../server/staff/example-panel";
import { addProduct, retireProduct } from "../../server/staff/lender-panel.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// A lead's case with a lender (issue 30, docs/decisions/230), through the lead page's
// route as React Router calls it: each move with its timeline entry and audit row, the
// lead's status following the case, every refusal (a stage out of order, a stale page,
// bad figures, a contact message, a lead not yet contacted) storing nothing, the
// retention job counting from the completion date, and the case deleted with its lead.

const STAFF = { id: "staff-case-test", name: "Cas Adviser", email: "cas@firm.example" };
const SITE = "http://localhost:3000";

type LeadRoute = typeof import("../../app/routes/staff.leads.$kind.$id");
let leadAction: LeadRoute["action"];
let leadLoader: LeadRoute["loader"];

beforeAll(async () => {
  vi.resetModules();
  vi.doMock("../../server/staff/session.server", async (original) => ({
    ...(await original<typeof import("../../server/staff/session.server")>()),
    requireStaff: async () => ({ user: STAFF, headers: new Headers() }),
  }));
  ({ action: leadAction, loader: leadLoader } = await import("../../app/routes/staff.leads.$kind.$id"));
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

/** 1.5% of the loan plus £250: both parts of a commission. */
const PRODUCT: LenderProductInput = {
  ...(EXAMPLE_PANEL[0] as LenderProductInput),
  lender: "Example Lender K",
  productName: "Case test loan",
  criteria: {
    ...(EXAMPLE_PANEL[0] as LenderProductInput).criteria,
    commissionPercent: 1.5,
    commissionFixedPounds: 250,
  },
};

describe.each(testDatabaseKinds())("a lead's case with a lender on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  let productId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values({ id: STAFF.id, email: STAFF.email, name: STAFF.name });
    productId = await addProduct(database.db, STAFF, PRODUCT);
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (leadKind: string, id: string, fields: Record<string, string | number>) =>
    answerOf(() =>
      leadAction({
        request: new Request(`${SITE}/staff/leads/${leadKind}/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        }),
        context,
        params: { kind: leadKind, id },
      } as never),
    );
  const page = (leadKind: string, id: string) =>
    answerOf(() =>
      leadLoader({
        request: new Request(`${SITE}/staff/leads/${leadKind}/${id}`),
        context,
        params: { kind: leadKind, id },
      } as never),
    );
  const newQuote = async (status: "new" | "contacted" | "in-progress" = "contacted") =>
    (await insertLeads(database.db, { quotes: [sampleQuote({ status })] })).quotes[0] as string;
  const caseRow = async (id: string) =>
    (await database.db.select().from(leadCases).where(eq(leadCases.leadId, id)))[0] ?? null;
  const statusOf = async (id: string) =>
    (await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]?.status;
  const eventsOf = async (id: string) =>
    database.db
      .select({ type: leadEvents.type, note: leadEvents.note, to: leadEvents.toStatus, reason: leadEvents.reason })
      .from(leadEvents)
      .where(eq(leadEvents.leadId, id))
      .orderBy(asc(leadEvents.id));
  const auditOf = async (id: string) =>
    (
      await database.db
        .select({ action: auditLog.action, actorName: auditLog.actorName, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.case")))
        .orderBy(asc(auditLog.id))
    ).map((r) => ({ ...r, detail: r.detail as Record<string, unknown> }));
  /** Every row a move writes, counted: a refusal must leave each count as it was. */
  const written = async (id: string) => ({
    events: (await eventsOf(id)).length,
    audit: (await auditOf(id)).length,
    case: await caseRow(id),
    status: await statusOf(id),
  });
  const today = () => ukClock(new Date()).day;

  it("carries a quote from the application through the offer to completion, each move on the timeline and audited", async () => {
    const id = await newQuote("contacted");
    expect(await post("quote", id, { intent: "case-start", caseVersion: 0, productId })).toMatchObject({
      status: 302,
      location: `/staff/leads/quote/${id}?done=case-start`,
    });
    expect(await caseRow(id)).toMatchObject({ stage: "application-sent", productId, leadKind: "quote", version: 1 });
    expect(await statusOf(id)).toBe("in-progress");

    expect(
      await post("quote", id, {
        intent: "case-offer",
        caseVersion: 1,
        offerAmount: "£48,000",
        offerRate: "7.19",
        offerTerm: "120",
      }),
    ).toMatchObject({ status: 302, location: `/staff/leads/quote/${id}?done=case-offer` });
    expect(await caseRow(id)).toMatchObject({
      stage: "offer-received",
      offerAmount: 48_000,
      offerRatePercent: 7.19,
      offerTermMonths: 120,
      version: 2,
    });

    // The commission left empty: the product's, 1.5% of £48,000 (£720) + £250.
    expect(
      await post("quote", id, {
        intent: "case-complete",
        caseVersion: 2,
        completedAmount: "48000",
        completedOn: today(),
      }),
    ).toMatchObject({ status: 302, location: `/staff/leads/quote/${id}?done=case-complete` });
    expect(await caseRow(id)).toMatchObject({
      stage: "completed",
      completedAmount: 48_000,
      completedOn: today(),
      commissionPence: 97_000,
      commissionReason: null,
      version: 3,
    });
    expect(await statusOf(id)).toBe("completed");

    expect(await eventsOf(id)).toEqual([
      { type: "case", note: "Application sent to Example Lender K, Case test loan", to: null, reason: null },
      { type: "status", note: null, to: "in-progress", reason: null },
      { type: "case", note: "Offer received: £48,000 at 7.19% over 10 years", to: null, reason: null },
      {
        type: "case",
        note: `Completed: £48,000 lent on ${dayInWords(today())}; commission £970.00`,
        to: null,
        reason: null,
      },
      { type: "status", note: null, to: "completed", reason: null },
    ]);
    expect(await auditOf(id)).toEqual([
      {
        action: "lead.case",
        actorName: STAFF.name,
        detail: {
          from: null,
          to: "application-sent",
          productId,
          status: { from: "contacted", to: "in-progress" },
        },
      },
      {
        action: "lead.case",
        actorName: STAFF.name,
        detail: { from: "application-sent", to: "offer-received", productId },
      },
      {
        action: "lead.case",
        actorName: STAFF.name,
        detail: {
          from: "offer-received",
          to: "completed",
          productId,
          commissionPence: 97_000,
          commissionChanged: false,
          status: { from: "in-progress", to: "completed" },
        },
      },
    ]);

    // The page: the case's stage, product, figures and commission; the product cannot go now.
    const shown = await page("quote", id);
    expect(shown.body.leadCase).toMatchObject({
      stage: "completed",
      stageLabel: "Completed",
      version: 3,
      product: { id: productId, lender: "Example Lender K" },
      offer: { amount: 48_000, ratePercent: 7.19, termMonths: 120 },
      completion: { amount: 48_000, commissionPence: 97_000 },
      next: [],
    });
    expect(shown.body.timeline.filter((e: { type: string }) => e.type === "case")).toHaveLength(3);
    await expect(database.db.delete(lenderProducts).where(eq(lenderProducts.id, productId))).rejects.toThrow();

    // The lender paid another figure: the commission is changed, only with a reason, at the case's version.
    const change = (fields: Record<string, string | number>) =>
      post("quote", id, { intent: "case-commission", ...fields });
    expect(await change({ caseVersion: 3, newCommission: "800" })).toMatchObject({
      status: 400,
      body: { form: "case-commission", field: "changeReason", error: "Say why the commission is changed" },
    });
    expect(await change({ caseVersion: 2, newCommission: "800", changeReason: "Lower fee paid" })).toMatchObject({
      status: 409,
      body: { error: STALE_CASE },
    });
    expect(await caseRow(id)).toMatchObject({ commissionPence: 97_000, version: 3 });
    expect(await change({ caseVersion: 3, newCommission: "800", changeReason: "Lower fee paid" })).toMatchObject({
      status: 302,
      location: `/staff/leads/quote/${id}?done=case-commission`,
    });
    expect(await caseRow(id)).toMatchObject({
      commissionPence: 80_000,
      commissionReason: "Lower fee paid",
      version: 4,
    });
    expect((await eventsOf(id)).at(-1)).toEqual({
      type: "case",
      note: "Commission changed from £970.00 to £800.00 (Lower fee paid)",
      to: null,
      reason: null,
    });
    const [changed] = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.case-commission")));
    expect(changed?.detail).toEqual({ productId, fromPence: 97_000, toPence: 80_000 });
  });

  it("records the lender's decline on a quick-check enquiry: the lead is declined with the lender's reason", async () => {
    const id = (await insertLeads(database.db, { enquiries: [sampleEnquiry({ status: "in-progress" })] }))
      .enquiries[0] as string;
    expect((await post("personal-enquiry", id, { intent: "case-start", caseVersion: 0, productId })).status).toBe(302);
    const refused = await post("personal-enquiry", id, {
      intent: "case-decline",
      caseVersion: 1,
      declinedReason: "other",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        form: "case-decline",
        field: "declinedNote",
        problems: { declinedNote: "Say why in the note: the reason is other" },
      },
    });
    expect(
      await post("personal-enquiry", id, {
        intent: "case-decline",
        caseVersion: 1,
        declinedReason: "other",
        declinedNote: "Lender stopped lending in the area",
      }),
    ).toMatchObject({ status: 302 });
    expect(await caseRow(id)).toMatchObject({ stage: "declined", declinedReason: "other", version: 2 });
    const [lead] = await database.db
      .select({ status: personalEnquiries.status })
      .from(personalEnquiries)
      .where(eq(personalEnquiries.id, id));
    expect(lead?.status).toBe("declined");
    expect((await eventsOf(id)).slice(-2)).toEqual([
      {
        type: "case",
        note: "Declined by the lender: Other (Lender stopped lending in the area)",
        to: null,
        reason: null,
      },
      { type: "status", note: null, to: "declined", reason: "lender-declined" },
    ]);
    const audit = await auditOf(id);
    expect(audit.at(-1)?.detail).toEqual({
      from: "application-sent",
      to: "declined",
      productId,
      reason: "other",
      status: { from: "in-progress", to: "declined" },
    });
    // The note may hold personal data: it stays on the timeline, never in the audit log.
    expect(JSON.stringify(audit)).not.toContain("stopped lending");
    // Declined is final, even once the lead is reopened.
    await database.db.update(personalEnquiries).set({ status: "contacted" }).where(eq(personalEnquiries.id, id));
    expect(
      await post("personal-enquiry", id, {
        intent: "case-offer",
        caseVersion: 2,
        offerAmount: "40000",
        offerRate: "7",
        offerTerm: "60",
      }),
    ).toMatchObject({ status: 400, body: { error: "This case is declined by the lender: it takes no further stage" } });
  });

  it("refuses a stage out of order, a stale page, bad figures, a retired product and a lead not yet contacted, storing nothing", async () => {
    const fresh = await newQuote("new");
    const before = await written(fresh);
    expect(await post("quote", fresh, { intent: "case-start", caseVersion: 0, productId })).toMatchObject({
      status: 400,
      body: { error: CASE_PROBLEMS.notContacted },
    });
    expect(await written(fresh)).toEqual(before);

    const id = await newQuote("contacted");
    expect(
      await post("quote", id, {
        intent: "case-offer",
        caseVersion: 0,
        offerAmount: "1",
        offerRate: "1",
        offerTerm: "1",
      }),
    ).toMatchObject({
      status: 400,
      body: { error: CASE_PROBLEMS.noCase },
    });
    await post("quote", id, { intent: "case-start", caseVersion: 0, productId });
    const started = await written(id);
    expect(started.case?.stage).toBe("application-sent");

    // Out of order: completion before any offer.
    expect(
      await post("quote", id, {
        intent: "case-complete",
        caseVersion: 1,
        completedAmount: "48000",
        completedOn: today(),
      }),
    ).toMatchObject({
      status: 400,
      body: {
        error: `A case at "Application sent" moves next to "Offer received" or "Declined by the lender", not "Completed"`,
      },
    });
    // A second start (the page drawn before the first): stale, not a second case.
    expect(await post("quote", id, { intent: "case-start", caseVersion: 0, productId })).toMatchObject({
      status: 409,
      body: { error: STALE_CASE },
    });
    // Bad figures: each problem beside its field, what was typed kept.
    const bad = await post("quote", id, {
      intent: "case-offer",
      caseVersion: 1,
      offerAmount: "forty thousand",
      offerRate: "7.199",
      offerTerm: "",
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        form: "case-offer",
        field: "offerAmount",
        error: "Enter the amount offered in pounds as a whole number",
        problems: {
          offerAmount: "Enter the amount offered in pounds as a whole number",
          offerRate: "Enter the offer's rate in per cent as a number with at most 2 decimal places",
          offerTerm: "Enter the offer's term in months",
        },
        values: { offerAmount: "forty thousand", offerRate: "7.199", offerTerm: "" },
      },
    });
    expect((await post("quote", id, { intent: "case-offer", caseVersion: "x" })).status).toBe(400);
    expect(await written(id)).toEqual(started);

    // The offer taken; a completion dated tomorrow, or with a changed commission and no reason, refused.
    await post("quote", id, {
      intent: "case-offer",
      caseVersion: 1,
      offerAmount: "48000",
      offerRate: "7.19",
      offerTerm: "120",
    });
    const offered = await written(id);
    const tomorrow = addDays(today(), 1);
    expect(
      await post("quote", id, {
        intent: "case-complete",
        caseVersion: 2,
        completedAmount: "48000",
        completedOn: tomorrow,
      }),
    ).toMatchObject({
      status: 400,
      body: { problems: { completedOn: "The completion date cannot be in the future" } },
    });
    expect(
      await post("quote", id, {
        intent: "case-complete",
        caseVersion: 2,
        completedAmount: "48000",
        completedOn: today(),
        commission: "800",
      }),
    ).toMatchObject({
      status: 400,
      body: { problems: { commissionReason: "Say why the commission differs from the product's £970.00" } },
    });
    expect(await written(id)).toEqual(offered);
    // With its reason, the changed commission is kept, and the audit row says it was changed.
    expect(
      (
        await post("quote", id, {
          intent: "case-complete",
          caseVersion: 2,
          completedAmount: "48000",
          completedOn: today(),
          commission: "800",
          commissionReason: "The lender paid a lower fee on this case",
        })
      ).status,
    ).toBe(302);
    expect(await caseRow(id)).toMatchObject({
      commissionPence: 80_000,
      commissionReason: "The lender paid a lower fee on this case",
    });
    expect((await auditOf(id)).at(-1)?.detail).toMatchObject({ commissionPence: 80_000, commissionChanged: true });
    expect(
      await post("quote", id, { intent: "case-decline", caseVersion: 3, declinedReason: "affordability" }),
    ).toMatchObject({
      status: 400,
      body: { error: "This case is completed: it takes no further stage" },
    });

    // Only a completed case's commission can be changed.
    const open = await newQuote("contacted");
    await post("quote", open, { intent: "case-start", caseVersion: 0, productId });
    expect(
      await post("quote", open, { intent: "case-commission", caseVersion: 1, newCommission: "5", changeReason: "x" }),
    ).toMatchObject({ status: 400, body: { error: NOT_COMPLETED } });

    // A product a case names can still be retired (the case keeps showing it); a retired
    // product starts no case. A contact message has none.
    const retired = await addProduct(database.db, STAFF, { ...PRODUCT, productName: "Retired case loan" });
    const withCase = await newQuote("contacted");
    expect((await post("quote", withCase, { intent: "case-start", caseVersion: 0, productId: retired })).status).toBe(
      302,
    );
    expect(await retireProduct(database.db, STAFF, { id: retired, version: 1 })).toEqual({ ok: true });
    expect((await page("quote", withCase)).body.leadCase.product).toMatchObject({ id: retired, retired: true });
    const other = await newQuote("contacted");
    expect(await post("quote", other, { intent: "case-start", caseVersion: 0, productId: retired })).toMatchObject({
      status: 400,
      body: { error: "That product is not live on the panel: choose one of the products that fit" },
    });
    expect(await caseRow(other)).toBeNull();
    const contact = (await insertLeads(database.db, { contacts: [sampleContact({ status: "contacted" })] }))
      .contacts[0] as string;
    expect(await post("contact", contact, { intent: "case-start", caseVersion: 0, productId })).toMatchObject({
      status: 400,
      body: { error: CASE_PROBLEMS.kind },
    });
    expect(
      await moveCase(
        database.db,
        STAFF,
        { kind: "contact", id: contact, caseVersion: 0 },
        { to: "application-sent", productId },
      ),
    ).toEqual({
      ok: false,
      reason: "refused",
      problem: CASE_PROBLEMS.kind,
    });
    expect(await caseRow(contact)).toBeNull();
  });

  it("counts a completed lead's six years from its case's completion date, and deletes the case with the lead", async () => {
    const now = new Date();
    const sixYearsAgo = new Date(now);
    sixYearsAgo.setUTCFullYear(sixYearsAgo.getUTCFullYear() - 6);
    const dueDay = ukClock(sixYearsAgo).day;
    // Both arrived a week before their completion could be due, as a real lead arrives before it completes.
    const arrived = new Date(sixYearsAgo.getTime() - 7 * 86_400_000);
    const complete = async (completedOn: string) => {
      const id = (
        await insertLeads(database.db, { quotes: [sampleQuote({ status: "contacted", createdAt: arrived })] })
      ).quotes[0] as string;
      const lead = { kind: "quote" as const, id };
      await moveCase(database.db, STAFF, { ...lead, caseVersion: 0 }, { to: "application-sent", productId });
      await moveCase(
        database.db,
        STAFF,
        { ...lead, caseVersion: 1 },
        {
          to: "offer-received",
          offer: { amount: 40_000, ratePercent: 7, termMonths: 60 },
        },
      );
      await moveCase(
        database.db,
        STAFF,
        { ...lead, caseVersion: 2 },
        {
          to: "completed",
          completion: { amount: 40_000, completedOn, commissionPence: 85_000, commissionReason: null },
        },
      );
      return id;
    };
    // Both were recorded completed today (their timeline says so): only the completion date tells them apart.
    const due = await complete(dueDay);
    const kept = await complete(addDays(dueDay, 1));
    const report = await retentionDryRun(database.db, now);
    expect(report.completedLeads.count).toBe(1);
    expect(ukClock(report.completedLeads.oldest as Date).day).toBe(dueDay);

    await runRetention(database.db, now);
    expect(await statusOf(due)).toBeUndefined();
    expect(await caseRow(due)).toBeNull();
    expect(await eventsOf(due)).toEqual([]);
    expect(await statusOf(kept)).toBe("completed");
    expect(await caseRow(kept)).not.toBeNull();
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadCases)
      .where(eq(leadCases.leadId, due));
    expect(left?.n).toBe(0);
  });
});
