import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataRequestReference } from "../../app/domain/data-requests";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { dataRequests, users } from "../../server/platform/db/schema";
import { RATE_LIMITS } from "../../server/platform/rate-limit";
import { addStaff } from "../../server/staff/accounts.server";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type Send, signInStaff } from "../support/staff-sign-in";

// A borrower's correction requests from /account (DECISIONS D29), through the site: held to
// the rate limit of the account's other forms (the call-back and needs forms'), a robot's
// answered as if sent; and the console's Data requests page lists them a page at a time,
// the open ones first, with previous and next links that are plain links.

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";
const DAY = 86_400_000;

describe.skipIf(!hasBuild).each(testDatabaseKinds())("correction requests on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;

  const send: Send = async (path, init) => site.app.request(`${SITE}${path}`, init);
  const jsonPost = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE, "X-Forwarded-For": freshAddress() },
    body: JSON.stringify(body),
  });
  const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

  /** A borrower with a confirmed account, signed in: the session cookie and the account's id. */
  async function borrower(email: string) {
    const made = await send(
      "/api/auth/sign-up/email",
      jsonPost({ name: "Cai Corrects", email, password: PASSWORD, firstName: "Cai", lastName: "Corrects" }),
    );
    expect(made.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await send("/api/auth/sign-in/email", jsonPost({ email, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c?.includes("session_token"));
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!cookie || !user) throw new Error("not signed in");
    return { cookie, userId: user.id };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
  });
  afterAll(async () => {
    await database.close();
  });

  it("holds correction requests to the account's forms' rate limit, and answers a robot as if sent", async () => {
    const { cookie, userId } = await borrower("cai.limit@example.com");
    const address = freshAddress();
    const ask = (fields: Record<string, string>) =>
      send("/account", {
        method: "POST",
        headers: {
          Origin: SITE,
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": address,
          Cookie: cookie,
        },
        body: new URLSearchParams(fields).toString(),
      });
    const stored = async () =>
      (await database.db.select().from(dataRequests).where(eq(dataRequests.userId, userId))).length;

    const robot = await ask({ intent: "correction", details: "My surname is Corrects", website: "https://spam" });
    expect(robot.status).toBe(303);
    expect(robot.headers.get("Location")).toBe("/account?corrected=request#ask-heading");
    expect(await stored()).toBe(0);

    const limit = RATE_LIMITS.callback.limit;
    const answers: number[] = [];
    for (let n = 1; n <= limit; n++)
      answers.push((await ask({ intent: "correction", details: `Request ${n}` })).status);
    expect(answers).toEqual(Array(limit).fill(303));
    expect(await stored()).toBe(limit);
    const refused = await ask({ intent: "correction", details: "One too many" });
    expect(refused.status).toBe(429);
    // When to try again, as every other refused form says it.
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expect(await stored()).toBe(limit);
    // The details form is the same account's form: held to the same limit.
    expect((await ask({ intent: "details", firstName: "Cai", lastName: "Corrects", phone: "" })).status).toBe(429);
  });

  it("lists the requests fifty to a page, open ones first and soonest due first, with plain previous and next links", async () => {
    await database.db.delete(dataRequests);
    const { userId } = await borrower("cai.pages@example.com");
    const now = Date.now();
    const open = Array.from({ length: 70 }, (_, n) => ({
      kind: "correction" as const,
      userId,
      name: "Cai Corrects",
      email: "cai.pages@example.com",
      details: `Open request ${n}`,
      dueBy: new Date(now + (n + 1) * DAY),
    }));
    const answered = Array.from({ length: 45 }, (_, n) => ({
      kind: "correction" as const,
      userId,
      name: "Cai Corrects",
      email: "cai.pages@example.com",
      details: `Answered request ${n}`,
      dueBy: new Date(now - DAY),
      answeredAt: new Date(now - (n + 1) * 60_000),
    }));
    // Stored in no helpful order: the page orders them.
    const ids = await database.db
      .insert(dataRequests)
      .values([...answered, ...[...open].reverse()])
      .returning({ id: dataRequests.id, details: dataRequests.details });
    const reference = (details: string) => dataRequestReference(ids.find((r) => r.details === details)?.id ?? "");

    const { token } = await addStaff(database.db, {
      email: "cy.pages@firm.example",
      name: "Cy Compliance",
      roles: ["compliance"],
    });
    const staff = await signInStaff(send, {
      origin: SITE,
      enrolPath: `/staff/enrol?token=${token}`,
      email: "cy.pages@firm.example",
    });
    const page = async (query: string) => {
      const response = await send(`/staff/requests${query}`, { headers: { Cookie: staff.cookie } });
      return { status: response.status, text: await html(response) };
    };
    const openOn = (text: string) => (text.match(/Mark R-[0-9A-F]{8} answered/g) ?? []).length;
    const answeredOn = (text: string) => (text.match(/R-[0-9A-F]{8}: Cai Corrects, answered/g) ?? []).length;

    const first = await page("");
    expect(first.status).toBe(200);
    expect(first.text).toContain("Correction requests (70 open)");
    expect(openOn(first.text)).toBe(50);
    expect(answeredOn(first.text)).toBe(0);
    expect(first.text.indexOf(reference("Open request 0"))).toBeLessThan(
      first.text.indexOf(reference("Open request 1")),
    );
    expect(first.text).not.toContain(reference("Open request 50"));
    expect(first.text).toContain('href="/staff/requests?page=2"');
    expect(first.text).not.toContain("Previous page");

    const second = await page("?page=2");
    expect(second.status).toBe(200);
    expect(second.text).toContain("Correction requests (70 open)");
    expect(openOn(second.text)).toBe(20);
    expect(second.text).toContain(reference("Open request 50"));
    expect(answeredOn(second.text)).toBe(30);
    // The answered ones follow, the newest answered first.
    expect(second.text.indexOf(reference("Answered request 0"))).toBeLessThan(
      second.text.indexOf(reference("Answered request 1")),
    );
    expect(second.text).toContain('href="/staff/requests?page=1"');
    expect(second.text).toContain('href="/staff/requests?page=3"');

    const third = await page("?page=3");
    expect(openOn(third.text)).toBe(0);
    expect(answeredOn(third.text)).toBe(15);
    expect(third.text).toContain('href="/staff/requests?page=2"');
    expect(third.text).not.toContain("Next page");

    for (const odd of ["0", "-1", "abc", "1.5", "99999999999999999999"]) {
      const refused = await page(`?page=${odd}`);
      expect(refused.status, odd).toBe(400);
      expect(refused.text).toContain("There is no such page of correction requests");
    }
  });
});
