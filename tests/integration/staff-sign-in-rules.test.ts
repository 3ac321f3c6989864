import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { EMAIL_MAX_LENGTH } from "../../app/domain/field-limits";
import { MAX_PASSWORD_LENGTH } from "../../app/domain/passwords";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, rateLimits, staffMembers, staffSessions } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import {
  addStaff,
  confirmAuthenticator,
  disableStaff,
  type Issuer,
  invitedStaff,
  pendingAuthenticator,
  setPasswordAndSecret,
  StaffAccountError,
} from "../../server/staff/accounts.server";
import { encryptSecret, totpCode, totpKey, totpStep, totpUri } from "../../server/staff/credentials";
import {
  STAFF_CODE_FAILURES_ALLOWED,
  STAFF_CODE_LOCK_MINUTES,
  STAFF_ADDRESS_FAILED,
  STAFF_CODES_LOCKED,
  STAFF_SIGN_IN_FAILED,
  type StaffContext,
  requireStaff,
  staffAccountBusy,
  staffCookieName,
  staffSession,
  staffSignIn,
  staffSignOut,
} from "../../server/staff/session.server";
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from "../../server/staff/session-limits";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { codeAt, cookieOf, form, MINUTE, PASSWORD, T0 } from "../support/staff-door";
import { capturedLog } from "../support/log";

// The staff door's rules one by one (DECISIONS D14, D20): what the sign-in form takes and
// refuses and why (each reason audited), where the limits and the sessions' clocks end to
// the millisecond, and what enrolment leaves behind. Every moment is given, never read
// from the clock; each test makes its own staff member, so each passes alone.

/** The cookie that ends a session, outside production. */
const CLEARED = "staff_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict";

const staffRequest = (cookie?: string, path = "/staff") =>
  new Request(`http://localhost${path}`, cookie === undefined ? {} : { headers: { cookie } });

