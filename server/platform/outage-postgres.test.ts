import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { SERVICE_BUSY } from "../../app/domain/messages";
import { postJson } from "../../tests/support/app";
import { createScratchDatabase } from "../../tests/support/database";
import { validQuote } from "../../tests/support/leads";
import { capturedLog } from "../../tests/support/log";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { createApp, RETRY_AFTER_SECONDS } from "../app";
import { type DatabaseHandle, openDatabase } from "./db/client";

// The outage log and the 503s against a real PostgreSQL that refuses and hangs (through
// a TCP proxy); server/platform/outage.test.ts tells the causes apart without a server.

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
