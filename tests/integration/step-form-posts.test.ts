import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOMEOWNER_STATUS_MISSING,
  MAIN_LOAN_BELOW_HOMEOWNER_MIN,
  QUICK_HOMEOWNER_LOAN_TOO_LOW,
  UK_PHONE_INVALID,
} from "../../app/domain/messages";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { funnelCounts, jobs, personalEnquiries, quotes } from "../../server/platform/db/schema";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, postedQuoteAnswers as quoteAnswers } from "../support/leads";
import { withClockHeld } from "../support/clock";

// Issue 13: the step forms posted as plain HTML forms, before or without their script.

const SITE = "http://localhost:3000";

const post = (
  fields: Record<string, string>,
  address = freshAddress(),
  headers: Record<string, string> = {},
): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address, ...headers },
  body: new URLSearchParams(fields).toString(),
});

describe.skipIf(!hasBuild).each(testDatabaseKinds())("step forms posted without script, on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
  });
  afterAll(async () => {
    await database.close();
  });

  const request = (path: string, init?: RequestInit) => site.app.request(`${SITE}${path}`, init);
  const quotesFor = (email: string) => database.db.select().from(quotes).where(eq(quotes.email, email));

  /** The funnel's counts by form, event, step and target, all days together. */
  const funnel = async () => {
    const sums: Record<string, number> = {};
    for (const row of await database.db.select().from(funnelCounts)) {
      const key = [row.form, row.event, row.step, row.target].filter(Boolean).join(" ");
      sums[key] = (sums[key] ?? 0) + row.n;
    }
    return sums;
  };
  const added = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(after).flatMap(([k, n]) => (n === (before[k] ?? 0) ? [] : [[k, n - (before[k] ?? 0)]])),
    );

  it("counts a form posted without script as the script counts it: steps going forward, a visitor sent on, a submission", async () => {
    const before = await funnel();
    const homeowner = { loanType: "homeowner", homeownerStatus: "mortgage" };
    // The quick check's first step, left for the homeowner path: the first step and the next.
    await request("/apply-personal", post({ step: "type", loanType: "homeowner" }));
    // Status to amount: the amount step counted on the homeowner branch.
    await request("/apply-personal", post({ step: "status", ...homeowner }));
    // Back, and a step refused with its problem: nothing counted.
    await request("/apply-personal", post({ step: "amount", ...homeowner, intent: "back" }));
    expect((await request("/apply-personal", post({ step: "amount", ...homeowner }))).status).toBe(400);
    // A personal loan: the first step, the amount on the personal branch, then sent on from where you live.
    await request("/apply-personal", post({ step: "type", loanType: "personal" }));
    const sentOn = await request(
      "/apply-personal",
      post({ step: "residential", loanType: "personal", loanAmount: "5000", residentialStatus: "council-tenant" }),
    );
    expect(sentOn.headers.get("location")).toBe("/creditec-redirect");
    // The eligibility check's last step: a submission.
    const stored = await request("/apply", post(quoteAnswers(`counted-${randomUUID()}@example.com`)));
    expect(stored.status).toBe(302);
    // A robot's posts are not counted.
    await request(
      "/apply-personal",
      post({ step: "type", loanType: "homeowner" }, freshAddress(), { "User-Agent": "Googlebot/2.1" }),
    );

    // Counted after the answer is sent: wait for the counts to settle.
    await expect.poll(async () => added(before, await funnel())).toEqual({
      "apply-personal step type": 2,
      "apply-personal step status": 1,
      "apply-personal step homeowner-amount": 1,
      "apply-personal step personal-amount": 1,
      "apply-personal redirect residential /creditec-redirect": 1,
      "apply submit check": 1,
    });
  });

  it("a step without its answer comes back 400 with the message beside the field", async () => {
    const response = await request("/apply", post({ step: "status" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(HOMEOWNER_STATUS_MISSING);
    expect(html).toContain('id="eligibility-homeownerStatus-error"');
  });

  it("an amount under the minimum comes back 400 with its message and the amount as typed", async () => {
    const response = await request(
      "/apply",
      post({ step: "amount", homeownerStatus: "mortgage", loanAmount: "5,000", loanPurpose: "other" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(MAIN_LOAN_BELOW_HOMEOWNER_MIN);
    expect(html).toMatch(/name="loanAmount"[^>]*value="5,000"|value="5,000"[^>]*name="loanAmount"/);
  });

  it("a complete step shows the next, with the answers so far in hidden fields", async () => {
    const response = await request("/apply", post({ step: "status", homeownerStatus: "mortgage" }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your loan");
    // Carried in a hidden field of a form the browser never restores over the page's own (autocomplete off).
    expect(html).toMatch(/<form [^>]*autoComplete="off"[^>]*>(?:(?!<\/form>).)*type="hidden" name="homeownerStatus" value="mortgage"/s);
  });

  it("a tenant borrowing £20,000 goes to partner A, as with script", async () => {
    const response = await request(
      "/apply",
      post({ step: "amount", homeownerStatus: "tenant", loanAmount: "20000", loanPurpose: "other" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/creditec-redirect");
  });

  it("the last step stores the quote with its emails and goes to the thank-you page with its reference", async () => {
    const email = `posted-${randomUUID()}@example.com`;
    const response = await request("/loan-application", post(quoteAnswers(email)));
    expect(response.status).toBe(302);
    const [row] = await quotesFor(email);
    expect(row).toBeDefined();
    expect(response.headers.get("location")).toBe(`/thank-you?ref=${row?.id}`);
    expect(row?.ltvRatio).toBeCloseTo(60);
    const mail = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.dedupeKey} like ${`%${row?.id}`}`);
    expect(mail).toHaveLength(2);
  });

  it("the same last step posted twice stores one quote", async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const fields = { ...quoteAnswers(email), submission_key: randomUUID() };
    const first = await request("/apply", post(fields));
    const second = await request("/apply", post(fields));
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await quotesFor(email)).toHaveLength(1);
  });

  it("a filled honeypot is answered as if saved, and nothing is stored", async () => {
    const email = `robot-${randomUUID()}@example.com`;
    const response = await request("/apply", post({ ...quoteAnswers(email), website: "https://spam.example" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/thank-you\?ref=[0-9a-f-]{36}$/);
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("a bad phone number keeps every answer and says why, beside the field", async () => {
    const email = `phone-${randomUUID()}@example.com`;
    const response = await request("/apply", post({ ...quoteAnswers(email), phone: "12345" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(UK_PHONE_INVALID);
    expect(html).toContain('value="12345"');
    expect(html).toContain(`value="${email}"`);
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("a choice the form does not offer is refused by the lead's schema with a reason, not stored", async () => {
    const email = `choice-${randomUUID()}@example.com`;
    const response = await request("/apply", post({ ...quoteAnswers(email), creditHistory: "spotless" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Validation Error: credit_history");
    expect(await quotesFor(email)).toHaveLength(0);
  });

  it("the eleventh lead from one address in the window is refused with 429, as by the endpoint", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await request("/apply", post(quoteAnswers(`limit-${i}-${randomUUID()}@example.com`), address));
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  it("the quick check stores a homeowner enquiry and refuses a small one with the spec's message", async () => {
    const email = `quick-${randomUUID()}@example.com`;
    const fields = {
      step: "check",
      loanType: "homeowner",
      homeownerStatus: "outright",
      loanAmount: "40000",
      loanPurpose: "home-improvements",
      age: "50-65",
      monthlyIncome: "3500",
      employmentStatus: "self-employed",
      creditHistory: "fair",
      firstName: "Sam",
      lastName: "Posted",
      email,
      phone: "07700 900456",
      consent: "on",
    };
    const small = await request("/apply-personal", post({ ...fields, step: "amount", loanAmount: "9000" }));
    expect(small.status).toBe(400);
    expect(await small.text()).toContain(QUICK_HOMEOWNER_LOAN_TOO_LOW);

    const response = await request("/apply-personal", post(fields));
    expect(response.status).toBe(302);
    const [row] = await database.db.select().from(personalEnquiries).where(eq(personalEnquiries.email, email));
    expect(response.headers.get("location")).toBe(`/thank-you?ref=${row?.id}`);
  });

  it("a bridging loan goes to the sister site", async () => {
    const response = await request("/apply-personal", post({ step: "type", loanType: "bridging" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(site.config.site.partners.bridgingUrl);
  });

  it.each([
    [
      "a JSON body",
      { headers: { "Content-Type": "application/json" }, body: "{}" },
      415,
      "The form must be sent as a form",
    ],
    [
      "a body that is not a form",
      { headers: { "Content-Type": "text/plain" }, body: "step=status" },
      415,
      "The form must be sent as a form",
    ],
    [
      "broken multipart",
      { headers: { "Content-Type": "multipart/form-data; boundary=zzz" }, body: "--zzz\r\nbroken" },
      400,
      "The form could not be read",
    ],
    // React Router refuses another origin's post to an action (400) before the action's own check (403).
    [
      "another site's post",
      {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: "step=status",
      },
      400,
      "Bad Request",
    ],
    [
      "an answer of 5,000 characters",
      {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `step=contact&firstName=${"x".repeat(5_000)}`,
      },
      400,
      "The answer to firstName is not one the form takes",
    ],
  ])("%s is refused with %i and a reason", async (_, init, status, reason) => {
    for (const path of ["/apply", "/apply-personal"]) {
      const response = await request(path, {
        method: "POST",
        headers: { "X-Forwarded-For": freshAddress(), ...init.headers },
        body: init.body,
      });
      expect(response.status, path).toBe(status);
      expect(await response.text()).toContain(reason);
    }
  });

  it("odd answers never make a 5xx", async () => {
    const odd = ["", "-1", "NaN", "1e309", "999999999999999999999", "<script>", "\u0000", "contact", "../", "£-5"];
    for (const path of ["/apply", "/apply-personal"]) {
      for (const value of odd) {
        const fields: Record<string, string> = { step: value, intent: value, goto: value };
        for (const name of [
          "homeownerStatus",
          "loanType",
          "loanAmount",
          "propertyValue",
          "mortgageBalance",
          "age",
          "email",
          "consent",
        ]) {
          fields[name] = value;
        }
        const response = await request(path, post(fields));
        expect(response.status, `${path} ${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
  });

  it("a page without an action still answers a POST with 405", async () => {
    expect((await request("/loans", post({ a: "b" }))).status).toBe(405);
  });
});
