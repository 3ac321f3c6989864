import { and, desc, eq, or, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  EMAIL_INVALID,
  FIRST_NAME_REQUIRED,
  INVALID_CREDENTIALS,
  LAST_NAME_REQUIRED,
  EMAIL_NOT_CONFIRMED_LINK_RECENT,
  RESET_LINK_INVALID,
  SOMETHING_WENT_WRONG,
  TOO_MANY_ATTEMPTS,
  accountSignInPaused,
  signInErrorMessage,
  signUpErrorMessage,
} from "../../app/domain/account-messages";
import { authPath } from "../../app/domain/return-to";
import { type FieldErrors, firstErrorByField, SIGN_UP_FIELDS, signInProblems } from "../../app/domain/account-forms";
import { isEmail } from "../../app/domain/email";
import { FIRST_NAME_TOO_LONG, LAST_NAME_TOO_LONG } from "../../app/domain/messages";
import { NAME_MAX_LENGTH } from "../../app/domain/field-limits";
import { sanitiseName } from "../../app/domain/sanitise";
import { MAX_PASSWORD_LENGTH, passwordProblem } from "../../app/domain/passwords";
import type { Auth } from "./auth";
import { isCommonPassword } from "../platform/common-passwords";
import type { Database } from "../platform/db/client";
import type { EnquirySummary, LeadStatus } from "../../app/domain/leads";
import { erasePersonalData } from "../privacy/data-requests.server";
import { writeAudit } from "../platform/audit.server";
import { jobs, personalEnquiries, profiles, quotes, users } from "../platform/db/schema";
import { hit, hitAccountSignIn, pastLimit, RATE_LIMITS, type RateLimitRule, scaled } from "../platform/rate-limit";
import type { ServerContext } from "../platform/services";

// The server side of the account pages (app/routes/auth.tsx, account.tsx): the same
// better-auth endpoints the JSON API serves, called in-process from route actions so the
// forms work before any script loads, behind the same shared rate limits.

export type AccountContext = Pick<ServerContext, "config" | "db" | "log" | "auth" | "clientAddress">;

export type AccountRefusal = {
  ok: false;
  status: number;
  message: string;
  field?: string;
  /** Every field's problem, in the form's order (the sign-in and sign-up forms; DECISIONS D24). */
  errors?: FieldErrors;
  retryAfterSeconds?: number;
};
export type Outcome = { ok: true; headers: Headers } | AccountRefusal;

function authOf(context: AccountContext): Auth {
  if (!context.auth) throw new Error("accounts are not wired: createApp puts `auth` in the route context");
  return context.auth;
}

/** One more attempt against `rule` for this client: null while within the limit, else the 429 to answer. */
async function overLimit(context: AccountContext, rule: RateLimitRule): Promise<AccountRefusal | null> {
  const result = await hit(context.db, scaled(rule, context.config.rateLimitScale), context.clientAddress ?? "unknown");
  if (result.allowed) return null;
  return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: result.retryAfterSeconds };
}

/**
 * Asked before an account form's body is read: a client already past the sign-in limit
 * (which every account form post counts against or is stricter than) gets its 429 at once.
 */
export async function accountFormGate(context: AccountContext): Promise<AccountRefusal | null> {
  const rule = scaled(RATE_LIMITS.signIn, context.config.rateLimitScale);
  const { past, retryAfterSeconds } = await pastLimit(context.db, rule, context.clientAddress ?? "unknown");
  return past ? { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds } : null;
}

function providerError(error: unknown): { status: number; message: string; code?: string } {
  if (error && typeof error === "object" && "statusCode" in error) {
    const e = error as { statusCode: number; message?: string; body?: { message?: string; code?: string } };
    return { status: e.statusCode, message: e.body?.message ?? e.message ?? SOMETHING_WENT_WRONG, code: e.body?.code };
  }
  throw error;
}

