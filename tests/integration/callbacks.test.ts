import { createHmac, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CALLBACK_SLOT_PAST } from "../../app/domain/callbacks";
import { action as applyAction } from "../../app/routes/apply";
import { loader as staffLeadLoader } from "../../app/routes/staff.leads.$kind.$id/route";
import { leadHistory, type sentEmailsOf } from "../../app/features/staff/lead-history";
import { action as thankYouAction, loader as thankYouLoader } from "../../app/routes/thank-you";
import { CALLBACK_COOKIE } from "../../server/borrowers/callbacks.server";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, leadEvents, personalEnquiries, quotes } from "../../server/platform/db/schema";
import { leadEmailKeys } from "../../server/leads/lead-email-keys";
import type { MailMessage } from "../../server/platform/mail";
import { deleteLeadsWithTraces } from "../../server/privacy/retention";
import { staffReturnPath } from "../../server/staff/session.server";
import { createTestApp, postJson, routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, postedQuoteAnswers, validEnquiry, validQuote } from "../support/leads";
import { answerOf, staffRoutesSignedInAs } from "../support/staff-routes";

// Call-backs the borrower books (DECISIONS D21, decision 173), on both databases: the
// lead's browser gets a signed cookie with its lead; the thank-you page's form stores the
// chosen hour on that lead only, moves the adviser's next action and queues the two
// emails; anything else is a 4xx with its reason and changes nothing.

const SITE = "http://localhost:3000";
// Tuesday 1 December 2026, 8:00 in the morning UK time (GMT): the whole day is on offer.
const NOW = new Date("2026-12-01T08:00:00Z");
const TEN_O_CLOCK = "2026-12-01T10:00:00.000Z";

interface Answer {
  status: number;
  location?: string | null;
  body?: Record<string, unknown>;
}
type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: ResponseInit | null };

function read(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const data = result as DataResult;
  return { status: data.init?.status ?? 200, body: data.data };
}

async function call(act: (args: never) => Promise<unknown>, args: unknown): Promise<Answer> {
  try {
    return read(await act(args as never));
  } catch (thrown) {
    return read(thrown);
  }
}

// The lead's page as a signed-in adviser sees it (tests/support/staff-routes.ts).
const signedIn = staffRoutesSignedInAs(
  { id: "staff-callbacks", name: "Cal Adviser", email: "cal@firm.example" },
  async () => ({ leadLoader: (await import("../../app/routes/staff.leads.$kind.$id/route")).loader }),
);

