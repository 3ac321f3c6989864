import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "../../app/routes/apply";
import { action as applyPersonalAction } from "../../app/routes/apply-personal";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { personalEnquiries, quotes } from "../../server/platform/db/schema";
import { routeContext } from "../support/app";
import { withClockHeld } from "../support/clock";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, postedQuoteAnswers as quoteAnswers } from "../support/leads";

// The step forms' route actions (server/borrowers/step-form-posts.server.ts) called from their
// source modules, as React Router calls them. step-form-posts.test.ts posts the same
// forms through the built server end to end; this file reaches the action's every
// branch in-process, where mutation testing can see it (docs/decisions/141).

const SITE = "http://localhost:3000";

/** What an action answered: a thrown or returned `data()`, or a redirect. */
interface Answer {
  status: number;
  location?: string | null;
  retryAfter?: string | null;
  body?: Record<string, unknown>;
}

type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: ResponseInit | null };

function read(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const data = result as DataResult;
  const headers = new Headers(data.init?.headers);
  return { status: data.init?.status ?? 200, body: data.data, retryAfter: headers.get("Retry-After") };
}

async function call(act: (args: never) => Promise<unknown>, args: unknown): Promise<Answer> {
  try {
    return read(await act(args as never));
  } catch (thrown) {
    return read(thrown);
  }
}

describe.each(testDatabaseKinds())("the step forms' actions on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (
    path: string,
    fields: Record<string, string>,
    {
      address = freshAddress(),
      headers = {} as Record<string, string>,
      body,
    }: { address?: string; headers?: Record<string, string>; body?: string } = {},
  ) => ({
    request: new Request(`${SITE}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body: body ?? new URLSearchParams(fields).toString(),
    }),
    context: { ...context, clientAddress: address },
    params: {},
  });
  const quotesFor = (email: string) => database.db.select().from(quotes).where(eq(quotes.email, email));

  it("refuses a post from another site with 403, and one that is not a form with 415", async () => {
    const foreign = post(
      "/apply",
      { step: "status" },
      { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
    );
    expect(await call(applyAction, foreign)).toMatchObject({
      status: 403,
      body: { reason: "This form can only be sent from our own pages" },
    });
    const json = post("/apply", {}, { headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await call(applyAction, json)).toMatchObject({
      status: 415,
      body: { reason: "The form must be sent as a form" },
    });
  });

  it("refuses an answer longer than any field takes with 400, naming the field", async () => {
    const answer = await call(applyAction, post("/apply", { step: "status", homeownerStatus: "x".repeat(1_001) }));
    expect(answer).toMatchObject({
      status: 400,
      body: { reason: "The answer to homeownerStatus is not one the form takes" },
    });
  });

  it("shows the next step with 200, and a refused step with 400", async () => {
    expect(await call(applyAction, post("/apply", { step: "status", homeownerStatus: "mortgage" }))).toMatchObject({
      status: 200,
      body: { step: "amount", answers: { homeownerStatus: "mortgage" } },
    });
    expect((await call(applyAction, post("/apply", { step: "status" }))).status).toBe(400);
  });

  it("sends a tenant on to the partner's page by its redirect", async () => {
    const answer = await call(
      applyAction,
      post("/apply", { step: "amount", homeownerStatus: "tenant", loanAmount: "20000", loanPurpose: "other" }),
    );
    expect(answer).toEqual({ status: 302, location: "/creditec-redirect" });
  });

  it("carries a submission key to the check page, and keeps the one posted", async () => {
    const key = randomUUID();
    const fields = { ...quoteAnswers("key@example.com"), step: "contact", submission_key: key };
    const shown = await call(applyAction, post("/apply", fields));
    expect(shown.body).toMatchObject({ step: "check", submissionKey: key });
    const fresh = await call(applyAction, post("/apply", { ...fields, submission_key: "not-a-uuid" }));
    expect(String(fresh.body?.submissionKey)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(fresh.body?.submissionKey).not.toBe("not-a-uuid");
  });

  it("stores the lead once however often the last step is sent, and goes to the thank-you page", async () => {
    const email = `action-${randomUUID()}@example.com`;
    const fields = { ...quoteAnswers(email), submission_key: randomUUID() };
    const first = await call(applyAction, post("/apply", fields));
    const second = await call(applyAction, post("/apply", fields));
    const [row] = await quotesFor(email);
    expect(first).toEqual({ status: 302, location: `/thank-you?ref=${row?.id}` });
    expect(second).toEqual(first);
    expect(await quotesFor(email)).toHaveLength(1);
  });

  it("answers a filled honeypot as if saved and stores nothing", async () => {
    const email = `robot-${randomUUID()}@example.com`;
    const answer = await call(applyAction, post("/apply", { ...quoteAnswers(email), website: "https://spam.example" }));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/thank-you\?ref=[0-9a-f-]{36}$/);
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("says why the lead's schema refused it, field by field, and stores nothing", async () => {
    const email = `choice-${randomUUID()}@example.com`;
    const answer = await call(applyAction, post("/apply", { ...quoteAnswers(email), creditHistory: "spotless" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ step: "check", attempted: true });
    expect(String(answer.body?.notice)).toMatch(/^Validation Error: credit_history: /);
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("refuses the eleventh lead from one address with 429, Retry-After and the form's words", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      for (let i = 0; i < 10; i++) {
        const answer = await call(
          applyAction,
          post("/apply", quoteAnswers(`limit-${i}-${randomUUID()}@example.com`), { address }),
        );
        expect(answer.status).toBe(302);
      }
      const email = `limit-over-${randomUUID()}@example.com`;
      const refused = await call(applyAction, post("/apply", quoteAnswers(email), { address }));
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(String(refused.body?.notice)).toContain("Too many requests");
      expect(await quotesFor(email)).toHaveLength(0);
    });
  });

  it("sends a quick check that skipped a step back to it, and stores a complete one", async () => {
    const email = `quick-${randomUUID()}@example.com`;
    const fields = {
      step: "check",
      loanType: "homeowner",
      loanAmount: "50000",
      homeownerStatus: "mortgage",
      loanPurpose: "home-improvements",
      monthlyIncome: "3500",
      creditHistory: "good",
      propertyValue: "300000",
      mortgageBalance: "100000",
      firstName: "Quinn",
      lastName: "Quick",
      email,
      phone: "07700 900456",
      consent: "on",
      website: "",
    };
    const enquiries = () => database.db.select().from(personalEnquiries).where(eq(personalEnquiries.email, email));
    expect(await call(applyPersonalAction, post("/apply-personal", fields))).toMatchObject({
      status: 400,
      body: { step: "income" },
    });
    expect(await enquiries()).toHaveLength(0);
    const complete = { ...fields, employmentStatus: "employed-full-time" };
    const stored = await call(applyPersonalAction, post("/apply-personal", complete));
    const [row] = await enquiries();
    expect(stored).toEqual({ status: 302, location: `/thank-you?ref=${row?.id}` });
  });
});
