import { createHmac } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { batchedPerDatabase } from "./db/batch";
import type { Database } from "./db/client";
import { rowsOf } from "./db/rows";
import { rateLimits } from "./db/schema";
import type { AppConfig } from "../../app/config.server";

export const TOO_MANY_REQUESTS = "Too many requests";

export interface RateLimitRule {
  /** Names the counter: each rule counts separately. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * The limits on public writes, per client address (DECISIONS D7); and `accountSignIn`,
 * per borrower account whatever the address (keyed by `accountKey`): five attempts in a
 * short window, so guessing a password from many addresses gets nowhere, while a
 * stranger can keep the borrower out for five minutes at most (decision 158); and
 * `staffAccountSignIn`, the same for staff accounts (decision 146).
 */
export const RATE_LIMITS = {
  leadSubmission: { name: "lead", limit: 10, windowMs: 15 * 60_000 },
  contact: { name: "contact", limit: 5, windowMs: 15 * 60_000 },
  /** A borrower choosing or changing when to be called (thank-you page, account page). */
  callback: { name: "callback", limit: 20, windowMs: 15 * 60_000 },
  signIn: { name: "sign-in", limit: 10, windowMs: 15 * 60_000 },
  accountSignIn: { name: "account-sign-in", limit: 5, windowMs: 5 * 60_000 },
  signUp: { name: "sign-up", limit: 5, windowMs: 60 * 60_000 },
  staffSignIn: { name: "staff-sign-in", limit: 10, windowMs: 15 * 60_000 },
  /**
   * Per staff account, from every address together (keyed by a hash of the address typed):
   * slows a spread-out guesser to 5 tries in 5 minutes, and holds the adviser back for
   * at most 5 minutes, never the day (decision 146).
   */
  staffAccountSignIn: { name: "staff-account-sign-in", limit: 5, windowMs: 5 * 60_000 },
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
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const count = await countHit(db, { key: `${rule.name}:${clientKey}`, windowStart });
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}

/**
 * The counter key of one account's sign-in attempts: a keyed hash of the email address
 * as typed, trimmed and lower-cased (as accounts are looked up), so the counters hold no
 * address and nobody without the secret can tell whose they are.
 */
export function accountKey(email: string, secret: string) {
  return createHmac("sha256", secret)
    .update(`account-sign-in\0${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

/** One more sign-in attempt against the account of `email` (`accountSignIn`, scaled like every limit). */
export function hitAccountSignIn(db: Database, config: { rateLimitScale: number; authSecret: string }, email: string) {
  return hit(db, scaled(RATE_LIMITS.accountSignIn, config.rateLimitScale), accountKey(email, config.authSecret));
}

/** Rate-limit windows older than this are over for every rule (the longest is an hour). */
export const RATE_LIMIT_KEEP_MS = 24 * 3_600_000;

/** Deletes the counters of windows long over; the outbox worker calls it once a minute. */
export async function sweepRateLimits(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - RATE_LIMIT_KEEP_MS)));
}

/**
 * Whether this client is already past `rule` in the current window, without counting a
 * hit: a page action asks before it reads the body, then counts once it knows what was asked.
 */
export async function pastLimit(db: Database, rule: RateLimitRule, clientKey: string, now = Date.now()) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${clientKey}`), eq(rateLimits.windowStart, new Date(windowStart))));
  return {
    past: (row?.count ?? 0) >= rule.limit,
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}

interface Hit {
  key: string;
  /** The window's start, ms since the epoch. */
  windowStart: number;
}

/** Each database's hits, counted in batches (db/batch.ts): one upsert for every hit waiting. */
const countHit = batchedPerDatabase(countHits);

/**
 * Adds a batch of hits to their counters and answers each hit's own count, as if
 * they had come one after another in the order given. One row per counter, updated
 * in key order, so concurrent batches never wait on each other in a circle.
 */
async function countHits(db: Database, hits: Hit[]): Promise<number[]> {
  const groups = new Map<string, { key: string; window_start: string; hits: number }>();
  const groupOf = (h: Hit) => `${h.windowStart} ${h.key}`;
  for (const h of hits) {
    const group = groups.get(groupOf(h));
    if (group) group.hits++;
    else groups.set(groupOf(h), { key: h.key, window_start: new Date(h.windowStart).toISOString(), hits: 1 });
  }
  const counted = await rowsOf<{ key: string; window_ms: number | string; count: number | string }>(
    db,
    sql`
    insert into ${rateLimits} (key, window_start, count)
    select key, window_start, hits
    from jsonb_to_recordset(${JSON.stringify([...groups.values()])}::jsonb) as hit (key text, window_start timestamptz, hits int)
    order by key, window_start
    on conflict (key, window_start) do update set count = ${rateLimits}.count + excluded.count
    returning key, (extract(epoch from window_start) * 1000)::float8 as window_ms, count`,
  );
  const totals = new Map(counted.map((row) => [`${Number(row.window_ms)} ${row.key}`, Number(row.count)]));
  const seen = new Map<string, number>();
  return hits.map((h) => {
    const group = groupOf(h);
    const before = seen.get(group) ?? 0;
    seen.set(group, before + 1);
    const total = totals.get(group);
    if (total === undefined) throw new Error(`no count came back for ${h.key}`);
    return total - (groups.get(group)?.hits ?? 1) + before + 1;
  });
}

/**
 * The client's address. Behind `trustedHops` proxies, each appends the address it saw
 * to X-Forwarded-For, so the client's is the `trustedHops`-th entry from the right:
 * entries further left were written by the client and prove nothing. With fewer
 * entries than hops, the left-most is the best there is.
 */
export function clientAddress(c: Context, trustedHops: number) {
  if (trustedHops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const forwarded = entries[Math.max(0, entries.length - trustedHops)];
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Middleware refusing a client past `rule` with 429 `Too many requests`. */
export function rateLimit(
  { db, config }: { db: Database; config: Pick<AppConfig, "rateLimitScale" | "trustProxy"> },
  rule: RateLimitRule,
): MiddlewareHandler {
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
