import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { quotes, users } from "../../server/platform/db/schema";
import { needsOf } from "../../server/needs/needs.server";
import { addStaff } from "../../server/staff/accounts.server";
import { insertLeads, sampleQuote } from "../../server/staff/leads/sample-leads";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validQuote } from "../support/leads";
import { type Send, signInStaff } from "../support/staff-sign-in";

// Whose needs a page shows (DECISIONS D33), as people meet it through the site: a stranger
// who sent a quote with a borrower's email address holds that lead's thank-you cookie, and
// neither sees the borrower's needs told on /account there, nor has their own shown on the
// borrower's /account or in the borrower's download. And the lead page's needs form refuses
// a version no record can have, as a page to reload, never a server error.

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";

/** What the borrower tells on /account; nobody else in this file types these. */
const OWNER = { note: "Ring my brother Thaddeus first", health: "Labyrinthitis makes calls hard" };
/** What the stranger tells on their own lead's thank-you page. */
const STRANGER = { note: "Write to Mortimer instead", health: "Glasswing tinnitus since spring" };

describe.skipIf(!hasBuild).each(testDatabaseKinds())("whose needs a page shows, on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;

  const send: Send = async (path, init) => site.app.request(`${SITE}${path}`, init);
  const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const cookieOf = (response: Response) => response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const get = async (path: string, cookie: string) => {
    const response = await send(path, { headers: { Cookie: cookie, "X-Forwarded-For": freshAddress() } });
    return { status: response.status, text: (await response.text()).replace(/<!-- -->/g, "") };
  };
  const postForm = (path: string, cookie: string, fields: [string, string][]) =>
    send(path, {
      method: "POST",
      headers: {
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": freshAddress(),
        Cookie: cookie,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const needsFields = (words: { note: string; health: string }): [string, string][] => [
    ["intent", "needs"],
    ["adjustments", "email"],
    ["needs-note", words.note],
    ["health", words.health],
    ["health-consent", "yes"],
  ];

  const jsonPost = (body: unknown, cookie = ""): RequestInit => ({
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: SITE,
      "X-Forwarded-For": freshAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });

  /** A quote sent through the API, with the cookie that lets its browser answer on its thank-you page. */
  async function sentQuote(email: string, session = "") {
    const sent = await send("/api/quotes", jsonPost(validQuote({ email }), session));
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    return { id, cookie: cookieOf(sent) };
  }

  /** A borrower with a confirmed account, signed in: the session cookie. */
  async function borrower(email: string) {
    const made = await send(
      "/api/auth/sign-up/email",
      jsonPost({ name: "Bea Owner", email, password: PASSWORD, firstName: "Bea", lastName: "Owner" }),
    );
    expect(made.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await send("/api/auth/sign-in/email", jsonPost({ email, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c?.includes("session_token"));
    if (!cookie) throw new Error("no session cookie");
    return cookie;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps the account's needs off a stranger's lead sent with the same email address, and its thank-you page", async () => {
    const email = unique("bea");
    // The stranger sends a quote with Bea's address and keeps its thank-you cookie.
    const stranger = await sentQuote(email);
    const session = await borrower(email);
    const own = await sentQuote(email, session);
    const [sentSignedIn] = await database.db
      .select({ userId: quotes.userId })
      .from(quotes)
      .where(eq(quotes.id, own.id));
    expect(sentSignedIn?.userId).toEqual(expect.any(String));

    // Bea tells the firm on /account what would help, her health included.
    const saved = await postForm("/account", session, needsFields(OWNER));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account?needs=saved#needs");
    const account = await get("/account", session);
    expect(account.text).toContain(OWNER.health);

    // The stranger's thank-you page, with its own cookie, shows none of it.
    const thankYou = await get(`/thank-you?ref=${stranger.id}`, stranger.cookie);
    expect(thankYou.status).toBe(200);
    expect(thankYou.text).toContain("Help us to help you (optional)");
    expect(thankYou.text).not.toContain(OWNER.health);
    expect(thankYou.text).not.toContain(OWNER.note);
    expect(await needsOf(database.db, { kind: "quote", id: stranger.id })).toBeNull();
    // The lead Bea sent while signed in holds them: its thank-you page and the adviser see them.
    expect(await needsOf(database.db, { kind: "quote", id: own.id })).toMatchObject({
      borrowerNote: OWNER.note,
      healthDetails: OWNER.health,
    });
    expect((await get(`/thank-you?ref=${own.id}`, own.cookie)).text).toContain(OWNER.health);
  });

  it("keeps a stranger's needs, told on their own lead's page, off the account with the same email address", async () => {
    const email = unique("bea-second");
    const session = await borrower(email);
    const own = await sentQuote(email, session);
    expect((await postForm("/account", session, needsFields(OWNER))).status).toBe(303);
    // Later, a stranger sends a quote with Bea's address and tells their needs on its page.
    const stranger = await sentQuote(email);
    const told = await postForm(`/thank-you?ref=${stranger.id}`, stranger.cookie, needsFields(STRANGER));
    expect(told.status).toBe(303);
    expect(await needsOf(database.db, { kind: "quote", id: stranger.id })).toMatchObject({
      healthDetails: STRANGER.health,
    });

    // Bea's account shows her own, never the stranger's (the newer), nor does her download.
    const account = await get("/account", session);
    expect(account.status).toBe(200);
    expect(account.text).toContain(OWNER.health);
    expect(account.text).not.toContain(STRANGER.health);
    expect(account.text).not.toContain(STRANGER.note);
    const download = await get("/account/data", session);
    expect(download.status).toBe(200);
    expect(download.text).toContain(OWNER.health);
    expect(download.text).not.toContain(STRANGER.health);
    // Withdrawing her consent takes her health details, not the stranger's.
    expect((await postForm("/account", session, [["intent", "withdraw-health"]])).status).toBe(303);
    expect((await needsOf(database.db, { kind: "quote", id: own.id }))?.healthDetails).toBeNull();
    expect((await needsOf(database.db, { kind: "quote", id: stranger.id }))?.healthDetails).toBe(STRANGER.health);
  });

  it("takes no needs on /account for an account with only leads sent by others with its address", async () => {
    const email = unique("bea-none");
    const stranger = await sentQuote(email);
    const session = await borrower(email);
    const account = await get("/account", session);
    // The stranger's enquiry is listed (the address is confirmed), but the account tells nothing for it.
    expect(account.text).toContain("What you tell us here applies to the enquiries you send while signed in");
    expect(account.text).not.toContain("Save what would help");
    const refused = await postForm("/account", session, needsFields(OWNER));
    expect(refused.status).toBe(404);
    expect(await needsOf(database.db, { kind: "quote", id: stranger.id })).toBeNull();
  });

  it("refuses a needs version past what the database holds as a page to reload, not a server error", async () => {
    const { token } = await addStaff(database.db, {
      email: "ada.needs@firm.example",
      name: "Ada Adviser",
      roles: ["adviser"],
    });
    const staff = await signInStaff(send, {
      origin: SITE,
      enrolPath: `/staff/enrol?token=${token}`,
      email: "ada.needs@firm.example",
    });
    const [id] = (await insertLeads(database.db, { quotes: [sampleQuote({})] })).quotes;
    const record = (version: string) =>
      send(`/staff/leads/quote/${id}`, {
        method: "POST",
        headers: { Origin: SITE, Cookie: staff.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([
          ["intent", "needs"],
          ["needsVersion", version],
          ["drivers", "health"],
          ["source", "call"],
        ]).toString(),
      });
    for (const version of ["2147483648", "9007199254740991", "1e12"]) {
      const answer = await record(version);
      expect(answer.status, version).toBe(400);
      expect(await answer.text()).toContain("Please reload the page.");
    }
    // The largest version a record can hold is only stale, and the page's own version saves.
    expect((await record("2147483647")).status).toBe(409);
    expect((await record("0")).status).toBe(302);
  });
});
