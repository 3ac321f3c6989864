import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../../app/domain/permissions";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, staffMembers, staffSessions } from "../../server/platform/db/schema";
import { hashStaffPassword, newToken, totpCode, totpStep } from "../../server/staff/credentials";
import { STEP_UP_SIGNED_OUT } from "../../app/features/staff/sign-in-page";
import { requirePermission } from "../../server/staff/guard.server";
import {
  STAFF_CODES_LOCKED,
  STEP_UP_CODE_WRONG,
  STEP_UP_FAILURES_ALLOWED,
  staffSession,
  stepUp,
} from "../../server/staff/session.server";
import { createTestApp, hasBuild, loadBuild, routeContext } from "../support/app";
import { byRule } from "../support/by-rule";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";
import { answerOf } from "../support/staff-routes";
import { MINUTE, PASSWORD, T0 } from "../support/staff-door";

// The step-up (DECISIONS D25, decision 272): before exporting every lead, an erasure or a
// change to the team, a code entered within the last five minutes counts; otherwise the
// member is sent to enter one, by the sign-in's rules: once each, never an earlier step's
// after a later. Five wrong in a row end the session that sent them, and never hold back
// the member's own sign-in (decision 336). The clock is the test's (T0), never the wall's.

const SITE = "http://localhost:3000";