describe.each(testDatabaseKinds())("call-backs the borrower books, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A quote sent by the JSON API, as the form with script sends it: its id and the cookie its browser got. */
  async function sendQuote(email = `callback-${randomUUID()}@example.com`) {
    const { app } = createTestApp(database);
    const response = await app.request("/api/quotes", postJson(validQuote({ email }), freshAddress()));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    return { id, email, cookie: setCookie.split(";")[0] ?? "", setCookie };
  }

  const choose = (
    ref: string,
    fields: Record<string, string>,
    { cookie = "", headers = {} as Record<string, string> } = {},
  ) => ({
    request: new Request(`${SITE}/thank-you?ref=${ref}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
    context: { ...context, clientAddress: freshAddress() },
    params: {},
  });

  const quoteRow = async (id: string) => (await database.db.select().from(quotes).where(eq(quotes.id, id)))[0];
  const callbackMail = async (id: string) => {
    const keys = leadEmailKeys("quote", id).slice(2);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.dedupeKey, keys));
    return Object.fromEntries(rows.map((r) => [r.dedupeKey, r.payload as MailMessage]));
  };

  it("gives the browser that sent a lead a signed, HttpOnly cookie for the thank-you page, on both ways of sending", async () => {
    const { id, setCookie } = await sendQuote();
    expect(setCookie).toMatch(
      new RegExp(`^${CALLBACK_COOKIE}=${id}\\.\\d+\\.[A-Za-z0-9_-]{43}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax$`),
    );

    const email = `form-${randomUUID()}@example.com`;
    const request = new Request(`${SITE}/apply`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ ...postedQuoteAnswers(email), submission_key: randomUUID() }).toString(),
    });
    const answer = (await applyAction({ request, context, params: {} } as never)) as Response;
    const [row] = await database.db.select().from(quotes).where(eq(quotes.email, email));
    expect(answer.headers.get("Location")).toBe(`/thank-you?ref=${row?.id}`);
    expect(answer.headers.get("Set-Cookie")).toMatch(new RegExp(`^${CALLBACK_COOKIE}=${row?.id}\\.`));
  });

  it("starts every new lead's next action as a call as soon as possible, from its arrival", async () => {
    const { id } = await sendQuote();
    const row = await quoteRow(id);
    expect(row).toMatchObject({ callbackChoice: null, callbackAt: null, nextActionKind: "call-soonest" });
    expect(row?.nextActionAt?.getTime()).toBe(row?.createdAt.getTime());

    const { app } = createTestApp(database);
    const email = `enquiry-${randomUUID()}@example.com`;
    expect((await app.request("/api/enquiries", postJson(validEnquiry({ email }), freshAddress()))).status).toBe(201);
    const [enquiry] = await database.db.select().from(personalEnquiries).where(eq(personalEnquiries.email, email));
    expect(enquiry?.nextActionKind).toBe("call-soonest");
  });

  it("offers the form, with today's hours, only to the browser holding the lead's cookie", async () => {
    const { id, cookie } = await sendQuote();
    const load = (headers: Record<string, string>) =>
      thankYouLoader({
        request: new Request(`${SITE}/thank-you?ref=${id}`, { headers }),
        context,
        params: {},
      } as never);
    const owned = (await load({ Cookie: cookie })).callback;
    expect(owned).toMatchObject({
      leadId: id,
      owned: true,
      open: true,
      chosen: null,
      chosenSlot: false,
      selected: "soonest",
    });
    expect(owned?.days[0]?.day).toBe("2026-12-01");
    expect(owned?.days[0]?.slots[0]).toEqual({ start: "2026-12-01T09:00:00.000Z", label: "9am to 10am" });
    const stranger = (await load({})).callback;
    expect(stranger).toMatchObject({ owned: false, days: [] });
  });

  it("stores a chosen hour, makes it the next action, and emails the borrower and the broker", async () => {
    const { id, email, cookie } = await sendQuote();
    const answer = await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK, website: "" }, { cookie }));
    expect(answer).toEqual({ status: 303, location: `/thank-you?ref=${id}&callback=saved#callback` });
    const row = await quoteRow(id);
    expect(row).toMatchObject({
      callbackChoice: "slot",
      callbackAt: new Date(TEN_O_CLOCK),
      callbackChosenAt: NOW,
      nextActionKind: "call-back",
      nextActionAt: new Date(TEN_O_CLOCK),
      version: 2,
    });
    const mail = await callbackMail(id);
    const confirmation = mail[`quote-callback-confirm:${id}`];
    expect(confirmation?.to).toBe(email);
    expect(confirmation?.text).toContain(
      "We will call you on Tue 1 Dec 2026, 10am to 11am (UK time)",
    );
    const note = mail[`quote-callback-notify:${id}`];
    expect(note?.to).toBe(context.config.mail.leadInbox);
    expect(note?.subject).toBe(
      `Call-back time for ${id.slice(0, 8).toUpperCase()}: Tue 1 Dec 2026, 10am to 11am`,
    );
    expect(note?.text).toContain(`${SITE}/staff/leads/quote/${id}`);
    expect(note?.text).not.toContain(email);
  });

  it("takes a change to the soonest call, replacing the earlier emails rather than adding to them", async () => {
    const { id, cookie } = await sendQuote();
    await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    vi.setSystemTime(new Date("2026-12-01T08:05:00Z"));
    const answer = await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie }));
    expect(answer.status).toBe(303);
    const row = await quoteRow(id);
    expect(row).toMatchObject({
      callbackChoice: "soonest",
      callbackAt: null,
      nextActionKind: "call-soonest",
      nextActionAt: new Date("2026-12-01T08:05:00Z"),
      version: 3,
    });
    const mail = await callbackMail(id);
    expect(Object.keys(mail)).toHaveLength(2);
    expect(mail[`quote-callback-confirm:${id}`]?.text).toContain("We will call you as soon as we can");
  });

  it("keeps each time the borrower chooses on the lead's timeline, as the borrower's own, and the lead page says it in words", async () => {
    const { id, cookie } = await sendQuote();
    await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    vi.setSystemTime(new Date("2026-12-01T08:05:00Z"));
    await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie }));
    // The same choice again is no change, and no event.
    await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie }));
    const events = await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.map((e) => [e.type, e.actorId, e.leadKind, e.nextActionKind, e.nextActionAt, e.at])).toEqual([
      ["callback-chosen", null, "quote", "call-back", new Date(TEN_O_CLOCK), NOW],
      ["callback-chosen", null, "quote", "call-soonest", null, new Date("2026-12-01T08:05:00Z")],
    ]);

    const page = await answerOf(() =>
      signedIn().leadLoader({
        request: new Request(`${SITE}/staff/leads/quote/${id}`),
        context,
        params: { kind: "quote", id },
      } as never),
    );
    expect(page.status).toBe(200);
    const body = page.body as unknown as Parameters<typeof leadHistory>[0] & {
      lead: { receivedAt: string; kindLabel: string };
      timeline: Parameters<typeof leadHistory>[0]["staff"];
      emails: Parameters<typeof sentEmailsOf>[0];
    };
    const history = leadHistory({
      arrival: { at: body.lead.receivedAt, kindLabel: body.lead.kindLabel },
      borrowerChoice: body.borrowerChoice,
      emails: [],
      staff: body.timeline,
    });
    expect(history.map((h) => (h.type === "staff" ? `staff: ${h.event.type}` : h.title))).toEqual([
      "Quote received",
      "The borrower asked to be called on Tue 1 Dec 2026, 10am to 11am",
      "The borrower asked to be called as soon as possible",
    ]);
  });

  it("links the broker's note to the lead in the console, which takes a signed-out adviser through sign-in and back", async () => {
    const { id, cookie } = await sendQuote();
    await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    const link = new URL(
      String(
        /http\S+\/staff\/leads\/\S+/.exec(String((await callbackMail(id))[`quote-callback-notify:${id}`]?.text))?.[0],
      ),
    );
    expect(link.pathname).toBe(`/staff/leads/quote/${id}`);
    const signedOut = await call(staffLeadLoader, {
      request: new Request(`${SITE}${link.pathname}`),
      context,
      params: { kind: "quote", id },
    });
    expect(signedOut.status).toBe(302);
    const signIn = new URL(String(signedOut.location), SITE);
    expect(signIn.pathname).toBe("/staff/sign-in");
    expect(staffReturnPath(signIn.searchParams.get("from"))).toBe(link.pathname);
  });

  it("changes and sends nothing when the same choice is posted again", async () => {
    const { id, cookie } = await sendQuote();
    await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    const again = await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    expect(again.status).toBe(303);
    expect((await quoteRow(id))?.version).toBe(2);
  });

  it.each([
    { rule: "no cookie", cookie: () => "" },
    { rule: "another lead's cookie", cookie: (other: string) => other },
    { rule: "a forged signature", cookie: (_: string, id: string) => `${CALLBACK_COOKIE}=${id}.${"A".repeat(43)}` },
  ])("refuses a choice with $rule (403), changing nothing", async ({ cookie }) => {
    const { id } = await sendQuote();
    const other = await sendQuote();
    const answer = await call(
      thankYouAction,
      choose(id, { callback: TEN_O_CLOCK }, { cookie: cookie(other.cookie, id) }),
    );
    expect(answer.status).toBe(403);
    expect(String(answer.body?.reason)).toContain("Only the browser that sent this enquiry");
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it("signs the cookie's end with it: a copied value is refused once its day is over, and the page stops offering the form", async () => {
    const { id, cookie } = await sendQuote();
    expect(cookie).toBe(`${CALLBACK_COOKIE}=${id}.${NOW.getTime() / 1000 + 86_400}.${cookie.split(".").at(-1)}`);
    const offered = async () =>
      (
        await thankYouLoader({
          request: new Request(`${SITE}/thank-you?ref=${id}`, { headers: { Cookie: cookie } }),
          context,
          params: {},
        } as never)
      ).callback?.owned;

    vi.setSystemTime(NOW.getTime() + 86_400_000 - 1);
    expect(await offered()).toBe(true);
    vi.setSystemTime(NOW.getTime() + 86_400_000);
    expect(await offered()).toBe(false);
    const late = await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie }));
    expect(late.status).toBe(403);
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it.each([
    {
      rule: "of the form without an end (refused: the booking shortcut is simply not offered)",
      cookie: (id: string) =>
        `${CALLBACK_COOKIE}=${id}.${createHmac("sha256", context.config.authSecret).update(`callback-lead:${id}`).digest("base64url")}`,
    },
    {
      rule: "whose end was moved on",
      cookie: (_id: string, given: string) => given.replace(/\.(\d+)\./, (_, end) => `.${Number(end) + 86_400}.`),
    },
    { rule: "with an end and no signature", cookie: (id: string) => `${CALLBACK_COOKIE}=${id}.${NOW.getTime() / 1000 + 60}` },
  ])("refuses a cookie $rule (403), changing nothing", async ({ cookie }) => {
    const { id, cookie: given } = await sendQuote();
    const answer = await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie: cookie(id, given) }));
    expect(answer.status).toBe(403);
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it("answers an hour already past with 400 and the message for beside the field", async () => {
    const { id, cookie } = await sendQuote();
    vi.setSystemTime(new Date("2026-12-01T10:30:00Z"));
    const answer = await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    expect(answer).toEqual({ status: 400, body: { problem: CALLBACK_SLOT_PAST, value: TEN_O_CLOCK } });
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it.each<{ rule: string; fields: Record<string, string>; headers: Record<string, string>; status: number }>([
    {
      rule: "a post from another site (403)",
      fields: { callback: "soonest" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      status: 403,
    },
    {
      rule: "a post that is not a form (415)",
      fields: { callback: "soonest" },
      headers: { "Content-Type": "application/json" },
      status: 415,
    },
  ])("refuses $rule", async ({ fields, headers, status }) => {
    const { id, cookie } = await sendQuote();
    expect((await call(thankYouAction, choose(id, fields, { cookie, headers }))).status).toBe(status);
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it("answers a filled honeypot as if saved, storing nothing", async () => {
    const { id, cookie } = await sendQuote();
    const answer = await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK, website: "spam" }, { cookie }));
    expect(answer.status).toBe(303);
    expect((await quoteRow(id))?.callbackChoice).toBeNull();
  });

  it("refuses a closed lead (409) and an unknown one (404)", async () => {
    const { id, cookie } = await sendQuote();
    await database.db.update(quotes).set({ status: "withdrawn" }).where(eq(quotes.id, id));
    expect((await call(thankYouAction, choose(id, { callback: "soonest" }, { cookie }))).status).toBe(409);
    expect((await call(thankYouAction, choose("not-a-lead", { callback: "soonest" }, { cookie }))).status).toBe(404);
  });

  it("keeps the database's rule that a slot has its time and the soonest call has none", async () => {
    const { id } = await sendQuote();
    await expect(database.db.update(quotes).set({ callbackChoice: "slot" }).where(eq(quotes.id, id))).rejects.toThrow();
  });

  it("erases the call-back emails with their lead", async () => {
    const { id, cookie } = await sendQuote();
    await call(thankYouAction, choose(id, { callback: TEN_O_CLOCK }, { cookie }));
    expect(Object.keys(await callbackMail(id))).toHaveLength(2);
    await deleteLeadsWithTraces(database.db, "quote", [id]);
    expect(await callbackMail(id)).toEqual({});
  });
});
