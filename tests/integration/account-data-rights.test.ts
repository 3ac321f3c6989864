import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_ACCOUNT_DELETION } from "../../app/domain/account-messages";
import { CORRECTION_REQUEST_PROBLEMS } from "../../app/domain/data-requests";
import { UK_PHONE_INVALID } from "../../app/domain/messages";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { loader as requestsLoader } from "../../app/routes/staff.requests";
import { action as answerAction } from "../../app/routes/staff.requests.answer";
import { loader as accountDataLoader } from "../../app/routes/account.data";
import { currentSession, signIn } from "../../server/borrowers/accounts.server";
import { createAuth } from "../../server/borrowers/auth";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import {
  auditLog,
  contactMessages,
  dataRequests,
  personalEnquiries,
  profiles,
  quotes,
  users,
} from "../../server/platform/db/schema";
import { insertLeads, sampleContact } from "../../server/staff/leads/sample-leads";
import { createTestApp, postJson, routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validEnquiry, validQuote } from "../support/leads";
import { memberWithSession } from "../support/staff-members";

// /account's "Delete your account", "Correct your details" (DECISIONS D29) and
// /account/data's "Download your data" (decision 132), called from their route modules as React Router calls them, without a browser:
// the box must be ticked whatever the page's `required` lets through, and an account
// whose address is not confirmed owns only the leads made from it, never those someone
// typed its address into (anyone can type an address).

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";

type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: ResponseInit | null };

/** What the action answered: a redirect (a Response), or a returned or thrown `data()`. */
async function answerOf(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      headers: result.headers,
      body: undefined,
    };
  }
  const data = result as DataResult;
  return {
    status: data.init?.status ?? 200,
    location: null,
    headers: new Headers(data.init?.headers),
    body: data.data,
  };
}

