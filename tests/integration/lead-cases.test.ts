import { ROLES } from "../../app/domain/permissions";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, dayInWords } from "../../app/domain/calendar-day";
import { CASE_PROBLEMS } from "../../app/domain/lead-cases";
import type { LenderProductInput } from "../../app/domain/lender-products";
import { ukClock } from "../../app/domain/uk-time";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import {
  auditLog,
  leadCases,
  leadEvents,
  lenderProducts,
  personalEnquiries,
  quotes,
  staffMembers,
} from "../../server/platform/db/schema";
import { retentionDryRun, runRetention } from "../../server/privacy/retention";
import { campaignReport, convertedLoans } from "../../server/staff/reports/campaign-report.server";
import {
  caseOf,
  casesOf,
  changeCommission,
  moveCase,
  NOT_COMPLETED,
  STALE_CASE,
} from "../../server/staff/leads/cases.server";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";
import { addProduct, retireProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// A lead's case with a lender (issue 30, docs/decisions/230), through the lead page's
// route as React Router calls it: each move with its timeline entry and audit row, the
// lead's status following the case, every refusal (a stage out of order, a stale page,
// bad figures, a contact message, a lead not yet contacted) storing nothing, the
// retention job counting from the completion date, and the case deleted with its lead.
// After a lender's decline the reopened lead starts a new case (docs/decisions/256): the
// earlier one shown beneath, never two open at once, each read where cases are read.

const STAFF = { id: "staff-case-test", name: "Cas Adviser", email: "cas@firm.example" };
const SITE = "http://localhost:3000";

type LeadRoute = typeof import("../../app/routes/staff.leads.$kind.$id/route");
let leadAction: LeadRoute["action"];
let leadLoader: LeadRoute["loader"];

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
  ({ action: leadAction, loader: leadLoader } = await import("../../app/routes/staff.leads.$kind.$id/route"));
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
  /** The lead's latest case: the one of highest version. */
  const caseRow = async (id: string) =>
    (await database.db.select().from(leadCases).where(eq(leadCases.leadId, id)).orderBy(desc(leadCases.version)))[0] ??
    null;
  const casesOfLead = async (id: string) =>
    database.db
      .select({ id: leadCases.id, stage: leadCases.stage, productId: leadCases.productId, version: leadCases.version })
      .from(leadCases)
      .where(eq(leadCases.leadId, id))
      .orderBy(asc(leadCases.version));
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
    const caseId = (await caseRow(id))?.id;

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
          caseId,
          from: null,
          to: "application-sent",
          productId,
          status: { from: "contacted", to: "in-progress" },
        },
      },
      {
        action: "lead.case",
        actorName: STAFF.name,
        detail: { caseId, from: "application-sent", to: "offer-received", productId },
      },
      {
        action: "lead.case",
        actorName: STAFF.name,
        detail: {
          caseId,
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
    expect(changed?.detail).toEqual({ caseId, productId, fromPence: 97_000, toPence: 80_000 });
  });

  it("records the lender's decline on a quick-check enquiry: the lead is declined with the lender's reason", async () => {
    const id = (
      await insertLeads(database.db, {
        enquiries: [
          {
            ...sampleEnquiry({ status: "in-progress" }),
            nextActionKind: "chase-documents",
            nextActionAt: new Date("2026-12-01T10:00:00Z"),
          },
        ],
      })
    ).enquiries[0] as string;
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
      .select({ status: personalEnquiries.status, next: personalEnquiries.nextActionKind })
      .from(personalEnquiries)
      .where(eq(personalEnquiries.id, id));
    // Declined: closed, so its next action goes.
    expect(lead).toEqual({ status: "declined", next: null });
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
      caseId: (await caseRow(id))?.id,
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

  it("starts a second case with another product once a lender's decline is followed by reopening the lead; never two open", async () => {
    const secondProduct = await addProduct(database.db, STAFF, {
      ...PRODUCT,
      lender: "Example Lender L",
      productName: "Second case loan",
    });
    const [inserted] = await database.db
      .insert(quotes)
      .values({
        ...sampleQuote({
          status: "contacted",
          landingPageUrl: "https://www.example.com/?utm_source=google&utm_campaign=second-case&gclid=Cj0-second-case",
        }),
        adConsent: true,
      })
      .returning({ id: quotes.id });
    const id = inserted?.id as string;
    const versionOf = async () =>
      (await database.db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, id)))[0]?.version;

    expect((await post("quote", id, { intent: "case-start", caseVersion: 0, productId })).status).toBe(302);
    expect(
      (await post("quote", id, { intent: "case-decline", caseVersion: 1, declinedReason: "affordability" })).status,
    ).toBe(302);
    const [first] = await casesOfLead(id);
    expect(first).toMatchObject({ stage: "declined", productId, version: 2 });
    expect(await statusOf(id)).toBe("declined");

    // Declined with its case: reopened first, as any declined lead is.
    const declined = await written(id);
    expect(await post("quote", id, { intent: "case-start", caseVersion: 2, productId: secondProduct })).toMatchObject({
      status: 400,
      body: { error: "This lead is declined: reopen it before moving its case on" },
    });
    expect(await written(id)).toEqual(declined);
    expect(
      await post("quote", id, { intent: "status", to: "contacted", version: (await versionOf()) as number }),
    ).toMatchObject({ status: 302 });

    // The page as it is now offers "Start a case" beside the products that fit, at the declined case's version.
    const reopened = await page("quote", id);
    expect(reopened.body.leadCase).toMatchObject({ id: first?.id, stage: "declined", version: 2, next: [] });
    expect(reopened.body.earlierCases).toEqual([]);

    // A page drawn before the first case is stale: its start is refused, not a second case.
    const before = await written(id);
    expect(await post("quote", id, { intent: "case-start", caseVersion: 0, productId: secondProduct })).toMatchObject({
      status: 409,
      body: { error: STALE_CASE },
    });
    expect(await written(id)).toEqual(before);

    expect(await post("quote", id, { intent: "case-start", caseVersion: 2, productId: secondProduct })).toMatchObject({
      status: 302,
      location: `/staff/leads/quote/${id}?done=case-start`,
    });
    const cases = await casesOfLead(id);
    expect(cases).toEqual([
      { id: first?.id, stage: "declined", productId, version: 2 },
      { id: expect.any(String), stage: "application-sent", productId: secondProduct, version: 3 },
    ]);
    const secondId = cases[1]?.id;
    expect(await statusOf(id)).toBe("in-progress");
    expect((await eventsOf(id)).slice(-2)).toEqual([
      { type: "case", note: "Application sent to Example Lender L, Second case loan", to: null, reason: null },
      { type: "status", note: null, to: "in-progress", reason: null },
    ]);
    expect((await auditOf(id)).at(-1)?.detail).toEqual({
      caseId: secondId,
      from: null,
      to: "application-sent",
      productId: secondProduct,
      status: { from: "contacted", to: "in-progress" },
    });

    // The same old page again (showing the declined case), and the first case's own old
    // page: both stale now, so nothing lands on the second case.
    const started = await written(id);
    expect(await post("quote", id, { intent: "case-start", caseVersion: 2, productId })).toMatchObject({
      status: 409,
      body: { error: STALE_CASE },
    });
    expect(
      await post("quote", id, {
        intent: "case-offer",
        caseVersion: 1,
        offerAmount: "40000",
        offerRate: "7",
        offerTerm: "60",
      }),
    ).toMatchObject({ status: 409, body: { error: STALE_CASE } });
    // A page showing the open case offers no start: a start at its version is refused by the rule.
    expect(await post("quote", id, { intent: "case-start", caseVersion: 3, productId })).toMatchObject({
      status: 400,
      body: { error: CASE_PROBLEMS.started },
    });
    expect(await written(id)).toEqual(started);
    expect(await casesOfLead(id)).toHaveLength(2);

    // The page: the open case, and the declined one beneath with its lender, product, when and why.
    const shown = await page("quote", id);
    expect(shown.body.leadCase).toMatchObject({
      id: secondId,
      stage: "application-sent",
      version: 3,
      product: { id: secondProduct, lender: "Example Lender L" },
      next: ["offer-received", "declined"],
    });
    expect(shown.body.earlierCases).toEqual([
      expect.objectContaining({
        id: first?.id,
        stage: "declined",
        product: expect.objectContaining({ id: productId, lender: "Example Lender K", productName: "Case test loan" }),
        decline: { reasonLabel: "Affordability", at: expect.any(String) },
      }),
    ]);

    // The second case completes; the report and the conversions file count it once.
    const month = today().slice(0, 7);
    const campaign = async () =>
      (await campaignReport(database.db, { from: month, to: month })).rows.find((r) => r.campaign === "second-case");
    expect(
      (
        await post("quote", id, {
          intent: "case-offer",
          caseVersion: 3,
          offerAmount: "40000",
          offerRate: "7",
          offerTerm: "60",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await post("quote", id, {
          intent: "case-complete",
          caseVersion: 4,
          completedAmount: "40000",
          completedOn: today(),
        })
      ).status,
    ).toBe(302);
    expect(await statusOf(id)).toBe("completed");
    expect(await campaign()).toMatchObject({
      leads: 1,
      cases: 2,
      completions: 1,
      lentPounds: 40_000,
      commissionPence: 85_000,
    });
    const { loans } = await convertedLoans(database.db, { from: today(), to: today() });
    expect(loans.filter((l) => l.gclid === "Cj0-second-case")).toEqual([
      { gclid: "Cj0-second-case", completedOn: today(), commissionPence: 85_000 },
    ]);
    // A completed lead takes no further case, and its commission is the completed case's to change.
    expect(
      await post("quote", id, {
        intent: "case-commission",
        caseVersion: 5,
        newCommission: "800",
        changeReason: "Lower fee",
      }),
    ).toMatchObject({ status: 302 });
    expect(await casesOfLead(id)).toEqual([
      { id: first?.id, stage: "declined", productId, version: 2 },
      { id: secondId, stage: "completed", productId: secondProduct, version: 6 },
    ]);
    // Neither product can go while a case names it.
    await expect(database.db.delete(lenderProducts).where(eq(lenderProducts.id, secondProduct))).rejects.toThrow();
  });

  it("keeps a second open case out by its unique index too: the start answers 409 when the version check is passed", async () => {
    const id = await newQuote("contacted");
    await moveCase(database.db, STAFF, { kind: "quote", id, caseVersion: 0 }, { to: "application-sent", productId });
    await moveCase(
      database.db,
      STAFF,
      { kind: "quote", id, caseVersion: 1 },
      { to: "declined", decline: { reason: "property", note: null } },
    );
    await database.db.update(quotes).set({ status: "contacted" }).where(eq(quotes.id, id));
    // An open case below the declined one's version (no move writes one): the version check passes, the index does not.
    await database.db
      .insert(leadCases)
      .values({ leadId: id, leadKind: "quote", productId, stage: "application-sent", version: 1 });
    const before = await written(id);
    expect(await post("quote", id, { intent: "case-start", caseVersion: 2, productId })).toMatchObject({
      status: 409,
      body: { error: STALE_CASE },
    });
    expect(await written(id)).toEqual(before);
    expect(await casesOfLead(id)).toHaveLength(2);
    await expect(
      database.db.insert(leadCases).values({ leadId: id, leadKind: "quote", productId, stage: "offer-received" }),
    ).rejects.toThrow();
  });

  it("reads each stage's figures back as they were stored, clears a closed lead's next action, and finds no case by a made-up id", async () => {
    const id = await newQuote("contacted");
    await database.db
      .update(quotes)
      .set({ nextActionKind: "call-back", nextActionAt: new Date("2026-12-01T10:00:00Z") })
      .where(eq(quotes.id, id));
    const lead = (caseVersion: number) => ({ kind: "quote" as const, id, caseVersion });
    const sent = new Date("2026-11-20T09:00:00Z");
    const offered = new Date("2026-11-21T09:00:00Z");
    const leadRow = async () =>
      (
        await database.db
          .select({ status: quotes.status, version: quotes.version, next: quotes.nextActionKind })
          .from(quotes)
          .where(eq(quotes.id, id))
      )[0];
    const versionBefore = (await leadRow())?.version ?? 0;

    expect(await moveCase(database.db, STAFF, lead(0), { to: "application-sent", productId }, sent)).toEqual({
      ok: true,
    });
    expect(await caseOf(database.db, "quote", id)).toMatchObject({
      stage: "application-sent",
      applicationSentAt: sent,
      offer: null,
      completion: null,
      decline: null,
    });
    // In progress now: the lead's version moved on by one, its next action kept.
    expect(await leadRow()).toEqual({ status: "in-progress", version: versionBefore + 1, next: "call-back" });

    const offer = { amount: 45_000, ratePercent: 7.19, termMonths: 120 };
    expect((await moveCase(database.db, STAFF, lead(1), { to: "offer-received", offer }, offered)).ok).toBe(true);
    expect(await caseOf(database.db, "quote", id)).toMatchObject({
      offer: { ...offer, receivedAt: offered },
      completion: null,
      decline: null,
    });

    const completion = { amount: 44_000, completedOn: "2026-11-24", commissionPence: 88_000, commissionReason: null };
    expect((await moveCase(database.db, STAFF, lead(2), { to: "completed", completion })).ok).toBe(true);
    expect((await caseOf(database.db, "quote", id))?.completion).toMatchObject({
      amount: 44_000,
      completedOn: "2026-11-24",
      commissionPence: 88_000,
    });
    // Completed: the lead is closed, its next action gone.
    expect(await leadRow()).toEqual({ status: "completed", version: versionBefore + 2, next: null });

    // No case by an id that is not one, nor on a lead that has none.
    expect(await casesOf(database.db, "quote", "not-a-uuid")).toEqual([]);
    expect(await caseOf(database.db, "quote", await newQuote())).toBeNull();
    for (const bad of ["not-a-uuid", crypto.randomUUID()]) {
      expect(
        await moveCase(
          database.db,
          STAFF,
          { kind: "quote", id: bad, caseVersion: 0 },
          { to: "application-sent", productId },
        ),
      ).toEqual({ ok: false, reason: "not-found" });
      expect(
        await changeCommission(
          database.db,
          STAFF,
          { kind: "quote", id: bad, caseVersion: 3 },
          { pence: 1, reason: "x" },
        ),
      ).toEqual({ ok: false, reason: "not-found" });
    }
    // A commission is changed on a completed case only.
    const open = await newQuote("contacted");
    await moveCase(
      database.db,
      STAFF,
      { kind: "quote", id: open, caseVersion: 0 },
      { to: "application-sent", productId },
    );
    expect(
      await changeCommission(
        database.db,
        STAFF,
        { kind: "quote", id: open, caseVersion: 1 },
        { pence: 1, reason: "x" },
      ),
    ).toEqual({ ok: false, reason: "refused", problem: NOT_COMPLETED });
    expect(
      await changeCommission(database.db, STAFF, lead(3), { pence: 90_000, reason: "The lender paid more" }),
    ).toEqual({ ok: true });
    expect((await caseOf(database.db, "quote", id))?.completion).toMatchObject({
      commissionPence: 90_000,
      commissionReason: "The lender paid more",
    });
  });

  it("counts a completed lead's six years from its case's completion date, and deletes its cases with the lead", async () => {
    const now = new Date();
    const sixYearsAgo = new Date(now);
    sixYearsAgo.setUTCFullYear(sixYearsAgo.getUTCFullYear() - 6);
    const dueDay = ukClock(sixYearsAgo).day;
    // Both arrived a week before their completion could be due, as a real lead arrives before it completes.
    const arrived = new Date(sixYearsAgo.getTime() - 7 * 86_400_000);
    /** A lead's case completed on `completedOn`, after a first case a lender declined when `declinedFirst`. */
    const complete = async (completedOn: string, { declinedFirst = false, movedAt = now } = {}) => {
      const id = (
        await insertLeads(database.db, { quotes: [sampleQuote({ status: "contacted", createdAt: arrived })] })
      ).quotes[0] as string;
      const lead = { kind: "quote" as const, id };
      let caseVersion = 0;
      if (declinedFirst) {
        await moveCase(database.db, STAFF, { ...lead, caseVersion: 0 }, { to: "application-sent", productId }, movedAt);
        await moveCase(
          database.db,
          STAFF,
          { ...lead, caseVersion: 1 },
          { to: "declined", decline: { reason: "credit-history", note: null } },
          movedAt,
        );
        await database.db.update(quotes).set({ status: "contacted" }).where(eq(quotes.id, id));
        caseVersion = 2;
      }
      await moveCase(database.db, STAFF, { ...lead, caseVersion }, { to: "application-sent", productId }, movedAt);
      await moveCase(
        database.db,
        STAFF,
        { ...lead, caseVersion: caseVersion + 1 },
        {
          to: "offer-received",
          offer: { amount: 40_000, ratePercent: 7, termMonths: 60 },
        },
        movedAt,
      );
      await moveCase(
        database.db,
        STAFF,
        { ...lead, caseVersion: caseVersion + 2 },
        {
          to: "completed",
          completion: { amount: 40_000, completedOn, commissionPence: 85_000, commissionReason: null },
        },
        movedAt,
      );
      return id;
    };
    // Both were recorded completed today (their timeline says so): only the completion date tells them apart.
    const due = await complete(dueDay);
    const kept = await complete(addDays(dueDay, 1));
    // Two cases each, the first declined: the completed one's date counts, once per lead. The
    // second's moves are dated when it arrived, so only its completion date keeps it.
    const dueAfterDecline = await complete(dueDay, { declinedFirst: true });
    const keptAfterDecline = await complete(addDays(dueDay, 1), { declinedFirst: true, movedAt: arrived });
    expect(await casesOfLead(dueAfterDecline)).toHaveLength(2);
    const report = await retentionDryRun(database.db, now);
    expect(report.completedLeads.count).toBe(2);
    expect(ukClock(report.completedLeads.oldest as Date).day).toBe(dueDay);

    await runRetention(database.db, now);
    for (const gone of [due, dueAfterDecline]) {
      expect(await statusOf(gone)).toBeUndefined();
      expect(await casesOfLead(gone)).toEqual([]);
      expect(await eventsOf(gone)).toEqual([]);
    }
    for (const stays of [kept, keptAfterDecline]) {
      expect(await statusOf(stays)).toBe("completed");
      expect(await caseRow(stays)).not.toBeNull();
    }
    expect(await casesOfLead(keptAfterDecline)).toHaveLength(2);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadCases)
      .where(eq(leadCases.leadId, due));
    expect(left?.n).toBe(0);
  });
});
