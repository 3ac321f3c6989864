import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountSignInPaused } from "../../app/domain/account-messages";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { rateLimits, users } from "../../server/platform/db/schema";
import { RATE_LIMITS, TOO_MANY_REQUESTS } from "../../server/platform/rate-limit";
import { createTestApp, postJson } from "../support/app";
import { withClockHeld } from "../support/clock";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// The account API's limits (server/api/auth.ts, DECISIONS D7): sign-in has its own
// bucket per address; sign-up and everything else that sends an email share another, so
// asking for confirmation or reset emails cannot be used to get round the sign-up limit.

describe.each(testDatabaseKinds())("the account API's limits on %s", (kind) => {
  let database: DatabaseHandle;
  let test: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    test = createTestApp(database);
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (path: string, body: unknown, address: string) =>
    test.app.request(`/api/auth${path}`, postJson(body, address));
  const someone = (n: number) => `limit.${n}.${Date.now()}@example.com`;

  it("counts confirmation emails, password resets and sign-ups from one address against one limit", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      const asks = [
        () => post("/send-verification-email", { email: someone(1) }, address),
        () => post("/request-password-reset", { email: someone(2), redirectTo: "/auth/reset-password" }, address),
      ];
      for (let i = 0; i < RATE_LIMITS.signUp.limit; i++) {
        expect((await asks[i % asks.length]?.())?.status).not.toBe(429);
      }
      for (const path of ["/send-verification-email", "/request-password-reset", "/sign-up/email"]) {
        const refused = await post(
          path,
          { email: someone(3), password: "Quay-ledger-harbour-42", name: "Jane Doe" },
          address,
        );
        expect(refused.status, path).toBe(429);
        expect(await refused.json()).toEqual({ error: TOO_MANY_REQUESTS });
        expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
      // Signing in is counted apart.
      expect(
        (await post("/sign-in/email", { email: someone(4), password: "not-the-password" }, address)).status,
      ).not.toBe(429);
    });
  });

  it("refuses sign-in past its own limit from one address, and leaves sign-up open to it", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      for (let i = 0; i < RATE_LIMITS.signIn.limit; i++) {
        expect(
          (await post("/sign-in/email", { email: someone(i), password: "not-the-password" }, address)).status,
        ).toBe(401);
      }
      const refused = await post("/sign-in/email", { email: someone(99), password: "not-the-password" }, address);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: TOO_MANY_REQUESTS });
      expect((await post("/send-verification-email", { email: someone(100) }, address)).status).not.toBe(429);
    });
  });

  describe("per account", () => {
    const PASSWORD = "Harbour-lantern-42";
    async function borrower(app: typeof test.app, email: string) {
      const made = await app.request(
        "/api/auth/sign-up/email",
        postJson({ name: "Gwen Guessed", email, password: PASSWORD }, freshAddress()),
      );
      expect(made.status).toBe(200);
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    }
    const signInTo = (app: typeof test.app, email: string, password: string, address: string) =>
      app.request("/api/auth/sign-in/email", postJson({ email, password }, address));
    afterAll(() => vi.useRealTimers());

    it("refuses the right password after wrong ones from four addresses, until the window is over", async () => {
      const email = someone(500);
      await borrower(test.app, email);
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const addresses = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await signInTo(test.app, email, `wrong-${i}`, addresses[i % 4] as string)).status);
      // No address reached its own limit: only the account's stopped them.
      expect(statuses.slice(0, RATE_LIMITS.accountSignIn.limit)).toEqual(Array(RATE_LIMITS.accountSignIn.limit).fill(401));
      expect(new Set(statuses.slice(RATE_LIMITS.accountSignIn.limit))).toEqual(new Set([429]));

      const refused = await signInTo(test.app, ` ${email.toUpperCase()}`, PASSWORD, freshAddress());
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.accountSignIn.windowMs / 1000);
      expect(await refused.json()).toEqual({ error: TOO_MANY_REQUESTS, message: accountSignInPaused(retryAfter) });
      expect(refused.headers.get("set-cookie")).toBeNull();

      // Another account is not held back (from another address: each of the four is at its own limit now).
      const other = someone(501);
      await borrower(test.app, other);
      expect((await signInTo(test.app, other, PASSWORD, freshAddress())).status).toBe(200);

      // The counters hold no address, only a keyed hash of it.
      const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      expect(keys.some((key) => key.startsWith(`${RATE_LIMITS.accountSignIn.name}:`))).toBe(true);
      expect(keys.join(" ")).not.toContain("@");

      // The pause lasts one short window: then the borrower signs in.
      vi.setSystemTime(start + RATE_LIMITS.accountSignIn.windowMs);
      expect((await signInTo(test.app, email, PASSWORD, freshAddress())).status).toBe(200);
      vi.useRealTimers();
    });

    it("scales the account's limit by RATE_LIMIT_SCALE", async () => {
      const scaled = createTestApp(database, { RATE_LIMIT_SCALE: "2" });
      const email = someone(502);
      await borrower(scaled.app, email);
      await withClockHeld(async () => {
        const statuses: number[] = [];
        for (let i = 0; i <= 2 * RATE_LIMITS.accountSignIn.limit; i++) {
          statuses.push((await signInTo(scaled.app, email, `wrong-${i}`, freshAddress())).status);
        }
        expect(statuses).toEqual([...Array(2 * RATE_LIMITS.accountSignIn.limit).fill(401), 429]);
      });
    });
  });

  it("answers a path better-auth does not have with a JSON 404", async () => {
    const response = await test.app.request("/api/auth/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
