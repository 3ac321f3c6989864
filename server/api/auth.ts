import { Hono } from "hono";
import type { Auth } from "../auth";
import { RATE_LIMITS, rateLimit } from "../rate-limit";
import type { Services } from "../services";

/**
 * better-auth's endpoints at /api/auth/*, behind the shared, database-backed rate
 * limits (DECISIONS D7): sign-in; sign-up and anything else that sends an email.
 */
export function authApi(services: Services, auth: Auth) {
  const api = new Hono();
  const signIn = rateLimit(services, RATE_LIMITS.signIn);
  const signUp = rateLimit(services, RATE_LIMITS.signUp);
  api.post("/sign-in/*", signIn);
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
