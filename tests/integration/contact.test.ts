import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as m from "../../app/domain/messages";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { contactMessages, jobs } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { startOutboxWorker } from "../../server/platform/outbox";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { withClockHeld } from "../support/clock";

const valid = {
  name: "Jane Borrower",
  email: "Jane.Borrower@Example.com",
  phone: "07700 900123",
  subject: "Question about school fees",
  message: "Can I borrow for two children's fees at once?",
};

// Each test writes from addresses of its own, so the per-address limit of one test
// never throttles another.
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

describe.each(testDatabaseKinds())("POST /api/contact on %s", (kind) => {
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
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(contactMessages);
    sink.messages.length = 0;
  });

  const post = (body: unknown, address = freshAddress()) =>
    createTestApp(database).app.request("/api/contact", postJson(body, address));

  it("stores a valid message, answers 201 with its id and queues two emails", async () => {
    const { app, kicks } = createTestApp(database);
    const response = await app.request("/api/contact", postJson(valid, freshAddress()));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      name: "Jane Borrower",
      email: "jane.borrower@example.com",
      phone: "07700 900123",
      subject: valid.subject,
      message: valid.message,
      status: "new",
    });
    const queued = await database.db.select().from(jobs).orderBy(jobs.id);
    expect(queued.map((j) => [j.kind, j.dedupeKey])).toEqual([
      ["mail", `contact:${id}:notification`],
      ["mail", `contact:${id}:copy`],
    ]);
    expect(kicks()).toBe(1);
  });

  it("delivers the broker's notification and the sender's copy to a real SMTP server", async () => {
    const { config } = createTestApp(database);
    const response = await post(valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: config.mail.from });
    const worker = startOutboxWorker({ db: database.db, mailer, log: createLogger("silent"), pollMs: 60_000 });
    try {
      expect(await worker.drain()).toBe(2);
    } finally {
      await worker.stop();
      mailer.close();
    }

    expect(sink.messages).toHaveLength(2);
    const notification = sink.messages.find((mail) => mail.to.includes(config.mail.leadInbox));
    const copy = sink.messages.find((mail) => mail.to.includes("jane.borrower@example.com"));
    expect(notification?.subject).toBe(`Website message: ${valid.subject}`);
    expect(notification?.raw).toMatch(/^Reply-To: jane\.borrower@example\.com/im);
    expect(notification?.raw).toContain(id);
    expect(copy?.subject).toBe(`We have received your message: ${valid.subject}`);
    expect(copy?.raw).toContain("Thank you, Jane Borrower.");
    const done = await database.db.select().from(jobs).where(eq(jobs.status, "done"));
    expect(done).toHaveLength(2);
  });

  it.each([
    ["name", { name: "J" }, m.CONTACT_NAME_TOO_SHORT],
    ["name", { name: "  J  " }, m.CONTACT_NAME_TOO_SHORT],
    ["email", { email: "jane@" }, m.EMAIL_INVALID],
    ["phone", { phone: "0770090" }, m.CONTACT_PHONE_INVALID],
    ["subject", { subject: "Help" }, m.CONTACT_SUBJECT_TOO_SHORT],
    ["message", { message: "Call me." }, m.CONTACT_MESSAGE_TOO_SHORT],
  ])("refuses a bad %s (%o) with 400 and the spec's message", async (field, change, message) => {
    const response = await post({ ...valid, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.issues).toEqual([{ path: field, message }]);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it("refuses a missing field, a wrong type and malformed JSON with 400", async () => {
    const { message: _omitted, ...withoutMessage } = valid;
    const missing = await post(withoutMessage);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(["message"]);

    const wrongType = await post({ ...valid, phone: 7700900123 });
    expect(wrongType.status).toBe(400);

    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Request body must be valid JSON" });
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("answers a filled honeypot like a success, but stores and sends nothing", async () => {
    const { app, kicks } = createTestApp(database);
    const response = await app.request(
      "/api/contact",
      postJson({ ...valid, website: "http://spam.example" }, freshAddress()),
    );
    expect(response.status).toBe(201);
    expect((await response.json()) as { id: string }).toHaveProperty("id");
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await database.db.select().from(jobs)).toHaveLength(0);
    expect(kicks()).toBe(0);
  });

  it("accepts an empty honeypot", async () => {
    const response = await post({ ...valid, website: "" });
    expect(response.status).toBe(201);
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it("refuses an address past 5 messages in 15 minutes with 429 'Too many requests'", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) expect((await post(valid, address)).status).toBe(201);
      const refused = await post(valid, address);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: "Too many requests" });
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await database.db.select().from(contactMessages)).toHaveLength(5);
      // Another address is unaffected.
      expect((await post(valid)).status).toBe(201);
    });
  });

  it("takes a plain form post (no script) and redirects to the thank-you page", async () => {
    const { app } = createTestApp(database);
    const response = await app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": freshAddress() },
      body: new URLSearchParams({ ...valid, website: "" }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact-thankyou");
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
    expect(await database.db.select().from(jobs)).toHaveLength(2);
  });

  it("answers a plain form post with bad input by listing what to fix", async () => {
    const { app } = createTestApp(database);
    const response = await app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": freshAddress() },
      body: new URLSearchParams({ ...valid, subject: "Hi" }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(m.CONTACT_SUBJECT_TOO_SHORT);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("keeps markup out of the emails it sends", async () => {
    const response = await post({ ...valid, message: "<script>alert(1)</script> please call me back" });
    expect(response.status).toBe(201);
    const [notification] = await database.db.select().from(jobs).orderBy(jobs.id);
    const payload = notification?.payload as { html: string };
    expect(payload.html).not.toContain("<script>");
    expect(payload.html).toContain("&lt;script&gt;");
  });
});
