import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../../app/domain/field-limits";
import { MAX_PASSWORD_LENGTH } from "../../app/domain/passwords";
import { currentSession } from "../accounts.server";
import { sessions, users } from "../db/schema";
import { hit, RATE_LIMITS, scaled } from "../rate-limit";
import type { ServerContext } from "../context";
import { writeAudit } from "./audit.server";
import { STAFF_SESSION_MAX_SECONDS, type StaffAuth } from "./auth";

// Who is asking, on every /staff page and resource (DECISIONS D14): an enrolled staff
// member with a live session, or nobody. A borrower's session gets the site's plain
// 404, so nothing tells a borrower the console exists; anyone else goes to sign-in.

export type StaffContext = Pick<ServerContext, "config" | "db" | "log" | "auth" | "staffAuth" | "clientAddress">;

export interface StaffUser {
  id: string;
  name: string;
  email: string;
}

export const STAFF_SIGN_IN_PATH = "/staff/sign-in";
export const STAFF_SIGN_IN_FAILED = "The email, password or code is not right. Please try again.";
export const STAFF_TOO_MANY_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";

function staffAuthOf(context: StaffContext): StaffAuth {
  if (!context.staffAuth) throw new Error("staff console not wired: createApp puts `staffAuth` in the route context");
  return context.staffAuth;
}

/** The page's own 404, the same a mistyped address gets. */
export function notFound() {
  return data(null, { status: 404 });
}

const checked = new WeakMap<Request, Promise<{ user: StaffUser | null; headers: Headers }>>();

/**
 * The staff member signed in on this request, or null, with any refreshed session
 * cookie to pass on. Asked once per request, however many loaders want it.
 */
export function staffSession(context: StaffContext, request: Request) {
  let answer = checked.get(request);
  if (!answer) {
    answer = readStaffSession(context, request);
    checked.set(request, answer);
  }
  return answer;
}

async function readStaffSession(context: StaffContext, request: Request) {
  const none = { user: null, headers: new Headers() };
  if (!request.headers.get("cookie")?.includes("staff.session_token")) return none;
  let result: Awaited<ReturnType<StaffAuth["api"]["getSession"]>> | null;
  let headers: Headers;
  try {
    const answer = await staffAuthOf(context).api.getSession({
      headers: new Headers({ cookie: request.headers.get("cookie") ?? "" }),
      returnHeaders: true,
    });
    result = answer.response;
    headers = cookiesOf(answer.headers);
  } catch {
    return none;
  }
  if (!result) return { user: null, headers };
  const { session, user } = result;
  const [row] = await context.db
    .select({ role: users.role, disabledAt: users.disabledAt, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, user.id));
  const tooOld = Date.now() - session.createdAt.getTime() > STAFF_SESSION_MAX_SECONDS * 1000;
  if (row?.role !== "staff" || row.disabledAt || !row.twoFactorEnabled || tooOld) {
    await context.db.delete(sessions).where(eq(sessions.token, session.token));
    return none;
  }
  return { user: { id: user.id, name: user.name, email: user.email }, headers };
}

/**
 * For every /staff loader and action: the staff member, or the answer to send instead
 * (404 for a borrower, sign-in for anyone else).
 */
export async function requireStaff(context: StaffContext, request: Request) {
  const staff = await staffSession(context, request);
  if (staff.user) return staff as { user: StaffUser; headers: Headers };
  await refuseBorrower(context, request);
  const url = new URL(request.url);
  const from = url.pathname + url.search;
  throw redirect(`${STAFF_SIGN_IN_PATH}${from === "/staff" ? "" : `?from=${encodeURIComponent(from)}`}`, {
    headers: staff.headers,
  });
}

/** A signed-in borrower is told no staff page exists. */
export async function refuseBorrower(context: StaffContext, request: Request) {
  if (!context.auth) return;
  const borrower = await currentSession(context, request);
  if (borrower.user) throw notFound();
}

/** A return path inside the console, or the inbox. */
export function staffReturnPath(from: unknown) {
  return typeof from === "string" && /^\/staff(\/|\?|$)/.test(from) && !from.startsWith("//") ? from : "/staff";
}

const signInInput = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export type StaffSignIn = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

/**
 * Password, then the authenticator's code, in one form post: better-auth checks the
 * password and holds the sign-in in a short-lived two-factor cookie, which the TOTP
 * check then turns into a session. Both outcomes are audited.
 */
export async function staffSignIn(context: StaffContext, form: FormData): Promise<StaffSignIn> {
  const rule = scaled(RATE_LIMITS.staffSignIn, context.config.rateLimitScale);
  if (!(await hit(context.db, rule, context.clientAddress ?? "unknown")).allowed) {
    return { ok: false, status: 429, message: STAFF_TOO_MANY_ATTEMPTS };
  }
  const parsed = signInInput.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
    code: form.get("code") ?? "",
  });
  const [member] = parsed.success
    ? await context.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, parsed.data.email))
    : [];
  const staff = member && (await isStaffRow(context, member.id)) ? member : null;
  const failed = async (reason: string): Promise<StaffSignIn> => {
    await writeAudit(context.db, { action: "staff.sign-in-failed", actor: staff, detail: { reason } });
    return { ok: false, status: 401, message: STAFF_SIGN_IN_FAILED };
  };
  if (!parsed.success) return failed("incomplete");
  if (!staff) return failed("not-staff");

  const auth = staffAuthOf(context);
  let twoFactorCookies: Headers;
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password },
      headers: new Headers(),
      returnHeaders: true,
    });
    if (!("twoFactorRedirect" in response)) return failed("no-second-factor");
    twoFactorCookies = headers;
  } catch (error) {
    if (isRefusal(error)) return failed("password");
    throw error;
  }
  try {
    const { headers } = await auth.api.verifyTOTP({
      body: { code: parsed.data.code },
      headers: new Headers({ cookie: cookieHeader(twoFactorCookies) }),
      returnHeaders: true,
    });
    await writeAudit(context.db, { action: "staff.sign-in", actor: staff });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    if (isRefusal(error)) return failed("code");
    throw error;
  }
}

async function isStaffRow(context: StaffContext, userId: string) {
  const [row] = await context.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === "staff";
}

export async function staffSignOut(context: StaffContext, request: Request) {
  try {
    const { headers } = await staffAuthOf(context).api.signOut({
      headers: new Headers({ cookie: request.headers.get("cookie") ?? "" }),
      returnHeaders: true,
    });
    return cookiesOf(headers);
  } catch {
    return new Headers();
  }
}

function isRefusal(error: unknown) {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function cookiesOf(headers: Headers) {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/** `Set-Cookie` answers as the `Cookie` header of the next in-process call. */
function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
