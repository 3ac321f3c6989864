import { describe, expect, it } from "vitest";
import { byRule } from "../../tests/support/by-rule";
import {
  ALL_PERMISSIONS,
  consoleHome,
  isPermission,
  may,
  needsStepUp,
  type Permission,
  permissionsOf,
  ROLES,
  type Role,
  readRoles,
  refusalReason,
  roleNames,
  rolesHolding,
  STEP_UP_SECONDS,
  stepUpFresh,
  storedRoles,
} from "./permissions";

// The console's roles (DECISIONS D25, docs/decisions/270): the whole table written out
// again, row by row, so a line moved in permissions.ts is a line this test names.

const A: Role = "adviser";
const M: Role = "manager";
const C: Role = "compliance";
const ADMIN: Role = "administrator";

const EXPECTED: Record<Permission, { roles: Role[]; stepUp: boolean }> = {
  "console.enter": { roles: [A, M, C, ADMIN], stepUp: false },
  "leads.read": { roles: [A, M, C], stepUp: false },
  "leads.work": { roles: [A, M], stepUp: false },
  "leads.assign": { roles: [M], stepUp: false },
  "leads.export": { roles: [M], stepUp: true },
  "leads.correct": { roles: [A, M, C], stepUp: false },
  "leads.bulk": { roles: [M], stepUp: false },
  "needs.read": { roles: [A, M], stepUp: false },
  "needs.record": { roles: [A, M], stepUp: false },
  "commission.change": { roles: [M], stepUp: false },
  "reports.read": { roles: [M], stepUp: false },
  "conversions.export": { roles: [M], stepUp: false },
  "outcomes.read": { roles: [M, C], stepUp: false },
  "panel.manage": { roles: [M], stepUp: false },
  "audit.read": { roles: [C], stepUp: false },
  "access-review.read": { roles: [C, ADMIN], stepUp: false },
  "data-requests.answer": { roles: [C], stepUp: false },
  "data.erase": { roles: [C], stepUp: true },
  "complaints.handle": { roles: [M, C], stepUp: false },
  "complaints.assign": { roles: [M], stepUp: false },
  "complaints.report": { roles: [M, C], stepUp: false },
  "promotions.read": { roles: [M, C], stepUp: false },
  "promotions.draft": { roles: [M], stepUp: false },
  "promotions.approve": { roles: [C], stepUp: false },
  "team.read": { roles: [ADMIN], stepUp: false },
  "team.change": { roles: [ADMIN], stepUp: true },
};

