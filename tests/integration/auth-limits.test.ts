import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { RATE_LIMITS, TOO_MANY_REQUESTS } from "../../server/rate-limit";
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

  it("answers a path better-auth does not have with a JSON 404", async () => {
    const response = await test.app.request("/api/auth/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
