import { eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loanCost, REPOSSESSION_WARNING } from "../../app/domain/finance";
import * as m from "../../app/domain/messages";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, quotes } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { startOutboxWorker } from "../../server/platform/outbox";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validQuote } from "../support/leads";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { withClockHeld } from "../support/clock";

const silent = createLogger("silent");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())("POST /api/quotes on %s", (kind) => {
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

  async function post(body: unknown, address = freshAddress(), env: Record<string, string> = {}) {
    const { app, kicks } = createTestApp(database, env);
    const response = await app.request("/api/quotes", postJson(body, address));
    return { response, json: (await response.json()) as Record<string, unknown>, kicks: kicks() };
  }
  const quotesByEmail = (email: string) => database.db.select().from(quotes).where(eq(quotes.email, email));
  const jobsFor = (id: string) =>
    database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `%:${id}`));
  const countQuotes = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(quotes))[0]?.n;

  function worker() {
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: "Test <test@example.com>" });
    return startOutboxWorker({ db: database.db, mailer, log: silent, pollMs: 60_000, retryDelay: () => 0 });
  }

  describe("a valid quote", () => {
    it("is stored, answered 201 with its id, and its two emails queued", async () => {
      const email = "stored@example.com";
      const { response, json, kicks } = await post(validQuote({ email }));
      expect(response.status).toBe(201);
      expect(json.id).toMatch(UUID);
      const [row] = await quotesByEmail(email);
      expect(row).toMatchObject({
        id: json.id,
        firstName: "Jane",
        lastName: "Smith",
        phone: "07700 900123",
        loanPurpose: "debt-consolidation",
        homeownerStatus: "mortgage",
        creditHistory: "good",
        loanAmount: 50_000,
        propertyValue: 250_000,
        mortgageBalance: 100_000,
        monthlyIncome: 4_000,
        employmentStatus: "employed-full-time",
        landingPageUrl: "https://www.example.com/?utm_source=test",
        status: "new",
        sourceForm: "apply",
      });
      const queued = await jobsFor(String(json.id));
      expect(queued.map((j) => j.dedupeKey).sort()).toEqual([`quote-confirm:${json.id}`, `quote-notify:${json.id}`]);
      expect(kicks).toBe(1);
    });

    it("has its LTV, indicative rate and monthly payment computed by the server, never taken from the browser", async () => {
      const email = "figures@example.com";
      await post(validQuote({ email, ltv_ratio: 1, indicative_rate: 0.01, monthly_payment: 1 }));
      const [row] = await quotesByEmail(email);
      // (50,000 + 100,000) / 250,000 = 60% LTV: the 5.69% band, over 60 months.
      expect(row?.ltvRatio).toBe(60);
      expect(row?.indicativeRate).toBe(5.69);
      expect(row?.monthlyPayment).toBe(
        loanCost({ amount: 50_000, annualRatePercent: 5.69, months: 60 }).monthlyPayment,
      );
    });

    it("stores no rate where the table gives none (poor credit), rather than a made-up one", async () => {
      const email = "norate@example.com";
      await post(validQuote({ email, credit_history: "poor", indicative_rate: 5.69, monthly_payment: 900 }));
      const [row] = await quotesByEmail(email);
      expect(row?.ltvRatio).toBe(60);
      expect(row?.indicativeRate).toBeNull();
      expect(row?.monthlyPayment).toBeNull();
    });

    it("gives an outright owner a mortgage balance of 0 whatever is sent (D3)", async () => {
      const email = "outright@example.com";
      await post(
        validQuote({
          email,
          homeowner_status: "outright",
          age: "under-50",
          loan_amount: 40_000,
          mortgage_balance: 90_000,
        }),
      );
      const [row] = await quotesByEmail(email);
      expect(row?.mortgageBalance).toBe(0);
      expect(row?.age).toBe("under-50");
      expect(row?.ltvRatio).toBe(16); // 40,000 / 250,000
      expect(row?.indicativeRate).toBe(5.69);
    });

    it("keeps an age only for outright owners, the only ones asked", async () => {
      const email = "age@example.com";
      await post(validQuote({ email, age: "over-80" }));
      const [row] = await quotesByEmail(email);
      expect(row?.age).toBeNull();
    });

    it("is sanitised on the server as in the browser", async () => {
      const { response } = await post(
        validQuote({
          first_name: '  <b>Mary-Jane</b> "MJ"\u0007 ',
          last_name: "O'Brien & Sons",
          email: "  Mary.OBrien+Loans@Example.COM ",
          phone: "(07700) 900-123 ext",
        }),
      );
      expect(response.status).toBe(201);
      const [row] = await quotesByEmail("mary.obrien+loans@example.com");
      expect(row).toMatchObject({ firstName: "bMary-Jane/b MJ", lastName: "OBrien  Sons", phone: "(07700) 900-123" });
    });

    it("keeps the landing page address", async () => {
      const email = "landing@example.com";
      await post(validQuote({ email, landing_page_url: "https://site.example/debt-consolidation?gclid=abc" }));
      const [row] = await quotesByEmail(email);
      expect(row?.landingPageUrl).toBe("https://site.example/debt-consolidation?gclid=abc");
    });
  });

  describe("every schema message reaches the browser as a 400 naming the field", () => {
    it.each<[string, Record<string, unknown>, string, string]>([
      ["an invalid email", { email: "not-an-email" }, "email", "Please enter a valid email address"],
      ["a missing email", { email: undefined }, "email", "Please enter a valid email address"],
      ["an empty first name", { first_name: "" }, "first_name", "First name is required"],
      ["a first name of only markup", { first_name: "<>" }, "first_name", "First name is required"],
      ["an empty last name", { last_name: "   " }, "last_name", "Last name is required"],
      ["a missing phone", { phone: "" }, "phone", "Phone number is required"],
      ["a non-UK phone", { phone: "+1 212 555 0100" }, "phone", "Please enter a valid UK phone number"],
      ["a missing loan purpose", { loan_purpose: undefined }, "loan_purpose", "Loan purpose is required"],
      ["an unknown loan purpose", { loan_purpose: "yacht" }, "loan_purpose", "Loan purpose is required"],
      [
        "a missing homeowner status",
        { homeowner_status: undefined },
        "homeowner_status",
        "Homeowner status is required",
      ],
      ["a missing credit history", { credit_history: "" }, "credit_history", "Credit history is required"],
      ["a loan below £10,000", { loan_amount: 9_999 }, "loan_amount", "Minimum loan amount is £10,000"],
      ["a loan above £2.5m", { loan_amount: 2_500_001 }, "loan_amount", m.LOAN_AMOUNT_TOO_HIGH],
      ["a loan in pence", { loan_amount: 10_000.5 }, "loan_amount", m.WHOLE_POUNDS],
      ["a property below £50,000", { property_value: 49_999 }, "property_value", "Minimum property value is £50,000"],
      ["a missing property value", { property_value: undefined }, "property_value", m.PROPERTY_VALUE_REQUIRED],
      ["a negative mortgage balance", { mortgage_balance: -1 }, "mortgage_balance", m.AMOUNT_NOT_NEGATIVE],
      ["a negative monthly income", { monthly_income: -1 }, "monthly_income", m.AMOUNT_NOT_NEGATIVE],
      ["an unknown age band", { age: "ancient" }, "age", m.AGE_INVALID],
      [
        "an unknown employment status",
        { employment_status: "astronaut" },
        "employment_status",
        m.EMPLOYMENT_STATUS_INVALID,
      ],
      ["no consent", { consent: false }, "consent", "You must agree to the terms"],
      ["consent as a string", { consent: "true" }, "consent", "You must agree to the terms"],
      [
        "a submission key that is not a UUID",
        { submission_key: "abc" },
        "submission_key",
        "Submission key must be a UUID",
      ],
    ])("%s", async (_, overrides, path, message) => {
      const before = await countQuotes();
      const { response, json } = await post(validQuote(overrides));
      expect(response.status).toBe(400);
      expect(json.issues).toContainEqual({ path, message });
      expect(json.error).toContain(`${path}: ${message}`);
      expect(await countQuotes()).toBe(before);
    });
  });

  describe("bad input is a 400 (413 for size), never a 5xx, and stores nothing", () => {
    it.each<[string, string, number]>([
      ["malformed JSON", '{"email": "a@b.com",', 400],
      ["an empty body", "", 400],
      ["a JSON array", "[1, 2]", 400],
      ["a JSON string", '"quote"', 400],
      ["JSON null", "null", 400],
      ["wrong types", JSON.stringify(validQuote({ loan_amount: "fifty thousand", first_name: 42, consent: 1 })), 400],
      ["missing fields", JSON.stringify({ email: "only@example.com", consent: true }), 400],
      ["an oversize body", JSON.stringify(validQuote({ first_name: "x".repeat(40_000) })), 413],
    ])("%s", async (_, body, status) => {
      const before = await countQuotes();
      const { response, json } = await post(body);
      expect(response.status).toBe(status);
      expect(typeof json.error).toBe("string");
      expect(await countQuotes()).toBe(before);
    });

    it("names every wrong and missing field at once", async () => {
      const { json } = await post({ loan_amount: "lots", consent: true });
      const paths = (json.issues as { path: string }[]).map((i) => i.path);
      for (const field of [
        "email",
        "first_name",
        "last_name",
        "phone",
        "loan_purpose",
        "homeowner_status",
        "credit_history",
        "loan_amount",
        "property_value",
      ]) {
        expect(paths).toContain(field);
      }
    });
  });

  it("answers a filled honeypot as if saved, but stores and sends nothing", async () => {
    const before = await countQuotes();
    const { response, json, kicks } = await post(
      validQuote({ email: "bot@example.com", website: "http://spam.example" }),
    );
    expect(response.status).toBe(201);
    expect(json.id).toMatch(UUID);
    expect(await countQuotes()).toBe(before);
    expect(await database.db.select().from(jobs).where(sql`payload->>'to' = 'bot@example.com'`)).toHaveLength(0);
    expect(kicks).toBe(0);
  });

  it("accepts an empty honeypot", async () => {
    const { response } = await post(validQuote({ email: "human@example.com", website: "" }));
    expect(response.status).toBe(201);
    expect(await quotesByEmail("human@example.com")).toHaveLength(1);
  });

  it("refuses a client past the limit with 429 'Too many requests' and stores nothing more", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      const env = { RATE_LIMIT_SCALE: "1" };
      for (let i = 0; i < 10; i++) {
        const { response } = await post(validQuote({ email: `limit${i}@example.com` }), address, env);
        expect(response.status).toBe(201);
      }
      const { response, json } = await post(validQuote({ email: "limit-over@example.com" }), address, env);
      expect(response.status).toBe(429);
      expect(json).toEqual({ error: "Too many requests" });
      expect(await quotesByEmail("limit-over@example.com")).toHaveLength(0);
      // Another client is unaffected.
      expect((await post(validQuote({ email: "limit-other@example.com" }), freshAddress(), env)).response.status).toBe(
        201,
      );
    });
  });

  describe("a submission key", () => {
    it("stores one quote however often it is posted, answering the same id each time", async () => {
      const body = validQuote({ email: "twice@example.com" });
      const first = await post(body);
      const second = await post(body);
      expect(first.response.status).toBe(201);
      expect(second.response.status).toBe(201);
      expect(second.json.id).toBe(first.json.id);
      expect(second.kicks).toBe(0);
      expect(await quotesByEmail("twice@example.com")).toHaveLength(1);
      expect(await jobsFor(String(first.json.id))).toHaveLength(2);
    });

    it("stores one quote when the same key arrives at the same moment (a double click)", async () => {
      const body = validQuote({ email: "double@example.com" });
      const answers = await Promise.all([post(body), post(body), post(body)]);
      expect(answers.map((a) => a.response.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
      expect(await quotesByEmail("double@example.com")).toHaveLength(1);
    });

    it("keeps each quote to itself when many arrive together: its own row, id and emails", async () => {
      const emails = Array.from({ length: 40 }, (_, i) => `together${i}@example.com`);
      const repeated = validQuote({ email: "together-again@example.com" });
      const first = await post(repeated);
      const answers = await Promise.all([...emails.map((email) => post(validQuote({ email }))), post(repeated)]);
      expect(answers.every((a) => a.response.status === 201)).toBe(true);
      expect(answers.at(-1)?.json.id).toBe(first.json.id);
      expect(new Set(answers.map((a) => a.json.id)).size).toBe(41);
      for (const [i, email] of emails.entries()) {
        const [row] = await quotesByEmail(email);
        expect(row?.id).toBe(answers[i]?.json.id);
        const queued = await jobsFor(String(row?.id));
        const sentTo = queued.map((job) => (job.payload as { to: string }).to).sort();
        expect(sentTo).toEqual([email, "leads@harbourside-loans.example"].sort());
      }
      expect(await quotesByEmail("together-again@example.com")).toHaveLength(1);
      expect(await jobsFor(String(first.json.id))).toHaveLength(2);
      // No email was queued for a quote that was not stored (the repeat's own id).
      const orphans = await database.db.execute(sql`
        select count(*)::int as n from ${jobs}
        where dedupe_key like 'quote-%' and split_part(dedupe_key, ':', 2)::uuid not in (select id from ${quotes})`);
      expect((orphans as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });

    it("is optional: without one, each post is a new quote", async () => {
      await post(validQuote({ email: "nokey@example.com", submission_key: undefined }));
      await post(validQuote({ email: "nokey@example.com", submission_key: undefined }));
      expect(await quotesByEmail("nokey@example.com")).toHaveLength(2);
    });
  });

  describe("emails", () => {
    it("sends the broker every answer and the borrower what happens next, with the repossession warning", async () => {
      const email = "mail@example.com";
      const { json } = await post(validQuote({ email, first_name: "Priya" }));
      const id = String(json.id);
      const w = worker();
      await w.drain();
      await w.stop();

      const [notification, confirmation] = [`quote-notify:${id}`, `quote-confirm:${id}`].map((key) =>
        database.db.select().from(jobs).where(eq(jobs.dedupeKey, key)),
      );
      const [notify] = await notification!;
      const [confirm] = await confirmation!;
      expect(notify?.status).toBe("done");
      expect(confirm?.status).toBe("done");

      const lead = notify?.payload as { to: string; subject: string; text: string; html: string; replyTo: string };
      expect(lead.to).toBe("leads@harbourside-loans.example");
      expect(lead.replyTo).toBe(email);
      expect(lead.subject).toContain("£50,000 debt consolidation");
      for (const answer of [
        "Priya Smith",
        email,
        "07700 900123",
        "Homeowner with mortgage",
        "£50,000",
        "Debt consolidation",
        "£250,000",
        "£100,000",
        "£4,000",
        "Employed full-time",
        "Good",
        "60%",
        "5.69%",
        "https://www.example.com/?utm_source=test",
        id,
      ]) {
        expect(lead.text).toContain(answer);
      }
      expect(lead.html).toContain("Priya Smith");

      const borrower = confirm?.payload as { to: string; subject: string; text: string; html: string; replyTo: string };
      expect(borrower.to).toBe(email);
      expect(borrower.replyTo).toBe("hello@harbourside-loans.example");
      expect(borrower.text).toContain(`Your reference is ${id.slice(0, 8).toUpperCase()}`);
      expect(borrower.text).toContain("Thank you, Priya.");
      expect(borrower.text).toContain("What happens next");
      expect(borrower.text).toContain(REPOSSESSION_WARNING);
      expect(borrower.html).toContain("Your home may be repossessed");
      expect(borrower.text).not.toContain("5.69%");

      expect(sink.messages.filter((msg) => msg.to.includes(email))).toHaveLength(1);
      expect(sink.messages.filter((msg) => msg.subject.includes(id.slice(0, 8).toUpperCase()))).toHaveLength(2);
    });

    it("while the mail server refuses, no quote is lost or doubled; each email goes once when it recovers", async () => {
      sink.refuse(true);
      const emails = ["outage1@example.com", "outage2@example.com", "outage3@example.com"];
      const ids: string[] = [];
      for (const email of emails) {
        const { response, json } = await post(validQuote({ email }));
        expect(response.status).toBe(201);
        ids.push(String(json.id));
      }
      const w = worker();
      await w.drain();
      for (const id of ids) {
        const jobs = await jobsFor(id);
        expect(jobs).toHaveLength(2);
        for (const job of jobs) {
          expect(job.status).toBe("pending");
          expect(job.lastError).toBeTruthy();
        }
      }
      for (const email of emails) expect(await quotesByEmail(email)).toHaveLength(1);
      expect(sink.messages.filter((msg) => emails.some((e) => msg.to.includes(e)))).toHaveLength(0);

      sink.refuse(false);
      await w.drain();
      await w.drain();
      await w.stop();
      for (const email of emails) {
        expect(await quotesByEmail(email)).toHaveLength(1);
        expect(sink.messages.filter((msg) => msg.to.includes(email))).toHaveLength(1);
      }
      for (const id of ids) {
        expect(
          sink.messages.filter(
            (msg) =>
              msg.to.includes("leads@harbourside-loans.example") && msg.subject.includes(id.slice(0, 8).toUpperCase()),
          ),
        ).toHaveLength(1);
      }
    });

    it("survive a restart: a new worker on the same database sends what the stopped one could not, once", async () => {
      sink.refuse(true);
      const email = "restart@example.com";
      const { json } = await post(validQuote({ email }));
      const first = worker();
      await first.drain();
      await first.stop();
      expect(sink.messages.filter((msg) => msg.to.includes(email))).toHaveLength(0);

      sink.refuse(false);
      const second = worker();
      await second.drain();
      await second.drain();
      await second.stop();
      const third = worker();
      await third.drain();
      await third.stop();
      expect(sink.messages.filter((msg) => msg.to.includes(email))).toHaveLength(1);
      const jobs = await jobsFor(String(json.id));
      expect(jobs).toHaveLength(2);
      for (const job of jobs) expect(job.status).toBe("done");
    });

    it("a job left locked by a worker that died mid-send is sent once its lease runs out", async () => {
      const email = "lease@example.com";
      const { json } = await post(validQuote({ email }));
      // What a worker killed between claiming and sending leaves behind: an expired lease.
      await database.db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() - 1_000), attempts: 1 })
        .where(like(jobs.dedupeKey, `%:${json.id}`));
      const w = worker();
      await w.drain();
      await w.stop();
      expect(sink.messages.filter((msg) => msg.to.includes(email))).toHaveLength(1);
    });
  });
});
