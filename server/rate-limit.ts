import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Database } from "./db/client";
import { rateLimits } from "./db/schema";
import type { Services } from "./services";

export const TOO_MANY_REQUESTS = "Too many requests";

export interface RateLimitRule {
  /** Names the counter: each rule counts separately. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The limits on public writes, per client address (DECISIONS D7). */
export const RATE_LIMITS = {
  leadSubmission: { name: "lead", limit: 10, windowMs: 15 * 60_000 },
  contact: { name: "contact", limit: 5, windowMs: 15 * 60_000 },
  signIn: { name: "sign-in", limit: 10, windowMs: 15 * 60_000 },
  signUp: { name: "sign-up", limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** A rule with its limit multiplied by the configured scale (never below one). */
export function scaled(rule: RateLimitRule, scale: number): RateLimitRule {
  return { ...rule, limit: Math.max(1, Math.floor(rule.limit * scale)) };
}

/**
 * Counts one hit against `key` in the current fixed window and says whether it is
 * within the limit. The counter lives in the database, so every server shares it.
 */
export async function hit(db: Database, rule: RateLimitRule, clientKey: string, now = Date.now()) {
  const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
  const key = `${rule.name}:${clientKey}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000) };
}

/** The client's address: the proxy's word for it only when we sit behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean) {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Middleware refusing a client past `rule` with 429 `Too many requests`. */
export function rateLimit(services: Services, rule: RateLimitRule): MiddlewareHandler {
  const { db, config } = services;
  const effective = scaled(rule, config.rateLimitScale);
  return async (c, next) => {
    const result = await hit(db, effective, clientAddress(c, config.trustProxy));
    if (!result.allowed) {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ error: TOO_MANY_REQUESTS }, 429);
    }
    await next();
  };
}
