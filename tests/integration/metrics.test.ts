import { isIP } from "node:net";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { backups, complaints, contactMessages, jobs } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { enqueue } from "../../server/platform/outbox";
import { postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// /metrics (decision 450): refused without its token (or, with none set, from anywhere
// but this machine), read by a Prometheus text-format parser with every named series
// present, and no label value that is a person's data, an id or an address.

const TOKEN = "metrics-token-for-the-test-0123456789";

const NAMED_SERIES = [
  "http_requests_total",
  "http_request_duration_seconds",
  "leads_stored_total",
  "outbox_jobs_waiting",
  "outbox_jobs_failed",
  "outbox_oldest_waiting_seconds",
  "emails_sent_total",
  "emails_failed_total",
  "db_pool_connections",
  "db_pool_max",
  "db_statement_errors_total",
  "complaints_open",
  "complaints_past_their_day",
  "callbacks_missed",
  "backup_last_success_timestamp_seconds",
];

const EMAIL = /@/;
/** A run of seven or more digits, with the spaces and signs a phone number is written with. */
const PHONE = /(?:\+?\d[\d\s()-]{5,}\d)/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Eight or more hex digits together: a token, a hash, an id without its dashes. */
const HEX_ID = /[0-9a-f]{8,}/i;

/** Why a label value would be refused, or null when it is a plain word. */
function personalOrIdentifying(value: string): string | null {
  if (EMAIL.test(value)) return "an email";
  if (PHONE.test(value)) return "a phone";
  if (UUID.test(value)) return "a uuid";
  if (HEX_ID.test(value)) return "a hex id";
  if (isIP(value.replace(/^::ffff:/, "")) !== 0) return "an address";
  if (value.includes("/") && !/^api\/[a-z-]+$/.test(value)) return "a path";
  return null;
}

describe("the label check itself", () => {
  it.each([
    ["jane.borrower@example.com", "an email"],
    ["07700 900123", "a phone"],
    ["+44 117 496 0123", "a phone"],
    ["3f2b8c1e-5d4a-4e7b-9c2d-1a2b3c4d5e6f", "a uuid"],
    ["deadbeefcafe", "a hex id"],
    ["203.0.113.10", "an address"],
    ["::1", "an address"],
    ["/staff/leads/quote", "a path"],
  ])("refuses %s as %s", (value, why) => {
    expect(personalOrIdentifying(value)).toBe(why);
  });
  it.each(["api/quotes", "staff", "pages", "quote", "personal-enquiry", "in-use", "200", "GET", "+Inf", "0.005"])(
    "lets %s through",
    (value) => {
      expect(personalOrIdentifying(value)).toBeNull();
    },
  );
});

describe.each(testDatabaseKinds())("/metrics on %s", (kind) => {
  let database: DatabaseHandle;
  const appWith = (env: Record<string, string> = {}) =>
    createApp({
      config: readConfig({ NODE_ENV: "test", TRUST_PROXY: "true", ...env }),
      db: database.db,
      log: createLogger("silent"),
      kickOutbox: () => {},
      poolUse: database.poolUse,
    });
  const scrape = (app: ReturnType<typeof appWith>, headers: Record<string, string>) =>
    app.request("/metrics", { headers });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("with a token set, answers only its bearer: none 401, a wrong one 403, from this machine too", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    const none = await scrape(app, { "X-Forwarded-For": "127.0.0.1" });
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain("http_requests_total");
    const wrong = await scrape(app, { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` });
    expect(wrong.status).toBe(403);
    const basic = await scrape(app, { Authorization: `Basic ${Buffer.from(`u:${TOKEN}`).toString("base64")}` });
    expect(basic.status).toBe(401);
    const right = await scrape(app, { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.10" });
    expect(right.status).toBe(200);
    expect(right.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers.get("Cache-Control")).toBe("no-store");
  });

  it("without a token, answers only the loopback address: the client's as the trusted proxy saw it, not one it forged", async () => {
    const app = appWith();
    expect((await scrape(app, { "X-Forwarded-For": "127.0.0.1" })).status).toBe(200);
    expect((await scrape(app, { "X-Forwarded-For": "::1" })).status).toBe(200);
    expect((await scrape(app, { "X-Forwarded-For": "203.0.113.10" })).status).toBe(403);
    // The client wrote the first entry; the proxy appended the address it saw.
    expect((await scrape(app, { "X-Forwarded-For": "127.0.0.1, 203.0.113.10" })).status).toBe(403);
    // No address at all (no proxy header, no socket in a test): refused.
    expect((await scrape(app, {})).status).toBe(403);
  });

  it("is read by a Prometheus text-format parser, every named series present, no label a person's data, an id or an address", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    const now = Date.now();
    // A lead stored through the site, with a person's name, email and phone, from an address.
    const person = {
      name: "Jane Borrower",
      email: "jane.borrower@example.com",
      phone: "07700 900123",
      subject: "Question about school fees",
      message: "Can I borrow for two children's fees at once?",
    };
    const stored = await app.request("/api/contact", postJson(person, "198.51.100.77"));
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    // A missed call-back on it, a complaint past its day, a backup, a job waiting, one given up on.
    await database.db
      .update(contactMessages)
      .set({ nextActionKind: "call-back", nextActionAt: new Date(now - 3 * 3_600_000) });
    await database.db.insert(complaints).values({
      receivedAt: new Date(now - 30 * 86_400_000),
      channel: "phone",
      about: "lead",
      name: person.name,
      email: person.email,
      phone: person.phone,
      words: "Nobody called me back.",
    });
    await database.db.insert(backups).values({ ok: true, bytes: 1234, durationMs: 50, trigger: "command" });
    await enqueue(database.db, "mail", { to: person.email, subject: "s", text: "t", html: "<p>t</p>" }, {});
    await database.db.insert(jobs).values({ kind: "mail", payload: {}, status: "dead", attempts: 12 });
    // A statement refused, for the error count.
    await database.db.execute("select * from no_such_table").catch(() => {});
    // Requests whose paths carry an id, an email and a search: counted by their group alone.
    await app.request(`/staff/leads/contact/${id}`, { headers: { "X-Forwarded-For": "198.51.100.78" } });
    await app.request(`/api/unknown/${encodeURIComponent(person.email)}`);
    await app.request(`/some-page/${person.phone.replace(" ", "")}?email=${person.email}`);

    const response = await scrape(app, { Authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    const text = await response.text();
    const families = parsePrometheusTextFormat(text);
    const byName = new Map(families.map((family) => [family.name, family]));
    for (const name of NAMED_SERIES) expect(byName.has(name), `${name} in /metrics`).toBe(true);

    const value = (name: string, labels: Record<string, string> = {}) => {
      const sample = byName
        .get(name)
        ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
      return Number(sample?.value);
    };
    expect(value("leads_stored_total", { form: "contact" })).toBeGreaterThanOrEqual(1);
    expect(value("leads_stored_total", { form: "quote" })).toBeGreaterThanOrEqual(0);
    expect(value("outbox_jobs_waiting")).toBe(3); // the contact's two emails and the one enqueued
    expect(value("outbox_jobs_failed")).toBe(1);
    expect(value("outbox_oldest_waiting_seconds")).toBeGreaterThanOrEqual(0);
    expect(value("complaints_open")).toBe(1);
    expect(value("complaints_past_their_day")).toBe(1);
    expect(value("callbacks_missed")).toBe(1);
    expect(value("backup_last_success_timestamp_seconds")).toBeGreaterThan(now / 1000 - 60);
    expect(value("db_statement_errors_total")).toBeGreaterThanOrEqual(1);
    expect(value("db_pool_max")).toBeGreaterThanOrEqual(1);
    expect(
      value("http_requests_total", { group: "api/contact", method: "POST", status: "201" }),
    ).toBeGreaterThanOrEqual(1);
    expect(value("http_requests_total", { group: "staff", method: "GET" })).toBeGreaterThanOrEqual(1);
    expect(value("http_requests_total", { group: "api/other" })).toBeGreaterThanOrEqual(1);
    expect(byName.get("http_request_duration_seconds")?.type).toBe("HISTOGRAM");

    // The parser folds a histogram's labelled series into one and drops their labels: read
    // untyped (the TYPE lines left out), every line is a sample of its own, labels and all.
    const samples = parsePrometheusTextFormat(text.replace(/^# TYPE .*$/gm, ""));
    const bucket = (name: string, labels: Record<string, string>) =>
      samples
        .filter((family) => family.name === name)
        .flatMap((family) => family.metrics)
        .find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
    expect(
      Number(bucket("http_request_duration_seconds_count", { group: "api/contact" })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(bucket("http_request_duration_seconds_bucket", { group: "api/contact", le: "+Inf" })).toBeDefined();

    const labelValues = samples.flatMap((family) =>
      family.metrics.flatMap((sample) => Object.values(sample.labels ?? {}).map((v) => ({ name: family.name, v }))),
    );
    expect(labelValues.length).toBeGreaterThan(10);
    const refused = labelValues
      .map(({ name, v }) => ({ name, v, why: personalOrIdentifying(v) }))
      .filter((label) => label.why !== null);
    expect(refused).toEqual([]);
    // Nor anywhere in the text: the person's words, the lead's id, the addresses.
    for (const secret of [person.email, person.phone, person.name, id, "198.51.100.77", "198.51.100.78"]) {
      expect(text).not.toContain(secret);
    }
  });
});
