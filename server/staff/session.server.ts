import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../../app/domain/field-limits";
import { MAX_PASSWORD_LENGTH } from "../../app/domain/passwords";
import { consoleHome, type Role, storedRoles } from "../../app/domain/permissions";
import { currentSession } from "../borrowers/accounts.server";
import type { ServerContext } from "../platform/services";
import type { Database } from "../platform/db/client";
import { staffMembers, staffSessions } from "../platform/db/schema";
import { hit, pastLimit, RATE_LIMITS, type RateLimitRule, scaled } from "../platform/rate-limit";
import { writeAudit } from "../platform/audit.server";
import { acceptedStep, decryptSecret, newToken, passwordMatches, tokenHash } from "./credentials";
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from "./session-limits";

// Who is asking, on every /staff page and resource (DECISIONS D14, D20): an enrolled
// staff member with a live session, or nobody. Staff sessions live in their own table
// under their own cookie, so a borrower's session or token is never one (and the
// reverse). A borrower's session gets the site's plain 404, so nothing tells a
// borrower the console exists; anyone else goes to sign-in.

export type StaffContext = Pick<ServerContext, "config" | "db" | "log" | "auth" | "clientAddress">;

export interface StaffUser {
  id: string;
  name: string;
  email: string;
  /** What the member holds (app/domain/permissions.ts); asked only through the guard (guard.server.ts). */
  roles: Role[];
}

/** Who an audited change names: what the server's functions need of the member doing it. */
export type StaffActor = Pick<StaffUser, "id" | "name">;

/** A signed-in member, with what the session knows beside who they are. */
export interface StaffSession {
  user: StaffUser;
  headers: Headers;
  /** When a code was last entered in this session (ms), for the step-up (decision 272). */
  codeAt: number | null;
  /** A member from before roles existed who has not yet been told of them. */
  rolesNews: boolean;
}

export const STAFF_SIGN_IN_PATH = "/staff/sign-in";
export const STAFF_SIGN_IN_FAILED = "The email, password or code is not right. Please try again.";
export const STAFF_TOO_MANY_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";
export const staffAccountBusy = (minutes: number) =>
  `Too many attempts to sign in to this account. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`;
export const STAFF_CODES_LOCKED = "Too many wrong codes. Please wait 15 minutes and try again.";

/** The idle clock is moved on at most once a minute, not on every request. */
const STAFF_REFRESH_SECONDS = 60;
/** Ten wrong codes in a row (after a right password) and codes wait this long. */
export const STAFF_CODE_FAILURES_ALLOWED = 10;
export const STAFF_CODE_LOCK_MINUTES = 15;

/**
 * The cookie: `__Host-` in production (Secure, the whole site, no Domain, so no other
 * host or path can set or shadow it), HttpOnly and SameSite=Strict always. The whole
 * site, not /staff: React Router's data requests for the inbox go to /staff.data.
 */
export function staffCookieName(isProduction: boolean) {
  return isProduction ? "__Host-staff_session" : "staff_session";
}

