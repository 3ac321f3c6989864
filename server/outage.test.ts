import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../app/config.server";
import { SERVICE_BUSY } from "../app/domain/messages";
import { postJson } from "../tests/support/app";
import { createScratchDatabase } from "../tests/support/database";
import { validQuote } from "../tests/support/leads";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy";
import { createApp, RETRY_AFTER_SECONDS } from "./app";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { createLogger } from "./logger";
import { createOutageLog, isConnectionFailure } from "./outage";

/** A logger whose lines the test reads. */
function capturedLog(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger(level, destination), lines, text: () => lines.map((l) => JSON.stringify(l)).join("\n") };
}

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("telling a connection failure from a bad request", () => {
  it.each([
    ["a refused connection", refused, true],
    [
      "the same, wrapped by Drizzle with the query and its parameters",
      new DrizzleQueryError("insert …", ["a@b.c"], refused),
      true,
    ],
    [
      "PostgreSQL shutting down (57P01)",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      true,
    ],
    ["a connection exception (class 08)", Object.assign(new Error("connection failure"), { code: "08006" }), true],
    ["node-postgres giving up on a connection", new Error("timeout exceeded when trying to connect"), true],
    ["node-postgres giving up on an answer", new Error("Query read timeout"), true],
    [
      "a unique violation (23505)",
      Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }),
      false,
    ],
    [
      "bad input (22P02)",
      Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code: "22P02" }),
      false,
    ],
    ["a plain bug", new TypeError("x is undefined"), false],
  ])("%s → %s", (_, error, expected) => {
    expect(isConnectionFailure(error)).toBe(expected);
  });
});

describe("the outage log", () => {
  it("writes one line when a service goes, a count while it stays away, and one when it is back", () => {
    const { log, lines } = capturedLog();
    let now = 0;
    const outage = createOutageLog(log, "database", { reportEveryMs: 60_000, now: () => now });
    outage.succeeded();
    expect(lines).toHaveLength(0);
    for (let second = 0; second < 150; second++) {
      now = second * 1_000;
      outage.failed(refused);
    }
    expect(outage.down).toBe(true);
    now = 150_000;
    outage.succeeded();
    outage.succeeded();
    expect(outage.down).toBe(false);
    expect(lines.map((l) => [l.msg, l.failures ?? null])).toEqual([
      ["database unavailable", null],
      ["database still unavailable", 61],
      ["database still unavailable", 121],
      ["database back", 150],
    ]);
    // The cause, through the logger's error serializer: the code and the driver's words, no address.
    expect(lines[0]?.err).toEqual({ type: "Error", code: "ECONNREFUSED", message: "connect ECONNREFUSED [address]:5432" });
    expect(lines[3]?.downForMs).toBe(150_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL that goes away (through a TCP proxy)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  const captured = capturedLog();
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ url: proxy.via(scratch.url), maxConnections: 4 });
    await database.migrate();
    const config = readConfig({ NODE_ENV: "test", TRUST_PROXY: "true" });
    app = createApp({ config, db: database.db, log: captured.log, kickOutbox: () => {} });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  const quote = (email: string) => postJson(validQuote({ email, first_name: "Outage" }), "198.51.100.77");

  it("answers a quote 503 with Retry-After and a message the form shows while the database refuses", async () => {
    expect((await app.request("/api/quotes", quote("before@example.com"))).status).toBe(201);
    await proxy.refuse();
    const emails = Array.from({ length: 5 }, (_, i) => `refused-${i}@example.com`);
    for (const email of emails) {
      const response = await app.request("/api/quotes", quote(email));
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
      expect(await response.json()).toEqual({ error: SERVICE_BUSY });
    }
    expect((await app.request("/healthz")).status).toBe(503);
    await proxy.restore();
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/api/quotes", quote("after@example.com"))).status).toBe(201);

    // The outage is two lines with its cause, and none of them holds a borrower's details or address.
    const outageLines = captured.lines.filter((l) => String(l.msg).startsWith("database"));
    expect(outageLines.map((l) => l.msg)).toEqual(["database unavailable", "database back"]);
    expect(JSON.stringify(outageLines[0]?.err)).toMatch(/ECONNREFUSED|ECONNRESET|terminat|Connection/i);
    expect(captured.lines.filter((l) => Number(l.level) >= 40 && !String(l.msg).startsWith("database"))).toEqual([]);
    for (const secret of [...emails, "Outage", "198.51.100.77", "insert into"])
      expect(captured.text()).not.toContain(secret);
  });

  it("answers /healthz and a quote with 503 while the database hangs, rather than waiting for it", async () => {
    proxy.stall();
    try {
      const health = await app.request("/healthz");
      expect(health.status).toBe(503);
      const response = await app.request("/api/quotes", quote("hung@example.com"));
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      await proxy.restore();
    }
    await expect.poll(async () => (await app.request("/healthz")).status, { timeout: 10_000 }).toBe(200);
  });
});
