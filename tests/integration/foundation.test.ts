import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../app/config.server";
import { createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { enqueue, retryDelayMs, startOutboxWorker } from "../../server/platform/outbox";
import { inlineScriptHashes } from "../../server/platform/security";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const silent = createLogger("silent");
const message = (to: string, subject = "Hello") => ({ to, subject, text: "plain body", html: "<p>html body</p>" });

describe.each(testDatabaseKinds())("foundation on %s", (kind) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await database.close();
  });
  afterEach(() => sink.refuse(false));

  describe("migrations", () => {
    it("create every table the product stores", async () => {
      const result = (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
      )) as unknown as { rows: { table_name: string }[] };
      const tables = result.rows.map((r) => r.table_name);
      for (const table of [
        "quotes",
        "personal_enquiries",
        "contact_messages",
        "profiles",
        "jobs",
        "rate_limits",
        "users",
        "sessions",
        "accounts",
        "verifications",
      ]) {
        expect(tables).toContain(table);
      }
    });

    it("are a no-op when applied again", async () => {
      await expect(database.migrate()).resolves.toBeUndefined();
    });
  });

  describe("HTTP", () => {
    it("/healthz answers 200 while the database answers", async () => {
      const { app } = createTestApp(database);
      const response = await app.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });

    it("unknown API paths answer 404 in JSON", async () => {
      const { app } = createTestApp(database);
      const response = await app.request("/api/nothing-here");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found" });
    });

    it("refuses a body over the limit with 413", async () => {
      const { app } = createTestApp(database);
      const response = await app.request("/api/contact", postJson({ message: "x".repeat(40_000) }));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: "Request body too large" });
    });

    it("sets the security headers on every response", async () => {
      const { app } = createTestApp(database);
      const response = await app.request("/healthz");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    });

    it("adds HSTS in production", async () => {
      const config = readConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) });
      const app = createApp({ config, db: database.db, log: silent, kickOutbox: () => {} });
      const response = await app.request("/healthz");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    });

    it("serves prerendered pages with a CSP that allows exactly their inline scripts", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "client-"));
      const inline = "window.__ctx = 1;";
      writeFileSync(
        path.join(dir, "index.html"),
        `<!doctype html><html><body><h1>Hi</h1><script>${inline}</script></body></html>`,
      );
      const config = readConfig({ NODE_ENV: "test" });
      const app = createApp({ config, db: database.db, log: silent, kickOutbox: () => {}, clientDir: dir });
      const response = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status).toBe(200);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain(inlineScriptHashes(`<script>${inline}</script>`)[0]);
      expect(csp).toMatch(/script-src 'self' 'sha256-[^;]*;/);
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'none'");
      const etag = response.headers.get("ETag") ?? "";
      expect((await app.request("/", { headers: { "If-None-Match": etag } })).status).toBe(304);
      expect((await app.request("/about/")).headers.get("Location")).toBe("/about");
    });
  });

  describe("the outbox", () => {
    function worker(overrides: { smtpUrl?: string } = {}) {
      const mailer = createMailer({
        smtpUrl: overrides.smtpUrl ?? sink.url,
        mailDir: "",
        from: "Test <test@example.com>",
      });
      return startOutboxWorker({ db: database.db, mailer, log: silent, pollMs: 60_000, retryDelay: () => 0 });
    }

    it("delivers a queued email through SMTP and marks the job done", async () => {
      await enqueue(database.db, "mail", message("deliver@example.com", "Delivered"));
      const w = worker();
      await w.drain();
      await w.stop();
      expect(sink.messages.filter((m) => m.to.includes("deliver@example.com"))).toHaveLength(1);
      const [job] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'deliver@example.com'`);
      expect(job?.status).toBe("done");
    });

    it("keeps a job through an SMTP outage and sends it once when mail comes back", async () => {
      sink.refuse(true);
      await enqueue(database.db, "mail", message("outage@example.com", "After the outage"));
      const w = worker();
      await w.drain();
      const [failed] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'outage@example.com'`);
      expect(failed?.status).toBe("pending");
      expect(failed?.attempts).toBe(1);
      expect(failed?.lastError).toBeTruthy();
      sink.refuse(false);
      await w.drain();
      await w.drain();
      await w.stop();
      expect(sink.messages.filter((m) => m.to.includes("outage@example.com"))).toHaveLength(1);
    });

    it("survives a restart: a job a failed worker left is sent by the next one", async () => {
      const first = worker({ smtpUrl: "smtp://127.0.0.1:1" }); // nothing listens there
      await enqueue(database.db, "mail", message("restart@example.com"));
      await first.drain();
      await first.stop();
      const second = worker();
      await second.drain();
      await second.stop();
      expect(sink.messages.filter((m) => m.to.includes("restart@example.com"))).toHaveLength(1);
    });

    it("adds a job with a dedupe key only once", async () => {
      await enqueue(database.db, "mail", message("once@example.com"), { dedupeKey: "once" });
      await enqueue(database.db, "mail", message("once@example.com"), { dedupeKey: "once" });
      const rows = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, "once"));
      expect(rows).toHaveLength(1);
    });

    it("gives up after the job's maximum attempts", async () => {
      sink.refuse(true);
      await database.db.insert(jobs).values({ kind: "mail", payload: message("dead@example.com"), maxAttempts: 2 });
      const w = worker();
      await w.drain();
      await w.drain();
      await w.stop();
      const [job] = await database.db.select().from(jobs).where(sql`payload->>'to' = 'dead@example.com'`);
      expect(job?.status).toBe("dead");
    });
  });

  it("/healthz answers 503 when the database is unreachable", async () => {
    const other = await openTestDatabase(kind);
    const { app } = createTestApp(other);
    await other.close();
    const response = await app.request("/healthz");
    expect(response.status).toBe(503);
  });
});

describe("configuration", () => {
  it("has working defaults for local use", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.site.brandName).toBe("Harbourside Loans");
    expect(config.site.companyName).toBe("Harbourside Finance Ltd");
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "not-a-port"],
    ["DATABASE_URL", "mysql://somewhere"],
    ["FCA_FIRM_REFERENCE", "ABC"],
    ["PARTNER_A_URL", "not a url"],
    ["CONTACT_EMAIL", "nobody"],
  ])("refuses a bad %s, naming the variable", (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("requires AUTH_SECRET for a production server", () => {
    expect(() => readConfig({ NODE_ENV: "production" }, { forServer: true })).toThrow(/AUTH_SECRET/);
    expect(() => readConfig({ NODE_ENV: "production" })).not.toThrow();
  });

  it("retries after 10 s, then doubles, up to an hour, each spread by a tenth either way", () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(10_000);
    expect(retryDelayMs(2, mid)).toBe(20_000);
    expect(retryDelayMs(9, mid)).toBe(2_560_000);
    expect(retryDelayMs(10, mid)).toBe(3_600_000);
    expect(retryDelayMs(20, mid)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(9_000);
    expect(retryDelayMs(1, () => 0.999)).toBe(10_998);
    expect(retryDelayMs(20, () => 0)).toBe(3_240_000);
  });
});
