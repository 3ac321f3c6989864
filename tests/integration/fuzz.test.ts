import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { createScratchDatabase } from "../support/database";
import { hasBuild } from "../support/app";
import { type ServerProcess, startServerProcess } from "../support/server-process";

/**
 * Issue 12's acceptance: generated malformed bodies, content types and headers sent to
 * every write endpoint and page action of the running server (the real process on the
 * last build). Every request carries personal-looking values made for it; none may come
 * back as a 5xx, none may be stored, and none may appear in the server's log.
 */

const RUNS = 1200;
/** Where a request could leave a row; the server's own daily retention job is not one. */
const STORED_TABLES = {
  quotes: "true",
  personal_enquiries: "true",
  contact_messages: "true",
  users: "true",
  profiles: "true",
  jobs: "kind <> 'retention'",
  funnel_counts: "true",
};

const WRITE_TARGETS = [
  "/api/quotes",
  "/api/enquiries",
  "/api/contact",
  "/api/funnel",
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/update-user",
  "/api/auth/send-verification-email",
  "/auth",
  "/auth.data",
  "/auth?from=%2Faccount",
  "/account",
  "/auth/forgot-password",
  "/auth/reset-password?token=abc",
  "/contact-us",
  "/apply",
  "/loan-application",
  "/apply-personal",
  "/loans",
  "/",
  "/no-such-page",
];

/** A value that reads as someone's, unique to its request, so the log can be searched for it. */
const personal = fc.stringMatching(/^[a-z]{6}[0-9]{4}$/).map((s) => `pv${s}`);

/** Text that has broken servers before: lone surrogates, NUL, bidi and zero-width characters, markup, huge. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\ud800", "\udc00x", "a\u0000b", "\u202e\u2066", "\u200b\u200c\ufeff", "<script>", "%00", "' or 1=1 --", "/.//evil.example", "x".repeat(40_000)),
);
const nastyValue = fc.oneof(nastyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));

/** Defects that make any lead, message or account refused, whatever else is right in it. */
const defect = fc.constantFrom<Record<string, unknown>>(
  { consent: false, loan_amount: "lots", loanAmount: -1, email: "not-an-email", message: "" },
  { email: "a\u0000@example.com", phone: "12" },
  { homeowner_status: "castle", homeownerStatus: "castle", subject: "", password: "short" },
  // A form post turns a lone surrogate into U+FFFD, a real character: the short password still refuses it.
  { first_name: "\ud800", firstName: "\ud800", name: "\ud800", password: "1234567", consent: "no" },
  { property_value: 1.5, propertyValue: "x", email: 42, password: "password123", newPassword: "password123" },
  { callbackURL: "/.//evil.example", redirectTo: "//evil.example", email: "" },
);

const leadLike = fc
  .record({ who: personal, where: personal, phoneDigits: fc.stringMatching(/^[0-9]{9}$/), extra: fc.dictionary(fc.string({ maxLength: 12 }), nastyValue, { maxKeys: 4 }), defect, swap: fc.option(fc.tuple(fc.constantFrom("first_name", "email", "phone", "name", "message", "lastName"), nastyValue)) })
  .map(({ who, where, phoneDigits, extra, defect, swap }) => {
    const body: Record<string, unknown> = {
      first_name: who,
      firstName: who,
      last_name: "Smith",
      lastName: "Smith",
      name: `${who} Smith`,
      email: `${where}@example.com`,
      phone: `07${phoneDigits}`,
      password: `${who}-Quay-7`,
      loan_purpose: "debt-consolidation",
      homeowner_status: "mortgage",
      credit_history: "good",
      loan_amount: 50_000,
      property_value: 250_000,
      mortgage_balance: 100_000,
      loanType: "homeowner",
      loanAmount: 40_000,
      subject: "About a loan for my home",
      message: `Please call me, ${who}, about borrowing.`,
      intent: "sign-up",
      ...extra,
      ...(swap ? { [swap[0]]: swap[1] } : {}),
      ...defect,
    };
    return { body, secrets: [who, where, `07${phoneDigits}`] };
  });

const encodings = ["json", "json-charset", "urlencoded", "multipart", "multipart-broken", "text", "xml", "octet", "none", "random"] as const;

