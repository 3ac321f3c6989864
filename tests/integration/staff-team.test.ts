import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES_PROBLEMS } from "../../app/domain/permissions";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, staffEnrolments, staffMembers, staffSessions } from "../../server/platform/db/schema";
import { rowsOf } from "../../server/platform/db/rows";
import { defaultPromotionFigures } from "../../app/domain/promotions";
import { WARNINGS_SEEN_FIELD, warningsSeenValue } from "../../app/domain/promotion-changes";
import { draftPromotion } from "../../server/promotions/promotions.server";
import { accessReview } from "../../server/staff/reports/access-review.server";
import { invitedStaff } from "../../server/staff/accounts.server";
import { TEAM_PROBLEMS } from "../../app/domain/team-form";
import { changeRoles, confirmRoles, setEnabled } from "../../server/staff/team.server";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";
import { answerOf } from "../support/staff-routes";

// The team kept in the console (DECISIONS D25, D32, docs/decisions/273 and 340), its route
// driven in-process with a real administrator's session (a code entered just now, so no
// step-up is asked): adding a member with the link emailed to their address through the
// outbox and never shown, a new link, roles, disabling and enabling, each audited; never
// without an enabled administrator. And the access review read from what they did.

const SITE = "http://localhost:3000";
const team = () => import("../../app/routes/staff.team");

