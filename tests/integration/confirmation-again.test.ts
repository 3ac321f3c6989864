import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONFIRMATION_SENT_AGAIN, SIGN_UP_SUCCESS, TOO_MANY_ATTEMPTS } from "../../app/domain/account-messages";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import { createAuth } from "../../server/borrowers/auth";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs } from "../../server/platform/db/schema";
import type { ServerContext } from "../../server/platform/services";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf } from "../support/staff-routes";

// The sign-up confirmation offers to send its email again (decision 462): the /auth
// route's action, from source, on a real database with better-auth wired as the server
// wires it. The clock is held (the rate limit and the one-email-per-few-minutes window
// count in fixed windows of the clock) and moved on by the test.

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-42-again";
const auth = await import("../../app/routes/auth");

describe.each(testDatabaseKinds())("sending the confirmation again, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = routeContext(database, freshAddress());
    context = { ...base, auth: createAuth(base) };
  });
  afterAll(async () => {
    vi.useRealTimers();
    await database.close();
  });

  const post = (fields: Record<string, string>, clientAddress: string) =>
    answerOf(() =>
      auth.action({
        request: new Request(`${SITE}/auth`, {
          method: "POST",
          headers: {
            Origin: SITE,
            "Sec-Fetch-Site": "same-origin",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields),
        }),
        context: { ...context, clientAddress },
        params: {},
      } as never),
    );
  const signUp = (email: string, address: string) =>
    post({ intent: "sign-up", firstName: "Sam", lastName: "Again", email, password: PASSWORD }, address);
  const again = (email: string, address: string) => post({ intent: "resend-confirmation", email, from: "" }, address);
  /** The confirmation emails queued for an account of this address (one per few minutes at most). */
  const confirmations = async (email: string) => {
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.payload}::text like ${`%${email}%`}`);
    return rows[0]?.n ?? 0;
  };

  it("answers the confirmation panel again, saying a new link is on its way, and sends one once the few minutes have passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-07T10:00:30Z") });
    const email = `again-${kind}-${Date.now()}@example.com`;
    const address = freshAddress();
    const signedUp = await signUp(email, address);
    expect(signedUp.status).toBe(200);
    expect(signedUp.body).toMatchObject({ intent: "sign-up", success: SIGN_UP_SUCCESS, sentTo: email });
    expect(await confirmations(email)).toBe(1);

    // Asked again at once: the same panel and words, and no second email in the same few minutes.
    const soon = await again(email, address);
    expect(soon.status).toBe(200);
    expect(soon.body).toEqual({
      intent: "sign-up",
      success: SIGN_UP_SUCCESS,
      sentTo: email,
      resent: CONFIRMATION_SENT_AGAIN,
    });
    expect(await confirmations(email)).toBe(1);

    // Six minutes on: a new link goes.
    vi.setSystemTime(new Date("2026-12-07T10:06:30Z"));
    const later = await again(email, address);
    expect(later.body).toMatchObject({ resent: CONFIRMATION_SENT_AGAIN });
    expect(await confirmations(email)).toBe(2);
    vi.useRealTimers();
  });

  it("says the same for an address with no account, and sends nothing", async () => {
    const email = `nobody-${kind}-${Date.now()}@example.com`;
    const answer = await again(email, freshAddress());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ intent: "sign-up", sentTo: email, resent: CONFIRMATION_SENT_AGAIN });
    expect(await confirmations(email)).toBe(0);
  });

  it("is held to the limit of everything that sends email, keeping the panel and saying why", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-07T12:00:30Z") });
    const email = `limit-${kind}-${Date.now()}@example.com`;
    const address = freshAddress();
    const limit = Math.max(1, Math.floor(RATE_LIMITS.signUp.limit * context.config.rateLimitScale));
    expect((await signUp(email, address)).status).toBe(200);
    for (let i = 1; i < limit; i++) expect((await again(email, address)).status).toBe(200);
    const refused = await again(email, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      intent: "sign-up",
      success: SIGN_UP_SUCCESS,
      sentTo: email,
      resendError: TOO_MANY_ATTEMPTS,
    });
    // Another visitor is not held by this one's presses.
    expect((await again(email, freshAddress())).status).toBe(200);
    vi.useRealTimers();
  });

  it("refuses an address that cannot be one with a 400, saying so", async () => {
    const answer = await again("not-an-address", freshAddress());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ intent: "sign-up", resendError: expect.stringMatching(/email/i) });
  });
});
