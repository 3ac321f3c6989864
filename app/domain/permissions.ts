import { type FormRead, formRead, formRefused } from "./form-read";
// Who may do what in the staff console (DECISIONS D25, docs/decisions/270): the roles a
// member holds, each console function's permission, and the one table of which roles
// hold each. The server asks this table through one guard on every console loader and
// action (server/staff/guard.server.ts); pages ask it only to leave out what a member
// may not do. Nothing else looks at a member's roles.

export const ROLES = ["adviser", "manager", "compliance", "administrator"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  adviser: "Adviser",
  manager: "Manager",
  compliance: "Compliance",
  administrator: "Administrator",
};

/** What each role is for, in the words the team page shows beside its box. */
export const ROLE_HINTS: Record<Role, string> = {
  adviser: "Works leads: Today, calls, next actions, status, notes, cases up to completion.",
  manager:
    "An adviser's work, plus assigning others' leads, the reports, the CSV export, the lender panel and commission changes after completion.",
  compliance:
    "Reads leads and corrects their details; the audit log, the access review, data requests and erasure, and approvals.",
  administrator: "The team: adds members, sends links, changes roles, disables and enables.",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** What may be asked for, with the roles that hold it and whether it asks for a fresh code. */
interface Grant {
  roles: readonly Role[];
  /** What it lets a member do, as the refusal page names it ("… is for a Manager"). */
  what: string;
  /** A fresh authenticator code first (step-up): the actions that harm most if a session is stolen. */
  stepUp?: true;
}

const LEAD_WORKERS = ["adviser", "manager"] as const;

/**
 * The one table. Permissions named for later work (complaints, promotions, needs records,
 * corrections, many leads at once) are here so that those features ask for a line of
 * this table rather than inventing their own.
 */
export const PERMISSIONS = {
  /** The frame, the refusal and step-up pages: any member holding any role. */
  "console.enter": { roles: ROLES, what: "open the staff console" },
  "leads.read": { roles: [...LEAD_WORKERS, "compliance"], what: "read leads, Today and the person page" },
  "leads.work": {
    roles: LEAD_WORKERS,
    what: "work a lead: calls, next actions, status, notes, taking a lead and its case up to completion",
  },
  "leads.assign": { roles: ["manager"], what: "assign a lead to someone else, or take one from someone else" },
  "leads.export": { roles: ["manager"], what: "export every lead as a CSV", stepUp: true },
  // Compliance corrects too: it answers the correction requests, from the request to the lead (decision 411).
  "leads.correct": { roles: [...LEAD_WORKERS, "compliance"], what: "correct a lead's contact details and answers" },
  "leads.bulk": { roles: ["manager"], what: "assign, close or export many leads at once" },
  "needs.read": { roles: LEAD_WORKERS, what: "read a borrower's needs record" },
  "needs.record": { roles: LEAD_WORKERS, what: "record a borrower's needs and the adjustments made" },
  "commission.change": { roles: ["manager"], what: "change a commission after completion" },
  "reports.read": { roles: ["manager"], what: "read the funnel, calls and campaign reports and their CSVs" },
  "conversions.export": { roles: ["manager"], what: "download the offline-conversions file for Google Ads" },
  "outcomes.read": { roles: ["manager", "compliance"], what: "read the Consumer Duty outcomes report" },
  "panel.manage": { roles: ["manager"], what: "keep the lender panel" },
  "audit.read": { roles: ["compliance"], what: "read the audit log" },
  "access-review.read": { roles: ["compliance", "administrator"], what: "read the access review" },
  "data-requests.answer": {
    roles: ["compliance"],
    what: "look up what is held about a person, download it, and answer their correction requests",
  },
  "data.erase": { roles: ["compliance"], what: "erase everything held about a person", stepUp: true },
  "complaints.handle": { roles: ["manager", "compliance"], what: "record, answer and close complaints" },
  "complaints.assign": { roles: ["manager"], what: "give a complaint to another handler" },
  "complaints.report": { roles: ["manager", "compliance"], what: "read the complaints report" },
  "promotions.read": {
    roles: ["manager", "compliance"],
    what: "read the promotion figures, their versions and the pages as they were",
  },
  "promotions.draft": { roles: ["manager"], what: "draft a change to rates, examples and claims" },
  "promotions.approve": { roles: ["compliance"], what: "approve or send back a promotion drafted by someone else" },
  "team.read": { roles: ["administrator"], what: "see the team" },
  "team.change": {
    roles: ["administrator"],
    what: "add members, send new links, change roles, disable and enable members",
    stepUp: true,
  },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

/** Whether a member holding `roles` may do what `permission` names. */
export function may(roles: readonly Role[], permission: Permission): boolean {
  const holders: readonly Role[] = PERMISSIONS[permission].roles;
  return roles.some((role) => holders.includes(role));
}

/** Every permission a member holding `roles` has: what a page is given to leave out the rest. */
export function permissionsOf(roles: readonly Role[]): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => may(roles, permission));
}

/** The roles holding a permission, in the table's order. */
export function rolesHolding(permission: Permission): Role[] {
  const holders: readonly Role[] = PERMISSIONS[permission].roles;
  return ROLES.filter((role) => holders.includes(role));
}

/** Whether the permission asks for a fresh authenticator code. */
export function needsStepUp(permission: Permission): boolean {
  const grant: Grant = PERMISSIONS[permission];
  return grant.stepUp === true;
}

/** "Adviser or Manager", "Manager", "Adviser, Manager or Compliance". */
export function roleNames(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_LABELS[role]);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The refusal's words: what was asked and which roles may do it. */
export function refusalReason(permission: Permission): string {
  const holders = rolesHolding(permission);
  const who = roleNames(holders);
  return `Only a member with the ${who} role${holders.length > 1 ? "s" : ""} may ${PERMISSIONS[permission].what}`;
}

/** Where a member lands after signing in: the first part of the console their roles open. */
export function consoleHome(roles: readonly Role[]): string {
  return may(roles, "leads.read") || !may(roles, "team.read") ? "/staff" : "/staff/team";
}

/**
 * A step-up code counts for this long: an export, an erasure or a change to the team
 * within five minutes of entering a code asks for no other (docs/decisions/272).
 */
export const STEP_UP_SECONDS = 5 * 60;

/** Whether a code entered at `codeAt` still counts at `now` (both in ms); the fifth minute's end included. */
export function stepUpFresh(codeAt: number | null, now: number): boolean {
  if (codeAt === null) return false;
  const age = now - codeAt;
  return age >= 0 && age <= STEP_UP_SECONDS * 1000;
}

/**
 * The roles of a form's boxes, in the table's order, or a problem: at least one, each a
 * role (a member with none could only sign in to be refused everywhere).
 */
export function readRoles(values: readonly string[]): FormRead<Role[], { roles: string[] }, "roles"> {
  const typed = { roles: [...values] };
  if (values.some((value) => !isRole(value))) return formRefused({ roles: ROLES_PROBLEMS.unknown }, typed);
  const roles = ROLES.filter((role) => values.includes(role));
  if (roles.length === 0) return formRefused({ roles: ROLES_PROBLEMS.none }, typed);
  return formRead(roles);
}

export const ROLES_PROBLEMS = {
  none: "Choose at least one role.",
  unknown: "Choose roles from the list.",
  lastAdministrator: "There must always be an enabled administrator: give another member the Administrator role first.",
} as const;

/** Roles as stored (a text array), cleaned of anything the table does not name, in the table's order. */
export function storedRoles(values: readonly unknown[] | null | undefined): Role[] {
  return ROLES.filter((role) => (values ?? []).includes(role));
}