/** A post to the team page's action, as the member's browser sends it. */
const postTeam = async (context: ServerContext, member: MemberWithSession, fields: [string, string][]) =>
  answerOf(async () =>
    (await team()).action({
      request: new Request(`${SITE}/staff/team`, {
        method: "POST",
        headers: { Cookie: member.cookie, Origin: SITE, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(fields),
      }),
      context,
      params: {},
    } as never),
  );

describe.each(testDatabaseKinds())("the team page on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  let admin: MemberWithSession;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    admin = await memberWithSession(database.db, context.config.authSecret, ["administrator"], { name: "Ada Admin" });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (member: MemberWithSession, fields: [string, string][]) => postTeam(context, member, fields);
  const memberByEmail = async (email: string) =>
    (await database.db.select().from(staffMembers).where(eq(staffMembers.email, email)))[0];
  const mailTo = (email: string) =>
    rowsOf<{ subject: string; text: string }>(
      database.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from jobs where kind = 'mail' and payload->>'to' = ${email}`,
    );
  const audited = async (action: string, memberId: string) =>
    (
      await database.db
        .select({ actorId: auditLog.actorId, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, action)))
    ).filter((r) => (r.detail as { memberId?: string }).memberId === memberId);

  it("adds a member with their roles and emails the link to their address through the outbox, never showing it, with an audit row", async () => {
    const email = `ann.${Date.now()}@firm.example`;
    const answer = await post(admin, [
      ["intent", "add"],
      ["name", "Ann Adviser"],
      ["email", email.toUpperCase()],
      ["roles", "adviser"],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: { notice: expect.stringContaining("sent to their address") } });
    // The administrator's page holds no link to enrol as the member with.
    expect(JSON.stringify(answer.body)).not.toMatch(/enrol|token/);
    const row = await memberByEmail(email);
    expect(row).toMatchObject({ name: "Ann Adviser", roles: ["adviser"], enrolledAt: null });
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    const link = /http:\/\/localhost:3000\/staff\/enrol\?token=[\w-]{43}/.exec(mail[0]?.text ?? "")?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(await invitedStaff(database.db, token)).toMatchObject({ email });
    expect(await audited("team.member-added", row?.id ?? "")).toEqual([
      { actorId: admin.id, detail: { memberId: row?.id, roles: ["adviser"] } },
    ]);
    // The address was never written in the audit row.
    expect(JSON.stringify(await audited("team.member-added", row?.id ?? ""))).not.toContain("@");
  });

  it("refuses a form with no name, a bad address or no role, each at its field, keeping what was typed and storing nothing", async () => {
    const answer = await post(admin, [
      ["intent", "add"],
      ["name", "  "],
      ["email", "not-an-address"],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body?.outcome).toEqual({
      form: "add",
      problems: { name: TEAM_PROBLEMS.name, email: TEAM_PROBLEMS.email, roles: ROLES_PROBLEMS.none },
      values: { name: "  ", email: "not-an-address", roles: [] },
    });
    const unknown = await post(admin, [
      ["intent", "add"],
      ["name", "Ola Owner"],
      ["email", "ola@firm.example"],
      ["roles", "owner"],
    ]);
    expect(unknown.body?.outcome).toMatchObject({ problems: { roles: ROLES_PROBLEMS.unknown } });
    expect(await memberByEmail("ola@firm.example")).toBeUndefined();
  });

  it("refuses an address a member already has, pointing at a new link instead", async () => {
    const answer = await post(admin, [
      ["intent", "add"],
      ["name", "Ada Again"],
      ["email", admin.email],
      ["roles", "adviser"],
    ]);
    expect(answer).toMatchObject({ status: 400, body: { outcome: { problems: { email: TEAM_PROBLEMS.taken } } } });
  });

  it("sends a new link to the member's address alone: the old password and authenticator stop working and the sessions end", async () => {
    const bob = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    // First its check step (DECISIONS D31): it names the member, and nothing changes.
    const check = await post(admin, [
      ["intent", "link"],
      ["member", bob.id],
    ]);
    expect(check.status).toBe(200);
    expect(JSON.stringify(check.body)).toContain(bob.name);
    expect(await database.db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, bob.id))).toHaveLength(0);
    const answer = await post(admin, [
      ["intent", "link"],
      ["member", bob.id],
      ["confirm", "yes"],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      outcome: { notice: expect.stringContaining(`sent to ${bob.name}'s address`) },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/enrol|token/);
    const row = await memberByEmail(bob.email);
    expect(row).toMatchObject({ passwordHash: null, totpSecret: null, enrolledAt: null });
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, bob.id))).toEqual([]);
    expect(await database.db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, bob.id))).toHaveLength(1);
    expect((await mailTo(bob.email))[0]?.subject).toBe("Set up your Harbourside Loans staff account again");
    expect(await audited("team.link-sent", bob.id)).toHaveLength(1);
  });

  it("changes roles all at once, auditing what they were and are", async () => {
    const cy = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    const answer = await post(admin, [
      ["intent", "roles"],
      ["member", cy.id],
      ["roles", "manager"],
      ["roles", "adviser"],
    ]);
    expect(answer).toMatchObject({ status: 302, location: "/staff/team?done=roles" });
    expect((await memberByEmail(cy.email))?.roles).toEqual(["adviser", "manager"]);
    expect(await audited("team.roles-changed", cy.id)).toEqual([
      { actorId: admin.id, detail: { memberId: cy.id, from: ["adviser"], to: ["adviser", "manager"] } },
    ]);
    const none = await post(admin, [
      ["intent", "roles"],
      ["member", cy.id],
    ]);
    expect(none).toMatchObject({ status: 400, body: { outcome: { problems: { roles: ROLES_PROBLEMS.none } } } });
  });

  it("disables a member (sessions end now) and enables them again, each audited", async () => {
    const dee = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    expect(
      await post(admin, [
        ["intent", "disable"],
        ["member", dee.id],
      ]),
    ).toMatchObject({ status: 200 });
    expect((await memberByEmail(dee.email))?.disabledAt).toBeNull();
    expect(
      await post(admin, [
        ["intent", "disable"],
        ["member", dee.id],
        ["confirm", "yes"],
      ]),
    ).toMatchObject({ status: 302 });
    expect((await memberByEmail(dee.email))?.disabledAt).not.toBeNull();
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, dee.id))).toEqual([]);
    expect(
      await post(admin, [
        ["intent", "enable"],
        ["member", dee.id],
      ]),
    ).toMatchObject({ status: 302 });
    expect((await memberByEmail(dee.email))?.disabledAt).toBeNull();
    expect(await audited("team.member-disabled", dee.id)).toHaveLength(1);
    expect(await audited("team.member-enabled", dee.id)).toHaveLength(1);
  });

  it("answers a member who is not on the team with the reason, never a 5xx", async () => {
    for (const intent of ["roles", "link", "disable"]) {
      const answer = await post(admin, [
        ["intent", intent],
        ["member", "no-such-member"],
        ["roles", "adviser"],
      ]);
      expect(answer.status, intent).toBe(400);
    }
  });
});

