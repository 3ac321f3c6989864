import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../../app/domain/permissions";
import type { ServerContext } from "../../server/context";
import type { DatabaseHandle } from "../../server/db/client";
import { auditLog, staffSessions } from "../../server/db/schema";
import { totpCode, totpStep } from "../../server/staff/credentials";
import { requirePermission } from "../../server/staff/guard.server";
import {
  STAFF_CODE_FAILURES_ALLOWED,
  STAFF_CODES_LOCKED,
  STEP_UP_CODE_WRONG,
  staffSession,
  stepUp,
} from "../../server/staff/session.server";
import { routeContext } from "../support/app";
import { byRule } from "../support/by-rule";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";
import { answerOf } from "../support/staff-routes";
import { MINUTE, T0 } from "../support/staff-door";

// The step-up (DECISIONS D25, decision 272): before exporting every lead, an erasure or a
// change to the team, a code entered within the last five minutes counts; otherwise the
// member is sent to enter one, by the sign-in's rules: once each, never an earlier step's
// after a later, ten wrong and codes wait. The clock is the test's (T0), never the wall's.

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

    it("refuses a wrong code, and after ten wrong in a row makes codes wait, as the sign-in does", async () => {
      const member = await manager(null);
      for (let i = 0; i < STAFF_CODE_FAILURES_ALLOWED - 1; i++) {
        expect(await enter(member, "000000", T0 + i)).toMatchObject({ ok: false, status: 400 });
      }
      expect(await enter(member, "000000", T0 + 10)).toMatchObject({ ok: false });
      // The right code now waits too.
      expect(await enter(member, await codeAt(member, T0), T0 + 20)).toEqual({
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
