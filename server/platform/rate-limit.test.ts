import { like } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../tests/support/database";
import { readConfig } from "../../app/config.server";
import type { DatabaseHandle } from "./db/client";
import { rateLimits } from "./db/schema";
import { createLogger } from "./logger";
import {
  accountKey,
  clientAddress,
  hit,
  pastLimit,
  RATE_LIMIT_KEEP_MS,
  RATE_LIMITS,
  rateLimit,
  scaled,
  sweepRateLimits,
  TOO_MANY_REQUESTS,
} from "./rate-limit";

// The limits on public writes (DECISIONS D7): their values, the fixed windows they
// count in, the client they count against, and the sweep that keeps the table small.
// Every time is given, never read from the clock.

const MINUTE = 60_000;

/** A POST from a client address, as a trusted proxy forwards it. */
const postFrom = (address: string): RequestInit => ({ method: "POST", headers: { "X-Forwarded-For": address } });

describe("the limits", () => {
  it("are D7's, per client: so many hits in so many minutes", () => {
    // The literals are D7's (and the README's): sign-in 10 and sign-up 5 a client, leads 10
    // and contact messages 5 in 15 minutes; a staff account 5 in 5 minutes (decision 146). Tests that loop "up to the limit" follow any
    // value, so this is what holds the values themselves.
    const minutes = (rule: { limit: number; windowMs: number }) => [rule.limit, rule.windowMs / MINUTE];
    expect(Object.fromEntries(Object.entries(RATE_LIMITS).map(([name, rule]) => [name, minutes(rule)]))).toEqual({
      leadSubmission: [10, 15],
      contact: [5, 15],
      // Choosing or changing when to be called (decision 173): 20 in 15 minutes.
      callback: [20, 15],
      signIn: [10, 15],
      signUp: [5, 60],
      staffSignIn: [10, 15],
      // Per account, not per client (issue 26): 5 attempts in 5 minutes from anywhere.
      accountSignIn: [5, 5],
      staffAccountSignIn: [5, 5],
    });
    expect(new Set(Object.values(RATE_LIMITS).map((rule) => rule.name)).size).toBe(Object.keys(RATE_LIMITS).length);
  });

  it.each([
    ["a scale of 1 leaves the limit", 10, 1, 10],
    ["a scale of 100 multiplies it (browser tests share one address)", 10, 100, 1_000],
    ["a fraction is rounded down", 5, 1.5, 7],
    ["never below one hit", 5, 0.01, 1],
  ])("scaled: %s", (_rule, limit, scale, expected) => {
    const rule = { name: "scaled-test", limit, windowMs: MINUTE };
    expect(scaled(rule, scale)).toEqual({ name: "scaled-test", limit: expected, windowMs: MINUTE });
  });
});

describe("the account a sign-in attempt counts against", () => {
  it("is a keyed hash of the address as accounts are looked up: trimmed, any case; no address in it", () => {
    const key = accountKey("Gwen.Guessed@Example.com ", "secret");
    expect(key).toBe(accountKey("gwen.guessed@example.com", "secret"));
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(key).not.toBe(accountKey("gwen.guessed@example.com", "another secret"));
    expect(key).not.toBe(accountKey("gwen.guesses@example.com", "secret"));
  });
});

describe("the client a hit counts against", () => {
  const seenAs = async (hops: number, forwardedFor?: string) => {
    const app = new Hono().get("/", (c) => c.text(clientAddress(c, hops)));
    return (await app.request("/", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} })).text();
  };

  it.each([
    [1, "203.0.113.7, 198.51.100.1", "198.51.100.1"],
    [1, "198.51.100.1", "198.51.100.1"],
    [2, "203.0.113.7, 198.51.100.1, 10.0.0.2", "198.51.100.1"],
    [2, "198.51.100.1", "198.51.100.1"],
    [3, " 203.0.113.7 ,198.51.100.1,10.0.0.2 ", "203.0.113.7"],
    [1, "203.0.113.7, ,", "203.0.113.7"],
  ])("with %i trusted hops, X-Forwarded-For '%s' is client %s", async (hops, header, expected) => {
    expect(await seenAs(hops, header)).toBe(expected);
  });

  it("ignores X-Forwarded-For when no proxy is trusted (TRUST_PROXY=false)", async () => {
    // app.request has no socket: the connection's address is unknown, never the header's.
    expect(await seenAs(0, "203.0.113.7")).toBe("unknown");
  });

  it("falls back to the connection when a trusted proxy sent no address", async () => {
    expect(await seenAs(1)).toBe("unknown");
    expect(await seenAs(1, " , ")).toBe("unknown");
  });
});