describe.each(testDatabaseKinds())("the step-up on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const manager = (codeAgeMs: number | null) =>
    memberWithSession(database.db, context.config.authSecret, ["manager", "compliance", "administrator"], {
      now: T0,
      codeAgeMs,
    });
  const request = (member: MemberWithSession, path = "/staff/export?status=new", method = "GET") =>
    new Request(`${SITE}${path}`, {
      method,
      headers: { Cookie: member.cookie, Referer: `${SITE}/staff/team`, Origin: SITE },
    });
  /** The guard at `at`: the session is read at that moment first (once per request, as every request's is). */
  const guard = async (member: MemberWithSession, permission: Permission, at: number, method = "GET") => {
    const asked = request(member, "/staff/export?status=new", method);
    await staffSession(context, asked, at);
    return answerOf(() => requirePermission(context, asked, permission, { now: at }));
  };

  describe("which codes count", () => {
    it.each(
      byRule([
        { rule: "entered at sign-in just now: the export goes ahead", codeAgeMs: 0 as number | null, goes: true },
        { rule: "four minutes ago: goes ahead", codeAgeMs: 4 * MINUTE, goes: true },
        { rule: "exactly five minutes ago: goes ahead", codeAgeMs: 5 * MINUTE, goes: true },
        { rule: "five minutes and a second ago: a code first", codeAgeMs: 5 * MINUTE + 1000, goes: false },
        {
          rule: "a session from before step-up existed (no code recorded): a code first",
          codeAgeMs: null,
          goes: false,
        },
      ]),
    )("%s", async (_, c) => {
      const member = await manager(c.codeAgeMs);
      const answer = await guard(member, "leads.export", T0);
      if (c.goes) expect(answer.status).toBe(200);
      else expect(answer).toEqual({ status: 302, location: "/staff/step-up?from=%2Fstaff%2Fexport%3Fstatus%3Dnew" });
    });

    it("asks nothing of a permission that needs no fresh code, however old the last", async () => {
      const member = await manager(60 * MINUTE);
      expect((await guard(member, "reports.read", T0)).status).toBe(200);
    });

    it("sends a stale form post back to the page it came from, to send again once the code is entered", async () => {
      const member = await manager(10 * MINUTE);
      expect(await guard(member, "team.change", T0, "POST")).toEqual({
        status: 303,
        location: "/staff/step-up?from=%2Fstaff%2Fteam",
      });
    });
  });

  describe("entering the code", () => {
    const codeAt = (member: MemberWithSession, at: number, steps = 0) => totpCode(member.secret, totpStep(at) + steps);
    const sessionCodeAt = async (member: MemberWithSession) => {
      const [row] = await database.db
        .select({ codeAt: staffSessions.codeAt })
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, member.tokenHash));
      return row?.codeAt?.getTime() ?? null;
    };
    const codeLock = async (member: MemberWithSession) => {
      const [row] = await database.db
        .select({ codeFailures: staffMembers.codeFailures, codesLockedUntil: staffMembers.codesLockedUntil })
        .from(staffMembers)
        .where(eq(staffMembers.id, member.id));
      return row;
    };
    /** A second session of the same member, signed in just now. */
    const anotherSession = async (member: MemberWithSession): Promise<MemberWithSession> => {
      const session = newToken();
      await database.db.insert(staffSessions).values({
        tokenHash: session.hash,
        staffId: member.id,
        createdAt: new Date(T0),
        expiresAt: new Date(T0 + 30 * MINUTE),
        codeAt: new Date(T0),
      });
      return { ...member, cookie: `staff_session=${session.token}`, tokenHash: session.hash };
    };
    const enter = (member: MemberWithSession, code: string, at: number) =>
      stepUp(context, request(member, "/staff/step-up", "POST"), member, code, at);

    it.each(
      byRule([
        { rule: "the code of now: accepted", steps: 0, ok: true },
        { rule: "the code of the step before (a slow phone): accepted", steps: -1, ok: true },
        { rule: "the code of the step after (a fast phone): accepted", steps: 1, ok: true },
        { rule: "the code of two steps before: refused", steps: -2, ok: false },
      ]),
    )("%s", async (_, c) => {
      const member = await manager(null);
      const outcome = await enter(member, await codeAt(member, T0, c.steps), T0);
      expect(outcome.ok).toBe(c.ok);
      expect(await sessionCodeAt(member)).toBe(c.ok ? T0 : null);
    });

    it("takes a code once: the same code again is refused, and so is an earlier step's after a later", async () => {
      const member = await manager(null);
      const now = await codeAt(member, T0);
      expect(await enter(member, now, T0)).toEqual({ ok: true });
      expect(await enter(member, now, T0 + 5000)).toEqual({ ok: false, status: 400, message: STEP_UP_CODE_WRONG });
      const later = await codeAt(member, T0, 1);
      expect(await enter(member, later, T0 + 31_000)).toEqual({ ok: true });
      expect(await enter(member, await codeAt(member, T0), T0 + 31_000)).toMatchObject({ ok: false });
    });

    it("makes the export go ahead for the next five minutes, and no longer", async () => {
      const member = await manager(30 * MINUTE);
      expect((await guard(member, "leads.export", T0)).status).toBe(302);
      expect(await enter(member, await codeAt(member, T0), T0)).toEqual({ ok: true });
      expect((await guard(member, "leads.export", T0 + 5 * MINUTE)).status).toBe(200);
      expect((await guard(member, "leads.export", T0 + 5 * MINUTE + 1)).status).toBe(302);
    });

    it("refuses a wrong code; the fifth wrong in a row ends the session that sent them, not the member's sign-in", async () => {
      const member = await manager(null);
      for (let i = 0; i < STEP_UP_FAILURES_ALLOWED - 1; i++) {
        expect(await enter(member, "000000", T0 + i)).toEqual({ ok: false, status: 400, message: STEP_UP_CODE_WRONG });
      }
      const fifth = await enter(member, "000000", T0 + 10);
      expect(fifth).toMatchObject({ ok: false, signedOut: true });
      expect("headers" in fifth && fifth.headers.get("Set-Cookie")).toMatch(/^staff_session=; .*Max-Age=0/);
      const sessions = await database.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, member.tokenHash));
      expect(sessions).toEqual([]);
      // The member's own codes were never held back: the sign-in's count is untouched.
      expect(await codeLock(member)).toEqual({ codeFailures: 0, codesLockedUntil: null });
    });

    it("counts wrong codes in a row: a right one starts the count again", async () => {
      const member = await manager(null);
      for (let i = 0; i < STEP_UP_FAILURES_ALLOWED - 1; i++) await enter(member, "000000", T0 + i);
      expect(await enter(member, await codeAt(member, T0), T0 + 10)).toEqual({ ok: true });
      for (let i = 0; i < STEP_UP_FAILURES_ALLOWED - 1; i++) {
        expect(await enter(member, "000000", T0 + 20 + i)).toMatchObject({ ok: false, status: 400 });
      }
    });

    it("never holds back the member's codes, however many sessions send wrong ones", async () => {
      const member = await manager(null);
      // Ten wrong from two sessions of the member (a stolen one signed in again): each session ends.
      for (const session of [member, await anotherSession(member)]) {
        for (let i = 0; i < STEP_UP_FAILURES_ALLOWED; i++) await enter(session, "000000", T0 + i);
      }
      expect(await codeLock(member)).toEqual({ codeFailures: 0, codesLockedUntil: null });
    });

    it("while the sign-in's codes wait (ten wrong at sign-in), the right code waits at the step-up too", async () => {
      const member = await manager(null);
      await database.db
        .update(staffMembers)
        .set({ codesLockedUntil: new Date(T0 + 15 * MINUTE) })
        .where(eq(staffMembers.id, member.id));
      expect(await enter(member, await codeAt(member, T0), T0)).toEqual({
        ok: false,
        status: 429,
        message: STAFF_CODES_LOCKED,
      });
      expect(await sessionCodeAt(member)).toBeNull();
    });

    it("writes an audit row for each code entered, right or wrong, with no code in it", async () => {
      const member = await manager(null);
      const code = await codeAt(member, T0);
      await enter(member, "123456", T0);
      await enter(member, code, T0);
      const rows = await database.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.actorId, member.id)));
      expect(rows.map((r) => r.action).sort()).toEqual(["staff.step-up", "staff.step-up-failed"]);
      expect(JSON.stringify(rows)).not.toContain(code);
    });
  });
});

