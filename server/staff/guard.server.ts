import { data, redirect } from "react-router";
import {
  consoleHome,
  may,
  needsStepUp,
  type Permission,
  permissionsOf,
  refusalReason,
  rolesHolding,
  stepUpFresh,
} from "../../app/domain/permissions";
import { writeAudit } from "../platform/audit.server";
import {
  RETURN_ADDRESS_MAX,
  requireStaff,
  returnAddress,
  type StaffContext,
  type StaffSession,
  type StaffUser,
  staffReturnPath,
} from "./session.server";

// The one guard of the staff console (DECISIONS D25, docs/decisions/270): every console
// loader and action asks it for a permission first (tests/integration/staff-permissions
// reads the route files to hold them to it). A member without the permission is refused
// with 403 and the console's own page naming the roles that may (app/features/staff/
// console-error.tsx), and an audit row; a permission that asks for a fresh code sends a
// member whose last code is older than five minutes to enter one (decision 272).

export const STEP_UP_PATH = "/staff/step-up";
export const REFUSED_PATH = "/staff/refused";

/** The guard's 403: what a refusal for want of a permission carries to the console's error page. */
export interface PermissionRefusal {
  reason: string;
  permission: Permission;
  roles: string[];
  /** The member's own front page, for the way back. */
  home: string;
}

/** The 403 a member without `permission` is answered with; the page names who may. */
export function refusal(user: StaffUser, permission: Permission, headers?: Headers) {
  const body: PermissionRefusal = {
    reason: refusalReason(permission),
    permission,
    roles: rolesHolding(permission),
    home: consoleHome(user.roles),
  };
  return data(body, { status: 403, headers });
}

export interface GuardOptions {
  /**
   * A download (a resource route, which React Router answers without a page): a refusal
   * goes to the console's refusal page instead, which answers the same 403 in the frame.
   */
  download?: boolean;
  /** The moment the step-up's freshness is judged at (tests control it). */
  now?: number;
}

/**
 * The signed-in member, if they hold `permission`; else a thrown 403 (with its audit row),
 * or the sign-in or the public 404 as `requireStaff` answers those who are not staff.
 */
export async function requirePermission(
  context: StaffContext,
  request: Request,
  permission: Permission,
  options: GuardOptions = {},
): Promise<StaffSession> {
  const staff = await requireStaff(context, request);
  if (!may(staff.user.roles, permission)) await refuse(context, request, staff, permission, options);
  if (needsStepUp(permission) && !stepUpFresh(staff.codeAt, options.now ?? Date.now())) {
    throw redirect(`${STEP_UP_PATH}?${new URLSearchParams({ from: stepUpReturn(request) })}`, {
      status: request.method === "GET" ? 302 : 303,
      headers: staff.headers,
    });
  }
  return staff;
}

/**
 * Whether the member holds a permission, for what a page offers or a route's choice
 * between two ways (an adviser may take a lead; only a manager gives one to another).
 * What it lets through is still asked of `requirePermission` before it is done.
 */
export function holds(user: StaffUser, permission: Permission) {
  return may(user.roles, permission);
}

/** Every permission the member holds, for a page to leave out what they may not do. */
export function heldBy(user: StaffUser): Permission[] {
  return permissionsOf(user.roles);
}

async function refuse(
  context: StaffContext,
  request: Request,
  staff: StaffSession,
  permission: Permission,
  options: GuardOptions,
): Promise<never> {
  // The path alone: a query can hold what was searched for (an address, a name).
  await writeAudit(context.db, {
    action: "staff.refused",
    actor: staff.user,
    detail: { permission, method: request.method, path: new URL(request.url).pathname },
  });
  if (options.download) {
    throw redirect(`${REFUSED_PATH}?${new URLSearchParams({ permission })}`, { headers: staff.headers });
  }
  throw refusal(staff.user, permission, staff.headers);
}

/**
 * Where the step-up returns to: a page asked for (an export's address), or for a form's
 * post the page it was sent from, when that is in the console; the form is sent again
 * from there, with the code then fresh. A form's page is returned to by its path alone:
 * its query can name who the form was about (the data requests page's address), and an
 * address in a URL reaches the browser's history and any proxy's log.
 */
function stepUpReturn(request: Request) {
  const url = new URL(request.url);
  if (request.method === "GET") return staffReturnPath(returnAddress(url));
  const referer = request.headers.get("Referer");
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  if (from && from.origin === url.origin) return staffReturnPath(from.pathname.slice(0, RETURN_ADDRESS_MAX));
  return staffReturnPath(url.pathname.slice(0, RETURN_ADDRESS_MAX));
}
