import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, readConfig } from "../../app/config.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { contactMessages, personalEnquiries, quotes, users } from "../../server/platform/db/schema";
import { capturingLogger, createTestApp, hasBuild, loadBuild, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validEnquiry, validQuote } from "../support/leads";
import { withClockHeld } from "../support/clock";

// Issue 12: one test (at least) for each defect found against the running server.

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-42-quay";
const validContact = {
  name: "Jane Smith",
  email: "jane.contact@example.com",
  phone: "07700 900123",
  subject: "Question about school fees",
  message: "Could you tell me more about school fee loans, please?",
};

const form = (fields: Record<string, string>, address = freshAddress(), headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address, ...headers },
  body: new URLSearchParams(fields).toString(),
});

describe("TRUST_PROXY (defect 2)", () => {
  it.each([
    ["false", 0],
    ["true", 1],
    ["0", 0],
    ["1", 1],
    ["2", 2],
  ])("TRUST_PROXY=%s trusts %i hops", (value, hops) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => readConfig({ TRUST_PROXY: "yes" })).toThrow(ConfigError);
    expect(() => readConfig({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(testDatabaseKinds())("hardening on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;
  let captured: ReturnType<typeof capturingLogger>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    captured = capturingLogger();
    site = createTestApp(database, {}, { log: captured.log, build });
  });
  afterAll(async () => {
    await database.close();
  });

  const request = (path: string, init?: RequestInit) => site.app.request(`${SITE}${path}`, init);
  const rowCount = async () => {
    const [q, e, c] = await Promise.all([
      database.db.select({ n: sql<number>`count(*)::int` }).from(quotes),
      database.db.select({ n: sql<number>`count(*)::int` }).from(personalEnquiries),
      database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages),
    ]);
    return (q[0]?.n ?? 0) + (e[0]?.n ?? 0) + (c[0]?.n ?? 0);
  };

  /** A confirmed borrower, signed in: the session cookie. */
  async function signedIn(email: string) {
    const address = freshAddress();
    const up = await request(
      "/api/auth/sign-up/email",
      postJson({ name: "Jane Doe", email, password: PASSWORD, firstName: "Jane", lastName: "Doe" }, address),
    );
    expect(up.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const response = await request("/api/auth/sign-in/email", postJson({ email, password: PASSWORD }, address));
    expect(response.status).toBe(200);
    return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }

  describe("open redirect (defect 1)", () => {
    const escapes = ["/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/%2e//evil.example", "/%2e%2e//evil.example"];

    it.each(escapes)("better-auth never redirects to another host: callbackURL=%s", async (callback) => {
      const response = await request(`/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent(callback)}`);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    });

    it("refuses a foreign callbackURL on sign-up and sign-in", async () => {
      for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
        const response = await request(
          path,
          postJson({ name: "A B", email: "cb@example.com", password: PASSWORD, callbackURL: "/.//evil.example" }, freshAddress()),
        );
        expect(response.status).toBe(400);
      }
    });

    it.skipIf(!hasBuild).each(escapes)("signed in, /auth?from=%s stays on the site", async (from) => {
      const cookie = await signedIn(`redirect-${escapes.indexOf(from)}@example.com`);
      const response = await request(`/auth?from=${encodeURIComponent(from)}`, { headers: { cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/account");
    });
  });

  describe.skipIf(!hasBuild)("the thank-you page (issue 26, item 7)", () => {
    it("names a lead (reference, amount, purpose), so no cache may keep it, as /account", async () => {
      const quote = await request("/api/quotes", postJson(validQuote({ email: "thanked@example.com" }), freshAddress()));
      const { id } = (await quote.json()) as { id: string };
      const response = await request(`/thank-you?ref=${id}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(id.slice(0, 8).toUpperCase());
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    });
  });

  describe("rate limits behind a proxy (defect 2)", () => {
    it("count the address the trusted proxy saw, not the one the client wrote", async () => {
      await withClockHeld(async () => {
        const statuses: number[] = [];
        for (let n = 1; n <= 12; n++) {
          const response = await request(
            "/api/auth/sign-in/email",
            // An account of its own each time: only the address's limit is at work here.
            postJson({ email: `nobody-${n}@example.com`, password: "wrong-password" }, `203.0.113.${n}, 192.0.2.77`),
          );
          statuses.push(response.status);
        }
        expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
        expect(statuses.slice(10)).toEqual([429, 429]);
      });
    });
  });

  describe.skipIf(!hasBuild)("body limits (defect 3)", () => {
    const big = "x".repeat(100 * 1024);

    it.each(["/auth", "/account", "/loans", "/contact-us", "/api/contact", "/api/quotes", "/api/auth/sign-in/email"])(
      "a body over the limit to %s is refused with 413 before it is parsed",
      async (path) => {
        const response = await request(path, form({ intent: "sign-in", email: big }));
        expect(response.status).toBe(413);
      },
    );

    it("also without a Content-Length (a chunked body is read up to the limit only)", async () => {
      const chunk = new TextEncoder().encode(`intent=sign-in&email=${"y".repeat(16 * 1024)}`);
      let sent = 0;
      const body = new ReadableStream({
        pull(controller) {
          if (sent++ < 8) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await request("/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
    });

    it.each(["/auth", "/api/quotes", "/api/contact", "/api/auth/sign-in/email"])(
      "past its rate limit, %s answers 429 without reading the body (sent with its length, as browsers do)",
      async (path) => {
        await withClockHeld(async () => {
          const address = freshAddress();
          const attempt = path.startsWith("/api/") ? postJson({ email: "a@example.com", password: "x" }, address) : form({ intent: "sign-in", email: "a@example.com", password: "x" }, address);
          for (let i = 0; i < 12; i++) await request(path, attempt);
          let read = false;
          const body = new ReadableStream(
            {
              pull(controller) {
                read = true;
                controller.enqueue(new TextEncoder().encode("intent=sign-in"));
                controller.close();
              },
            },
            { highWaterMark: 0 },
          );
          const response = await request(path, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Content-Length": "14", "X-Forwarded-For": address },
            body,
            duplex: "half",
          } as RequestInit);
          expect(response.status).toBe(429);
          expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(read).toBe(false);
        });
      },
    );
  });

  describe("personal data in the log (defect 4)", () => {
    it("a database that fails mid-submission leaves no personal value or address in the log", async () => {
      const broken = await openTestDatabase(kind);
      const log = capturingLogger();
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const app = createTestApp(broken, {}, { log: log.log, build }).app;
        await broken.close();
        const quote = validQuote({ email: "leaky.person@example.com", first_name: "Leakyfirst", phone: "07700 900999" });
        const address = "203.0.113.201";
        const responses = [
          await app.request(`${SITE}/api/quotes`, postJson(quote, address)),
          await app.request(`${SITE}/api/contact`, postJson({ ...validContact, email: "leaky.person@example.com" }, address)),
          await app.request(`${SITE}/api/auth/sign-up/email`, postJson({ name: "Leakyfirst Doe", email: "leaky.person@example.com", password: PASSWORD }, address)),
        ];
        if (hasBuild) responses.push(await app.request(`${SITE}/auth`, form({ intent: "sign-in", email: "leaky.person@example.com", password: PASSWORD }, address)));
        for (const response of responses) expect(response.status).toBeGreaterThanOrEqual(500);
        const text = log.text() + JSON.stringify(errors.mock.calls.map((call) => call.map(String)));
        // Something was logged at error level (50), whichever part met the outage first.
        expect(text).toMatch(/"level":50|error/);
        for (const secret of ["leaky.person", "Leakyfirst", "900999", "07700", address, "lead:", "sign-in:", PASSWORD]) {
          expect(text).not.toContain(secret);
        }
      } finally {
        errors.mockRestore();
      }
    });

    it("a lone surrogate in a name is a 400, and the log holds nothing of the lead", async () => {
      const before = await rowCount();
      const response = await request(
        "/api/quotes",
        postJson(JSON.stringify(validQuote({ email: "surrogate.person@example.com" })).replace('"Jane"', '"Jane\\ud800"'), freshAddress()),
      );
      expect(response.status).toBe(400);
      expect(await rowCount()).toBe(before);
      expect(captured.text()).not.toContain("surrogate.person");
    });
  });

  describe("no 5xx from malformed input (defect 5)", () => {
    const lone = (body: Record<string, unknown>, field: string) =>
      JSON.stringify({ ...body, [field]: "x" }).replace(`"${field}":"x"`, `"${field}":"A\\udc00"`);

    // Each case is named by words, not by its body: a body holds a fresh submission key,
    // and a test whose name changes from one collection to the next cannot be picked out
    // and run alone (StrykerJS does that for each mutant).
    it.each([
      ["/api/quotes", "a lone surrogate in first_name", lone(validQuote(), "first_name")],
      ["/api/quotes", "a lone surrogate in landing_page_url", lone(validQuote(), "landing_page_url")],
      ["/api/enquiries", "a lone surrogate in lastName", lone(validEnquiry(), "lastName")],
      ["/api/contact", "a lone surrogate in message", lone(validContact, "message")],
      ["/api/enquiries", "null", "null"],
      ["/api/quotes", "null", "null"],
      ["/api/contact", "null", "null"],
      ["/api/enquiries", "[]", "[]"],
      [
        "/api/auth/sign-up/email",
        "a NUL in the email",
        JSON.stringify({ name: "A B", email: "nul\u0000@example.com", password: PASSWORD }),
      ],
      [
        "/api/auth/sign-in/email",
        "a NUL in the email",
        JSON.stringify({ email: "nul\u0000@example.com", password: PASSWORD }),
      ],
      ["/api/auth/sign-up/email", "a lone surrogate in name", lone({ email: "lone@example.com", password: PASSWORD }, "name")],
    ])("%s answers 4xx to %s", async (path, _, body) => {
      const before = await rowCount();
      const response = await request(path, postJson(body, freshAddress()));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await rowCount()).toBe(before);
    });

    it("broken multipart to /api/contact is a 400", async () => {
      const response = await request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz", "X-Forwarded-For": freshAddress() },
        body: "--zzz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nJane",
      });
      expect(response.status).toBe(400);
    });

    describe.skipIf(!hasBuild)("pages", () => {
      it.each([
        ["/auth", "application/json", "{}"],
        ["/auth", "text/plain", "intent=sign-in"],
        ["/auth.data", "application/json", "{}"],
        ["/auth", "multipart/form-data; boundary=zzz", "--zzz\r\nbroken"],
        ["/account", "application/json", '{"intent":"sign-out"}'],
        ["/auth", "", ""],
      ])("%s with Content-Type '%s' answers 4xx", async (path, contentType, body) => {
        const headers: Record<string, string> = { "X-Forwarded-For": freshAddress() };
        if (contentType) headers["Content-Type"] = contentType;
        const response = await request(path, { method: "POST", headers, body });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      });

      it("a sign-up with a NUL in the email is a 400", async () => {
        const response = await request(
          "/auth",
          form({ intent: "sign-up", firstName: "A", lastName: "B", email: "nul\u0000@example.com", password: PASSWORD }),
        );
        expect(response.status).toBe(400);
      });

      it.each(["/loans", "/", "/no-such-page", "/contact-thankyou"])("a POST to %s, which has no action, is 405 with a page", async (path) => {
        const response = await request(path, form({ a: "b" }));
        expect([404, 405]).toContain(response.status);
        if (path === "/loans" || path === "/") expect(response.status).toBe(405);
        expect(await response.text()).not.toContain("useSite");
      });
    });
  });

  describe("JSON APIs (defect 6)", () => {
    const bodies: [string, unknown][] = [
      ["/api/quotes", validQuote()],
      ["/api/enquiries", validEnquiry()],
      ["/api/contact", validContact],
    ];

    it.each([["text/plain"], [""], ["application/xml"], ["application/octet-stream"], ["application/jsonx"]])(
      "refuse Content-Type '%s' with 415",
      async (contentType) => {
        for (const [path, body] of bodies) {
          const before = await rowCount();
          const headers: Record<string, string> = { "X-Forwarded-For": freshAddress() };
          if (contentType) headers["Content-Type"] = contentType;
          const response = await request(path, { method: "POST", headers, body: JSON.stringify(body) });
          expect(response.status, path).toBe(415);
          expect(await rowCount()).toBe(before);
        }
      },
    );

    it.each([
      [{ Origin: "https://evil.example" }],
      [{ "Sec-Fetch-Site": "cross-site" }],
      [{ Origin: "null" }],
    ])("refuse a post from another site (%o) with 403", async (headers) => {
      for (const [path, body] of bodies) {
        const init = postJson(body, freshAddress());
        const response = await request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
        expect(response.status, path).toBe(403);
      }
      const response = await request("/api/contact", form(validContact, freshAddress(), { Origin: "https://evil.example" }));
      expect(response.status).toBe(403);
    });

    it("accept a post from our own pages, with a charset, and the no-script contact form", async () => {
      const sameSite = { Origin: SITE, "Sec-Fetch-Site": "same-origin" };
      const quote = await request("/api/quotes", {
        method: "POST",
        headers: { ...sameSite, "Content-Type": "application/json; charset=utf-8", "X-Forwarded-For": freshAddress() },
        body: JSON.stringify(validQuote()),
      });
      expect(quote.status).toBe(201);
      const contact = await request("/api/contact", form(validContact, freshAddress(), sameSite));
      expect(contact.status).toBe(303);
      expect(contact.headers.get("location")).toBe("/contact-thankyou");
    });
  });

  describe.skipIf(!hasBuild)("behind a TLS-terminating proxy (defect 7)", () => {
    it("the account forms accept the site's own https Origin on an http request", async () => {
      const proxied = createTestApp(database, { SITE_URL: "https://loans.example", TRUST_PROXY: "1" }, { build });
      const response = await proxied.app.request("http://loans.example/auth", {
        ...form({ intent: "sign-in", email: "nobody@example.com", password: "wrong-password" }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://loans.example",
          "Sec-Fetch-Site": "same-origin",
          "X-Forwarded-For": freshAddress(),
          "X-Forwarded-Proto": "https",
        },
      });
      expect(response.status).toBe(401);
      const foreign = await proxied.app.request("http://loans.example/auth", {
        ...form({ intent: "sign-in", email: "nobody@example.com", password: "wrong-password" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "X-Forwarded-For": freshAddress() },
      });
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(foreign.status).toBeLessThan(500);
      expect(foreign.status).not.toBe(401);
    });
  });

  describe("passwords (defect 8)", () => {
    it.each([
      ["short", "Abc-12", /at least 8 characters/],
      ["common", "password123", /common/],
      ["common", "qwertyuiop", /common/],
    ])("a %s password is refused, saying why (JSON API)", async (_, password, message) => {
      const response = await request(
        "/api/auth/sign-up/email",
        postJson({ name: "Pat Doe", email: `pw-${password}@example.com`, password }, freshAddress()),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    });

    it.skipIf(!hasBuild)("a common password is refused on the sign-up form, saying why", async () => {
      const response = await request(
        "/auth",
        form({ intent: "sign-up", firstName: "Pat", lastName: "Doe", email: "pw-form@example.com", password: "iloveyou1" }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/too common/);
    });
  });

  describe("smaller items (defect 9)", () => {
    it.each([
      ["zero-width only", "\u200b\u200c\u200d\u2060\ufeff"],
      ["bidi controls only", "\u202e\u2066"],
    ])("a name of %s is refused", async (_, name) => {
      const response = await request("/api/quotes", postJson(validQuote({ first_name: name }), freshAddress()));
      expect(response.status).toBe(400);
    });

    it("bidi controls are taken out of names", async () => {
      const response = await request("/api/quotes", postJson(validQuote({ first_name: "Ja\u202ene\u2069" }), freshAddress()));
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.firstName).toBe("Jane");
    });

    it("an over-long name is refused with the limit, not cut", async () => {
      const response = await request("/api/quotes", postJson(validQuote({ first_name: "a".repeat(256) }), freshAddress()));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain("255 characters or fewer");
    });

    it("update-user cleans the name and refuses an image", async () => {
      const cookie = await signedIn("update-user@example.com");
      const headers = { cookie, Origin: SITE, "Content-Type": "application/json" };
      const image = await request("/api/auth/update-user", { method: "POST", headers, body: JSON.stringify({ image: "javascript:alert(1)" }) });
      expect(image.status).toBe(400);
      const name = await request("/api/auth/update-user", { method: "POST", headers, body: JSON.stringify({ name: "<b>Jane\u202e</b>" }) });
      expect(name.status).toBe(200);
      const [user] = await database.db.select().from(users).where(eq(users.email, "update-user@example.com"));
      expect(user?.name).toBe("bJane/b");
      expect(user?.image ?? null).toBeNull();
    });

    it.skipIf(!hasBuild)("the /auth form's 429 carries Retry-After", async () => {
      await withClockHeld(async () => {
        const address = freshAddress();
        let last: Response | undefined;
        for (let i = 0; i < 11; i++) last = await request("/auth", form({ intent: "sign-in", email: "a@example.com", password: "wrong-password" }, address));
        expect(last?.status).toBe(429);
        expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
      });
    });

    it("an unknown /api/auth path answers 404 in JSON", async () => {
      const response = await request("/api/auth/no-such-endpoint");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found" });
    });
  });
});