describe("the permission table", () => {
  it("names exactly the permissions written out here", () => {
    expect([...ALL_PERMISSIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s: held by exactly its roles", (permission, expected) => {
    const p = permission as Permission;
    expect(rolesHolding(p)).toEqual(expected.roles);
    for (const role of ROLES) expect(may([role], p), role).toBe(expected.roles.includes(role));
    expect(needsStepUp(p)).toBe(expected.stepUp);
  });

  it.each(
    byRule<{ rule: string; roles: Role[]; permission: Permission; may: boolean }>([
      { rule: "no role: nothing at all", roles: [], permission: "console.enter", may: false },
      { rule: "an adviser works leads", roles: [A], permission: "leads.work", may: true },
      { rule: "an adviser does not export every lead", roles: [A], permission: "leads.export", may: false },
      { rule: "an adviser does not erase", roles: [A], permission: "data.erase", may: false },
      { rule: "an adviser does not keep the panel", roles: [A], permission: "panel.manage", may: false },
      { rule: "an adviser does not read the audit log", roles: [A], permission: "audit.read", may: false },
      { rule: "an administrator alone reads no lead", roles: [ADMIN], permission: "leads.read", may: false },
      { rule: "compliance reads leads but does not work them", roles: [C], permission: "leads.work", may: false },
      { rule: "a manager does not erase", roles: [M], permission: "data.erase", may: false },
      { rule: "compliance does not keep the team", roles: [C], permission: "team.change", may: false },
      {
        rule: "two roles hold the union: adviser and compliance erase",
        roles: [A, C],
        permission: "data.erase",
        may: true,
      },
      {
        rule: "two roles hold the union: adviser and compliance work",
        roles: [A, C],
        permission: "leads.work",
        may: true,
      },
      { rule: "every role: every permission", roles: [...ROLES], permission: "team.change", may: true },
    ]),
  )("%s", (_, c) => {
    expect(may(c.roles, c.permission)).toBe(c.may);
  });

  it("gives each role's permissions as a list, in the table's order", () => {
    expect(permissionsOf([ADMIN])).toEqual(["console.enter", "access-review.read", "team.read", "team.change"]);
    expect(permissionsOf([])).toEqual([]);
    expect(permissionsOf([...ROLES])).toEqual(ALL_PERMISSIONS);
  });

  it("tells a permission from anything else", () => {
    expect(isPermission("leads.export")).toBe(true);
    for (const value of ["leads", "toString", "__proto__", "", null, 3]) expect(isPermission(value)).toBe(false);
  });
});

describe("what a refusal says", () => {
  it.each(
    byRule([
      { rule: "one role", roles: [M] as Role[], text: "Manager" },
      { rule: "two roles", roles: [A, M] as Role[], text: "Adviser or Manager" },
      { rule: "three roles", roles: [A, M, C] as Role[], text: "Adviser, Manager or Compliance" },
      { rule: "none", roles: [] as Role[], text: "" },
    ]),
  )("names the roles: %s", (_, c) => {
    expect(roleNames(c.roles)).toBe(c.text);
  });

  it("names which role may do it, and what", () => {
    expect(refusalReason("leads.export")).toBe("Only a member with the Manager role may export every lead as a CSV");
    expect(refusalReason("leads.read")).toBe(
      "Only a member with the Adviser, Manager or Compliance roles may read leads, Today and the person page",
    );
  });
});

describe("where a member lands after signing in", () => {
  it.each(
    byRule([
      { rule: "an adviser: the leads", roles: [A] as Role[], home: "/staff" },
      { rule: "compliance: the leads", roles: [C] as Role[], home: "/staff" },
      { rule: "an administrator alone: the team", roles: [ADMIN] as Role[], home: "/staff/team" },
      { rule: "an administrator who also advises: the leads", roles: [A, ADMIN] as Role[], home: "/staff" },
      { rule: "no role: the leads, which refuse them", roles: [] as Role[], home: "/staff" },
    ]),
  )("%s", (_, c) => {
    expect(consoleHome(c.roles)).toBe(c.home);
  });
});

describe("the step-up's freshness: a code entered in the last five minutes counts", () => {
  const T = Date.UTC(2026, 10, 27, 10, 0, 0);
  it.each(
    byRule([
      { rule: "no code entered in this session", codeAt: null, now: T, fresh: false },
      { rule: "entered just now", codeAt: T, now: T, fresh: true },
      { rule: "four minutes 59 ago", codeAt: T - 299_000, now: T, fresh: true },
      { rule: "exactly five minutes ago: still counts", codeAt: T - STEP_UP_SECONDS * 1000, now: T, fresh: true },
      {
        rule: "five minutes and a millisecond ago: stale",
        codeAt: T - STEP_UP_SECONDS * 1000 - 1,
        now: T,
        fresh: false,
      },
      { rule: "an hour ago: stale", codeAt: T - 3_600_000, now: T, fresh: false },
      { rule: "a time after now (a clock moved back): not trusted", codeAt: T + 1, now: T, fresh: false },
    ]),
  )("%s", (_, c) => {
    expect(stepUpFresh(c.codeAt, c.now)).toBe(c.fresh);
  });
});

describe("roles from a form and from the database", () => {
  it.each(
    byRule([
      { rule: "one box", values: ["manager"], result: { ok: true, value: [M] } },
      { rule: "several, put in the table's order", values: [ADMIN, A], result: { ok: true, value: [A, ADMIN] } },
      { rule: "a box twice counts once", values: [A, A], result: { ok: true, value: [A] } },
      { rule: "none", values: [], result: { ok: false, problems: { roles: "Choose at least one role." }, values: { roles: [] } } },
      {
        rule: "one not in the table",
        values: [A, "owner"],
        result: { ok: false, problems: { roles: "Choose roles from the list." }, values: { roles: [A, "owner"] } },
      },
    ]),
  )("%s", (_, c) => {
    expect(readRoles(c.values)).toEqual(c.result);
  });

  it("reads stored roles, leaving out what the table does not name", () => {
    expect(storedRoles(["administrator", "owner", "adviser"])).toEqual([A, ADMIN]);
    expect(storedRoles(null)).toEqual([]);
  });
});