describe.skipIf(!hasBuild).each(testDatabaseKinds())(
  "the step-up's wrong codes through the running app on %s",
  (kind) => {
    let database: DatabaseHandle;
    let site: ReturnType<typeof createTestApp>;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      site = createTestApp(database, {}, { build: await loadBuild() });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it("signs out the session after the fifth wrong code and says so; its member still signs in", async () => {
      const member = await memberWithSession(database.db, site.config.authSecret, ["manager"], { codeAgeMs: null });
      await database.db
        .update(staffMembers)
        .set({ passwordHash: await hashStaffPassword(PASSWORD, site.config.passwordHashing) })
        .where(eq(staffMembers.id, member.id));
      const post = (path: string, fields: Record<string, string>, cookie = member.cookie) =>
        site.app.request(`${SITE}${path}`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
      for (let i = 0; i < STEP_UP_FAILURES_ALLOWED - 1; i++) {
        const wrong = await post("/staff/step-up", { code: "000000", from: "/staff/export" });
        expect(wrong.status).toBe(400);
        expect(await wrong.text()).toContain("That code is not right");
      }
      const fifth = await post("/staff/step-up", { code: "000000", from: "/staff/export" });
      expect(fifth.status).toBe(302);
      expect(fifth.headers.get("Location")).toBe("/staff/sign-in?signedOut=codes");
      expect(fifth.headers.get("Set-Cookie")).toMatch(/^staff_session=; /);
      const after = await site.app.request(`${SITE}/staff`, { headers: { Cookie: member.cookie } });
      expect(after.status).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/staff\/sign-in/);
      const page = await site.app.request(`${SITE}/staff/sign-in?signedOut=codes`);
      expect(await page.text()).toContain(STEP_UP_SIGNED_OUT);
      // Ten wrong codes from two of its sessions would have held the member's codes back for
      // 15 minutes; the member signs in at once with the password and the code of now.
      const code = totpCode(member.secret, totpStep(Date.now()));
      const signIn = await post("/staff/sign-in", { email: member.email, password: PASSWORD, code: await code }, "");
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("Location")).toBe("/staff");
    });
  },
);