const requestCase = fc.record({
  target: fc.constantFrom(...WRITE_TARGETS),
  lead: leadLike,
  encoding: fc.constantFrom(...encodings),
  rawJson: fc.oneof(fc.constant(null), fc.constantFrom("null", "[]", "{", '"x"', "1e999", '{"__proto__":{"a":1}}'), fc.json()),
  randomType: fc.string({ maxLength: 40 }),
  origin: fc.constantFrom(undefined, "SITE", "https://evil.example", "null", "http://127.0.0.1:1"),
  fetchSite: fc.constantFrom(undefined, "same-origin", "cross-site", "same-site", "none"),
  forwardedFor: fc.option(fc.oneof(fc.ipV4(), fc.string({ maxLength: 30 }).filter((s) => !/[\r\n]/.test(s) && /^[\x20-\x7e]*$/.test(s)))),
  method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
});

type Case = typeof requestCase extends fc.Arbitrary<infer T> ? T : never;

/** The request a case describes: its body encoded (or garbled) as its content type says. */
function buildRequest(c: Case, siteOrigin: string): { init: RequestInit; secrets: string[] } {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  const fields = Object.fromEntries(Object.entries(c.lead.body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v) ?? ""]));
  switch (c.encoding) {
    case "json":
    case "json-charset":
      headers["Content-Type"] = c.encoding === "json" ? "application/json" : "application/json; charset=utf-8";
      body = c.rawJson !== null && c.rawJson.length % 3 === 0 ? c.rawJson : JSON.stringify(c.lead.body);
      break;
    case "urlencoded":
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(fields).toString();
      break;
    case "multipart":
    case "multipart-broken": {
      headers["Content-Type"] = "multipart/form-data; boundary=fuzzboundary";
      const parts = Object.entries(fields).map(([k, v]) => `--fuzzboundary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      body = c.encoding === "multipart" ? `${parts.join("")}--fuzzboundary--\r\n` : parts.join("").slice(0, -7);
      break;
    }
    case "text":
      headers["Content-Type"] = "text/plain";
      body = JSON.stringify(c.lead.body);
      break;
    case "xml":
      headers["Content-Type"] = "application/xml";
      body = `<lead>${Object.entries(fields).map(([k, v]) => `<f n="${k}">${v}</f>`).join("")}</lead>`;
      break;
    case "octet":
      headers["Content-Type"] = "application/octet-stream";
      body = new Blob([JSON.stringify(c.lead.body)]);
      break;
    case "none":
      body = JSON.stringify(c.lead.body);
      break;
    case "random":
      if (/^[\x21-\x7e][\x20-\x7e]*$/.test(c.randomType)) headers["Content-Type"] = c.randomType;
      body = new URLSearchParams(fields).toString();
      break;
  }
  if (c.origin) headers.Origin = c.origin === "SITE" ? siteOrigin : c.origin;
  if (c.fetchSite) headers["Sec-Fetch-Site"] = c.fetchSite;
  if (c.forwardedFor) headers["X-Forwarded-For"] = c.forwardedFor;
  return { init: { method: c.method, headers, body, redirect: "manual" }, secrets: c.lead.secrets };
}

describe.skipIf(!hasBuild)("fuzzing the running server (issue 12)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: ServerProcess;
  let log = "";

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) scratch = await createScratchDatabase();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
      // Past the limits every request would be a 429 and its body never looked at.
      RATE_LIMIT_SCALE: "100000",
    });
    server.child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
    server.child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${RUNS} malformed requests with no 5xx, stores nothing and logs no personal value`, async () => {
    const statuses = new Map<number, number>();
    const secrets: string[] = [];
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(requestCase, async (c) => {
        const { init, secrets: own } = buildRequest(c, server.baseUrl);
        secrets.push(...own);
        const response = await fetch(`${server.baseUrl}${c.target}`, init);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} ${c.method} ${c.target} ${c.encoding}`);
        return response.status < 500;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true },
    );
    console.info(`fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);

    // The log, once the server has stopped and flushed it.
    await server.stop();
    const leaked = secrets.filter((secret) => log.includes(secret));
    expect(log).toContain('"msg":"request"');
    expect(leaked).toEqual([]);

    const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, "pglite") });
    try {
      for (const [table, where] of Object.entries(STORED_TABLES)) {
        const result = (await database.db.execute(
          sql.raw(`select count(*)::int as n from "${table}" where ${where}`),
        )) as unknown as { rows: { n: number }[] };
        expect(result.rows[0]?.n, table).toBe(0);
      }
    } finally {
      await database.close();
    }
  }, 180_000);
});