describe.each(testDatabaseKinds())("the staff door's rules on %s", (kind) => {
  let database: DatabaseHandle;
  let context: StaffContext;
  let issuer: Issuer;
  let address = 1;
  const withAddress = (base = context) => ({ ...base, clientAddress: `192.0.2.${address++}` });
  let email = 1;
  const staffEmail = (name: string) => `${name}.${email++}@rules.example`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = readConfig({ NODE_ENV: "test" });
    context = { config, db: database.db, log: createLogger("silent") };
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

  async function invited(name: string) {
    const address = staffEmail(name.split(" ")[0]?.toLowerCase() ?? "x");
    const { token } = await addStaff(database.db, { email: address, name }, new Date(T0));
    const invite = await invitedStaff(database.db, token, new Date(T0));
    if (!invite) throw new Error("no invite");
    return { token, invite, email: address };
  }

  async function enrolled(name: string) {
    const { token, invite, email } = await invited(name);
    const setup = await setPasswordAndSecret(database.db, issuer, invite, PASSWORD);
    expect(await confirmAuthenticator(database.db, issuer, invite, token, await codeAt(setup.key, T0), T0)).toBe(true);
    return { key: setup.key, staffId: invite.staffId, email };
  }

  const signIn = async (who: { email: string; key: string }, at: number, steps = 1, from = withAddress()) =>
    staffSignIn(from, form({ email: who.email, password: PASSWORD, code: await codeAt(who.key, at, steps) }), at);

  const lastAudit = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  async function signedIn(name: string) {
    const member = await enrolled(name);
    const outcome = await signIn(member, T0);
    if (!outcome.ok) throw new Error(outcome.message);
    return { ...member, cookie: cookieOf(outcome.headers), setCookie: outcome.headers.getSetCookie()[0] ?? "" };
  }

  describe("the sign-in form", () => {
    it("takes the address in any case with spaces around, and the code with spaces around", async () => {
      const ann = await enrolled("Ann Spaces");
      const code = await codeAt(ann.key, T0, 1);
      const outcome = await staffSignIn(
        withAddress(),
        form({ email: `  ${ann.email.toUpperCase()} `, password: PASSWORD, code: ` ${code} ` }),
        T0,
      );
      expect(outcome.ok).toBe(true);
      expect(await lastAudit()).toMatchObject({ action: "staff.sign-in", actorId: ann.staffId });
    });

    it.each([
      ["no password", { password: undefined }, "incomplete"],
      ["an empty password", { password: "" }, "incomplete"],
      ["a password one character too long", { password: "x".repeat(MAX_PASSWORD_LENGTH + 1) }, "incomplete"],
      ["a wrong password of the longest length", { password: "x".repeat(MAX_PASSWORD_LENGTH) }, "password"],
      [
        "an address one character too long",
        { email: `${"a".repeat(EMAIL_MAX_LENGTH - 13)}@rules.example` },
        "incomplete",
      ],
      [
        "an unknown address of the longest length",
        { email: `${"a".repeat(EMAIL_MAX_LENGTH - 14)}@rules.example` },
        "not-staff",
      ],
      ["five digits", { code: "12345" }, "incomplete"],
      ["seven digits", { code: "1234567" }, "incomplete"],
      ["letters", { code: "abcdef" }, "incomplete"],
      ["no code", { code: undefined }, "incomplete"],
      ["a wrong code", { code: "wrong" }, "code"],
    ] as const)("refuses %s", async (_case, change, reason) => {
      const bea = await enrolled("Bea Boundary");
      const right = await codeAt(bea.key, T0, 1);
      const wrong = right === "000000" ? "111111" : "000000";
      const fields: Record<string, string | undefined> = { email: bea.email, password: PASSWORD, code: right };
      Object.assign(fields, change);
      if (fields.code === "wrong") fields.code = wrong;
      const posted = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      expect(await staffSignIn(withAddress(), form(posted), T0)).toMatchObject({ ok: false, status: 401 });
      const audited = await lastAudit();
      expect(audited).toMatchObject({ action: "staff.sign-in-failed", detail: { reason } });
      // Only a staff member's own address, in a form that could be read, names them in the log.
      const known = posted.email === bea.email && reason !== "incomplete";
      expect(audited?.actorId).toBe(known ? bea.staffId : null);
      expect(audited?.actorName).toBe(known ? "Bea Boundary" : null);
    });

    it("refuses a member whose authenticator was never confirmed, even with the right code", async () => {
      const { invite, email } = await invited("Cal Unconfirmed");
      const setup = await setPasswordAndSecret(database.db, issuer, invite, PASSWORD);
      expect(await signIn({ email, key: setup.key }, T0)).toMatchObject({ ok: false, status: 401 });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "not-enrolled" } });
    });

    it("refuses a member with no authenticator secret, whatever else the row says", async () => {
      const dot = await enrolled("Dot Nosecret");
      await database.db.update(staffMembers).set({ totpSecret: null }).where(eq(staffMembers.id, dot.staffId));
      expect(await signIn(dot, T0)).toMatchObject({ ok: false, status: 401 });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "not-enrolled" } });
    });

    it("refuses, and says why in the log, when the secret was kept under another AUTH_SECRET", async () => {
      const eli = await enrolled("Eli Rekeyed");
      const other = await encryptSecret("another-secret-of-at-least-32-characters", "a secret of another key");
      await database.db.update(staffMembers).set({ totpSecret: other }).where(eq(staffMembers.id, eli.staffId));
      const captured = capturedLog("error");
      expect(await signIn(eli, T0, 1, withAddress({ ...context, log: captured.log }))).toMatchObject({
        ok: false,
        status: 401,
      });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "secret-unreadable" } });
      expect(captured.lines).toEqual([
        expect.objectContaining({ component: "staff-sign-in", msg: expect.stringMatching(/AUTH_SECRET changed/) }),
      ]);
    });

    it("says the same words for every wrong answer, and others for each limit", async () => {
      const kit = await enrolled("Kit Words");
      const wrong = await staffSignIn(
        withAddress(),
        form({ email: kit.email, password: "not-it", code: "123456" }),
        T0,
      );
      expect(wrong).toEqual({
        ok: false,
        status: 401,
        message: "The email, password or code is not right. Please try again.",
      });
      const from = withAddress();
      for (let attempt = 0; attempt < RATE_LIMITS.staffSignIn.limit; attempt++) {
        await staffSignIn(from, form({ email: kit.email }), T0);
      }
      expect(await staffSignIn(from, form({ email: kit.email }), T0)).toEqual({
        ok: false,
        status: 429,
        message: "Too many attempts. Please wait 15 minutes and try again.",
      });
      expect(STAFF_CODES_LOCKED).toBe("Too many wrong codes. Please wait 15 minutes and try again.");
    });

    it("sets a session cookie that lasts the session's eight hours", async () => {
      const fox = await signedIn("Fox Maxage");
      expect(fox.setCookie).toContain(`; Max-Age=${STAFF_SESSION_MAX_SECONDS};`);
    });
  });

  describe("the limits", () => {
    it("holds codes back until the fifteenth minute after the tenth wrong one, to the millisecond", async () => {
      const gil = await enrolled("Gil Lockout");
      const right = await codeAt(gil.key, T0, 1);
      const wrong = right === "000000" ? "111111" : "000000";
      let at = T0;
      for (let i = 0; i < STAFF_CODE_FAILURES_ALLOWED; i++) {
        at = T0 + i * 5 * MINUTE;
        const outcome = await staffSignIn(
          withAddress(),
          form({ email: gil.email, password: PASSWORD, code: wrong }),
          at,
        );
        expect(outcome).toMatchObject({ ok: false, status: 401 });
      }
      const until = at + STAFF_CODE_LOCK_MINUTES * MINUTE;
      expect(await signIn(gil, until - 1, 0)).toMatchObject({ ok: false, status: 429, message: STAFF_CODES_LOCKED });
      expect(await lastAudit()).toMatchObject({ detail: { reason: "codes-locked" } });
      expect((await signIn(gil, until, 1)).ok).toBe(true);
    });

    it("while codes are held back, answers a wrong password and the right one with a wrong code the same", async () => {
      const lou = await enrolled("Lou Locked");
      const wrongCode = async (at: number) => ((await codeAt(lou.key, at, 1)) === "000000" ? "111111" : "000000");
      for (let i = 0; i < STAFF_CODE_FAILURES_ALLOWED; i++) {
        const at = T0 + i * 5 * MINUTE;
        await staffSignIn(withAddress(), form({ email: lou.email, password: PASSWORD, code: await wrongCode(at) }), at);
      }
      const during = T0 + (STAFF_CODE_FAILURES_ALLOWED - 1) * 5 * MINUTE + MINUTE;
      const wrongPassword = await staffSignIn(
        withAddress(),
        form({ email: lou.email, password: "not-the-password", code: await wrongCode(during) }),
        during,
      );
      const rightPassword = await staffSignIn(
        withAddress(),
        form({ email: lou.email, password: PASSWORD, code: await wrongCode(during) }),
        during,
      );
      expect(wrongPassword).toEqual({ ok: false, status: 401, message: STAFF_SIGN_IN_FAILED });
      expect(rightPassword).toEqual(wrongPassword);
      expect(await lastAudit()).toMatchObject({ detail: { reason: "code-while-locked" } });
      // Only the password with the right code is told why, and the wrong code did not lengthen the wait.
      expect(await signIn(lou, during, 0)).toEqual({ ok: false, status: 429, message: STAFF_CODES_LOCKED });
      const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, lou.staffId));
      expect(row?.codesLockedUntil?.getTime()).toBe(
        T0 + (STAFF_CODE_FAILURES_ALLOWED - 1) * 5 * MINUTE + STAFF_CODE_LOCK_MINUTES * MINUTE,
      );
    });

    it("tells a held-back account how many minutes are left in the window", async () => {
      const hal = await enrolled("Hal Held");
      const guesser = withAddress();
      for (let attempt = 0; attempt < RATE_LIMITS.staffAccountSignIn.limit; attempt++) {
        const wrong = form({ email: hal.email, password: `guess-${attempt}`, code: "123456" });
        expect(await staffSignIn(guesser, wrong, T0)).toMatchObject({ ok: false, status: 401 });
      }
      // The window began at 10:00:00 and ends at 10:05:00.
      expect(await signIn(hal, T0, 1, guesser)).toMatchObject({ status: 429, message: staffAccountBusy(5) });
      expect(staffAccountBusy(5)).toBe(
        "Too many attempts to sign in to this account. Please wait 5 minutes and try again.",
      );
      expect(await signIn(hal, T0 + 4 * MINUTE + 15_000, 1, guesser)).toMatchObject({
        status: 429,
        message: staffAccountBusy(1),
      });
      expect(staffAccountBusy(1)).toBe(
        "Too many attempts to sign in to this account. Please wait a minute and try again.",
      );
    });

    it("holds back only the account asked for, not another", async () => {
      const ivy = await enrolled("Ivy Guessed");
      const jo = await enrolled("Jo Other");
      const guesser = withAddress();
      for (let attempt = 0; attempt < RATE_LIMITS.staffAccountSignIn.limit; attempt++) {
        await staffSignIn(guesser, form({ email: ivy.email, password: `guess-${attempt}`, code: "123456" }), T0);
      }
      expect(await signIn(ivy, T0, 1, guesser)).toMatchObject({ ok: false, status: 429 });
      expect((await signIn(jo, T0, 1, guesser)).ok).toBe(true);
    });

    it("lets the member in past a stranger's tries, from an address that has not failed, with the right password and code", async () => {
      const max = await enrolled("Max Kept-Out");
      // A stranger keeps the account at its limit with one wrong try a minute.
      const stranger = withAddress();
      for (let minute = 0; minute < RATE_LIMITS.staffAccountSignIn.limit; minute++) {
        const at = T0 + minute * MINUTE;
        await staffSignIn(stranger, form({ email: max.email, password: `guess-${minute}`, code: "123456" }), at);
      }
      const at = T0 + 4 * MINUTE + 30_000;
      expect(await signIn(max, at, 0, stranger)).toMatchObject({ ok: false, status: 429 });
      const office = withAddress();
      const outcome = await signIn(max, at, 1, office);
      expect(outcome.ok).toBe(true);
      expect(await lastAudit()).toMatchObject({ action: "staff.sign-in", actorId: max.staffId });
    });

    it("past the limit, answers anything less than both right as the limit does, then holds that address back too", async () => {
      const ned = await enrolled("Ned Busy");
      for (let attempt = 0; attempt < RATE_LIMITS.staffAccountSignIn.limit; attempt++) {
        await staffSignIn(withAddress(), form({ email: ned.email, password: `guess-${attempt}`, code: "123456" }), T0);
      }
      const busy = { ok: false, status: 429, message: staffAccountBusy(5) };
      const wrongCode = (await codeAt(ned.key, T0, 1)) === "000000" ? "111111" : "000000";
      // A wrong password and the right one with a wrong code: the same answer, from fresh addresses.
      expect(await staffSignIn(withAddress(), form({ email: ned.email, password: "guess", code: wrongCode }), T0)).toEqual(
        busy,
      );
      const office = withAddress();
      expect(await staffSignIn(office, form({ email: ned.email, password: PASSWORD, code: wrongCode }), T0)).toEqual(busy);
      expect(await lastAudit()).toMatchObject({ detail: { reason: "code" } });
      // That address has failed now: even both right wait for the window's end.
      expect(await signIn(ned, T0, 1, office)).toEqual(busy);
      expect(await signIn(ned, T0 + 4 * MINUTE, 0, office)).toEqual({ ...busy, message: staffAccountBusy(1) });
      expect((await signIn(ned, T0 + 5 * MINUTE, 1, withAddress())).ok).toBe(true);
    });

    it("keeps the marks of addresses that failed without the address or the account in them", async () => {
      const oz = await enrolled("Oz Marked");
      const from = { ...context, clientAddress: "198.51.100.77" };
      await staffSignIn(from, form({ email: oz.email, password: "guess", code: "123456" }), T0);
      const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      const marks = keys.filter((key) => key.startsWith(`${STAFF_ADDRESS_FAILED.name}:`));
      expect(marks.length).toBeGreaterThan(0);
      expect(marks.join(" ")).not.toMatch(/198\.51\.100\.77|rules\.example|oz/i);
    });
  });

  describe("the session", () => {
    it.each([
      ["no cookie at all", undefined],
      ["other cookies only", "theme=dark; better-auth.session_token=abc"],
      ["an empty staff cookie", `${staffCookieName(false)}=`],
      ["a staff cookie too long to be a token", `${staffCookieName(false)}=${"a".repeat(101)}`],
    ])("is nobody's with %s, and clears no cookie", async (_case, cookie) => {
      const answer = await staffSession(context, staffRequest(cookie), T0);
      expect(answer.user).toBeNull();
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    });

    it.each([
      ["a token of the longest length", "a".repeat(100)],
      ["a value of '=' alone", "="],
    ])("clears a staff cookie that names no session: %s", async (_case, value) => {
      const answer = await staffSession(context, staffRequest(`${staffCookieName(false)}=${value}`), T0);
      expect(answer.user).toBeNull();
      expect(answer.headers.get("Set-Cookie")).toBe(CLEARED);
    });

    it("finds the staff cookie among others, and only under its own name", async () => {
      const kay = await signedIn("Kay Crumbs");
      const token = kay.cookie.split("=")[1];
      const among = `theme=dark; ${kay.cookie}; lang=en`;
      expect((await staffSession(context, staffRequest(among), T0 + 1000)).user).toMatchObject({ email: kay.email });
      const production = { ...context, config: { ...context.config, isProduction: true } };
      expect((await staffSession(production, staffRequest(among), T0 + 1000)).user).toBeNull();
      const secure = `${staffCookieName(true)}=${token}`;
      expect((await staffSession(production, staffRequest(secure), T0 + 1000)).user).toMatchObject({
        email: kay.email,
      });
    });

    it("is asked once per request, however many loaders want it", async () => {
      const lea = await signedIn("Lea Once");
      const request = staffRequest(lea.cookie);
      const first = staffSession(context, request, T0 + 1000);
      expect(staffSession(context, request, T0 + 1000)).toBe(first);
      expect((await first).user).toMatchObject({ email: lea.email });
    });

    it("stays open until the eighth hour's last millisecond, in use, and ends at it", async () => {
      const max = await signedIn("Max Hours");
      const end = T0 + STAFF_SESSION_MAX_SECONDS * 1000;
      for (let at = T0 + 20 * MINUTE; at < end; at += 20 * MINUTE) {
        expect((await staffSession(context, staffRequest(max.cookie), at)).user).not.toBeNull();
      }
      expect((await staffSession(context, staffRequest(max.cookie), end)).user).not.toBeNull();
      expect((await staffSession(context, staffRequest(max.cookie), end + 1)).user).toBeNull();
    });

    it("ends at the idle limit's millisecond, and takes the ended session's row away", async () => {
      const ned = await signedIn("Ned Idle");
      const idleEnd = T0 + STAFF_IDLE_SECONDS * 1000;
      // Asked at the last millisecond, the idle clock starts again from then.
      const justBefore = await staffSession(context, staffRequest(ned.cookie), idleEnd - 1);
      expect(justBefore.user).toMatchObject({ email: ned.email });
      const later = idleEnd - 1 + STAFF_IDLE_SECONDS * 1000;
      const ended = await staffSession(context, staffRequest(ned.cookie), later);
      expect(ended.user).toBeNull();
      expect(ended.headers.get("Set-Cookie")).toBe(CLEARED);
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, ned.staffId))).toEqual([]);
    });

    it("moves the idle clock on at most once a minute", async () => {
      const oli = await signedIn("Oli Minute");
      const expiry = async () =>
        (
          await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, oli.staffId))
        )[0]?.expiresAt.getTime();
      const at = (ms: number) => staffSession(context, staffRequest(oli.cookie), ms);
      expect((await at(T0 + MINUTE)).user).not.toBeNull();
      expect(await expiry()).toBe(T0 + STAFF_IDLE_SECONDS * 1000);
      expect((await at(T0 + MINUTE + 1)).user).not.toBeNull();
      expect(await expiry()).toBe(T0 + MINUTE + 1 + STAFF_IDLE_SECONDS * 1000);
    });

    it.each([
      ["disabled", { disabledAt: new Date(T0) }],
      ["not enrolled", { enrolledAt: null }],
    ] as const)("is nobody's for a member %s, whatever session row is left", async (_case, change) => {
      const pat = await signedIn(`Pat ${_case}`);
      await database.db.update(staffMembers).set(change).where(eq(staffMembers.id, pat.staffId));
      expect((await staffSession(context, staffRequest(pat.cookie), T0 + 1000)).user).toBeNull();
    });

    it("sign-out with no cookie clears the cookie, and with one ends only that session", async () => {
      const quin = await signedIn("Quin Out");
      const second = await signIn(quin, T0 + 30_000, 1);
      if (!second.ok) throw new Error(second.message);
      expect((await staffSignOut(context, staffRequest())).get("Set-Cookie")).toBe(CLEARED);
      const production = { ...context, config: { ...context.config, isProduction: true } };
      expect((await staffSignOut(production, staffRequest())).get("Set-Cookie")).toBe(
        "__Host-staff_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure",
      );
      await staffSignOut(context, staffRequest(quin.cookie));
      expect((await staffSession(context, staffRequest(quin.cookie), T0 + 31_000)).user).toBeNull();
      expect((await staffSession(context, staffRequest(cookieOf(second.headers)), T0 + 31_000)).user).not.toBeNull();
    });
  });

  describe("a page asked for without a session", () => {
    const thrown = async (request: Request) => {
      try {
        await requireStaff(context, request);
      } catch (answer) {
        return answer as Response;
      }
      throw new Error("requireStaff let the request through");
    };

    it.each([
      ["/staff", "/staff/sign-in"],
      ["/staff/leads?status=new", "/staff/sign-in?from=%2Fstaff%2Fleads%3Fstatus%3Dnew"],
      ["/staff?status=new", "/staff/sign-in?from=%2Fstaff%3Fstatus%3Dnew"],
    ])("%s goes to %s", async (path, location) => {
      const answer = await thrown(staffRequest(undefined, path));
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(location);
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    });

    it("clears an ended session's cookie on the way to sign-in", async () => {
      const answer = await thrown(staffRequest(`${staffCookieName(false)}=${"b".repeat(43)}`, "/staff/today"));
      expect(answer.headers.get("Location")).toBe("/staff/sign-in?from=%2Fstaff%2Ftoday");
      expect(answer.headers.get("Set-Cookie")).toBe(CLEARED);
    });

    it("lets a signed-in member through, with the session read once for the request", async () => {
      const ray = await signedIn("Ray Through");
      const request = staffRequest(ray.cookie);
      await staffSession(context, request, T0 + 1000);
      const staff = await requireStaff(context, request);
      expect(staff.user).toEqual({ id: ray.staffId, name: "Ray Through", email: ray.email, roles: ["administrator"] });
    });
  });

  describe("staff accounts", () => {
    it("keeps the address trimmed and lower-cased, and says whether the member is new", async () => {
      const typed = `  Sam.${email++}@Rules.Example `;
      const first = await addStaff(database.db, { email: typed, name: "Sam Case" }, new Date(T0));
      expect(first.created).toBe(true);
      const [row] = await database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.email, typed.trim().toLowerCase()));
      expect(row?.name).toBe("Sam Case");
      const again = await addStaff(database.db, { email: typed.trim(), name: "Sam Renamed" }, new Date(T0));
      expect(again.created).toBe(false);
      const [renamed] = await database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.id, row?.id ?? ""));
      expect(renamed?.name).toBe("Sam Renamed");
    });

    it.each([
      ["not an address", { email: "not-an-address", name: "Tia Typo" }, /^Not an email address: not-an-address$/],
      ["no name", { email: "tia@rules.example", name: "   " }, /^Give the staff member's full name\.$/],
    ])("refuses %s, saying so", async (_case, input, message) => {
      await expect(addStaff(database.db, input, new Date(T0))).rejects.toThrow(message);
      await expect(addStaff(database.db, input, new Date(T0))).rejects.toBeInstanceOf(StaffAccountError);
    });

    it("disables by the address typed with spaces around, and names an unknown one", async () => {
      const uma = await signedIn("Uma Off");
      await disableStaff(database.db, `  ${uma.email.toUpperCase()}  `, new Date(T0 + 1000));
      const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, uma.staffId));
      expect(row?.disabledAt?.getTime()).toBe(T0 + 1000);
      await expect(disableStaff(database.db, " Nobody@Rules.Example")).rejects.toThrow(
        /^No staff member has the address nobody@rules\.example\.$/,
      );
    });

    it("adding a disabled member again lets them enrol and sign in again", async () => {
      const vic = await enrolled("Vic Back");
      await disableStaff(database.db, vic.email, new Date(T0));
      const { token } = await addStaff(database.db, { email: vic.email, name: "Vic Back" }, new Date(T0));
      const invite = await invitedStaff(database.db, token, new Date(T0));
      if (!invite) throw new Error("no invite");
      const setup = await setPasswordAndSecret(database.db, issuer, invite, PASSWORD);
      expect(
        await confirmAuthenticator(
          database.db,
          issuer,
          invite,
          token,
          await codeAt(setup.key, T0 + MINUTE),
          T0 + MINUTE,
        ),
      ).toBe(true);
      expect((await signIn({ email: vic.email, key: setup.key }, T0 + 2 * MINUTE)).ok).toBe(true);
    });

    it("shows the authenticator being enrolled until it is confirmed, and only then", async () => {
      const { token, invite } = await invited("Wyn Pending");
      expect(await pendingAuthenticator(database.db, issuer, invite)).toBeNull();
      // No secret yet, so no code confirms it: not even the code of a key made of nothing.
      for (const nothing of ["null", "undefined"]) {
        const code = await totpCode(nothing, totpStep(T0));
        expect(await confirmAuthenticator(database.db, issuer, invite, token, code, T0), nothing).toBe(false);
      }
      const setup = await setPasswordAndSecret(database.db, issuer, invite, PASSWORD);
      expect(setup.key).toMatch(/^[A-Z2-7]{52}$/);
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Test%20staff:/);
      expect(setup.uri).toContain(`secret=${setup.key}`);
      // Scalable: a square viewBox and no fixed size, so the page sizes it.
      const svgTag = setup.qrSvg.slice(0, setup.qrSvg.indexOf(">") + 1);
      expect(svgTag).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
      expect(svgTag).not.toContain("width=");
      expect(await pendingAuthenticator(database.db, issuer, invite)).toEqual(setup);
      expect(await confirmAuthenticator(database.db, issuer, invite, token, await codeAt(setup.key, T0), T0)).toBe(
        true,
      );
      expect(await pendingAuthenticator(database.db, issuer, invite)).toBeNull();
    });

    it("confirms only with the member's own link", async () => {
      const xan = await invited("Xan Link");
      const yul = await invited("Yul Link");
      const setup = await setPasswordAndSecret(database.db, issuer, xan.invite, PASSWORD);
      const code = await codeAt(setup.key, T0);
      expect(await confirmAuthenticator(database.db, issuer, xan.invite, yul.token, code, T0)).toBe(false);
      expect(await confirmAuthenticator(database.db, issuer, xan.invite, xan.token, code, T0)).toBe(true);
    });

    it("gives an authenticator key without padding and a URI naming the issuer and the member", () => {
      const secret = "abcdefghijklmnopqrstuvwxyz012345";
      expect(totpKey(secret)).toBe("MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPIYDCMRTGQ2Q");
      const uri = new URL(totpUri(secret, { issuer: "Firm", account: "zed@rules.example" }));
      expect(uri.protocol).toBe("otpauth:");
      expect(uri.searchParams.get("issuer")).toBe("Firm");
      expect(uri.searchParams.get("secret")).toBe(totpKey(secret));
      expect(decodeURIComponent(uri.pathname)).toContain("zed@rules.example");
    });
  });
});