function sessionCookie(context: StaffContext, token: string, maxAgeSeconds: number) {
  const secure = context.config.isProduction ? "; Secure" : "";
  return `${staffCookieName(context.config.isProduction)}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

function tokenFrom(context: StaffContext, request: Request) {
  const name = staffCookieName(context.config.isProduction);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}

/** The page's own 404, the same a mistyped address gets. */
export function notFound() {
  return data(null, { status: 404 });
}

type SessionRead = { user: null; headers: Headers } | StaffSession;

const checked = new WeakMap<Request, Promise<SessionRead>>();

/**
 * The staff member signed in on this request, or null, with any refreshed session
 * cookie to pass on. Asked once per request, however many loaders want it.
 */
export function staffSession(context: StaffContext, request: Request, now = Date.now()) {
  let answer = checked.get(request);
  if (!answer) {
    answer = readStaffSession(context, request, now);
    checked.set(request, answer);
  }
  return answer;
}

async function readStaffSession(context: StaffContext, request: Request, now: number): Promise<SessionRead> {
  const none = { user: null, headers: new Headers() };
  const token = tokenFrom(context, request);
  if (!token || token.length > 100) return none;
  const hash = tokenHash(token);
  const [row] = await context.db
    .select({
      id: staffMembers.id,
      name: staffMembers.name,
      email: staffMembers.email,
      roles: staffMembers.roles,
      rolesNews: staffMembers.rolesNews,
      createdAt: staffSessions.createdAt,
      expiresAt: staffSessions.expiresAt,
      codeAt: staffSessions.codeAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hash),
        isNull(staffMembers.disabledAt),
        sql`${staffMembers.enrolledAt} is not null`,
      ),
    );
  const ended = () => {
    const headers = new Headers({ "Set-Cookie": sessionCookie(context, "", 0) });
    return { user: null, headers };
  };
  if (!row) return ended();
  const tooOld = now - row.createdAt.getTime() > STAFF_SESSION_MAX_SECONDS * 1000;
  if (tooOld || row.expiresAt.getTime() <= now) {
    await context.db.delete(staffSessions).where(eq(staffSessions.tokenHash, hash));
    return ended();
  }
  const headers = new Headers();
  if (row.expiresAt.getTime() - now < (STAFF_IDLE_SECONDS - STAFF_REFRESH_SECONDS) * 1000) {
    await context.db
      .update(staffSessions)
      .set({ expiresAt: new Date(now + STAFF_IDLE_SECONDS * 1000) })
      .where(eq(staffSessions.tokenHash, hash));
  }
  return {
    user: { id: row.id, name: row.name, email: row.email, roles: storedRoles(row.roles) },
    headers,
    codeAt: row.codeAt?.getTime() ?? null,
    rolesNews: row.rolesNews,
  };
}

/**
 * The staff member, or the answer to send instead (404 for a borrower, sign-in for
 * anyone else). Console routes ask through the guard, `requirePermission`
 * (guard.server.ts), which asks this first.
 */
export async function requireStaff(context: StaffContext, request: Request): Promise<StaffSession> {
  const staff = await staffSession(context, request);
  if (staff.user) return staff;
  await refuseBorrower(context, request);
  const from = returnAddress(new URL(request.url));
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

/**
 * The longest address a sign-in or a fresh code returns to with its query: a longer one
 * (a query no page of the console writes) returns to its path alone, so the redirect's
 * header stays within what every browser and proxy takes (about 8 KB; an address grows
 * by a third or more once encoded).
 */
export const RETURN_ADDRESS_MAX = 2_000;

/** Where a sign-in or a fresh code returns to: the page's path and query, or its path alone when that is too long. */
export function returnAddress(url: URL) {
  const full = url.pathname + url.search;
  return full.length <= RETURN_ADDRESS_MAX ? full : url.pathname.slice(0, RETURN_ADDRESS_MAX);
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

export type StaffSignIn = { ok: true; headers: Headers; home: string } | { ok: false; status: number; message: string };

/**
 * Password and the authenticator's code, in one form post. Limited per address and,
 * across every address, per account (known or not, so the limit tells nothing); an
 * unknown address costs the same time as a known one; a code is good once. Every
 * outcome is audited.
 *
 * Past the account's limit, an address that has not failed for the account may still
 * sign in with the right password and the right code: anything less is answered as the
 * limit is, so a stranger's wrong tries cannot keep the member out, and a guesser learns
 * nothing (decision 293). While codes are held back after ten wrong ones, a wrong
 * password and a right one with a wrong code get the same answer: only the right
 * password with the right code is told the codes are waiting.
 */
export async function staffSignIn(context: StaffContext, form: FormData, now = Date.now()): Promise<StaffSignIn> {
  const { config, db } = context;
  const address = context.clientAddress ?? "unknown";
  const perAddress = scaled(RATE_LIMITS.staffSignIn, config.rateLimitScale);
  if (!(await hit(db, perAddress, address, now)).allowed) {
    return { ok: false, status: 429, message: STAFF_TOO_MANY_ATTEMPTS };
  }
  const parsed = signInInput.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
    code: form.get("code") ?? "",
  });
  let busy: StaffSignIn | null = null;
  const failedHere = parsed.success ? addressAccountKey(config.authSecret, address, parsed.data.email) : null;
  if (parsed.success && failedHere) {
    const perAccount = scaled(RATE_LIMITS.staffAccountSignIn, config.rateLimitScale);
    const account = await hit(db, perAccount, accountKey(config.authSecret, parsed.data.email), now);
    if (!account.allowed) {
      busy = { ok: false, status: 429, message: staffAccountBusy(Math.ceil(account.retryAfterSeconds / 60)) };
      if ((await pastLimit(db, STAFF_ADDRESS_FAILED, failedHere, now)).past) return busy;
    }
  }
  const [member] = parsed.success
    ? await db.select().from(staffMembers).where(eq(staffMembers.email, parsed.data.email))
    : [];
  const actor = member ? { id: member.id, name: member.name } : null;
  const failed = async (reason: string): Promise<StaffSignIn> => {
    await writeAudit(db, { action: "staff.sign-in-failed", actor, detail: { reason } });
    if (failedHere) await hit(db, STAFF_ADDRESS_FAILED, failedHere, now);
    return busy ?? { ok: false, status: 401, message: STAFF_SIGN_IN_FAILED };
  };
  if (!parsed.success) return failed("incomplete");
  // The password is checked whoever asks (a stand-in hash when there is none), so the
  // answer takes the same time for a member, a stranger and a disabled account.
  const passwordRight = await passwordMatches(member?.passwordHash, parsed.data.password, config.passwordHashing);
  if (!member) return failed("not-staff");
  if (!passwordRight) return failed("password");
  if (member.disabledAt || !member.enrolledAt || !member.totpSecret) return failed("not-enrolled");
  const code = await spendStaffCode(context, member, parsed.data.code, now);
  if (code === "codes-locked") {
    // Only the right password with the right code is told to wait (decision 292); the code
    // is not spent, and will be stale when the wait is over.
    await writeAudit(db, { action: "staff.sign-in-failed", actor, detail: { reason: "codes-locked" } });
    return { ok: false, status: 429, message: STAFF_CODES_LOCKED };
  }
  if (code !== "accepted") return failed(code);

  const session = newToken();
  await db.insert(staffSessions).values({
    tokenHash: session.hash,
    staffId: member.id,
    createdAt: new Date(now),
    expiresAt: new Date(now + STAFF_IDLE_SECONDS * 1000),
    // The sign-in's code is a code entered: a step-up within five minutes needs no other.
    codeAt: new Date(now),
  });
  await db
    .update(staffMembers)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(staffMembers.id, member.id));
  await writeAudit(db, { action: "staff.sign-in", actor });
  return {
    ok: true,
    headers: new Headers({ "Set-Cookie": sessionCookie(context, session.token, STAFF_SESSION_MAX_SECONDS) }),
    home: consoleHome(storedRoles(member.roles)),
  };
}

/** Why a code was not taken, as the audit row names it; or "accepted". */
export type CodeOutcome = "accepted" | "code" | "code-while-locked" | "codes-locked" | "secret-unreadable";

/**
 * The sign-in's code rules, for the sign-in and the step-up alike (decision 272): codes
 * wait after ten wrong ones in a row; a code is the authenticator's for a step within the
 * window around now, later than the last one used, and is used by this call (two posts of
 * one code: one is accepted). A wrong code at sign-in counts towards the wait; one at the
 * step-up (`countWrong: false`) counts against its session instead (decision 336).
 */
export async function spendStaffCode(
  context: Pick<StaffContext, "config" | "db" | "log">,
  member: { id: string; totpSecret: string | null; totpLastStep: number | null; codesLockedUntil: Date | null },
  code: string,
  now: number,
  { countWrong = true }: { countWrong?: boolean } = {},
): Promise<CodeOutcome> {
  const { config, db } = context;
  const locked = member.codesLockedUntil !== null && member.codesLockedUntil.getTime() > now;
  const secret = member.totpSecret ? await decryptSecret(config.authSecret, member.totpSecret).catch(() => null) : null;
  if (secret === null) {
    context.log.error(
      { component: "staff-sign-in" },
      "an authenticator secret cannot be read: was AUTH_SECRET changed? Re-enrol with `staff add`",
    );
    return "secret-unreadable";
  }
  const step = await acceptedStep(secret, code, { now, lastStep: member.totpLastStep });
  // While the codes wait, a wrong one is answered as a wrong password is and not counted;
  // only the right one is told to wait (decision 292).
  if (locked) return step === null ? "code-while-locked" : "codes-locked";
  if (step === null || !(await spendCode(db, member.id, step))) {
    if (countWrong) await countWrongCode(db, member.id, now);
    return "code";
  }
  return "accepted";
}

/** Marks the code's step used, unless a later (or the same) step was used first: two posts of one code sign in once. */
async function spendCode(db: Database, staffId: string, step: number) {
  const used = await db
    .update(staffMembers)
    .set({ totpLastStep: step, codeFailures: 0, codesLockedUntil: null })
    .where(
      and(
        eq(staffMembers.id, staffId),
        sql`(${staffMembers.totpLastStep} is null or ${staffMembers.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: staffMembers.id });
  return used.length === 1;
}

