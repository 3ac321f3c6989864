import { Hono, type MiddlewareHandler } from "hono";
import { accountSignInPaused } from "../../app/domain/account-messages";
import type { Auth } from "../borrowers/auth";
import { hitAccountSignIn, RATE_LIMITS, rateLimit, TOO_MANY_REQUESTS } from "../platform/rate-limit";
import type { Services } from "../platform/services";

/**
 * better-auth's endpoints at /api/auth/*, behind the shared, database-backed rate
 * limits (DECISIONS D7): sign-in, per address and then per account; sign-up and
 * anything else that sends an email.
 */
export function authApi(services: Services, auth: Auth) {
  const api = new Hono();
  const signIn = rateLimit(services, RATE_LIMITS.signIn);
  const signUp = rateLimit(services, RATE_LIMITS.signUp);
  api.post("/sign-in/*", signIn);
  api.post("/sign-in/email", accountSignInLimit(services));
  api.post("/sign-up/*", signUp);
  api.post("/send-verification-email", signUp);
  api.post("/request-password-reset", signUp);
  api.on(["GET", "POST"], "/*", async (c) => {
    const response = await auth.handler(c.req.raw);
    // better-auth answers an unknown path with an empty 404: say so in JSON, as /api does.
    if (response.status === 404 && !response.headers.get("content-type")) return c.json({ error: "Not found" }, 404);
    return response;
  });
  return api;
}

/**
 * Refuses a sign-in to an account that has had its share of attempts in the window,
 * from whatever addresses (RATE_LIMITS.accountSignIn): 429 with Retry-After and a
 * message saying how long. A body with no email address is left to better-auth to refuse.
 */
function accountSignInLimit(services: Services): MiddlewareHandler {
  return async (c, next) => {
    const email = await postedEmail(c.req.raw);
    if (email) {
      const result = await hitAccountSignIn(services.db, services.config, email);
      if (!result.allowed) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return c.json({ error: TOO_MANY_REQUESTS, message: accountSignInPaused(result.retryAfterSeconds) }, 429);
      }
    }
    await next();
  };
}

/** The `email` of a posted JSON or form body, read from a copy so better-auth still reads the body itself. */
async function postedEmail(request: Request): Promise<string | null> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  try {
    const copy = request.clone();
    const email =
      mediaType === "application/json"
        ? ((await copy.json()) as { email?: unknown } | null)?.email
        : mediaType === "application/x-www-form-urlencoded" || mediaType === "multipart/form-data"
          ? (await copy.formData()).get("email")
          : null;
    return typeof email === "string" && email.trim() ? email : null;
  } catch {
    return null;
  }
}