describe.each(testDatabaseKinds())("an account's own data requests on %s", (kind) => {
  let database: DatabaseHandle;
  let test: ReturnType<typeof createTestApp>;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    test = createTestApp(database);
    const base = routeContext(database, freshAddress());
    context = { ...base, auth: createAuth(base) };
  });
  afterAll(async () => {
    await database.close();
  });

  const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  /**
   * A borrower made through the sign-up API and signed in: the session cookie. An account
   * cannot sign in before its address is confirmed, so an unconfirmed one is a confirmed
   * one whose confirmation is then taken back (as a change of address would).
   */
  async function borrower(email: string, { confirmed }: { confirmed: boolean }) {
    const made = await test.app.request(
      "/api/auth/sign-up/email",
      postJson(
        { name: "Robin Owner", email, password: PASSWORD, firstName: "Robin", lastName: "Owner" },
        freshAddress(),
      ),
    );
    expect(made.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const form = new FormData();
    form.set("email", email);
    form.set("password", PASSWORD);
    const signedIn = await signIn({ ...context, clientAddress: freshAddress() }, signedInRequest("/auth"), form);
    if (!signedIn.ok) throw new Error(`sign-in refused: ${signedIn.message}`);
    const cookie = signedIn.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error("no session cookie");
    if (!confirmed) await database.db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
    const { user } = await currentSession(context, signedInRequest("/account", cookie));
    expect(user?.emailVerified).toBe(confirmed);
    return { cookie, userId: user?.id as string };
  }

  function signedInRequest(path: string, cookie?: string, body?: URLSearchParams) {
    return new Request(`${SITE}${path}`, {
      method: body ? "POST" : "GET",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
      body,
    });
  }

  // Each post from its own address: the account's forms' rate limit is tested in correction-requests.test.ts.
  const postAccount = (cookie: string, fields: Record<string, string>) =>
    answerOf(() =>
      accountAction({
        request: signedInRequest("/account", cookie, new URLSearchParams(fields)),
        context: { ...context, clientAddress: freshAddress() },
        params: {},
      } as never),
    );

  /** Leads carrying `email` that its owner did not make signed in: a quote, a quick-check enquiry, a contact message. */
  async function leadsTypedWith(email: string) {
    const quote = await test.app.request("/api/quotes", postJson(validQuote({ email }), freshAddress()));
    const enquiry = await test.app.request("/api/enquiries", postJson(validEnquiry({ email }), freshAddress()));
    expect([quote.status, enquiry.status]).toEqual([201, 201]);
    const { contacts } = await insertLeads(database.db, { contacts: [sampleContact({ email: email.toUpperCase() })] });
    return {
      quote: ((await quote.json()) as { id: string }).id,
      enquiry: ((await enquiry.json()) as { id: string }).id,
      contact: contacts[0] as string,
    };
  }

  /** A quote made while signed in, under another address: the account's own. */
  async function quoteFromAccount(cookie: string) {
    const made = await test.app.request("/api/quotes", {
      ...postJson(validQuote({ email: unique("elsewhere") }), freshAddress()),
      headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": freshAddress() },
    });
    expect(made.status).toBe(201);
    return ((await made.json()) as { id: string }).id;
  }

  const stillHeld = async (typed: { quote: string; enquiry: string; contact: string }) => ({
    quote: (await database.db.select().from(quotes).where(eq(quotes.id, typed.quote))).length,
    enquiry: (await database.db.select().from(personalEnquiries).where(eq(personalEnquiries.id, typed.enquiry))).length,
    contact: (await database.db.select().from(contactMessages).where(eq(contactMessages.id, typed.contact))).length,
  });
  const accountsWith = async (email: string) =>
    (
      await database.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    ).length;

  it("refuses to delete an account whose box is not ticked, however the form was posted", async () => {
    const email = unique("unticked");
    const { cookie } = await borrower(email, { confirmed: true });
    const typed = await leadsTypedWith(email);

    const unticked: Record<string, string>[] = [{}, { confirm: "" }, { confirm: "no" }, { confirm: "on" }];
    for (const fields of unticked) {
      const answer = await postAccount(cookie, { intent: "delete-account", ...fields });
      expect(answer, JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: { deleteError: CONFIRM_ACCOUNT_DELETION },
      });
    }
    // Nothing went: the account, its session and its leads.
    expect(await accountsWith(email)).toBe(1);
    expect((await currentSession(context, signedInRequest("/account", cookie))).user?.email).toBe(email);
    expect(await stillHeld(typed)).toEqual({ quote: 1, enquiry: 1, contact: 1 });

    // Ticked, it goes, and the borrower is signed out.
    const deleted = await postAccount(cookie, { intent: "delete-account", confirm: "yes" });
    expect(deleted).toMatchObject({ status: 302, location: "/auth?deleted=1" });
    expect(deleted.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect(await accountsWith(email)).toBe(0);
    expect(await stillHeld(typed)).toEqual({ quote: 0, enquiry: 0, contact: 0 });
  });

  it("deletes an unconfirmed account and the leads made from it, never the leads others typed its address into", async () => {
    const email = unique("unconfirmed-delete");
    const { cookie, userId } = await borrower(email, { confirmed: false });
    const own = await quoteFromAccount(cookie);
    expect(
      (await database.db.select({ userId: quotes.userId }).from(quotes).where(eq(quotes.id, own)))[0]?.userId,
    ).toBe(userId);
    const typed = await leadsTypedWith(email);

    const deleted = await postAccount(cookie, { intent: "delete-account", confirm: "yes" });
    expect(deleted).toMatchObject({ status: 302, location: "/auth?deleted=1" });
    expect(await accountsWith(email)).toBe(0);
    expect(await database.db.select().from(quotes).where(eq(quotes.id, own))).toEqual([]);
    expect(await stillHeld(typed)).toEqual({ quote: 1, enquiry: 1, contact: 1 });
  });

  async function download(cookie: string) {
    const response = await accountDataLoader({
      request: signedInRequest("/account/data", cookie),
      context,
      params: {},
    } as never);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      account: { email: string } | null;
      leads: { quotes: { id: string }[]; personalEnquiries: { id: string }[]; contactMessages: { id: string }[] };
    };
  }
  const leadIds = (held: Awaited<ReturnType<typeof download>>) => ({
    quotes: held.leads.quotes.map((l) => l.id).sort(),
    personalEnquiries: held.leads.personalEnquiries.map((l) => l.id),
    contactMessages: held.leads.contactMessages.map((l) => l.id),
  });

  it("gives an unconfirmed account its own leads in its download, never the leads others typed its address into", async () => {
    const email = unique("unconfirmed-download");
    const { cookie } = await borrower(email, { confirmed: false });
    const own = await quoteFromAccount(cookie);
    await leadsTypedWith(email);

    const held = await download(cookie);
    expect(held.account?.email).toBe(email);
    expect(leadIds(held)).toEqual({ quotes: [own], personalEnquiries: [], contactMessages: [] });
  });

  it("gives a confirmed account the leads made with its address too", async () => {
    const email = unique("confirmed-download");
    const { cookie } = await borrower(email, { confirmed: true });
    const own = await quoteFromAccount(cookie);
    const typed = await leadsTypedWith(email);

    expect(leadIds(await download(cookie))).toEqual({
      quotes: [own, typed.quote].sort(),
      personalEnquiries: [typed.enquiry],
      contactMessages: [typed.contact],
    });
  });

  it("corrects the account's own name and phone, refusing a bad phone at its field with what was typed kept", async () => {
    const email = unique("own-details");
    const { cookie, userId } = await borrower(email, { confirmed: true });
    const refused = await postAccount(cookie, {
      intent: "details",
      firstName: "Robyn",
      lastName: "Owner",
      phone: "0123",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        detailsRefused: {
          values: { firstName: "Robyn", lastName: "Owner", phone: "0123" },
          problems: { phone: UK_PHONE_INVALID },
        },
      },
    });
    const saved = await postAccount(cookie, {
      intent: "details",
      firstName: "Robyn",
      lastName: "Owner",
      phone: "07700 900123",
    });
    expect(saved).toMatchObject({ status: 303, location: "/account?corrected=details#correct-heading" });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile).toMatchObject({ firstName: "Robyn", lastName: "Owner", phone: "07700 900123" });
    const [account] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(account?.name).toBe("Robyn Owner");
  });

  it("takes a correction request to the console's data requests, due within the month, answered once, and in the download", async () => {
    const email = unique("asks-correction");
    const { cookie, userId } = await borrower(email, { confirmed: true });
    const words = "My income is £52,000 a year, not £25,000.";
    expect(await postAccount(cookie, { intent: "correction", details: "  " })).toMatchObject({
      status: 400,
      body: { requestRefused: { value: "  ", problem: CORRECTION_REQUEST_PROBLEMS.empty } },
    });
    expect(await postAccount(cookie, { intent: "correction", details: words })).toMatchObject({
      status: 303,
      location: "/account?corrected=request#ask-heading",
    });
    const [row] = await database.db.select().from(dataRequests).where(eq(dataRequests.userId, userId));
    expect(row).toMatchObject({ kind: "correction", email, name: "Robin Owner", details: words, answeredAt: null });
    // Due within a month and a few days (a weekend or bank holidays at its end), never sooner than 28 days.
    const days = ((row?.dueBy.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThan(36);
    const reference = `R-${row?.id.slice(0, 8).toUpperCase()}`;

    const page = (await accountLoader({
      request: signedInRequest("/account?corrected=request", cookie),
      context,
      params: {},
    } as never)) as unknown as DataResult;
    expect(page.data).toMatchObject({
      savedCorrection: "request",
      correctionRequests: [{ reference, answered: false }],
    });
    // The audit row names the request, never its words.
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "data.correction-asked"));
    expect(JSON.stringify(audit)).toContain(reference);
    expect(JSON.stringify(audit)).not.toContain("52,000");

    // In the console, for the role that answers data requests; marked answered once.
    const compliance = await memberWithSession(database.db, context.config.authSecret, ["compliance"]);
    const staffRequest = (body?: URLSearchParams) =>
      new Request(`${SITE}/staff/requests`, {
        method: body ? "POST" : "GET",
        headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", Cookie: compliance.cookie },
        body,
      });
    const listed = (await requestsLoader({
      request: staffRequest(),
      context,
      params: {},
    } as never)) as unknown as DataResult;
    const open = (listed.data.requests as { open: { reference: string; details: string }[] }).open;
    expect(open.find((request) => request.reference === reference)?.details).toBe(words);
    const answer = () =>
      answerOf(() =>
        answerAction({
          request: staffRequest(new URLSearchParams({ request: row?.id ?? "" })),
          context,
          params: {},
        } as never),
      );
    expect(await answer()).toMatchObject({ status: 302, location: "/staff/requests?answered=1" });
    expect(await answer()).toMatchObject({ status: 409 });
    const [answered] = await database.db.select().from(dataRequests).where(eq(dataRequests.userId, userId));
    expect(answered?.answeredBy).toBe(compliance.id);

    const held = (await download(cookie)) as unknown as { account: { correctionRequests: { details: string }[] } };
    expect(held.account.correctionRequests.map((request) => request.details)).toEqual([words]);

    // Deleting the account takes the request with it.
    await postAccount(cookie, { intent: "delete-account", confirm: "yes" });
    expect(await database.db.select().from(dataRequests).where(eq(dataRequests.userId, userId))).toEqual([]);
  });

  it("answers any name, phone or request words with a saved change or a 400 naming the problem, never a 5xx", async () => {
    const { cookie } = await borrower(unique("fuzzed-details"), { confirmed: true });
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("", " ", "\u0000", "x".repeat(3_000), "toString", "__proto__", "07700 900123"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("details", "correction"),
        text,
        text,
        text,
        async (intent, first, last, other) => {
          const answer = await postAccount(cookie, {
            intent,
            firstName: first,
            lastName: last,
            phone: other,
            details: other,
          });
          expect([303, 400]).toContain(answer.status);
          if (answer.status === 400) expect(JSON.stringify(answer.body)).toMatch(/problem/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