describe.each(testDatabaseKinds())("always an enabled administrator, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const admins = async () =>
    (
      await database.db
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(sql`disabled_at is null and 'administrator' = any(roles)`)
    ).length;

  it("refuses the last administrator losing the role or being disabled, by themself or anyone", async () => {
    const only = await memberWithSession(database.db, context.config.authSecret, ["administrator", "compliance"]);
    expect(await changeRoles(database.db, only, only.id, ["compliance"])).toEqual({
      ok: false,
      field: "roles",
      problem: ROLES_PROBLEMS.lastAdministrator,
    });
    expect(await setEnabled(database.db, only, only.id, false)).toEqual({
      ok: false,
      problem: ROLES_PROBLEMS.lastAdministrator,
    });
    // Through the page: refused at the first post, with no check step for what cannot be
    // done, and never on oneself (decision 517), confirmed or not.
    for (const [intent, problem] of [
      ["disable", TEAM_PROBLEMS.ownDisable],
      ["link", TEAM_PROBLEMS.ownLink],
    ] as const) {
      for (const confirmed of [[], [["confirm", "yes"]]] as [string, string][][]) {
        const own = await postTeam(context, only, [["intent", intent], ["member", only.id], ...confirmed]);
        expect(own, `${intent} ${confirmed.length ? "confirmed" : "asked"}`).toMatchObject({
          status: 400,
          body: { outcome: { form: only.id, problems: { form: problem } } },
        });
        expect(JSON.stringify(own.body)).not.toContain("check");
      }
    }
    expect(await admins()).toBe(1);
    // Roles other than the Administrator's may change.
    expect(await changeRoles(database.db, only, only.id, ["adviser", "administrator"])).toEqual({
      ok: true,
      pending: false,
    });
    expect(await admins()).toBe(1);

    // A second administrator, and then the first may go: their own roles, so the second confirms.
    const second = await memberWithSession(database.db, context.config.authSecret, ["administrator"]);
    expect(await changeRoles(database.db, only, only.id, ["adviser"])).toEqual({ ok: true, pending: true });
    expect(await confirmRoles(database.db, second, only.id)).toEqual({ ok: true });
    expect(await setEnabled(database.db, second, second.id, false)).toMatchObject({ ok: false });
    expect(await admins()).toBe(1);
  });

  it("lets two administrators removing each other at once leave one", async () => {
    const a = await memberWithSession(database.db, context.config.authSecret, ["administrator"]);
    const b = await memberWithSession(database.db, context.config.authSecret, ["administrator"]);
    // The rest of the file's administrators step aside first: these two are the only ones.
    await database.db.update(staffMembers).set({ disabledAt: new Date() }).where(sql`id not in (${a.id}, ${b.id})`);
    const outcomes = await Promise.all([
      changeRoles(database.db, a, b.id, ["adviser"]),
      setEnabled(database.db, b, a.id, false),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await admins()).toBe(1);
  });
});