async function countWrongCode(db: Database, staffId: string, now: number) {
  const lockUntil = new Date(now + STAFF_CODE_LOCK_MINUTES * 60_000);
  await db
    .update(staffMembers)
    .set({
      codeFailures: sql`case when ${staffMembers.codeFailures} + 1 >= ${STAFF_CODE_FAILURES_ALLOWED} then 0 else ${staffMembers.codeFailures} + 1 end`,
      codesLockedUntil: sql`case when ${staffMembers.codeFailures} + 1 >= ${STAFF_CODE_FAILURES_ALLOWED} then ${lockUntil.toISOString()}::timestamptz else ${staffMembers.codesLockedUntil} end`,
    })
    .where(eq(staffMembers.id, staffId));
}

/** The per-account counter's key: a keyed hash, so the counters hold no address. */
const accountKey = (secret: string, email: string) =>
  createHmac("sha256", secret).update(`staff:${email}`).digest("hex").slice(0, 32);

/**
 * A wrong sign-in from this client address to this account, within the address limit's
 * window (decision 293): a mark in the shared counters, under a keyed hash of the pair,
 * so the table holds neither the client's address nor the account's.
 */
export const STAFF_ADDRESS_FAILED: RateLimitRule = {
  name: "staff-address-failed",
  limit: 1,
  windowMs: RATE_LIMITS.staffSignIn.windowMs,
};

