import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  accountSignInPaused,
  EMAIL_INVALID,
  INVALID_CREDENTIALS,
  RESET_LINK_INVALID,
  TOO_MANY_ATTEMPTS,
} from "../../app/domain/account-messages";
import { type AccountContext, accountFormGate, accountSummary, currentSession, deleteAccount, requestPasswordReset, resetPassword, signIn } from "../../server/borrowers/accounts.server";
import { readFormPost } from "../../server/platform/form-post.server";
import { createAuth } from "../../server/borrowers/auth";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, profiles, quotes, users } from "../../server/platform/db/schema";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import { createTestApp, postJson } from "../support/app";
import { withClockHeld } from "../support/clock";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validQuote } from "../support/leads";

// The account pages' server functions (server/borrowers/accounts.server.ts) called as /auth's and
// /account's route modules call them. The browser tests reach them only through the
// build, which mutation testing cannot see (docs/decisions/141).

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";
const NEW_PASSWORD = "Quayside-ledger-77";

describe.each(testDatabaseKinds())("the account pages' functions on %s", (kind) => {
  let database: DatabaseHandle;
  let test: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    test = createTestApp(database);
  });
  afterAll(async () => {
    await database.close();
  });

  const context = (clientAddress = freshAddress()): AccountContext => ({
    config: test.config,
    db: database.db,
    log: test.log,
    auth: createAuth({ config: test.config, db: database.db, log: test.log, kickOutbox: () => {} }),
    clientAddress,
  });
  const page = (cookie?: string) =>
    new Request(`${SITE}/auth`, {
      method: "POST",
      headers: cookie ? { Cookie: cookie, Origin: SITE } : { Origin: SITE },
    });
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  /** A confirmed borrower with a first name on their profile, signed in: the session cookie. */
  async function borrower(email: string) {
    const made = await test.app.request(
      "/api/auth/sign-up/email",
      postJson(
        { name: "Robin Reset", email, password: PASSWORD, firstName: "Robin", lastName: "Reset" },
        freshAddress(),
      ),
    );
    expect(made.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await signIn(context(), page(), form({ email, password: PASSWORD }));
    if (!signedIn.ok) throw new Error(`sign-in refused: ${signedIn.message}`);
    const cookie = signedIn.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error("no session cookie");
    return cookie;
  }

  /** The token of the last reset link queued for `email` (the outbox job's text). */
  async function resetToken(email: string) {
    const queued = await database.db.select().from(jobs);
    const mail = queued.filter((job) => JSON.stringify(job.payload).includes(email)).at(-1);
    const token = /\/reset-password\/([\w-]+)/.exec(JSON.stringify(mail?.payload ?? ""))?.[1];
    if (!token) throw new Error(`no reset link queued for ${email}`);
    return token;
  }

  it("reads a form post, and says 415 for a body that is not a form and 400 for one it cannot read", async () => {
    const post = (body: BodyInit, type: string) =>
      readFormPost(new Request(`${SITE}/auth`, { method: "POST", headers: { "Content-Type": type }, body }));
    const read = await post("email=a%40b.com", "Application/X-WWW-Form-Urlencoded; charset=UTF-8");
    expect(read.ok && read.form.get("email")).toBe("a@b.com");
    expect(await post("{}", "application/json")).toEqual({ ok: false, status: 415 });
    expect(await post("x", "")).toEqual({ ok: false, status: 415 });
    expect(await post("--x\r\nbroken", "multipart/form-data; boundary=x")).toEqual({ ok: false, status: 400 });
  });

  it("knows the signed-in borrower from the cookie, and nobody without one or with a made-up one", async () => {
    const email = unique("session");
    const cookie = await borrower(email);
    const { user } = await currentSession(context(), page(cookie));
    expect(user?.email).toBe(email);
    expect((await currentSession(context(), page())).user).toBeNull();
    expect((await currentSession(context(), page("better-auth.session_token=made-up.value"))).user).toBeNull();
  });

  it("sums up the account: the profile's first name, the email, the borrower's own enquiries and the details they may correct", async () => {
    const email = unique("summary");
    const cookie = await borrower(email);
    const { user } = await currentSession(context(), page(cookie));
    if (!user) throw new Error("not signed in");
    expect(await accountSummary(database.db, user)).toEqual({
      firstName: "Robin",
      email,
      enquiries: [],
      details: { firstName: "Robin", lastName: "Reset", phone: null },
    });
    const made = await test.app.request("/api/quotes", postJson(validQuote({ email }), freshAddress()));
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const summary = await accountSummary(database.db, user);
    expect(summary.enquiries.map((enquiry) => enquiry.id)).toEqual([id]);
    // Without a profile, the account's own name.
    await database.db.delete(profiles).where(eq(profiles.userId, user.id));
    expect((await accountSummary(database.db, user)).firstName).toBe("Robin Reset");
  });

  it("sends a reset link for a real address, answers the same for an unknown one, and refuses a malformed one", async () => {
    const email = unique("reset-ask");
    await borrower(email);
    expect(await requestPasswordReset(context(), page(), form({ email: ` ${email.toUpperCase()} ` }))).toMatchObject({
      ok: true,
    });
    expect(await resetToken(email)).toMatch(/^[\w-]+$/);
    expect(await requestPasswordReset(context(), page(), form({ email: unique("nobody") }))).toMatchObject({
      ok: true,
    });
    expect(await requestPasswordReset(context(), page(), form({ email: "not-an-address" }))).toEqual({
      ok: false,
      status: 400,
      message: EMAIL_INVALID,
      field: "email",
    });
    expect(await requestPasswordReset(context(), page(), form({}))).toMatchObject({
      ok: false,
      status: 400,
      field: "email",
    });
  });

  it("sets a new password with the emailed token once; a weak password, a bad token or a used one is refused", async () => {
    const email = unique("reset-set");
    await borrower(email);
    expect(await requestPasswordReset(context(), page(), form({ email }))).toMatchObject({ ok: true });
    const token = await resetToken(email);

    const weak = await resetPassword(context(), page(), form({ token, password: "short" }));
    expect(weak).toMatchObject({ ok: false, status: 400, field: "password" });
    for (const bad of ["", "not a token!", "x".repeat(201)]) {
      expect(await resetPassword(context(), page(), form({ token: bad, password: NEW_PASSWORD })), bad).toEqual({
        ok: false,
        status: 400,
        message: RESET_LINK_INVALID,
      });
    }
    expect(
      await resetPassword(context(), page(), form({ token: "well-formed-but-unknown", password: NEW_PASSWORD })),
    ).toEqual({
      ok: false,
      status: 400,
      message: RESET_LINK_INVALID,
    });

    expect(await resetPassword(context(), page(), form({ token, password: NEW_PASSWORD }))).toMatchObject({ ok: true });
    expect(await resetPassword(context(), page(), form({ token, password: NEW_PASSWORD }))).toMatchObject({
      ok: false,
      message: RESET_LINK_INVALID,
    });
    expect(await signIn(context(), page(), form({ email, password: PASSWORD }))).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await signIn(context(), page(), form({ email, password: NEW_PASSWORD }))).toMatchObject({ ok: true });
  });

  it("deletes an account at its owner's request: signed out everywhere, the account and its leads gone", async () => {
    const email = unique("delete");
    const cookie = await borrower(email);
    expect((await test.app.request("/api/quotes", postJson(validQuote({ email }), freshAddress()))).status).toBe(201);
    const { user } = await currentSession(context(), page(cookie));
    if (!user) throw new Error("not signed in");

    const headers = await deleteAccount(context(), page(cookie), user);
    expect(headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await currentSession(context(), page(cookie))).user).toBeNull();
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await database.db.select().from(quotes).where(eq(quotes.email, email))).toEqual([]);
  });

  it("turns an address past the sign-in limit away before its form is read, and so do reset and sign-in", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      expect(await accountFormGate(context(address))).toBeNull();
      for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
        await signIn(context(address), page(), form({ email: unique("wrong"), password: "not-the-password" }));
      }
      const gate = await accountFormGate(context(address));
      expect(gate).toMatchObject({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS });
      expect(gate?.retryAfterSeconds).toBeGreaterThan(0);
      expect(await resetPassword(context(address), page(), form({ token: "t", password: NEW_PASSWORD }))).toMatchObject(
        {
          status: 429,
          message: TOO_MANY_ATTEMPTS,
        },
      );
      // Another address is not held back.
      expect(await accountFormGate(context())).toBeNull();
    });
  });

  it("pauses sign-in to an account after its share of attempts from any addresses, saying for how long", async () => {
    const email = unique("guessed");
    await borrower(email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      // borrower() signed in once: four more attempts in the window, each from an address of its own.
      for (let i = 1; i < RATE_LIMITS.accountSignIn.limit; i++) {
        expect(await signIn(context(), page(), form({ email, password: `wrong-${i}` }))).toMatchObject({
          status: 401,
          message: INVALID_CREDENTIALS,
        });
      }
      const paused = await signIn(context(), page(), form({ email: ` ${email.toUpperCase()} `, password: PASSWORD }));
      if (paused.ok) throw new Error("signed in past the account's limit");
      expect(paused.status).toBe(429);
      expect(paused.retryAfterSeconds).toBeGreaterThan(0);
      expect(paused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.accountSignIn.windowMs / 1000);
      expect(paused.message).toBe(accountSignInPaused(paused.retryAfterSeconds ?? 0));
      // Another account is not held back.
      expect(
        await signIn(context(), page(), form({ email: unique("other"), password: "not-the-password" })),
      ).toMatchObject({
        status: 401,
      });
      // Once the window is over, the right password signs in.
      vi.setSystemTime(start + RATE_LIMITS.accountSignIn.windowMs);
      expect((await signIn(context(), page(), form({ email, password: PASSWORD }))).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("limits reset links by the stricter sign-up limit", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      for (let i = 0; i < RATE_LIMITS.signUp.limit; i++) {
        expect(await requestPasswordReset(context(address), page(), form({ email: unique("many") }))).toMatchObject({
          ok: true,
        });
      }
      expect(await requestPasswordReset(context(address), page(), form({ email: unique("many") }))).toMatchObject({
        ok: false,
        status: 429,
        message: TOO_MANY_ATTEMPTS,
      });
    });
  });
});
