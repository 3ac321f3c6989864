import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../app/domain/passwords";
import { withoutEmails } from "../auth";
import type { Database } from "../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import type { Services } from "../services";

// Staff sign-in (DECISIONS D14): a second better-auth instance on the same tables as
// the borrowers', with its own cookies (prefix "staff"), short sessions
// and TOTP required. It has no HTTP endpoints of its own: the /staff pages call it
// in-process from their actions, behind the shared rate limiter (server/staff/session.server.ts).

/**
 * The whole site, not /staff: React Router's data requests for the inbox go to
 * /staff.data, which a cookie scoped to /staff would not reach. The cookie is
 * httpOnly and SameSite=Strict, and only /staff pages read it.
 */
export const STAFF_COOKIE_PATH = "/";
export const STAFF_COOKIE_PREFIX = "staff";
/** Idle limit: a session not used for 30 minutes ends (better-auth's expiry, refreshed as it is used). */
export const STAFF_IDLE_SECONDS = 30 * 60;
/** Refresh the idle clock at most once a minute, not on every request. */
const STAFF_REFRESH_SECONDS = 60;
/** Absolute limit: 8 hours after signing in, whatever the use (checked by requireStaff). */
export const STAFF_SESSION_MAX_SECONDS = 8 * 60 * 60;

type StaffAuthServices = Pick<Services, "config" | "db" | "log">;

/** May this user hold a staff session: staff, not disabled, TOTP enrolled. */
export async function isActiveStaff(db: Database, userId: string) {
  const [user] = await db
    .select({ role: users.role, disabledAt: users.disabledAt, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return user?.role === "staff" && !user.disabledAt && user.twoFactorEnabled;
}

export function createStaffAuth({ config, db, log }: StaffAuthServices) {
  return betterAuth({
    appName: `${config.site.brandName} staff`,
    baseURL: config.siteUrl,
    basePath: "/staff/auth",
    secret: config.authSecret,
    trustedOrigins: [config.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH.staff,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: false },
        disabledAt: { type: "date", input: false, required: false },
      },
    },
    session: {
      expiresIn: STAFF_IDLE_SECONDS,
      updateAge: STAFF_REFRESH_SECONDS,
      cookieCache: { enabled: false },
    },
    plugins: [twoFactor({ issuer: `${config.site.brandName} staff`, twoFactorCookieMaxAge: 5 * 60 })],
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: STAFF_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: "strict",
        secure: config.isProduction,
        path: STAFF_COOKIE_PATH,
      },
      ipAddress: { disableIpTracking: true },
    },
    databaseHooks: {
      session: {
        create: {
          // Only an enrolled, active staff member ever holds a staff session.
          async before(session) {
            return (await isActiveStaff(db, session.userId)) ? { data: session } : false;
          },
        },
      },
    },
    logger: {
      level: "warn",
      log: (level, message) =>
        log[level === "error" ? "error" : "warn"]({ component: "staff-auth" }, withoutEmails(message)),
    },
    onAPIError: {
      onError(error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && status < 500) return;
        log.error({ component: "staff-auth", status }, "staff auth failed");
      },
    },
    telemetry: { enabled: false },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
