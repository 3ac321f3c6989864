import { makeSignature } from "better-auth/crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { PASSWORD_TOO_COMMON } from "../../app/domain/passwords";
import { createAuth } from "../../server/borrowers/auth";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, jobs, sessions, staffMembers, staffSessions, users } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import {
  addStaff,
  confirmAuthenticator,
  disableStaff,
  ENROL_LINK_HOURS,
  type Issuer,
  invitedStaff,
  listStaff,
  setPasswordAndSecret,
  StaffAccountError,
  staffPasswordProblem,
} from "../../server/staff/accounts.server";
import {
  STAFF_CODE_FAILURES_ALLOWED,
  STAFF_CODES_LOCKED,
  type StaffContext,
  staffCookieName,
  staffSession,
  staffSignIn,
  staffSignOut,
} from "../../server/staff/session.server";
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from "../../server/staff/session-limits";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { codeAt, cookieOf, form, MINUTE, PASSWORD, T0 } from "../support/staff-door";

// Staff identity (DECISIONS D14, D20): enrolment, sign-in, sessions, and that nothing of
// the borrowers' side reaches a staff account. Every moment is given (`now`), never read
// from the clock, except where the time taken is itself what is tested.

describe.each(testDatabaseKinds())("staff accounts on %s", (kind) => {
  let database: DatabaseHandle;
  let context: StaffContext;
  let issuer: Issuer;
  let address = 1;
  /** Each sign-in from an address of its own, unless a test is about the address limit. */
  const withAddress = () => ({ ...context, clientAddress: `192.0.2.${address++}` });
  let email = 1;
  /** Each test's staff member has an address of its own, so the per-account limit never crosses tests. */
  const staffEmail = (name: string) => `${name}.${email++}@firm.example`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = readConfig({ NODE_ENV: "test" });
    const log = createLogger("silent");
    context = {
      config,
      db: database.db,
      log,
      auth: createAuth({ config, db: database.db, log, kickOutbox: () => {} }),
    };
    issuer = {
      issuer: "Test staff",
      authSecret: config.authSecret,
      firmNames: [config.site.brandName, config.site.companyName],
      passwordHashing: config.passwordHashing,
    };
  });
  afterAll(async () => {
    await database.close();
  });

  /** Added, password set and authenticator confirmed at `at`, with the code of that moment. */
  async function enrolled(address: string, name: string, at = T0, by = issuer) {
    const { token } = await addStaff(database.db, { email: address, name }, new Date(at));
    const invite = await invitedStaff(database.db, token, new Date(at));
    if (!invite) throw new Error("no invite");
    const setup = await setPasswordAndSecret(database.db, by, invite, PASSWORD);
    expect(await confirmAuthenticator(database.db, issuer, invite, token, "000000x", at)).toBe(false);
    expect(await confirmAuthenticator(database.db, issuer, invite, token, await codeAt(setup.key, at), at)).toBe(true);
    expect(await invitedStaff(database.db, token, new Date(at))).toBeNull();
    return { key: setup.key, staffId: invite.staffId, email: address };
  }

  const signIn = async (who: { email: string; key: string }, at: number, steps = 1, from = withAddress()) =>
    staffSignIn(from, form({ email: who.email, password: PASSWORD, code: await codeAt(who.key, at, steps) }), at);

  const lastAudit = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  describe("enrolment", () => {
    it("enrols with a password and an authenticator, then signs in with the next code", async () => {
      const ann = await enrolled(staffEmail("ann"), "Ann Adviser");
      const outcome = await signIn(ann, T0 + 30_000, 0);
      expect(await lastAudit()).toMatchObject({ action: "staff.sign-in", actorName: "Ann Adviser" });
      if (!outcome.ok) throw new Error(outcome.message);
      const request = new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
      expect((await staffSession(context, request, T0 + 31_000)).user).toMatchObject({ email: ann.email });
    });

    it("accepts the code of the step before or after now, and none further out", async () => {
      for (const [steps, accepted] of [
        [-2, false],
        [-1, true],
        [1, true],
        [2, false],
        [20, false],
      ] as const) {
        const { token } = await addStaff(database.db, { email: staffEmail("win"), name: "Win Window" }, new Date(T0));
        const invite = await invitedStaff(database.db, token, new Date(T0));
        if (!invite) throw new Error("no invite");
        const setup = await setPasswordAndSecret(database.db, issuer, invite, PASSWORD);
        const code = await codeAt(setup.key, T0, steps);
        expect(await confirmAuthenticator(database.db, issuer, invite, token, code, T0), `step ${steps}`).toBe(
          accepted,
        );
      }
    });

    it("a link works for 24 hours and no longer", async () => {
      const { token } = await addStaff(database.db, { email: staffEmail("lin"), name: "Lin Link" }, new Date(T0));
      const expiry = T0 + ENROL_LINK_HOURS * 60 * MINUTE;
      expect(await invitedStaff(database.db, token, new Date(expiry - 1))).not.toBeNull();
      expect(await invitedStaff(database.db, token, new Date(expiry))).toBeNull();
    });

    it("a new link ends the older one, and the member's sessions", async () => {
      const rae = await enrolled(staffEmail("rae"), "Rae Reset");
      const signedIn = await signIn(rae, T0);
      if (!signedIn.ok) throw new Error(signedIn.message);
      const first = await addStaff(database.db, { email: rae.email, name: "Rae Reset" }, new Date(T0));
      const second = await addStaff(database.db, { email: rae.email, name: "Rae Reset" }, new Date(T0));
      expect(await invitedStaff(database.db, first.token, new Date(T0))).toBeNull();
      expect(await invitedStaff(database.db, second.token, new Date(T0))).not.toBeNull();
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, rae.staffId))).toHaveLength(
        0,
      );
      // Not enrolled again yet: the old password and authenticator no longer sign in.
      expect(await signIn(rae, T0 + 60_000, 0)).toMatchObject({ ok: false, status: 401 });
    });

    it("follows the one password rule: long enough and not a common password", async () => {
      const owner = { firmNames: issuer.firmNames, name: "Com Mon", email: "com@firm.example" };
      for (const common of ["passwordpassword", "123456789012", "qwerty123456", "PasswordPassword"]) {
        expect(staffPasswordProblem(common, owner), common).toBe(PASSWORD_TOO_COMMON);
      }
      expect(staffPasswordProblem("short-pass1", owner)).toMatch(/at least 12 characters/);
      expect(staffPasswordProblem(PASSWORD, owner)).toBeNull();
      const { token } = await addStaff(database.db, { email: staffEmail("com"), name: "Com Mon" }, new Date(T0));
      const invite = await invitedStaff(database.db, token, new Date(T0));
      if (!invite) throw new Error("no invite");
      await expect(setPasswordAndSecret(database.db, issuer, invite, "passwordpassword")).rejects.toThrow(
        StaffAccountError,
      );
      // The firm's own name, whatever the page checked.
      await expect(setPasswordAndSecret(database.db, issuer, invite, issuer.firmNames[0] ?? "")).rejects.toThrow(
        /too easy to guess/,
      );
    });
  });

  describe("sign-in", () => {
    it("refuses a wrong code or password, and audits each failure", async () => {
      const bob = await enrolled(staffEmail("bob"), "Bob Broker");
      const at = T0 + 60_000;
      const code = await codeAt(bob.key, at);
      const wrongCode = code === "000000" ? "111111" : "000000";
      for (const attempt of [
        { password: PASSWORD, code: wrongCode, reason: "code" },
        { password: "not-the-password", code, reason: "password" },
      ]) {
        const outcome = await staffSignIn(withAddress(), form({ email: bob.email, ...attempt }), at);
        expect(outcome).toMatchObject({ ok: false, status: 401 });
        expect(await lastAudit()).toMatchObject({
          action: "staff.sign-in-failed",
          actorName: "Bob Broker",
          detail: { reason: attempt.reason },
        });
      }
      // A failure does not spoil the next, right, attempt.
      expect((await signIn(bob, at, 0)).ok).toBe(true);
    });

    it("takes a code once: not the one typed at enrolment, not the same one twice, never an older one", async () => {
      const cy = await enrolled(staffEmail("cy"), "Cy Once");
      // The enrolment's own code, a second later.
      expect(await signIn(cy, T0 + 1000, 0)).toMatchObject({ ok: false, status: 401 });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "code" } });
      // The next step's code: once.
      expect((await signIn(cy, T0 + 1000, 1)).ok).toBe(true);
      expect(await signIn(cy, T0 + 2000, 1)).toMatchObject({ ok: false, status: 401 });
      // Thirty seconds on, the step before is still in the window, but older than the one used.
      expect(await signIn(cy, T0 + 31_000, -1)).toMatchObject({ ok: false, status: 401 });
      expect((await signIn(cy, T0 + 61_000, 0)).ok).toBe(true);
    });

    it("signs in once when the same code is posted twice at the same moment", async () => {
      const duo = await enrolled(staffEmail("duo"), "Duo Double");
      const at = T0 + 30_000;
      const outcomes = await Promise.all([signIn(duo, at, 0), signIn(duo, at, 0)]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    });

    it("makes codes wait after ten wrong ones with the right password", async () => {
      const lox = await enrolled(staffEmail("lox"), "Lox Locked");
      const at = T0 + 30_000;
      const right = await codeAt(lox.key, at);
      const wrong = right === "000000" ? "111111" : "000000";
      // From addresses and minutes of their own, so only the code rule is in play.
      for (let i = 0; i < STAFF_CODE_FAILURES_ALLOWED; i++) {
        const when = at + i * 5 * MINUTE;
        const outcome = await staffSignIn(
          withAddress(),
          form({ email: lox.email, password: PASSWORD, code: wrong }),
          when,
        );
        expect(outcome).toMatchObject({ ok: false, status: 401 });
      }
      const after = at + STAFF_CODE_FAILURES_ALLOWED * 5 * MINUTE;
      expect(await signIn(lox, after, 0)).toMatchObject({ ok: false, status: 429, message: STAFF_CODES_LOCKED });
      expect((await signIn(lox, after + 15 * MINUTE, 0)).ok).toBe(true);
    });

    it("limits one address, even with the right password and code", async () => {
      const eve = await enrolled(staffEmail("eve"), "Eve Early");
      const from = { ...context, clientAddress: "198.51.100.7" };
      // Other accounts' addresses, so the per-account limit is not what stops it.
      for (let attempt = 0; attempt < RATE_LIMITS.staffSignIn.limit; attempt++) {
        const wrong = form({ email: staffEmail("nobody"), password: "not-the-password", code: "123456" });
        expect(await staffSignIn(from, wrong, T0)).toMatchObject({ ok: false, status: 401 });
      }
      expect(await signIn(eve, T0, 1, from)).toMatchObject({ ok: false, status: 429 });
      // Another address is not held back by it.
      expect(await signIn(eve, T0, 1)).toMatchObject({ ok: true });
    });

    it("limits one account across every address, for minutes, not the day", async () => {
      const fin = await enrolled(staffEmail("fin"), "Fin Four");
      const guesser = withAddress();
      for (let attempt = 0; attempt < RATE_LIMITS.staffAccountSignIn.limit; attempt++) {
        const wrong = form({ email: fin.email, password: `guess-number-${attempt}`, code: "123456" });
        expect(await staffSignIn(guesser, wrong, T0)).toMatchObject({ ok: false, status: 401 });
      }
      // The right password and code, from the address that failed: held back until the window ends.
      const held = await signIn(fin, T0, 1, guesser);
      expect(held).toMatchObject({ ok: false, status: 429 });
      if (!held.ok) expect(held.message).toMatch(/this account/);
      expect((await signIn(fin, T0 + RATE_LIMITS.staffAccountSignIn.windowMs, 0)).ok).toBe(true);
      // An address nobody has is limited just the same: the limit tells nothing of who is staff.
      const stranger = staffEmail("stranger");
      const answers = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.staffAccountSignIn.limit; attempt++) {
        answers.push(
          (await staffSignIn(withAddress(), form({ email: stranger, password: "x", code: "123456" }), T0)) as {
            status: number;
          },
        );
      }
      expect(answers.map((a) => a.status).at(-1)).toBe(429);
    });

    it("takes as long for an unknown address as for a staff member's", async () => {
      // The hashing a deployment does: a test run's own is light (decision 370), and would
      // leave the database's time to tell the two apart.
      const config = readConfig({ NODE_ENV: "test", PASSWORD_HASHING: "standard" });
      const gil = await enrolled(staffEmail("gil"), "Gil Timing", T0, { ...issuer, passwordHashing: "standard" });
      const timed = async (address: string) => {
        const started = performance.now();
        const from = { ...withAddress(), config };
        await staffSignIn(from, form({ email: address, password: "not-the-password", code: "123456" }));
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Taken in turn, so whatever else the machine does falls on both alike.
      for (let i = 0; i < 4; i++) {
        known.push(await timed(gil.email));
        unknown.push(await timed(staffEmail("ghost")));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      // Checking a password (scrypt) is most of either; without it the unknown took an eighth.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    });
  });

  describe("sessions", () => {
    it("sets a cookie only the console's own pages send: HttpOnly, SameSite=Strict, the whole site", async () => {
      // Signed in below with a deployment's configuration too, which takes only a standard hash (decision 370).
      const hal = await enrolled(staffEmail("hal"), "Hal Cookie", T0, { ...issuer, passwordHashing: "standard" });
      const outcome = await signIn(hal, T0);
      if (!outcome.ok) throw new Error(outcome.message);
      const [cookie] = outcome.headers.getSetCookie();
      expect(cookie).toMatch(/^staff_session=[\w-]{40,};/);
      expect(cookie).toContain("; HttpOnly");
      expect(cookie).toContain("; SameSite=Strict");
      expect(cookie).toContain("; Path=/;");
      expect(cookie).not.toMatch(/Domain=/i);
      expect(staffCookieName(true)).toBe("__Host-staff_session");
      const production = {
        ...context,
        config: readConfig({ NODE_ENV: "production", AUTH_SECRET: context.config.authSecret }),
      };
      const secure = await signIn(hal, T0 + 30_000, 1, { ...production, clientAddress: "192.0.2.250" });
      if (!secure.ok) throw new Error(secure.message);
      expect(secure.headers.getSetCookie()[0]).toMatch(/^__Host-staff_session=.*; Secure$/);
    });

    it("ends a session after 8 hours however much it is used", async () => {
      const cat = await enrolled(staffEmail("cat"), "Cat Clerk");
      const outcome = await signIn(cat, T0);
      if (!outcome.ok) throw new Error(outcome.message);
      const request = () => new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
      // Used every 20 minutes: still open just before the eighth hour ends.
      let at = T0;
      while (at + 20 * MINUTE < T0 + STAFF_SESSION_MAX_SECONDS * 1000) {
        at += 20 * MINUTE;
        expect((await staffSession(context, request(), at)).user, `at ${(at - T0) / MINUTE} min`).not.toBeNull();
      }
      const ended = await staffSession(context, request(), T0 + STAFF_SESSION_MAX_SECONDS * 1000 + 1);
      expect(ended.user).toBeNull();
      expect(ended.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, cat.staffId))).toHaveLength(
        0,
      );
    });

    it("ends a session left unused for 30 minutes, and keeps one in use", async () => {
      const dee = await enrolled(staffEmail("dee"), "Dee Desk");
      const outcome = await signIn(dee, T0);
      if (!outcome.ok) throw new Error(outcome.message);
      const request = () => new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
      // Used 29 minutes after signing in: still open, and its idle clock starts again.
      expect((await staffSession(context, request(), T0 + 29 * MINUTE)).user).toMatchObject({ email: dee.email });
      const [refreshed] = await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, dee.staffId));
      expect(refreshed?.expiresAt.getTime()).toBe(T0 + 29 * MINUTE + STAFF_IDLE_SECONDS * 1000);
      // Left for 30 minutes after that: ended.
      expect((await staffSession(context, request(), T0 + 59 * MINUTE)).user).toBeNull();
    });

    it("signs out, and a disabled member's sessions end at once", async () => {
      const fay = await enrolled(staffEmail("fay"), "Fay Field");
      const gus = await enrolled(staffEmail("gus"), "Gus Grant");
      const hal = staffEmail("hal");
      await addStaff(database.db, { email: hal, name: "Hal Hope" }, new Date(T0));
      const signedIn = await signIn(fay, T0);
      const other = await signIn(gus, T0);
      if (!signedIn.ok || !other.ok) throw new Error("sign-in failed");

      await disableStaff(database.db, fay.email.toUpperCase());
      const ours = [fay.email, gus.email, hal];
      const staff = (await listStaff(database.db)).filter((s) => ours.includes(s.email));
      expect(staff.map((s) => [s.email, s.enrolled, s.disabled])).toEqual([
        [fay.email, true, true],
        [gus.email, true, false],
        [hal, false, false],
      ]);
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, fay.staffId))).toHaveLength(
        0,
      );
      expect(await signIn(fay, T0 + 30_000, 1)).toMatchObject({ ok: false, status: 401 });
      await expect(disableStaff(database.db, "nobody@firm.example")).rejects.toThrow(StaffAccountError);

      const request = new Request("http://localhost/staff/sign-out", { headers: { cookie: cookieOf(other.headers) } });
      expect((await staffSignOut(context, request)).get("Set-Cookie")).toMatch(/Max-Age=0/);
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, gus.staffId))).toHaveLength(
        0,
      );
    });
  });

  describe("apart from the borrowers' accounts (DECISIONS D20)", () => {
    let app: ReturnType<typeof createTestApp>["app"];
    beforeAll(() => {
      app = createTestApp(database).app;
    });
    let borrowerAddress = 1;
    const post = (path: string, body: unknown) => app.request(path, postJson(body, `203.0.113.${borrowerAddress++}`));

    it("the borrower sign-in answers a staff address as any unknown one, right password or wrong", async () => {
      const ida = await enrolled(staffEmail("ida"), "Ida Inside");
      const auditRows = (await database.db.select().from(auditLog)).length;
      const right = await post("/api/auth/sign-in/email", { email: ida.email, password: PASSWORD });
      const wrong = await post("/api/auth/sign-in/email", { email: ida.email, password: "Not-the-password-1" });
      const nobody = await post("/api/auth/sign-in/email", { email: "nobody@firm.example", password: PASSWORD });
      expect([right.status, wrong.status, nobody.status]).toEqual([401, 401, 401]);
      const codes = await Promise.all(
        [right, wrong, nobody].map(async (r) => ((await r.json()) as { code: string }).code),
      );
      expect(codes).toEqual(["INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL_OR_PASSWORD"]);
      expect((await database.db.select().from(auditLog)).length).toBe(auditRows);
    });

    it("the borrowers' password reset sends nothing for a staff address and changes nothing", async () => {
      const jon = await enrolled(staffEmail("jon"), "Jon Reset");
      const [before] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, jon.staffId));
      const asked = await post("/api/auth/request-password-reset", {
        email: jon.email,
        redirectTo: "/auth/reset-password",
      });
      expect(asked.status).toBe(200);
      const mail = await database.db.select({ key: jobs.dedupeKey, payload: jobs.payload }).from(jobs);
      expect(JSON.stringify(mail)).not.toContain(jon.email);
      const [after] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, jon.staffId));
      expect(after?.passwordHash).toBe(before?.passwordHash);
      // The staff sign-in still takes the old password.
      expect((await signIn(jon, T0)).ok).toBe(true);
    });

    it("a staff session's token is no borrower session, and a borrower's is no staff session", async () => {
      const kit = await enrolled(staffEmail("kit"), "Kit Token");
      const outcome = await signIn(kit, T0 + 30_000, 0);
      if (!outcome.ok) throw new Error(outcome.message);
      const staffToken = cookieOf(outcome.headers).split("=")[1] ?? "";
      // Sent as the borrowers' cookie (signed as better-auth signs its own), to its session and profile endpoints.
      const signed = encodeURIComponent(`${staffToken}.${await makeSignature(staffToken, context.config.authSecret)}`);
      for (const cookie of [`better-auth.session_token=${signed}`, cookieOf(outcome.headers)]) {
        const session = await app.request("/api/auth/get-session", { headers: { cookie } });
        expect(await session.json()).toBeNull();
        const renamed = await app.request("/api/auth/update-user", {
          ...postJson({ name: "Mallory" }, `203.0.113.${borrowerAddress++}`),
          headers: { "Content-Type": "application/json", cookie },
        });
        expect(renamed.status).toBe(401);
      }
      const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, kit.staffId));
      expect(member?.name).toBe("Kit Token");
      const [session] = await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, kit.staffId));
      expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(T0 + 30_000 + STAFF_IDLE_SECONDS * 1000);

      // A borrower's session token sent under the staff cookie's name.
      await database.db
        .insert(users)
        .values({ id: "borrower-kit", email: "kit@example.com", name: "Kit Borrower", emailVerified: true });
      await database.db.insert(sessions).values({
        id: "s-kit",
        token: "borrower-token-kit",
        userId: "borrower-kit",
        expiresAt: new Date(Date.now() + 60 * MINUTE),
      });
      const request = new Request("http://localhost/staff", {
        headers: { cookie: `${staffCookieName(false)}=borrower-token-kit` },
      });
      expect((await staffSession(context, request)).user).toBeNull();
    });

    it("a borrower's password never opens the console, even for the same address", async () => {
      const address = staffEmail("lou");
      await database.db
        .insert(users)
        .values({ id: "borrower-lou", email: address, name: "Lou Lender", emailVerified: true });
      const outcome = await staffSignIn(
        withAddress(),
        form({ email: address, password: PASSWORD, code: "123456" }),
        T0,
      );
      expect(outcome).toMatchObject({ ok: false, status: 401 });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "not-staff" } });
    });
  });
});