const signInInput = z.object({
  email: z.string().trim().max(254),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

/** Signs in with email and password; the session cookie comes back in `headers`. */
export async function signIn(context: AccountContext, request: Request, form: FormData): Promise<Outcome> {
  const limited = await overLimit(context, RATE_LIMITS.signIn);
  if (limited) return limited;
  const given = { email: form.get("email") ?? "", password: form.get("password") ?? "" };
  // An address that cannot be one, or no password: said beside the field, before any look-up.
  const problems = signInProblems(String(given.email), String(given.password));
  const [first] = Object.values(problems);
  if (first && typeof given.email === "string" && typeof given.password === "string") {
    return { ok: false, status: 400, message: first, errors: problems };
  }
  const parsed = signInInput.safeParse(given);
  // A malformed address gets the same answer as a wrong password.
  if (!parsed.success || !isEmail(parsed.data.email)) return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  // Then per account, from whatever address (issue 26): a few attempts in a short window.
  const attempt = await hitAccountSignIn(context.db, context.config, parsed.data.email);
  if (!attempt.allowed) {
    const retryAfterSeconds = attempt.retryAfterSeconds;
    return { ok: false, status: 429, message: accountSignInPaused(retryAfterSeconds), retryAfterSeconds };
  }
  const from = String(form.get("from") ?? "");
  const confirmationsBefore = await latestConfirmationEmail(context.db, parsed.data.email);
  try {
    const { headers } = await authOf(context).api.signInEmail({
      body: {
        email: parsed.data.email,
        password: parsed.data.password,
        callbackURL: authPath(from, { confirmed: "1" }),
      },
      headers: forwardedHeaders(request),
      returnHeaders: true,
    });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    const { status, message, code } = providerError(error);
    // An unconfirmed account is sent a new link, but at most one every few minutes
    // (server/borrowers/auth.ts): say "we have sent you a new link" only when one really went.
    if (
      code === "EMAIL_NOT_VERIFIED" &&
      (await latestConfirmationEmail(context.db, parsed.data.email)) === confirmationsBefore
    ) {
      return { ok: false, status, message: EMAIL_NOT_CONFIRMED_LINK_RECENT };
    }
    return { ok: false, status, message: signInErrorMessage(message, code) };
  }
}

/** The newest confirmation email queued for this address's account (its job id), if any. */
async function latestConfirmationEmail(db: Database, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number>`max(${jobs.id})` })
    .from(jobs)
    .innerJoin(users, sql`${jobs.dedupeKey} like 'verify-email:' || ${users.id} || ':%'`)
    .where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}

