import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RESET_PASSWORD_EXPIRES_IN_SECONDS } from "../../server/borrowers/auth";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, users, verifications } from "../../server/platform/db/schema";
import { RESET_PASSWORD_SUBJECT } from "../../server/emails/reset-password";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { type OutboxWorker, startOutboxWorker } from "../../server/platform/outbox";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { withClockHeld } from "../support/clock";

// Password reset (issue 12) through better-auth's endpoints, with the email read from a real SMTP sink.

const OLD = "Harbour-42";
const NEW = "Quayside-lantern-7";
const SITE = "http://localhost:3000";

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(testDatabaseKinds())("password reset on %s", (kind) => {
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
  afterEach(() => vi.useRealTimers());

  const request = (path: string, init?: RequestInit) => test.app.request(`${SITE}${path}`, init);

  async function borrower(email: string) {
    expect((await request("/api/auth/sign-up/email", postJson({ name: "Robin Reset", email, password: OLD }, freshAddress()))).status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  }
  const signIn = (email: string, password: string) => request("/api/auth/sign-in/email", postJson({ email, password }, freshAddress()));
  const askForLink = (email: string, address = freshAddress()) =>
    request("/api/auth/request-password-reset", postJson({ email, redirectTo: "/auth/reset-password" }, address));

  async function emailedToken(email: string) {
    await worker.drain();
    const mail = sink.messages.findLast((m) => m.to.includes(email) && m.subject === RESET_PASSWORD_SUBJECT);
    if (!mail) throw new Error(`no reset email for ${email}`);
    const link = /https?:\/\/\S+?\/api\/auth\/reset-password\/[\w-]+\?callbackURL=[\w%.-]+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
    if (!link) throw new Error("no link in the reset email");
    const url = new URL(link);
    expect(url.origin).toBe(SITE);
    const opened = await request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location") ?? "", SITE);
    expect(landing.pathname).toBe("/auth/reset-password");
    return landing.searchParams.get("token") as string;
  }

  it("sends a one-time link that sets a new password and ends every session", async () => {
    const email = "reset-me@example.com";
    await borrower(email);
    const sessions = await Promise.all([signIn(email, OLD), signIn(email, OLD)]);
    const cookies = sessions.map((r) => (r.headers.get("set-cookie") ?? "").split(";")[0] as string);
    // Two live sessions to end: without them the check after the reset would prove nothing.
    for (const cookie of cookies) {
      expect(cookie).toMatch(/=./);
      const session = await request("/api/auth/get-session", { headers: { cookie } });
      expect(await session.json()).toMatchObject({ user: { email } });
    }

    expect((await askForLink(email)).status).toBe(200);
    const token = await emailedToken(email);

    const weak = await request("/api/auth/reset-password", postJson({ newPassword: "password123", token }));
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toContain("too common");

    expect((await request("/api/auth/reset-password", postJson({ newPassword: NEW, token }))).status).toBe(200);
    for (const cookie of cookies) {
      const session = await request("/api/auth/get-session", { headers: { cookie } });
      expect(await session.json()).toBeNull();
    }
    expect((await signIn(email, OLD)).status).toBe(401);
    expect((await signIn(email, NEW)).status).toBe(200);
    // Once only.
    expect((await request("/api/auth/reset-password", postJson({ newPassword: "Another-quay-9", token }))).status).toBe(400);
  });

  it("answers the same whether or not the email has an account, and mails only an account", async () => {
    await borrower("has-account@example.com");
    const known = await askForLink("has-account@example.com");
    const unknown = await askForLink("no-account@example.com");
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const queued = await database.db.select().from(jobs).where(sql`payload->>'to' = 'no-account@example.com'`);
    expect(queued).toEqual([]);
  });

  it("works for one hour", async () => {
    const email = "expires@example.com";
    await borrower(email);
    expect(RESET_PASSWORD_EXPIRES_IN_SECONDS).toBe(3600);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    expect((await askForLink(email)).status).toBe(200);
    const token = await emailedToken(email);
    vi.setSystemTime(start + RESET_PASSWORD_EXPIRES_IN_SECONDS * 1000 + 1000);
    expect((await request("/api/auth/reset-password", postJson({ newPassword: NEW, token }))).status).toBe(400);
  });

  /** The account's reset links still in the database (each row is one link that would work). */
  async function liveLinks(email: string) {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(sql`${verifications.identifier} like 'reset-password:%' and ${verifications.value} = ${user?.id ?? ""}`);
  }
  const resetWith = (token: string, newPassword = NEW) =>
    request("/api/auth/reset-password", postJson({ newPassword, token }));

  it("keeps one live link per account: a new link emailed replaces the older one", async () => {
    const email = "many-links@example.com";
    await borrower(email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Each in a window of its own, so each sends an email with a new link.
      vi.setSystemTime(start + i * 6 * 60_000);
      expect((await askForLink(email)).status).toBe(200);
      tokens.push(await emailedToken(email));
    }
    expect(new Set(tokens).size).toBe(4);
    expect(await liveLinks(email)).toEqual([{ identifier: `reset-password:${tokens[3]}` }]);
    for (const old of tokens.slice(0, 3)) expect((await resetWith(old)).status).toBe(400);
    expect((await resetWith(tokens[3] as string)).status).toBe(200);
  });

  it("leaves the emailed link working when a second request within minutes sends no email", async () => {
    await withClockHeld(async () => {
      const email = "asked-twice@example.com";
      await borrower(email);
      expect((await askForLink(email)).status).toBe(200);
      const token = await emailedToken(email);
      const mails = sink.messages.length;
      expect((await askForLink(email)).status).toBe(200);
      await worker.drain();
      expect(sink.messages.length).toBe(mails);
      expect(await liveLinks(email)).toEqual([{ identifier: `reset-password:${token}` }]);
      expect((await resetWith(token)).status).toBe(200);
    });
  });

  it("ends every other link of the account when a password is reset", async () => {
    const email = "stale-links@example.com";
    await borrower(email);
    expect((await askForLink(email)).status).toBe(200);
    const token = await emailedToken(email);
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // Another link alive beside it (made by a request racing this one on another server, say).
    const expiresAt = new Date(Date.now() + RESET_PASSWORD_EXPIRES_IN_SECONDS * 1000);
    await database.db
      .insert(verifications)
      .values({ id: "stale-link", identifier: "reset-password:staleTokenStaleToken1234", value: user?.id ?? "", expiresAt });
    expect(await liveLinks(email)).toHaveLength(2);
    expect((await resetWith(token)).status).toBe(200);
    expect(await liveLinks(email)).toEqual([]);
    expect((await resetWith("staleTokenStaleToken1234", "Another-quay-9")).status).toBe(400);
    expect((await signIn(email, NEW)).status).toBe(200);
  });

  it("is rate limited with the limit on everything that sends email", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await askForLink(`flood-${i}@example.com`, address)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