describe.each(testDatabaseKinds())("a second administrator's confirmation (DECISIONS D32), on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  let ada: MemberWithSession;
  let cy: MemberWithSession;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    ada = await memberWithSession(database.db, context.config.authSecret, ["manager", "administrator"], {
      name: "Ada Admin",
    });
    cy = await memberWithSession(database.db, context.config.authSecret, ["administrator"], { name: "Cy Admin" });
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (member: MemberWithSession, fields: [string, string][]) => postTeam(context, member, fields);
  const page = async (member: MemberWithSession) =>
    (
      await answerOf(async () =>
        (
          await team()
        ).loader({
          request: new Request(`${SITE}/staff/team`, { headers: { Cookie: member.cookie } }),
          context,
          params: {},
        } as never),
      )
    ).body as { soleAdministrator: boolean; members: { id: string; roles: string[]; request: unknown }[] };
  const rolesOf = async (id: string) =>
    (await database.db.select({ roles: staffMembers.roles }).from(staffMembers).where(eq(staffMembers.id, id)))[0]
      ?.roles;
  const rowsOf = async (action: string, memberId: string) =>
    (
      await database.db
        .select({ actorId: auditLog.actorId, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.action, action))
    ).filter((r) => (r.detail as { memberId?: string }).memberId === memberId);
  const roles = (...names: string[]): [string, string][] => names.map((name) => ["roles", name]);

  it("keeps a grant of Compliance waiting until another administrator confirms it; the asker cannot", async () => {
    const bea = await memberWithSession(database.db, context.config.authSecret, ["adviser"], { name: "Bea Adviser" });
    const asked = await post(ada, [["intent", "roles"], ["member", bea.id], ...roles("adviser", "compliance")]);
    expect(asked).toMatchObject({ status: 302, location: "/staff/team?done=asked" });
    expect(await rolesOf(bea.id)).toEqual(["adviser"]);
    const shown = (await page(cy)).members.find((m) => m.id === bea.id);
    expect(shown?.request).toMatchObject({
      roles: ["adviser", "compliance"],
      askedBy: { id: ada.id, name: "Ada Admin" },
    });
    expect((await page(cy)).soleAdministrator).toBe(false);

    // The one who asked cannot confirm it.
    const own = await post(ada, [
      ["intent", "confirm"],
      ["member", bea.id],
    ]);
    expect(own).toMatchObject({ status: 400, body: { outcome: { problems: { form: TEAM_PROBLEMS.ownRequest } } } });
    expect(await rolesOf(bea.id)).toEqual(["adviser"]);

    const confirmed = await post(cy, [
      ["intent", "confirm"],
      ["member", bea.id],
    ]);
    expect(confirmed).toMatchObject({ status: 302, location: "/staff/team?done=confirmed" });
    expect(await rolesOf(bea.id)).toEqual(["adviser", "compliance"]);
    expect((await page(cy)).members.find((m) => m.id === bea.id)?.request).toBeNull();
    expect(await rowsOf("team.roles-asked", bea.id)).toEqual([
      { actorId: ada.id, detail: { memberId: bea.id, from: ["adviser"], to: ["adviser", "compliance"] } },
    ]);
    expect(await rowsOf("team.roles-confirmed", bea.id)).toEqual([
      {
        actorId: cy.id,
        detail: { memberId: bea.id, from: ["adviser"], to: ["adviser", "compliance"], askedBy: ada.id },
      },
    ]);
    // Nothing left to confirm.
    expect(
      await post(cy, [
        ["intent", "confirm"],
        ["member", bea.id],
      ]),
    ).toMatchObject({
      status: 400,
      body: { outcome: { problems: { form: TEAM_PROBLEMS.noRequest } } },
    });
  });

  it("keeps an administrator's change of their own roles waiting, and a refusal leaves them as they were, saying what was refused", async () => {
    const asked = await post(ada, [
      ["intent", "roles"],
      ["member", ada.id],
      ...roles("manager", "compliance", "administrator"),
    ]);
    expect(asked).toMatchObject({ status: 302, location: "/staff/team?done=asked" });
    expect(await rolesOf(ada.id)).toEqual(["manager", "administrator"]);
    const refused = await post(cy, [
      ["intent", "refuse"],
      ["member", ada.id],
    ]);
    expect(refused).toMatchObject({ status: 302, location: "/staff/team?done=refused" });
    expect(await rolesOf(ada.id)).toEqual(["manager", "administrator"]);
    expect(await rowsOf("team.roles-refused", ada.id)).toEqual([
      {
        actorId: cy.id,
        detail: {
          memberId: ada.id,
          from: ["manager", "administrator"],
          to: ["manager", "compliance", "administrator"],
          askedBy: ada.id,
        },
      },
    ]);
  });

  it("adds a member asked to hold Compliance without it until another administrator confirms, the link going to their address only", async () => {
    // The manager who is also an administrator adds a Compliance member at an address of their own.
    const email = `zed.${Date.now()}@firm.example`;
    const added = await post(ada, [
      ["intent", "add"],
      ["name", "Zed Compliance"],
      ["email", email],
      ...roles("compliance"),
    ]);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      outcome: {
        notice: expect.stringContaining("The Compliance role waits for another administrator to confirm it."),
      },
    });
    expect(JSON.stringify(added.body)).not.toMatch(/enrol|token/);
    const [zed] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, email));
    expect(zed?.roles).toEqual([]);
    expect((await page(cy)).members.find((m) => m.id === zed?.id)?.request).toMatchObject({ roles: ["compliance"] });
    expect(
      await post(ada, [
        ["intent", "confirm"],
        ["member", zed?.id ?? ""],
      ]),
    ).toMatchObject({ status: 400 });
    expect(await rolesOf(zed?.id ?? "")).toEqual([]);
    // An administrator's grant of Administrator waits as much.
    const dan = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    await post(ada, [["intent", "roles"], ["member", dan.id], ...roles("adviser", "administrator")]);
    expect(await rolesOf(dan.id)).toEqual(["adviser"]);
    // What is neither their own nor a grant of those two applies at once.
    const eve = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    expect(await post(ada, [["intent", "roles"], ["member", eve.id], ...roles("adviser", "manager")])).toMatchObject({
      location: "/staff/team?done=roles",
    });
    expect(await rolesOf(eve.id)).toEqual(["adviser", "manager"]);
  });

  it("flags in the access review a member who approved the work of the administrator who gave them the role, within 7 days", async () => {
    const fay = await memberWithSession(database.db, context.config.authSecret, ["adviser"], { name: "Fay Approver" });
    await post(ada, [["intent", "roles"], ["member", fay.id], ...roles("adviser", "compliance")]);
    await post(cy, [
      ["intent", "confirm"],
      ["member", fay.id],
    ]);
    const drafted = await draftPromotion(database.db, ada, {
      figures: defaultPromotionFigures(),
      summary: "A new claim",
      publishAt: new Date(Date.now() + 30 * 86_400_000),
      basedOn: null,
    });
    if (!drafted.ok) throw new Error("the draft was refused");
    // Fay's session roles are read afresh by the guard: she now approves as Compliance,
    // acknowledging the version's warnings as its page shows them, through its check step.
    const page = await answerOf(async () =>
      (await import("../../app/routes/staff.promotions.$id")).loader({
        request: new Request(`${SITE}/staff/promotions/${drafted.id}`, { headers: { Cookie: fay.cookie } }),
        context,
        params: { id: String(drafted.id) },
      } as never),
    );
    const { warnings } = page.body as { warnings: Parameters<typeof warningsSeenValue>[0] };
    const approved = await answerOf(async () =>
      (await import("../../app/routes/staff.promotions.$id")).action({
        request: new Request(`${SITE}/staff/promotions/${drafted.id}`, {
          method: "POST",
          headers: { Cookie: fay.cookie, Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams({
            intent: "approve",
            [WARNINGS_SEEN_FIELD]: warningsSeenValue(warnings),
            confirm: "yes",
          }),
        }),
        context,
        params: { id: String(drafted.id) },
      } as never),
    );
    expect(approved.status).toBe(303);
    const review = await answerOf(async () =>
      (await import("../../app/routes/staff.access-review")).loader({
        request: new Request(`${SITE}/staff/access-review`, { headers: { Cookie: cy.cookie } }),
        context,
        params: {},
      } as never),
    );
    const body = review.body as { soleAdministrator: boolean; members: { actorId: string; flags: unknown[] }[] };
    expect(body.soleAdministrator).toBe(false);
    expect(body.members.find((m) => m.actorId === fay.id)?.flags).toEqual([
      expect.objectContaining({ kind: "approved", givenBy: ["Cy Admin", "Ada Admin"], roles: ["compliance"] }),
    ]);
  });
});