describe.each(testDatabaseKinds())("counting on %s", (kind) => {
  let database: DatabaseHandle;
  const counters = async (name: string) =>
    (
      await database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `${name}:%`))
    ).length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts in fixed windows shared by every server on the database", async () => {
    const rule = { name: "shared-test", limit: 2, windowMs: MINUTE };
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(await hit(database.db, rule, "198.51.100.1", now)).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 60,
    });
    expect(await hit(database.db, rule, "198.51.100.1", now + 59_999)).toEqual({
      allowed: true,
      count: 2,
      retryAfterSeconds: 1,
    });
    // The limit's edge: the third hit in the window is refused, and told when to come back.
    expect(await hit(database.db, rule, "198.51.100.1", now + 30_500)).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 30,
    });
    expect((await hit(database.db, rule, "198.51.100.2", now)).allowed).toBe(true);
    // A new window starts afresh, on the minute.
    expect(await hit(database.db, rule, "198.51.100.1", now + MINUTE)).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 60,
    });
  });

  it("keeps each rule's count apart for the same client", async () => {
    const now = Date.UTC(2026, 0, 1, 13, 0, 0);
    const a = { name: "apart-a", limit: 1, windowMs: MINUTE };
    const b = { name: "apart-b", limit: 1, windowMs: MINUTE };
    expect((await hit(database.db, a, "198.51.100.4", now)).allowed).toBe(true);
    expect((await hit(database.db, b, "198.51.100.4", now)).allowed).toBe(true);
    expect((await hit(database.db, a, "198.51.100.4", now)).allowed).toBe(false);
  });

  it("says whether a client is already past a limit without counting a hit", async () => {
    const rule = { name: "past-test", limit: 2, windowMs: 15 * MINUTE };
    const now = Date.UTC(2026, 0, 1, 12, 14, 0);
    expect(await pastLimit(database.db, rule, "198.51.100.5", now)).toEqual({ past: false, retryAfterSeconds: 60 });
    await hit(database.db, rule, "198.51.100.5", now);
    expect((await pastLimit(database.db, rule, "198.51.100.5", now)).past).toBe(false);
    await hit(database.db, rule, "198.51.100.5", now);
    // Two hits of two: the next one would be refused, so the client is past the limit.
    expect(await pastLimit(database.db, rule, "198.51.100.5", now + 59_001)).toEqual({
      past: true,
      retryAfterSeconds: 1,
    });
    // Asking counted nothing: still two.
    expect((await hit(database.db, rule, "198.51.100.5", now)).count).toBe(3);
    // Another client, and the next window, start clean.
    expect((await pastLimit(database.db, rule, "198.51.100.6", now)).past).toBe(false);
    expect((await pastLimit(database.db, rule, "198.51.100.5", now + MINUTE)).past).toBe(false);
  });

  it("sweeps a window only once it began more than a day ago: a current count survives", async () => {
    expect(RATE_LIMIT_KEEP_MS).toBe(24 * 60 * MINUTE);
    const rule = { name: "sweep-test", limit: 2, windowMs: 60 * MINUTE };
    const now = Date.UTC(2026, 0, 3, 12, 0, 0);
    await hit(database.db, rule, "198.51.100.3", now - RATE_LIMIT_KEEP_MS - rule.windowMs); // gone
    await hit(database.db, rule, "198.51.100.3", now - RATE_LIMIT_KEEP_MS); // a day exactly: kept
    await hit(database.db, rule, "198.51.100.3", now);
    await hit(database.db, rule, "198.51.100.3", now);
    expect(await counters("sweep-test")).toBe(3);
    await sweepRateLimits(database.db, now);
    expect(await counters("sweep-test")).toBe(2);
    // The current window still holds its two hits: the third is refused.
    expect((await hit(database.db, rule, "198.51.100.3", now)).allowed).toBe(false);
  });

  it("counts hits that arrive together exactly, each with its own count", async () => {
    const rule = { name: "together-test", limit: 10, windowMs: MINUTE };
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const clients = ["198.51.100.7", "198.51.100.8"];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => hit(database.db, rule, clients[i % 2] as string, now)),
    );
    for (const client of [0, 1]) {
      const own = results.filter((_, i) => i % 2 === client);
      expect(own.map((r) => r.count)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(own.filter((r) => r.allowed)).toHaveLength(10);
    }
    // Calls in one batch count in the order they were made.
    expect(results.slice(0, 20).every((r) => r.allowed)).toBe(true);
    expect(results.slice(20).some((r) => r.allowed)).toBe(false);
    // And the counter holds all 25 of each: the next hit is the 26th.
    expect((await hit(database.db, rule, clients[0] as string, now)).count).toBe(26);
  });

  it("counts a batch holding two windows of one client apart", async () => {
    const rule = { name: "windows-test", limit: 5, windowMs: MINUTE };
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const results = await Promise.all(
      [now, now + MINUTE, now, now + MINUTE, now].map((at) => hit(database.db, rule, "198.51.100.9", at)),
    );
    expect(results.map((r) => r.count)).toEqual([1, 1, 2, 2, 3]);
  });

  it("answers 429 'Too many requests' past the limit, with Retry-After, scaled by RATE_LIMIT_SCALE", async () => {
    const services = {
      config: readConfig({ NODE_ENV: "test", TRUST_PROXY: "true", RATE_LIMIT_SCALE: "2" }),
      db: database.db,
      log: createLogger("silent"),
      kickOutbox: () => {},
      identify: async () => null,
    };
    const app = new Hono();
    app.post("/limited", rateLimit(services, { name: "mw-test", limit: 1, windowMs: MINUTE }), (c) => c.text("ok"));
    expect((await app.request("/limited", postFrom("192.0.2.9"))).status).toBe(200);
    expect((await app.request("/limited", postFrom("192.0.2.9"))).status).toBe(200);
    const refused = await app.request("/limited", postFrom("192.0.2.9"));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY_REQUESTS });
    expect(TOO_MANY_REQUESTS).toBe("Too many requests"); // the spec's error catalogue, word for word
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not held back.
    expect((await app.request("/limited", postFrom("192.0.2.10"))).status).toBe(200);
  });
});