const signUpInput = z.object({
  firstName: z
    .string()
    .transform(sanitiseName)
    .pipe(z.string().min(1, FIRST_NAME_REQUIRED).max(NAME_MAX_LENGTH, FIRST_NAME_TOO_LONG)),
  lastName: z
    .string()
    .transform(sanitiseName)
    .pipe(z.string().min(1, LAST_NAME_REQUIRED).max(NAME_MAX_LENGTH, LAST_NAME_TOO_LONG)),
  email: z.string().trim().toLowerCase().refine(isEmail, EMAIL_INVALID),
  password: z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(password, { kind: "borrower", isCommon: isCommonPassword });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

/** Creates an account (unconfirmed) and queues its confirmation email. */
export async function signUp(context: AccountContext, request: Request, form: FormData): Promise<Outcome> {
  const limited = await overLimit(context, RATE_LIMITS.signUp);
  if (limited) return limited;
  const parsed = signUpInput.safeParse({
    firstName: form.get("firstName") ?? "",
    lastName: form.get("lastName") ?? "",
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const errors = firstErrorByField(SIGN_UP_FIELDS, parsed.error.issues);
    const [first] = Object.values(errors);
    return { ok: false, status: 400, message: first ?? EMAIL_INVALID, field: Object.keys(errors)[0], errors };
  }
  const { firstName, lastName, email, password } = parsed.data;
  const from = String(form.get("from") ?? "");
  try {
    // firstName and lastName ride along for the profile row (server/borrowers/auth.ts, user.create.after).
    const body = {
      name: `${firstName} ${lastName}`,
      email,
      password,
      firstName,
      lastName,
      callbackURL: authPath(from, { confirmed: "1" }),
    };
    const { headers } = await authOf(context).api.signUpEmail({
      body,
      headers: forwardedHeaders(request),
      returnHeaders: true,
    });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    const { status, message } = providerError(error);
    return { ok: false, status, message: signUpErrorMessage(message) };
  }
}

/**
 * Sends an account's confirmation link again, from the page that says one was sent. Held
 * to the stricter limit of anything that sends email (per client address), and to one
 * email per account in a few minutes (auth.ts); the answer is the same whether or not the
 * address has an account waiting, as better-auth's is, so it tells nobody who has one.
 */
export async function resendConfirmation(context: AccountContext, request: Request, form: FormData): Promise<Outcome> {
  const limited = await overLimit(context, RATE_LIMITS.signUp);
  if (limited) return limited;
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  if (!isEmail(email)) return { ok: false, status: 400, message: EMAIL_INVALID, field: "email" };
  const from = String(form.get("from") ?? "");
  try {
    await authOf(context).api.sendVerificationEmail({
      body: { email, callbackURL: authPath(from, { confirmed: "1" }) },
      headers: forwardedHeaders(request),
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const { status, message } = providerError(error);
    return { ok: false, status, message };
  }
}

/** Where the emailed reset link lands (better-auth adds `?token=` or `?error=`). */
export const RESET_PASSWORD_PAGE = "/auth/reset-password";

/**
 * Asks for a password reset link. The answer is the same whether or not the email has
 * an account (better-auth sends nothing for one that has none); only a malformed
 * address or the rate limit (the stricter one for anything that sends email) says no.
 */
export async function requestPasswordReset(
  context: AccountContext,
  request: Request,
  form: FormData,
): Promise<Outcome> {
  const limited = await overLimit(context, RATE_LIMITS.signUp);
  if (limited) return limited;
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  if (!isEmail(email)) return { ok: false, status: 400, message: EMAIL_INVALID, field: "email" };
  try {
    await authOf(context).api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PAGE },
      headers: forwardedHeaders(request),
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const { status, message } = providerError(error);
    return { ok: false, status, message };
  }
}

/**
 * Sets a new password with the emailed one-time token; better-auth then ends every
 * session of the account (revokeSessionsOnPasswordReset).
 */
export async function resetPassword(context: AccountContext, request: Request, form: FormData): Promise<Outcome> {
  const limited = await overLimit(context, RATE_LIMITS.signIn);
  if (limited) return limited;
  const token = String(form.get("token") ?? "");
  const newPassword = String(form.get("password") ?? "");
  const problem = passwordProblem(newPassword, { kind: "borrower", isCommon: isCommonPassword });
  if (problem) return { ok: false, status: 400, message: problem, field: "password" };
  if (!/^[\w-]{1,200}$/.test(token)) return { ok: false, status: 400, message: RESET_LINK_INVALID };
  try {
    await authOf(context).api.resetPassword({ body: { newPassword, token }, headers: forwardedHeaders(request) });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const { status, code } = providerError(error);
    if (status === 400 && (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND")) {
      return { ok: false, status: 400, message: RESET_LINK_INVALID };
    }
    return { ok: false, status, message: SOMETHING_WENT_WRONG };
  }
}

/**
 * Ends this browser's session, or (everywhere) every session of the user, and clears
 * the cookie. Signing out twice is not an error.
 */
export async function signOut(
  context: AccountContext,
  request: Request,
  { everywhere = false } = {},
): Promise<Headers> {
  const auth = authOf(context);
  const headers = forwardedHeaders(request);
  if (everywhere) {
    try {
      await auth.api.revokeSessions({ headers });
    } catch (error) {
      if (providerError(error).status !== 401) throw error;
    }
  }
  try {
    return cookiesOf((await auth.api.signOut({ headers, returnHeaders: true })).headers);
  } catch (error) {
    providerError(error);
    return new Headers();
  }
}

/**
 * The signed-in user of a request, or null, with any cookie better-auth refreshed on
 * the way (a session used after a day is extended: pass `headers` on).
 */
export async function currentSession(context: AccountContext, request: Request) {
  if (!request.headers.get("cookie")) return { user: null, headers: new Headers() };
  try {
    const { response, headers } = await authOf(context).api.getSession({
      headers: forwardedHeaders(request),
      returnHeaders: true,
    });
    return { user: response?.user ?? null, headers: cookiesOf(headers) };
  } catch (error) {
    providerError(error);
    return { user: null, headers: new Headers() };
  }
}

/**
 * The signed-in borrower of a page that is theirs alone, with the session's cookies; or
 * the way in: a page sends the visitor to sign in (coming back to `returnTo`), a
 * download is answered 401 with its reason. The one check every borrower's page makes.
 */
export async function requireBorrower(
  context: AccountContext,
  request: Request,
  { returnTo = "/account", download }: { returnTo?: string; download?: string } = {},
) {
  const { user, headers } = await currentSession(context, request);
  if (user) return { user, headers };
  if (download) throw data(download, { status: 401 });
  throw redirect(authPath(returnTo), { headers });
}

/** Only the cookies of better-auth's answer: the page decides where to go next. */
function cookiesOf(headers: Headers) {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/**
 * The headers better-auth reads on an in-process call: cookies (the session), the
 * client's address (session records) and where the request came from.
 */
function forwardedHeaders(request: Request) {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "x-forwarded-for", "origin", "referer"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

// ---------------------------------------------------------------- "my enquiries"

export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

type UserIdColumn = typeof quotes.userId | typeof personalEnquiries.userId;
type EmailColumn = typeof quotes.email | typeof personalEnquiries.email;

/** Rows made while signed in as `user`, or with their email once that email is confirmed. */
function ownedBy(user: AccountUser, userId: UserIdColumn, email: EmailColumn) {
  return user.emailVerified
    ? or(eq(userId, user.id), eq(sql`lower(${email})`, user.email.toLowerCase()))
    : eq(userId, user.id);
}

const quoteColumns = {
  id: quotes.id,
  createdAt: quotes.createdAt,
  status: quotes.status,
  loanAmount: quotes.loanAmount,
  loanPurpose: quotes.loanPurpose,
};
const enquiryColumns = {
  id: personalEnquiries.id,
  createdAt: personalEnquiries.createdAt,
  status: personalEnquiries.status,
  loanAmount: personalEnquiries.loanAmount,
  loanPurpose: personalEnquiries.loanPurpose,
  loanType: personalEnquiries.loanType,
};

type QuoteRow = { id: string; createdAt: Date; status: LeadStatus; loanAmount: number; loanPurpose: string };
type EnquiryRow = Omit<QuoteRow, "loanPurpose"> & { loanPurpose: string | null; loanType: string };

const fromQuote = (r: QuoteRow): EnquirySummary => ({
  ...r,
  kind: "quote",
  loanType: "homeowner",
  createdAt: r.createdAt.toISOString(),
});
const fromEnquiry = (r: EnquiryRow): EnquirySummary => ({
  ...r,
  kind: "personal-enquiry",
  createdAt: r.createdAt.toISOString(),
});

/**
 * The user's own quotes and personal enquiries, newest first: those made while signed
 * in (user_id), and those made with their email once that email is confirmed.
 * Nobody else's rows, ever.
 */
export async function enquiriesOf(db: Database, user: AccountUser, limit = 100): Promise<EnquirySummary[]> {
  const [quoteRows, enquiryRows] = await Promise.all([
    db
      .select(quoteColumns)
      .from(quotes)
      .where(ownedBy(user, quotes.userId, quotes.email))
      .orderBy(desc(quotes.createdAt))
      .limit(limit),
    db
      .select(enquiryColumns)
      .from(personalEnquiries)
      .where(ownedBy(user, personalEnquiries.userId, personalEnquiries.email))
      .orderBy(desc(personalEnquiries.createdAt))
      .limit(limit),
  ]);
  return [...quoteRows.map(fromQuote), ...enquiryRows.map(fromEnquiry)]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}

/** One of the user's own leads by id, or null when there is none or it is someone else's. */
export async function enquiryOf(db: Database, user: AccountUser, id: string): Promise<EnquirySummary | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [quote] = await db
    .select(quoteColumns)
    .from(quotes)
    .where(and(eq(quotes.id, id), ownedBy(user, quotes.userId, quotes.email)));
  if (quote) return fromQuote(quote);
  const [enquiry] = await db
    .select(enquiryColumns)
    .from(personalEnquiries)
    .where(and(eq(personalEnquiries.id, id), ownedBy(user, personalEnquiries.userId, personalEnquiries.email)));
  return enquiry ? fromEnquiry(enquiry) : null;
}

/**
 * The leads sent while signed in to this account (user_id): the ones whose needs the
 * account tells and reads (DECISIONS D33). A lead sent by anyone with the account's email
 * address is listed on /account, but what was told on it stays that lead's alone.
 */
export async function leadsSentFrom(db: Database, user: AccountUser): Promise<Pick<EnquirySummary, "kind" | "id">[]> {
  const [quoteRows, enquiryRows] = await Promise.all([
    db.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, user.id)),
    db.select({ id: personalEnquiries.id }).from(personalEnquiries).where(eq(personalEnquiries.userId, user.id)),
  ]);
  return [
    ...quoteRows.map((r) => ({ kind: "quote" as const, id: r.id })),
    ...enquiryRows.map((r) => ({ kind: "personal-enquiry" as const, id: r.id })),
  ];
}

// ---------------------------------------------------------------- the account page

/** What /account shows: the borrower's first name (their profile's, else the account's), email, enquiries and details. */
export async function accountSummary(db: Database, user: AccountUser & { name: string }) {
  // Side by side: on PostgreSQL the three queries take three connections at once.
  const [[profile], enquiries] = await Promise.all([
    db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.userId, user.id)),
    enquiriesOf(db, user),
  ]);
  return {
    firstName: profile?.firstName ?? user.name,
    email: user.email,
    enquiries,
    // The name and phone the borrower may correct themselves (/account, DECISIONS D29).
    details: {
      firstName: profile?.firstName ?? user.name,
      lastName: profile?.lastName ?? "",
      phone: profile?.phone ?? null,
    },
  };
}

/**
 * Deletes a borrower's account at their own request (decision 132): signed out on every
 * device first, while the sessions still exist to end; then the account and everything
 * held about it goes, their email's leads too once that email is confirmed. Answers the
 * headers that clear the cookie.
 */
export async function deleteAccount(context: AccountContext, request: Request, user: AccountUser): Promise<Headers> {
  const headers = await signOut(context, request, { everywhere: true });
  const erased = await erasePersonalData(
    context.db,
    { email: user.email, userId: user.id, byEmail: user.emailVerified },
    { mailDir: context.config.mailDir },
  );
  // The console's audit log keeps that it happened and how many leads went with it: no
  // name, address or id, so the row names nobody (and a lead's old console link, now a
  // 404, is explained by it).
  await writeAudit(context.db, {
    action: "account.deleted",
    actor: null,
    detail: {
      leads: erased.quotes + erased.personalEnquiries + erased.contactMessages,
      quotes: erased.quotes,
      personalEnquiries: erased.personalEnquiries,
      contactMessages: erased.contactMessages,
    },
  });
  return headers;
}