describe.each(testDatabaseKinds())("a firm with a single administrator (DECISIONS D32), on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  it("lets the only administrator take the roles of their work at once, and the team page and access review say so", async () => {
    const ola = await memberWithSession(database.db, context.config.authSecret, ["administrator"], {
      name: "Ola Owner",
    });
    const answer = await answerOf(async () =>
      (await team()).action({
        request: new Request(`${SITE}/staff/team`, {
          method: "POST",
          headers: { Cookie: ola.cookie, Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams([
            ["intent", "roles"],
            ["member", ola.id],
            ["roles", "compliance"],
            ["roles", "administrator"],
          ]),
        }),
        context,
        params: {},
      } as never),
    );
    expect(answer).toMatchObject({ status: 302, location: "/staff/team?done=roles" });
    const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, ola.id));
    expect(row?.roles).toEqual(["compliance", "administrator"]);
    const loaded = await answerOf(async () =>
      (await team()).loader({
        request: new Request(`${SITE}/staff/team`, { headers: { Cookie: ola.cookie } }),
        context,
        params: {},
      } as never),
    );
    expect(loaded.body).toMatchObject({ soleAdministrator: true });
    const review = await accessReview(database.db);
    expect(review.find((m) => m.actorId === ola.id)?.flags).toEqual([
      expect.objectContaining({ kind: "alone", memberName: "Ola Owner", roles: ["compliance", "administrator"] }),
    ]);
  });

  it("flags an erasure within 7 days of being given the role, naming who gave it", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const day = 86_400_000;
    const gil = await memberWithSession(database.db, context.config.authSecret, ["adviser"], { name: "Gil Given" });
    const row = (
      actor: { id: string; name: string },
      action: string,
      daysAgo: number,
      detail: Record<string, unknown>,
    ) =>
      database.db.insert(auditLog).values({
        at: new Date(now.getTime() - daysAgo * day),
        actorId: actor.id,
        actorName: actor.name,
        action,
        detail,
      });
    const giver = { id: "m-giver", name: "Gus Giver" };
    await row(giver, "team.roles-changed", 10, { memberId: gil.id, from: ["adviser"], to: ["adviser", "compliance"] });
    await row(gil, "data.erasure", 4, { subject: "ABCD1234" });
    await row(gil, "data.erasure", 1, { subject: "ABCD1235" });
    const review = await accessReview(database.db, now);
    expect(review.find((m) => m.actorId === gil.id)?.flags).toEqual([
      expect.objectContaining({ kind: "erased", at: new Date(now.getTime() - 4 * day), roles: ["compliance"] }),
    ]);
  });
});

