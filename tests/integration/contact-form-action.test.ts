import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_FORM_PROBLEM, type ContactFormReply } from "../../app/domain/contact-form";
import * as m from "../../app/domain/messages";
import { contactFormAction } from "../../server/borrowers/contact.server";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { contactMessages, jobs } from "../../server/platform/db/schema";
import { leadEmailKeys, reminderKey } from "../../server/leads/lead-email-keys";
import { TOO_MANY_REQUESTS } from "../../server/platform/rate-limit";
import { routeContext } from "../support/app";
import { withClockHeld } from "../support/clock";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// The contact page's action (server/borrowers/contact.server.ts; app/routes/contact-us.tsx turns
// its outcome into the redirect or the page again): the form a browser posts before any
// script runs. contact.test.ts posts it through the built app; this reaches every branch
// in-process, where mutation testing sees it (docs/decisions/141).

const SITE = "http://localhost:3000";

const typed = {
  name: "  Jane Borrower ",
  email: " Jane.Borrower@Example.com ",
  phone: "07700 900123",
  subject: "Question about school fees",
  message: "Can I borrow for two children's fees at once?",
};

interface Answer {
  status: number;
  location?: string;
  reply?: ContactFormReply;
}

describe.each(testDatabaseKinds())("the contact page's action on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  async function post(
    body: BodyInit,
    { address = freshAddress(), headers = {} as Record<string, string> } = {},
  ): Promise<Answer> {
    const request = new Request(`${SITE}/contact-us`, {
      method: "POST",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", ...headers },
      body,
    });
    const outcome = await contactFormAction({ ...context, clientAddress: address }, request);
    // As the route answers it.
    return outcome.sent
      ? { status: 303, location: "/contact-thankyou" }
      : { status: outcome.status, reply: outcome.reply };
  }
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const storedFor = (email: string) =>
    database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("stores a message, cleaned, queues the broker's and the sender's emails, and goes to the thank-you page", async () => {
    const email = `jane.${Date.now()}@example.com`;
    const answer = await post(form({ ...typed, email: ` ${email.toUpperCase()} ` }));
    expect(answer).toEqual({ status: 303, location: "/contact-thankyou" });
    const [row] = await storedFor(email);
    expect(row).toMatchObject({ name: "Jane Borrower", email, phone: "07700 900123", subject: typed.subject });
    // The two emails of its arrival (a reminder comes only with a call-back time).
    const keys = leadEmailKeys("contact", row?.id ?? "").filter((key) => key !== reminderKey("contact", row?.id ?? ""));
    const queued = await database.db.select().from(jobs);
    expect(queued.filter((job) => keys.includes(job.dedupeKey ?? "")).map((job) => job.dedupeKey)).toEqual(
      expect.arrayContaining(keys),
    );
  });

  it("refuses a post from another site with 403, keeping what was written", async () => {
    const answer = await post(form(typed), {
      headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.status).toBe(403);
    expect(answer.reply).toEqual({
      values: typed,
      errors: {},
      problem: "This form can only be sent from our own pages",
    });
  });

  it("refuses a body that is not a form with 415, and one it cannot read with 400", async () => {
    const json = await post(JSON.stringify(typed), { headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    expect(json.reply?.problem).toBe("We could not read the form. Please try again.");
    expect(json.reply?.values).toEqual({ name: "", email: "", phone: "", subject: "", message: "" });
    const broken = await post("--x\r\nnot a part", { headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(broken.status).toBe(400);
    expect(broken.reply?.problem).toBe("We could not read the form. Please try again.");
  });

  it("lists what to fix, field by field, with the spec's first message for each, keeping what was typed", async () => {
    const written = { name: "J", email: "not-an-email", phone: "0770", subject: "Hi", message: "Short" };
    const answer = await post(form(written));
    expect(answer.status).toBe(400);
    expect(answer.reply).toEqual({
      values: written,
      problem: CONTACT_FORM_PROBLEM,
      errors: {
        name: m.CONTACT_NAME_TOO_SHORT,
        email: m.EMAIL_INVALID,
        phone: m.CONTACT_PHONE_INVALID,
        subject: m.CONTACT_SUBJECT_TOO_SHORT,
        message: m.CONTACT_MESSAGE_TOO_SHORT,
      },
    });
  });

  it("reads a field sent as a file as empty, and never stores it", async () => {
    const body = new FormData();
    for (const [field, value] of Object.entries(typed)) body.set(field, value);
    body.set("name", new Blob(["Jane Borrower"]), "name.txt");
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.reply?.values.name).toBe("");
    expect(answer.reply?.errors).toEqual({ name: m.CONTACT_NAME_TOO_SHORT });
  });

  it("tells a robot that filled the honeypot it was sent, and stores nothing", async () => {
    const email = `robot.${Date.now()}@example.com`;
    const answer = await post(form({ ...typed, email, website: "https://spam.example" }));
    expect(answer).toEqual({ status: 303, location: "/contact-thankyou" });
    expect(await storedFor(email)).toEqual([]);
  });

  it("takes five messages from one address in 15 minutes, then answers 429 keeping the sixth", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) {
        expect((await post(form({ ...typed, email: `five.${i}.${Date.now()}@example.com` }), { address })).status).toBe(
          303,
        );
      }
      const sixth = await post(form(typed), { address });
      expect(sixth.status).toBe(429);
      expect(sixth.reply).toEqual({ values: typed, errors: {}, problem: TOO_MANY_REQUESTS });
      // Another address is not held back.
      expect((await post(form({ ...typed, email: `other.${Date.now()}@example.com` }))).status).toBe(303);
    });
  });
});
