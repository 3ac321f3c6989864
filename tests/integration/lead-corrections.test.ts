import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as m from "../../app/domain/messages";
import type { LenderProductInput } from "../../app/domain/lender-products";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, quotes, staffMembers } from "../../server/platform/db/schema";
import { erasePersonalData } from "../../server/privacy/data-requests.server";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";
import { addProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { STALE_SAVE } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { routeContext } from "../support/app";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// Correcting a lead's details (DECISIONS D29, docs/decisions/300), through the lead page's
// route as React Router calls it: the form's own messages at the field with what was typed
// kept, the figures, flags and panel worked out again while what the borrower was shown
// stays, the timeline's old and new values (never in the audit row), the version bumped so
// a second adviser's stale page is refused, and the old values gone with the lead.

const STAFF = { id: "staff-correct-test", name: "Ann Adviser", email: "ann.correct@firm.example" };
const SITE = "http://localhost:3000";
/** What the sample quote showed its borrower: 60% LTV, 5.69%, the payment over 60 months. */
const SHOWN = { ltv: 60, indicativeRate: 5.69, monthlyPayment: 959.45 };

const route = staffRoutesSignedInAs(STAFF, () => import("../../app/routes/staff.leads.$kind.$id/route"));
// biome-ignore lint/suspicious/noExplicitAny: a route's answer, read field by field by each test.
type Body = Record<string, any>;

describe.each(testDatabaseKinds())("corrections to a lead on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    await database.db.insert(staffMembers).values(STAFF);
    await addProduct(database.db, STAFF, { ...(EXAMPLE_PANEL[0] as LenderProductInput), lender: "Example Lender C" });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (leadKind: string, id: string, fields: Record<string, string | number>) =>
    answerOf(() =>
      route().action({
        request: new Request(`${SITE}/staff/leads/${leadKind}/${id}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        }),
        context,
        params: { kind: leadKind, id },
      } as never),
    );
  const page = async (leadKind: string, id: string) =>
    (
      await answerOf(() =>
        route().loader({
          request: new Request(`${SITE}/staff/leads/${leadKind}/${id}`),
          context,
          params: { kind: leadKind, id },
        } as never),
      )
    ).body as Body;
  /** A quote as intake stores it: a mortgage owner is not asked their age, and the payment is the rate's. */
  const newQuote = async (email?: string) =>
    (
      await insertLeads(database.db, {
        quotes: [{ ...sampleQuote({ email }), age: null, monthlyPayment: SHOWN.monthlyPayment }],
      })
    ).quotes[0] as string;
  const quoteRow = async (id: string) => (await database.db.select().from(quotes).where(eq(quotes.id, id)))[0];
  const corrections = async (id: string) =>
    database.db
      .select({ changes: leadEvents.changes, actorId: leadEvents.actorId })
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "correction")))
      .orderBy(asc(leadEvents.id));
  const audits = async (id: string) =>
    database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.correct")));

  it("works the figures, flags and panel out again from a corrected property value, keeping what the borrower was shown", async () => {
    const id = await newQuote();
    const before = await page("quote", id);
    expect(before.lead.figures).toMatchObject({ ltv: 60, indicativeRate: 5.69, shown: null });
    expect(before.panel.fits.length).toBeGreaterThan(0);
    expect(before.lead.flags).not.toContain("ltv-over-100");

    // 50,000 + 100,000 on a property worth 140,000: over 100%, no rate, no product.
    expect(
      await post("quote", id, { intent: "correct", version: 1, phone: "07700 900999", propertyValue: "£140,000" }),
    ).toMatchObject({ status: 302, location: `/staff/leads/quote/${id}?done=correct` });

    const row = await quoteRow(id);
    expect(row).toMatchObject({ phone: "07700 900999", propertyValue: 140_000, version: 2, indicativeRate: null });
    expect(row?.ltvRatio).toBeCloseTo(107.14, 2);
    expect(row?.shownFigures).toEqual(SHOWN);

    const after = await page("quote", id);
    expect(after.lead.figures).toMatchObject({
      indicativeRate: null,
      monthlyPayment: null,
      shown: SHOWN,
    });
    expect(after.lead.flags).toEqual(expect.arrayContaining(["ltv-over-100", "no-rate"]));
    expect(after.panel.fits).toEqual([]);
    expect(after.notice).toBeNull();
    const event = after.timeline.find((e: Body) => e.type === "correction");
    expect(event).toMatchObject({
      actorName: "Ann Adviser",
      changes: [
        { field: "phone", from: "07700 900123", to: "07700 900999" },
        { field: "propertyValue", from: 250_000, to: 140_000 },
      ],
    });

    // A second correction keeps the first shown figures, not the corrected ones.
    expect(await post("quote", id, { intent: "correct", version: 2, propertyValue: "250000" })).toMatchObject({
      status: 302,
    });
    expect(await quoteRow(id)).toMatchObject({
      ltvRatio: 60,
      indicativeRate: 5.69,
      shownFigures: SHOWN,
    });
  });

  it("names the fields in the audit row, never their values", async () => {
    const id = await newQuote();
    await post("quote", id, { intent: "correct", version: 1, phone: "07700 900888", email: "jane.new@example.com" });
    const rows = await audits(id);
    expect(rows.map((r) => r.detail)).toEqual([{ fields: ["email", "phone"] }]);
    expect(JSON.stringify(rows)).not.toMatch(/900888|jane\.new|900123|jane\.smith/);
  });

  it("refuses what the form refuses, in its words at the field, keeping what was typed and storing nothing", async () => {
    const id = await newQuote();
    const answer = await post("quote", id, {
      intent: "correct",
      version: 1,
      phone: "0123",
      propertyValue: "20000",
      firstName: "Janet",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      form: "correct",
      field: "phone",
      error: m.UK_PHONE_INVALID,
      problems: { phone: m.UK_PHONE_INVALID, propertyValue: m.PROPERTY_VALUE_TOO_LOW },
      values: { phone: "0123", propertyValue: "20000", firstName: "Janet", lastName: "Smith" },
    });
    expect(await quoteRow(id)).toMatchObject({ phone: "07700 900123", firstName: "Jane", version: 1 });
    expect(await corrections(id)).toEqual([]);
    expect(await audits(id)).toEqual([]);
  });

  it("refuses a correction that changes nothing", async () => {
    const id = await newQuote();
    const answer = await post("quote", id, { intent: "correct", version: 1, phone: "07700 900123" });
    expect(answer).toMatchObject({ status: 400, body: { form: "correct" } });
    expect(await quoteRow(id)).toMatchObject({ version: 1 });
  });

  it("refuses a second adviser's stale page, so neither change is lost", async () => {
    const id = await newQuote();
    expect(await post("quote", id, { intent: "correct", version: 1, phone: "07700 900111" })).toMatchObject({
      status: 302,
    });
    // The other adviser's page still shows version 1.
    expect(await post("quote", id, { intent: "correct", version: 1, phone: "07700 900222" })).toMatchObject({
      status: 409,
      body: { error: STALE_SAVE },
    });
    expect(await post("quote", id, { intent: "status", version: 1, to: "contacted" })).toMatchObject({ status: 409 });
    expect(await quoteRow(id)).toMatchObject({ phone: "07700 900111", version: 2 });
  });

  it("corrects a quick-check enquiry's answers and a contact message's details", async () => {
    const { enquiries, contacts } = await insertLeads(database.db, {
      enquiries: [sampleEnquiry()],
      contacts: [sampleContact()],
    });
    const enquiry = enquiries[0] as string;
    const contact = contacts[0] as string;
    expect(
      await post("personal-enquiry", enquiry, { intent: "correct", version: 1, monthlyIncome: "4,200" }),
    ).toMatchObject({ status: 302 });
    const enquiryPage = await page("personal-enquiry", enquiry);
    expect(enquiryPage.lead.answers).toContainEqual(["Monthly income", "£4,200"]);
    expect(await post("contact", contact, { intent: "correct", version: 1, name: "Pat Leigh" })).toMatchObject({
      status: 302,
    });
    expect((await page("contact", contact)).lead.name).toBe("Pat Leigh");
    // A contact message's own words are not a correctable field.
    expect(await post("contact", contact, { intent: "correct", version: 2, message: "Changed" })).toMatchObject({
      status: 400,
    });
  });

  it("erases the old values with the lead", async () => {
    const email = `corrected.${kind}@example.com`;
    const id = await newQuote(`mistyped.${kind}@example.com`);
    await post("quote", id, { intent: "correct", version: 1, phone: "07700 900333", email });
    expect(await corrections(id)).toHaveLength(1);
    await erasePersonalData(database.db, { email });
    expect(await quoteRow(id)).toBeUndefined();
    expect(await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  });
});