describe.each(testDatabaseKinds())("the access review on %s", (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives each member's exports, erasures and changes of the last 90 days, and nothing older or merely viewed", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const day = 86_400_000;
    const rae = { id: "m-rae", name: "Rae Reviewed" };
    const sam = { id: "m-sam", name: "Sam Searched" };
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    // Written as writeAudit writes them, at a moment of the test's (the log takes no updates).
    const row = (actor: typeof rae, action: string, when: Date, detail: Record<string, unknown> = {}) =>
      database.db.insert(auditLog).values({ at: when, actorId: actor.id, actorName: actor.name, action, detail });
    await row(rae, "leads.export", at(1), { rows: 120 });
    await row(rae, "data.erasure", at(2));
    await row(rae, "lead.status", at(3));
    await row(rae, "lead.status", at(4));
    await row(rae, "lead.view", at(1));
    await row(rae, "leads.export", at(91), { rows: 5 });
    await row(sam, "team.roles-changed", at(89));

    const review = await accessReview(database.db, now);
    expect(review.map((m) => m.actorName)).toEqual(["Rae Reviewed", "Sam Searched"]);
    expect(review[0]).toMatchObject({
      exported: [{ action: "leads.export", rows: 120, at: at(1) }],
      erased: [{ action: "data.erasure", rows: null }],
      changed: [{ action: "lead.status", count: 2 }],
    });
    expect(review[1]).toMatchObject({
      exported: [],
      erased: [],
      changed: [{ action: "team.roles-changed", count: 1 }],
    });
  });
});

describe.each(testDatabaseKinds())("the news of roles, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  it("tells a member from before roles existed on the first page they open, once, with the team page linked for an administrator", async () => {
    const frame = await import("../../app/routes/staff");
    const member = await memberWithSession(database.db, context.config.authSecret, ["adviser", "administrator"]);
    await database.db.update(staffMembers).set({ rolesNews: true }).where(eq(staffMembers.id, member.id));
    const open = () =>
      answerOf(() =>
        frame.loader({
          request: new Request(`${SITE}/staff`, { headers: { Cookie: member.cookie } }),
          context,
          params: {},
        } as never),
      );
    const first = await open();
    expect(first.body).toMatchObject({ rolesNews: true, can: expect.arrayContaining(["team.read", "leads.work"]) });
    expect((await open()).body).toMatchObject({ rolesNews: false });
  });
});
