import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { createAuth } from "../../server/auth";
import type { DatabaseHandle } from "../../server/db/client";
import { auditLog, sessions, users } from "../../server/db/schema";
import { RATE_LIMITS } from "../../server/rate-limit";
import { createLogger } from "../../server/logger";
import {
  addStaff,
  confirmAuthenticator,
  disableStaff,
  invitedStaff,
  listStaff,
  setPasswordAndSecret,
  StaffAccountError,
} from "../../server/staff/accounts.server";
import { createStaffAuth, STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from "../../server/staff/auth";
import { type StaffContext, staffSession, staffSignIn } from "../../server/staff/session.server";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { withClockHeld } from "../support/clock";

const PASSWORD = "Quay-side-ledger-42";
const totpFor = (key: string) => createOTP(base32.decode(key)).totp();

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/** The session cookie a sign-in set, as the next request's Cookie header. */
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c?.endsWith("="))
    .join("; ");

describe.each(testDatabaseKinds())("staff accounts on %s", (kind) => {
  let database: DatabaseHandle;
  let context: StaffContext;
  let address = 1;
  const withAddress = () => ({ ...context, clientAddress: `192.0.2.${address++}` });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = readConfig({ NODE_ENV: "test" });
    const log = createLogger("silent");
    const kickOutbox = () => {};
    context = {
      config,
      db: database.db,
      log,
      auth: createAuth({ config, db: database.db, log, kickOutbox }),
      staffAuth: createStaffAuth({ config, db: database.db, log }),
    };
  });
  afterAll(async () => {
    await database.close();
  });

  async function enrolled(email: string, name: string) {
    const { token } = await addStaff(database.db, { email, name });
    const invite = await invitedStaff(database.db, token);
    if (!invite || !context.staffAuth) throw new Error("no invite");
    const setup = await setPasswordAndSecret(database.db, context.staffAuth, invite, PASSWORD);
    expect(await confirmAuthenticator(database.db, context.staffAuth, invite, token, "000000x")).toBe(false);
    expect(await confirmAuthenticator(database.db, context.staffAuth, invite, token, await totpFor(setup.key))).toBe(
      true,
    );
    expect(await invitedStaff(database.db, token)).toBeNull();
    return { key: setup.key, userId: invite.userId };
  }

  it("enrols with a password and an authenticator, then signs in with both", async () => {
    const { key } = await enrolled("ann@firm.example", "Ann Adviser");
    const outcome = await staffSignIn(
      withAddress(),
      form({ email: "ann@firm.example", password: PASSWORD, code: await totpFor(key) }),
    );
    const [last] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: "staff.sign-in", actorName: "Ann Adviser" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const request = new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
    expect((await staffSession(context, request)).user).toMatchObject({ email: "ann@firm.example" });
  });

  it("refuses a wrong code or password, and audits each failure", async () => {
    const { key } = await enrolled("bob@firm.example", "Bob Broker");
    const code = await totpFor(key);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (const attempt of [
      { password: PASSWORD, code: wrongCode, reason: "code" },
      { password: "not-the-password", code, reason: "password" },
    ]) {
      const outcome = await staffSignIn(withAddress(), form({ email: "bob@firm.example", ...attempt }));
      expect(outcome).toMatchObject({ ok: false, status: 401 });
      const [last] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(last).toMatchObject({
        action: "staff.sign-in-failed",
        actorName: "Bob Broker",
        detail: { reason: attempt.reason },
      });
    }
    // A failure does not spoil the next, right, attempt.
    const outcome = await staffSignIn(withAddress(), form({ email: "bob@firm.example", password: PASSWORD, code }));
    expect(outcome.ok).toBe(true);
  });

  it("ends a session after 8 hours however much it is used", async () => {
    const { key, userId } = await enrolled("cat@firm.example", "Cat Clerk");
    const outcome = await staffSignIn(
      withAddress(),
      form({ email: "cat@firm.example", password: PASSWORD, code: await totpFor(key) }),
    );
    if (!outcome.ok) throw new Error("sign-in failed");
    const old = new Date(Date.now() - STAFF_SESSION_MAX_SECONDS * 1000 - 1000);
    await database.db.update(sessions).set({ createdAt: old }).where(eq(sessions.userId, userId));
    const request = new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
    expect((await staffSession(context, request)).user).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("never lets a borrower's password into the console, nor a staff member into a borrower session", async () => {
    await enrolled("eli@firm.example", "Eli Early");
    await database.db
      .insert(users)
      .values({ id: "borrower-1", email: "kim@example.com", name: "Kim Keys", emailVerified: true });
    const outcome = await staffSignIn(
      withAddress(),
      form({ email: "kim@example.com", password: PASSWORD, code: "123456" }),
    );
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    await expect(
      context.auth?.api.signInEmail({ body: { email: "eli@firm.example", password: PASSWORD } }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("lists and disables staff; a disabled member's sessions end", async () => {
    // Staff of this test's own (the others' may be listed too): one signed in, one enrolled, one only invited.
    const { key } = await enrolled("fay@firm.example", "Fay Field");
    await enrolled("gus@firm.example", "Gus Grant");
    await addStaff(database.db, { email: "hal@firm.example", name: "Hal Hope" });
    const signedIn = await staffSignIn(
      withAddress(),
      form({ email: "fay@firm.example", password: PASSWORD, code: await totpFor(key) }),
    );
    expect(signedIn.ok).toBe(true);
    await database.db
      .insert(users)
      .values({ id: "borrower-2", email: "lou@example.com", name: "Lou Lender", emailVerified: true });
    await expect(addStaff(database.db, { email: "lou@example.com", name: "Lou" })).rejects.toThrow(StaffAccountError);

    await disableStaff(database.db, "FAY@firm.example");
    const ours = ["fay@firm.example", "gus@firm.example", "hal@firm.example"];
    const staff = (await listStaff(database.db)).filter((s) => ours.includes(s.email));
    expect(staff.map((s) => [s.email, s.enrolled, s.disabled])).toEqual([
      ["fay@firm.example", true, true],
      ["gus@firm.example", true, false],
      ["hal@firm.example", false, false],
    ]);
    const [fay] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "fay@firm.example"));
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, fay?.id ?? "")),
    ).toHaveLength(0);
    await expect(disableStaff(database.db, "nobody@firm.example")).rejects.toThrow(StaffAccountError);
  });

  it("ends a session left unused for 30 minutes, and keeps one in use", async () => {
    const { key, userId } = await enrolled("dee@firm.example", "Dee Desk");
    const outcome = await staffSignIn(
      withAddress(),
      form({ email: "dee@firm.example", password: PASSWORD, code: await totpFor(key) }),
    );
    if (!outcome.ok) throw new Error("sign-in failed");
    const request = () => new Request("http://localhost/staff", { headers: { cookie: cookieOf(outcome.headers) } });
    // Used 29 minutes after its last use: still open, and its idle clock starts again.
    const lastUsed = (secondsAgo: number) =>
      database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + (STAFF_IDLE_SECONDS - secondsAgo) * 1000) })
        .where(eq(sessions.userId, userId));
    await lastUsed(29 * 60);
    expect((await staffSession(context, request())).user).toMatchObject({ email: "dee@firm.example" });
    const [refreshed] = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (STAFF_IDLE_SECONDS - 60) * 1000);
    // Left for 30 minutes and a second: ended.
    await lastUsed(30 * 60 + 1);
    expect((await staffSession(context, request())).user).toBeNull();
  });

  it("refuses sign-in from one address past its limit, even with the right password and code", async () => {
    await withClockHeld(async () => {
      const { key } = await enrolled("eve@firm.example", "Eve Early");
      const from = { ...context, clientAddress: "198.51.100.7" };
      const wrong = form({ email: "eve@firm.example", password: "not-the-password", code: "123456" });
      for (let attempt = 0; attempt < RATE_LIMITS.staffSignIn.limit; attempt++) {
        expect(await staffSignIn(from, wrong)).toMatchObject({ ok: false, status: 401 });
      }
      const right = form({ email: "eve@firm.example", password: PASSWORD, code: await totpFor(key) });
      expect(await staffSignIn(from, right)).toMatchObject({ ok: false, status: 429 });
      // Another address is not held back by it.
      expect(await staffSignIn(withAddress(), right)).toMatchObject({ ok: true });
    });
  });
});
