import { scryptSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CONFIRMATION_LINK_INVALID,
  EMAIL_NOT_CONFIRMED,
  EMAIL_NOT_CONFIRMED_LINK_RECENT,
  INVALID_CREDENTIALS,
  SIGN_UP_ALREADY_REGISTERED,
  TOO_MANY_ATTEMPTS,
} from "../../app/domain/account-messages";
import { type AccountContext, enquiriesOf, signIn, signOut, signUp } from "../../server/borrowers/accounts.server";
import { isSameSitePost } from "../../server/platform/form-post.server";
import { createAuth, createProfile } from "../../server/borrowers/auth";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { accounts, jobs, personalEnquiries, profiles, quotes, users } from "../../server/platform/db/schema";
import { VERIFY_EMAIL_SUBJECT } from "../../server/emails/verify-email";
import { createLogger, type Logger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { type OutboxWorker, startOutboxWorker } from "../../server/platform/outbox";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { withClockHeld } from "../support/clock";

const PASSWORD = "Harbour-42";
let nextAddress = 1;
/** A client address of its own for each test, so rate limits never cross tests. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

/** A quoted-printable MIME body back to plain text (the confirmation link spans lines). */
function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function validQuote(email: string) {
  return {
    email,
    first_name: "Jane",
    last_name: "Doe",
    phone: "07700 900123",
    loan_purpose: "home-improvements",
    homeowner_status: "mortgage",
    credit_history: "good",
    loan_amount: 30_000,
    property_value: 300_000,
    mortgage_balance: 100_000,
    monthly_income: 4_000,
    employment_status: "employed-full-time",
    consent: true,
  };
}

/** A logger that remembers what was logged at error level (and is otherwise silent). */
function recordingLogger() {
  const errors: unknown[] = [];
  const log = createLogger("silent");
  const recording = Object.assign(Object.create(log), {
    error: (...args: unknown[]) => void errors.push(args),
  }) as Logger;
  return { log: recording, errors };
}

describe.each(testDatabaseKinds())("accounts on %s", (kind) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  let test: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: "Test <test@example.com>" });
    worker = startOutboxWorker({ db: database.db, mailer, log: createLogger("silent"), pollMs: 60_000 });
    test = createTestApp(database);
  });
  afterAll(async () => {
    await worker.stop();
    await sink.close();
    await database.close();
  });

  const app = () => test.app;

  async function signUpJson(
    email: string,
    address = freshAddress(),
    names = { firstName: "Jane", lastName: "Doe" },
    site = app(),
  ) {
    return site.request(
      "/api/auth/sign-up/email",
      postJson(
        {
          name: `${names.firstName} ${names.lastName}`,
          email,
          password: PASSWORD,
          ...names,
          callbackURL: "/auth?confirmed=1",
        },
        address,
      ),
    );
  }

  async function signInJson(email: string, password = PASSWORD, address = freshAddress()) {
    return app().request("/api/auth/sign-in/email", postJson({ email, password }, address));
  }

  /** Delivers the outbox and returns the confirmation link mailed to `email`. */
  async function confirmationLink(email: string) {
    await worker.drain();
    const mail = sink.messages.findLast((m) => m.to.includes(email) && m.subject === VERIFY_EMAIL_SUBJECT);
    if (!mail) throw new Error(`no confirmation email for ${email}`);
    const link = /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[\w%.-]+/.exec(
      decodeQuotedPrintable(mail.raw),
    )?.[0];
    if (!link) throw new Error("no link in the confirmation email");
    return new URL(link.replace(/&amp;/g, "&"));
  }

  /** A confirmed account, signed in: its session cookie and user id. */
  async function confirmedUser(email: string, site = app()) {
    expect((await signUpJson(email, undefined, undefined, site)).status).toBe(200);
    const link = await confirmationLink(email);
    expect((await app().request(`${link.pathname}${link.search}`)).status).toBe(302);
    const response = await signInJson(email);
    expect(response.status).toBe(200);
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return { cookie, userId: user?.id as string };
  }

  describe("sign-up", () => {
    it("stores the password only as a memory-hard scrypt hash", async () => {
      const email = "hash@example.com";
      // The hashing a deployment does: a test run's own is light (decision 370).
      const standard = createTestApp(database, { PASSWORD_HASHING: "standard" });
      expect((await signUpJson(email, undefined, undefined, standard.app)).status).toBe(200);
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      const [account] = await database.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, user?.id as string));
      expect(account?.providerId).toBe("credential");
      const hash = account?.password ?? "";
      // better-auth's format: 16-byte salt and 64-byte scrypt key, hex.
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      const [salt, key] = hash.split(":") as [string, string];
      const N = 16384;
      const r = 16;
      const recomputed = scryptSync(PASSWORD.normalize("NFKC"), salt, 64, { N, r, p: 1, maxmem: 128 * N * r * 2 });
      // Recomputing with N = 16384, r = 16 (32 MiB of memory per guess) gives the stored key:
      // the hash is as memory-hard as that, no weaker.
      expect(recomputed.toString("hex")).toBe(key);
      // The plain password is nowhere: not in the account, the user, or the queued email.
      const stored = JSON.stringify(
        await database.db.execute(sql`select a.*, u.* from accounts a join users u on u.id = a.user_id`),
      );
      expect(stored).not.toContain(PASSWORD);
      expect(JSON.stringify(await database.db.select().from(jobs))).not.toContain(PASSWORD);
    });

    it("creates the profile row with first and last name and no phone", async () => {
      const email = "profile@example.com";
      expect((await signUpJson(email, freshAddress(), { firstName: "Ada", lastName: "<Lovelace>" })).status).toBe(200);
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      const rows = await database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, user?.id as string));
      expect(rows).toEqual([expect.objectContaining({ firstName: "Ada", lastName: "Lovelace", phone: null })]);
      // Names are cleaned as a lead's are, whichever way the sign-up came in.
      expect(user?.name).toBe("Ada Lovelace");
      expect(user?.emailVerified).toBe(false);
    });

    it("ignores a duplicate profile and logs any other profile failure", async () => {
      const email = "duplicate-profile@example.com";
      expect((await signUpJson(email)).status).toBe(200);
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      const userId = user?.id as string;
      const { log, errors } = recordingLogger();
      await expect(
        createProfile({ db: database.db, log }, { userId, firstName: "Other", lastName: "Name" }),
      ).resolves.toBeUndefined();
      expect(errors).toEqual([]);
      expect(await database.db.select().from(profiles).where(eq(profiles.userId, userId))).toHaveLength(1);
      // A profile for a user that does not exist breaks the foreign key: logged, not thrown.
      await expect(
        createProfile({ db: database.db, log }, { userId: "no-such-user", firstName: "A", lastName: "B" }),
      ).resolves.toBeUndefined();
      expect(errors).toHaveLength(1);
    });

    it("queues the confirmation email as an outbox job and asks the worker to run", async () => {
      const email = "queued@example.com";
      const kicksBefore = test.kicks();
      expect((await signUpJson(email)).status).toBe(200);
      const queued = await database.db.select().from(jobs).where(sql`payload->>'to' = ${email}`);
      expect(queued).toHaveLength(1);
      expect(queued[0]?.status).toBe("pending");
      expect(test.kicks()).toBe(kicksBefore + 1);
    });

    it("answers a taken email with 'already registered' (the page's own words)", async () => {
      const email = "taken@example.com";
      expect((await signUpJson(email)).status).toBe(200);
      const again = await signUpJson(email.toUpperCase());
      expect(again.status).toBe(422);
      expect(((await again.json()) as { message: string }).message).toContain("already registered");
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });
  });

  describe("confirmation", () => {
    it("refuses to sign in an unconfirmed account, then signs it in once the emailed link is opened", async () => {
      const email = "confirm@example.com";
      expect((await signUpJson(email)).status).toBe(200);
      const refused = await signInJson(email);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
      expect(refused.headers.get("set-cookie")).toBeNull();

      const link = await confirmationLink(email);
      expect(link.origin).toBe(test.config.siteUrl);
      const opened = await app().request(`${link.pathname}${link.search}`);
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe("/auth?confirmed=1");
      // Confirming does not sign in by itself (decision 071): the borrower signs in next.
      expect(opened.headers.get("set-cookie")).toBeNull();
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      expect(user?.emailVerified).toBe(true);

      const signedIn = await signInJson(email);
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^better-auth\.session_token=/);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Max-Age=2592000");
      expect(cookie).not.toContain("Secure");
    });

    it("sends a broken or forged link back to /auth with an error", async () => {
      const opened = await app().request(
        "/api/auth/verify-email?token=forged.token.value&callbackURL=%2Fauth%3Fconfirmed%3D1",
      );
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe("/auth?confirmed=1&error=INVALID_TOKEN");
      expect(CONFIRMATION_LINK_INVALID).toContain("Sign in");
    });

    it("marks the session cookie Secure in production", async () => {
      const production = createTestApp(database, {
        NODE_ENV: "production",
        AUTH_SECRET: "p".repeat(40),
        SITE_URL: "https://loans.example",
      });
      const email = "secure@example.com";
      // Made with a deployment's hashing: its configuration takes no other (decision 370).
      await confirmedUser(email, createTestApp(database, { PASSWORD_HASHING: "standard" }).app);
      const response = await production.app.request(
        "/api/auth/sign-in/email",
        postJson({ email, password: PASSWORD }, freshAddress()),
      );
      expect(response.status).toBe(200);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
    });
  });

  describe("sign-in", () => {
    it("gives a wrong password and an unknown email the same answer", async () => {
      const email = "same-answer@example.com";
      await confirmedUser(email);
      const wrongPassword = await signInJson(email, "not-the-password");
      const unknownEmail = await signInJson("nobody-here@example.com", "not-the-password");
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      const body = await wrongPassword.text();
      expect(await unknownEmail.text()).toBe(body);
      expect(JSON.parse(body)).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: INVALID_CREDENTIALS });
    });

    it("refuses sign-in past the limit with 429 'Too many requests'", async () => {
      await withClockHeld(async () => {
        const address = freshAddress();
        // An account of its own each time: only the address's limit is at work here.
        for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
          expect((await signInJson(`limit-${i}@example.com`, "wrong-password", address)).status).toBe(401);
        }
        const refused = await signInJson("limit@example.com", "wrong-password", address);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: "Too many requests" });
        expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
        // Another client is not affected.
        expect((await signInJson("limit@example.com", "wrong-password")).status).toBe(401);
      });
    });

    it("refuses sign-up past the limit with 429 'Too many requests'", async () => {
      await withClockHeld(async () => {
        const address = freshAddress();
        for (let i = 0; i < RATE_LIMITS.signUp.limit; i++) {
          expect((await signUpJson(`limit-${i}@example.com`, address)).status).toBe(200);
        }
        const refused = await signUpJson("limit-over@example.com", address);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: "Too many requests" });
        expect(await database.db.select().from(users).where(eq(users.email, "limit-over@example.com"))).toHaveLength(0);
      });
    });
  });

  describe("sessions", () => {
    it("are read by the lead APIs: a quote made while signed in carries the user's id", async () => {
      const { cookie, userId } = await confirmedUser("lead-owner@example.com");
      const init = postJson(validQuote("someone-else@example.com"), freshAddress());
      const response = await app().request("/api/quotes", {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.userId).toBe(userId);
    });

    it("end at sign-out, and 'everywhere' ends every session of the user", async () => {
      const email = "everywhere@example.com";
      const first = await confirmedUser(email);
      const second = (await signInJson(email)).headers.get("set-cookie")?.split(";")[0] as string;
      const sessionOf = async (cookie: string) =>
        (await (await app().request("/api/auth/get-session", { headers: { Cookie: cookie } })).json()) as {
          user?: { email: string };
        } | null;
      expect((await sessionOf(first.cookie))?.user?.email).toBe(email);
      expect((await sessionOf(second))?.user?.email).toBe(email);

      const context = accountContext(freshAddress());
      const cleared = await signOut(
        context,
        new Request(`${test.config.siteUrl}/account`, { headers: { cookie: first.cookie } }),
        {
          everywhere: true,
        },
      );
      expect(cleared.get("set-cookie")).toContain("Max-Age=0");
      expect(await sessionOf(first.cookie)).toBeNull();
      expect(await sessionOf(second)).toBeNull();
    });
  });

  describe("own contact details", () => {
    it("give a signed-in borrower's name and email for the forms to pre-fill; 401 signed out", async () => {
      const { cookie } = await confirmedUser("prefill@example.com");
      const me = await app().request("/api/account/contact", { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
      expect(me.headers.get("Cache-Control")).toContain("no-store");
      expect(await me.json()).toEqual({ firstName: "Jane", lastName: "Doe", email: "prefill@example.com", phone: "" });
      expect((await app().request("/api/account/contact")).status).toBe(401);
    });
  });

  describe("own enquiries", () => {
    it("a second user's session cannot read the first user's enquiries", async () => {
      const a = await confirmedUser("owner-a@example.com");
      const b = await confirmedUser("owner-b@example.com");
      const init = postJson(validQuote("owner-a@example.com"), freshAddress());
      const made = await app().request("/api/quotes", {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Cookie: a.cookie },
      });
      const { id } = (await made.json()) as { id: string };

      const as = (cookie: string | null, path: string) =>
        app().request(path, { headers: cookie ? { Cookie: cookie } : {} });
      const listA = (await (await as(a.cookie, "/api/account/enquiries")).json()) as { enquiries: { id: string }[] };
      expect(listA.enquiries.map((e) => e.id)).toContain(id);
      expect((await as(a.cookie, `/api/account/enquiries/${id}`)).status).toBe(200);

      const listB = (await (await as(b.cookie, "/api/account/enquiries")).json()) as { enquiries: { id: string }[] };
      expect(listB.enquiries.map((e) => e.id)).not.toContain(id);
      const byId = await as(b.cookie, `/api/account/enquiries/${id}`);
      expect(byId.status).toBe(404);
      expect(await byId.json()).toEqual({ error: "Not found" });

      expect((await as(null, "/api/account/enquiries")).status).toBe(401);
      expect((await as(null, `/api/account/enquiries/${id}`)).status).toBe(401);
    });

    it("lists leads made signed in or with the confirmed email, newest first, and nobody else's", async () => {
      const owner = { id: "owner-list", email: "lister@example.com", emailVerified: true };
      await database.db.insert(users).values([
        { id: owner.id, name: "Lister", email: owner.email, emailVerified: true },
        { id: "someone-else", name: "Else", email: "else@example.com", emailVerified: true },
      ]);
      const quote = (over: Partial<typeof quotes.$inferInsert>) => ({
        email: "x@example.com",
        firstName: "L",
        lastName: "L",
        phone: "07700900123",
        loanPurpose: "other",
        homeownerStatus: "mortgage",
        creditHistory: "good",
        loanAmount: 20_000,
        propertyValue: 200_000,
        ...over,
      });
      await database.db
        .insert(quotes)
        .values([
          quote({ userId: owner.id, loanAmount: 11_000, createdAt: new Date("2025-01-01T10:00:00Z") }),
          quote({ email: "LISTER@example.com", loanAmount: 12_000, createdAt: new Date("2025-03-01T10:00:00Z") }),
          quote({ userId: "someone-else", email: "else@example.com", loanAmount: 99_000 }),
        ]);
      await database.db.insert(personalEnquiries).values({
        email: owner.email,
        loanType: "homeowner",
        loanAmount: 13_000,
        homeownerStatus: "outright",
        firstName: "L",
        lastName: "L",
        phone: "07700900123",
        createdAt: new Date("2025-02-01T10:00:00Z"),
      });
      const mine = await enquiriesOf(database.db, owner);
      expect(mine.map((e) => e.loanAmount)).toEqual([12_000, 13_000, 11_000]);
      expect(mine.map((e) => e.kind)).toEqual(["quote", "personal-enquiry", "quote"]);
      // Until the email is confirmed, only what was made while signed in.
      const unconfirmed = await enquiriesOf(database.db, { ...owner, emailVerified: false });
      expect(unconfirmed.map((e) => e.loanAmount)).toEqual([11_000]);
    });
  });

  describe("the /auth page's actions (in-process)", () => {
    function form(fields: Record<string, string>) {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    }
    const request = () => new Request(`${test.config.siteUrl}/auth`, { method: "POST" });

    it("say the spec's words: success, already registered, unconfirmed, invalid credentials", async () => {
      const context = accountContext(freshAddress());
      const fields = {
        firstName: " Grace ",
        lastName: "Hopper<script>",
        email: "Grace@Example.com",
        password: PASSWORD,
        from: "/account",
      };
      expect(await signUp(context, request(), form(fields))).toMatchObject({ ok: true });
      const [user] = await database.db.select().from(users).where(eq(users.email, "grace@example.com"));
      const [profile] = await database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, user?.id as string));
      expect(profile).toMatchObject({ firstName: "Grace", lastName: "Hopperscript" });

      expect(await signUp(context, request(), form(fields))).toEqual({
        ok: false,
        status: 422,
        message: SIGN_UP_ALREADY_REGISTERED,
      });
      expect(await signIn(context, request(), form({ email: "grace@example.com", password: PASSWORD }))).toMatchObject({
        ok: false,
        status: 403,
        message: expect.stringMatching(/^Email not verified\./),
      });
      const wrong = await signIn(context, request(), form({ email: "grace@example.com", password: "nope-nope" }));
      const unknown = await signIn(context, request(), form({ email: "nobody@example.com", password: "nope-nope" }));
      const malformed = await signIn(context, request(), form({ email: "not-an-email", password: "nope-nope" }));
      expect(wrong).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS });
      expect(unknown).toEqual(wrong);
      expect(malformed).toEqual(wrong);
    });

    it("say a new confirmation link was sent only when one was: at most one every 5 minutes", async () => {
      // The clock is ours: sign-up at the start of a 5-minute window, so the sign-in
      // straight after falls in the same one, and the one 6 minutes later in the next.
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(new Date("2026-11-23T12:00:05Z"));
        const context = accountContext(freshAddress());
        const email = "unconfirmed-twice@example.com";
        await signUp(context, request(), form({ firstName: "U", lastName: "T", email, password: PASSWORD, from: "" }));
        const credentials = form({ email, password: PASSWORD });
        expect(await signIn(context, request(), credentials)).toEqual({
          ok: false,
          status: 403,
          message: EMAIL_NOT_CONFIRMED_LINK_RECENT,
        });
        vi.setSystemTime(new Date("2026-11-23T12:06:00Z"));
        expect(await signIn(context, request(), credentials)).toEqual({
          ok: false,
          status: 403,
          message: EMAIL_NOT_CONFIRMED,
        });
        vi.setSystemTime(new Date("2026-11-23T12:07:00Z"));
        expect(await signIn(context, request(), credentials)).toMatchObject({ message: EMAIL_NOT_CONFIRMED_LINK_RECENT });
      } finally {
        vi.useRealTimers();
      }
    });

    it("keep the confirmation link pointed back at /auth with the 'from' page", async () => {
      const context = accountContext(freshAddress());
      const email = "from-page@example.com";
      await signUp(
        context,
        request(),
        form({ firstName: "F", lastName: "P", email, password: PASSWORD, from: "/account" }),
      );
      const link = await confirmationLink(email);
      expect(link.searchParams.get("callbackURL")).toBe("/auth?confirmed=1&from=%2Faccount");
    });

    it("check names, email and password length before anything is created", async () => {
      const context = accountContext(freshAddress());
      const base = { firstName: "A", lastName: "B", email: "checks@example.com", password: PASSWORD };
      expect(await signUp(context, request(), form({ ...base, firstName: "  " }))).toMatchObject({
        ok: false,
        status: 400,
        field: "firstName",
      });
      expect(await signUp(context, request(), form({ ...base, email: "nope" }))).toMatchObject({
        ok: false,
        status: 400,
        field: "email",
      });
      expect(await signUp(context, request(), form({ ...base, password: "12345" }))).toMatchObject({
        ok: false,
        status: 400,
        field: "password",
      });
      expect(await database.db.select().from(users).where(eq(users.email, "checks@example.com"))).toHaveLength(0);
    });

    it("are rate limited with the same shared counters", async () => {
      await withClockHeld(async () => {
        const context = accountContext(freshAddress());
        for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
          await signIn(context, request(), form({ email: "rl@example.com", password: "wrong-one" }));
        }
        expect(await signIn(context, request(), form({ email: "rl@example.com", password: "wrong-one" }))).toEqual({
          ok: false,
          status: 429,
          message: TOO_MANY_ATTEMPTS,
          retryAfterSeconds: expect.any(Number),
        });
        expect(TOO_MANY_ATTEMPTS).toContain("Too many requests");
      });
    });

    it("refuse a form posted from another site (login CSRF)", () => {
      const site = test.config.siteUrl;
      const post = (headers: Record<string, string>) => new Request(`${site}/auth`, { method: "POST", headers });
      expect(isSameSitePost(post({ "Sec-Fetch-Site": "same-origin", Origin: site }), site)).toBe(true);
      expect(isSameSitePost(post({}), site)).toBe(true);
      expect(isSameSitePost(post({ "Sec-Fetch-Site": "cross-site" }), site)).toBe(false);
      expect(isSameSitePost(post({ Origin: "https://evil.example" }), site)).toBe(false);
    });
  });

  function accountContext(clientAddress: string): AccountContext {
    const auth = createAuth({ config: test.config, db: database.db, log: test.log, kickOutbox: () => {} });
    return { config: test.config, db: database.db, log: test.log, auth, clientAddress };
  }
});
