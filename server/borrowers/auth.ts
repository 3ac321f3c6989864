import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, like, ne } from "drizzle-orm";
import { SIGN_UP_ALREADY_REGISTERED_PROVIDER } from "../../app/domain/account-messages";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../app/domain/passwords";
import { sanitiseName } from "../../app/domain/sanitise";
import { accounts, profiles, sessions, users, verifications } from "../platform/db/schema";
import { guardAuthCall } from "./auth-guards";
import { resetPasswordMessage } from "../emails/reset-password";
import { verifyEmailMessage } from "../emails/verify-email";
import { enqueue } from "../platform/outbox";
import { hashPassword, verifyPassword } from "../platform/password-hash";
import type { Services } from "../platform/services";
import { withoutEmailAddresses } from "../platform/logger";

/** Where better-auth answers: /api/auth/sign-in/email, /api/auth/get-session ... */
export const AUTH_BASE_PATH = "/api/auth";
/** A session lasts 30 days from its last refresh; it is refreshed at most once a day. */
export const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** A confirmation link works for 24 hours (better-auth's default is one hour: too short for email). */
export const VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;
/** A password reset link works for one hour. */
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 60 * 60;
/** At most one confirmation (or reset) email per account in this window, however often it is asked for. */
const VERIFICATION_EMAIL_WINDOW_MS = 5 * 60_000;

type AuthServices = Pick<Services, "config" | "db" | "log" | "kickOutbox">;

/**
 * Accounts (DECISIONS D6) on better-auth and the project's own database: email and
 * password with a scrypt hash, a confirmation email before the first sign-in, and
 * server-side sessions in the `sessions` table (revocable, 30 days). Its own
 * in-memory rate limiter is off: sign-in and sign-up are limited by the shared,
 * database-backed limiter in front of it (server/api/auth.ts, server/borrowers/accounts.server.ts).
 * Borrowers only: staff are in tables of their own, which nothing here reads (DECISIONS D20).
 */
export function createAuth(services: AuthServices) {
  const { config, db, log } = services;

  return betterAuth({
    appName: config.site.brandName,
    baseURL: config.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH.borrower,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // No account is signed in until its email is confirmed.
      autoSignIn: false,
      // scrypt as better-auth makes it, but light in a test run (decision 370).
      password: {
        hash: (password) => hashPassword(password, config.passwordHashing),
        verify: ({ hash, password }) => verifyPassword(hash, password, config.passwordHashing),
      },
      // Password reset (issue 12): a one-time link for an hour, sent by the outbox; a new
      // password ends every session. better-auth answers the same whether or not the
      // email has an account, and sends nothing for one that has none.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // One live link per account (issue 26): the link just emailed replaces every older
      // one; a link whose email was not sent (one already went in these few minutes) is
      // dropped at once, so the link in the inbox still works.
      async sendResetPassword({ user, url, token }) {
        const window = Math.floor(Date.now() / VERIFICATION_EMAIL_WINDOW_MS);
        const sent = await enqueue(db, "mail", resetPasswordMessage(config.site, { to: user.email, name: user.name, url }), {
          dedupeKey: `reset-password:${user.id}:${window}`,
        });
        const link = resetLinkIdentifier(token);
        if (sent) await deleteResetLinks(db, user.id, { except: link });
        else await db.delete(verifications).where(eq(verifications.identifier, link));
        services.kickOutbox();
      },
      // A new password ends every other link of the account, not only the one used.
      async onPasswordReset({ user }) {
        await deleteResetLinks(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed account that signs in with the right password gets a fresh link.
      sendOnSignIn: true,
      // The link confirms; the borrower then signs in with their password (decision 071).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_IN_SECONDS,
      // Never sends inline: the mail is an outbox job, so no request waits on SMTP.
      async sendVerificationEmail({ user, url }) {
        const window = Math.floor(Date.now() / VERIFICATION_EMAIL_WINDOW_MS);
        await enqueue(db, "mail", verifyEmailMessage(config.site, { to: user.email, name: user.name, url }), {
          dedupeKey: `verify-email:${user.id}:${window}`,
        });
        services.kickOutbox();
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Every request asks the database, so a revoked session ends at once.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" },
      // Sessions keep no client address (it is personal data, and the rate limiter has its own).
      ipAddress: { disableIpTracking: true },
    },
    databaseHooks: {
      user: {
        create: {
          // Names are cleaned as a lead's are (spec section 5), however the sign-up came in.
          async before(user) {
            return { data: { ...user, name: sanitiseName(user.name) || "Borrower" } };
          },
          // The profile (spec section 3): first and last name from the sign-up form.
          async after(user, context) {
            const body = (context?.body ?? {}) as Record<string, unknown>;
            const [first = "", ...rest] = user.name.trim().split(/\s+/);
            const firstName = sanitiseName(typeof body.firstName === "string" ? body.firstName : first);
            const lastName = sanitiseName(typeof body.lastName === "string" ? body.lastName : rest.join(" "));
            await createProfile(services, { userId: user.id, firstName, lastName });
          },
        },
        update: {
          // A changed name is cleaned as at sign-up; no profile picture is ever stored.
          async before(user) {
            const { image: _image, ...rest } = user;
            if (typeof rest.name !== "string") return { data: rest };
            const name = sanitiseName(rest.name);
            if (name) return { data: { ...rest, name } };
            const { name: _dropped, ...unnamed } = rest;
            return { data: unnamed };
          },
        },
      },
    },
    hooks: {
      // The spec's 'already registered' answer (section 8) instead of better-auth's
      // silent success for a taken email (decision 072). Sign-up is rate limited.
      // Every call is checked first: callbacks stay on the site, emails, names and
      // passwords follow the domain's rules (issue 12, server/borrowers/auth-guards.ts).
      before: createAuthMiddleware(async (ctx) => {
        guardAuthCall(ctx, new URL(config.siteUrl).origin);
        if (ctx.path !== "/sign-up/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : "";
        if (!email) return;
        const existing = await ctx.context.internalAdapter.findUserByEmail(email);
        if (existing) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: SIGN_UP_ALREADY_REGISTERED_PROVIDER,
          });
        }
      }),
    },
    logger: {
      level: "warn",
      // Its messages can quote an email address: keep only the gist, and no arguments.
      log: (level, message) => {
        if (level === "error") log.error({ component: "auth" }, withoutEmails(message));
        else log.warn({ component: "auth" }, withoutEmails(message));
      },
    },
    onAPIError: {
      // A refused sign-in is an answer, not a fault: only server-side failures are logged.
      onError(error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && status < 500) return;
        log.error({ component: "auth", status }, withoutEmails(error instanceof Error ? error.message : String(error)));
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module "../platform/services" {
  interface ServerContext {
    /** Accounts, for the per-request account pages; set by createApp. */
    auth?: Auth;
  }
}

/** How better-auth names a reset link's row in `verifications` (its value is the user's id). */
const resetLinkIdentifier = (token: string) => `reset-password:${token}`;

/** Deletes the account's password reset links, all of them or all but one. */
async function deleteResetLinks(db: AuthServices["db"], userId: string, { except }: { except?: string } = {}) {
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, "reset-password:%"),
        eq(verifications.value, userId),
        except ? ne(verifications.identifier, except) : undefined,
      ),
    );
}

/** Postgres' unique_violation: the profile is already there. */
const UNIQUE_VIOLATION = "23505";

/**
 * Creates the profile row for a new user. A duplicate is ignored (spec section 8);
 * any other failure is logged and does not undo the sign-up.
 */
export async function createProfile(
  services: Pick<Services, "db" | "log">,
  profile: { userId: string; firstName: string; lastName: string; phone?: string | null },
) {
  try {
    await services.db.insert(profiles).values({ ...profile, phone: profile.phone ?? null });
  } catch (error) {
    if (errorCode(error) === UNIQUE_VIOLATION) return;
    services.log.error(
      { err: error instanceof Error ? error.message : String(error), userId: profile.userId },
      "profile insert failed",
    );
  }
}

function errorCode(error: unknown): string | undefined {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The signed-in user for a request (from its session cookie), or null. */
export async function sessionFromRequest(auth: Auth, request: Request) {
  if (!request.headers.get("cookie")) return null;
  try {
    return await auth.api.getSession({ headers: request.headers });
  } catch {
    return null;
  }
}

/** `identify` for the lead APIs: the signed-in user's id, or null. */
export function identifyWith(auth: Auth) {
  return async (request: Request) => (await sessionFromRequest(auth, request))?.user.id ?? null;
}

/** A log line with any email address in it blanked out. */
export function withoutEmails(message: string) {
  return withoutEmailAddresses(message.slice(0, 1000)).slice(0, 200);
}