const addressAccountKey = (secret: string, address: string, email: string) =>
  createHmac("sha256", secret).update(`staff-failed\0${address}\0${email}`).digest("hex").slice(0, 32);

/** Ends this request's session; answers the cookie that clears it. */
export async function staffSignOut(context: StaffContext, request: Request) {
  const token = tokenFrom(context, request);
  if (token) await context.db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash(token)));
  return new Headers({ "Set-Cookie": sessionCookie(context, "", 0) });
}

export type StepUp =
  | { ok: true }
  | { ok: false; status: number; message: string }
  /** Too many wrong codes in this session: it has ended; the headers clear its cookie. */
  | { ok: false; signedOut: true; headers: Headers };

export const STEP_UP_CODE_WRONG = "That code is not right, or was used already. Type the code your app shows now.";
/** Wrong step-up codes in a row that end the session that sent them (decision 336). */
export const STEP_UP_FAILURES_ALLOWED = 5;

/**
 * The step-up (DECISIONS D25, decision 272): the member's authenticator code again, by
 * the sign-in's rules (once each, the same window; while the sign-in's codes wait, so do
 * these), marks this session's code as entered now. A wrong code counts against this
 * session, never the member's sign-in: the fifth in a row ends the session, so a stolen
 * session can neither guess on nor lock its owner out (decision 336). Audited either way.
 */
export async function stepUp(
  context: StaffContext,
  request: Request,
  user: StaffActor,
  code: string,
  now = Date.now(),
): Promise<StepUp> {
  const { db } = context;
  const token = tokenFrom(context, request);
  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.id, user.id));
  const outcome =
    !member || !token ? "code" : await spendStaffCode(context, member, code.trim(), now, { countWrong: false });
  if (outcome === "codes-locked") {
    await writeAudit(db, { action: "staff.step-up-failed", actor: user, detail: { reason: outcome } });
    return { ok: false, status: 429, message: STAFF_CODES_LOCKED };
  }
  if (outcome !== "accepted") {
    const failures = token ? await countStepUpFailure(db, tokenHash(token)) : STEP_UP_FAILURES_ALLOWED;
    const signedOut = failures >= STEP_UP_FAILURES_ALLOWED;
    await writeAudit(db, {
      action: "staff.step-up-failed",
      actor: user,
      detail: signedOut ? { reason: outcome, signedOut: true } : { reason: outcome },
    });
    if (!signedOut) return { ok: false, status: 400, message: STEP_UP_CODE_WRONG };
    return { ok: false, signedOut: true, headers: await staffSignOut(context, request) };
  }
  await db
    .update(staffSessions)
    .set({ codeAt: new Date(now), stepUpFailures: 0 })
    .where(eq(staffSessions.tokenHash, tokenHash(token as string)));
  await writeAudit(db, { action: "staff.step-up", actor: user });
  return { ok: true };
}

/** One more wrong step-up code in the session; answers how many in a row now. */
async function countStepUpFailure(db: Database, hash: string) {
  const [row] = await db
    .update(staffSessions)
    .set({ stepUpFailures: sql`${staffSessions.stepUpFailures} + 1` })
    .where(eq(staffSessions.tokenHash, hash))
    .returning({ failures: staffSessions.stepUpFailures });
  return row?.failures ?? STEP_UP_FAILURES_ALLOWED;
}
