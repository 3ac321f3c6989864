import { eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as m from "../../app/domain/messages";
import { enquiryErrorMessage } from "../../app/domain/quick-form";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, personalEnquiries } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { startOutboxWorker } from "../../server/platform/outbox";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validEnquiry } from "../support/leads";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { withClockHeld } from "../support/clock";

const silent = createLogger("silent");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())("POST /api/enquiries on %s", (kind) => {
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
    const response = await app.request("/api/enquiries", postJson(body, address));
    return { response, json: (await response.json()) as Record<string, unknown>, kicks: kicks() };
  }
  const byEmail = (email: string) =>
    database.db.select().from(personalEnquiries).where(eq(personalEnquiries.email, email));
  const jobsFor = (id: string) =>
    database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `%:${id}`));
  const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(personalEnquiries))[0]?.n;

  function worker() {
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: "Test <test@example.com>" });
    return startOutboxWorker({ db: database.db, mailer, log: silent, pollMs: 60_000, retryDelay: () => 0 });
  }

  it("stores a mortgage owner's enquiry, answers 201 with its id and queues the broker's notification", async () => {
    const email = "sam@example.com";
    const { response, json, kicks } = await post(validEnquiry({ email: " SAM@Example.com " }));
    expect(response.status).toBe(201);
    expect(json.id).toMatch(UUID);
    const [row] = await byEmail(email);
    expect(row).toMatchObject({
      id: json.id,
      loanType: "homeowner",
      loanAmount: 40_000,
      homeownerStatus: "mortgage",
      loanPurpose: "home-improvements",
      monthlyIncome: 3_500,
      employmentStatus: "self-employed",
      creditHistory: "fair",
      propertyValue: 300_000,
      mortgageBalance: 120_000,
      age: null,
      firstName: "Sam",
      lastName: "Jones",
      phone: "+44 7700 900456",
      landingPageUrl: "https://www.example.com/loans",
      sourceForm: "apply-personal",
    });
    expect((await jobsFor(String(json.id))).map((j) => j.dedupeKey).sort()).toEqual([
      `enquiry-confirm:${json.id}`,
      `enquiry-notify:${json.id}`,
    ]);
    expect(kicks).toBe(1);
  });

  it("stores an outright owner's age, a mortgage balance of 0 and no property value", async () => {
    const email = "outright-enquiry@example.com";
    const { response } = await post(
      validEnquiry({ email, homeownerStatus: "outright", age: "50-65", propertyValue: undefined, mortgageBalance: 0 }),
    );
    expect(response.status).toBe(201);
    const [row] = await byEmail(email);
    expect(row).toMatchObject({ homeownerStatus: "outright", age: "50-65", mortgageBalance: 0, propertyValue: null });
  });

  describe("every schema message reaches the browser as a 400 naming the field", () => {
    it.each<[string, Record<string, unknown>, string, string]>([
      ["a personal loan", { loanType: "personal" }, "loanType", m.LOAN_TYPE_HOMEOWNER_ONLY],
      [
        "a loan below £10,000",
        { loanAmount: 9_999 },
        "loanAmount",
        "Minimum loan amount is £10,000 for homeowner loans.",
      ],
      ["a loan above £2.5m", { loanAmount: 2_500_001 }, "loanAmount", m.HOMEOWNER_LOAN_TOO_HIGH],
      ["a missing loan amount", { loanAmount: undefined }, "loanAmount", m.LOAN_AMOUNT_REQUIRED],
      ["a tenant", { homeownerStatus: "tenant" }, "homeownerStatus", "Homeowner status is required"],
      ["a missing purpose", { loanPurpose: undefined }, "loanPurpose", "Loan purpose is required"],
      ["a main-form-only purpose", { loanPurpose: "business-purposes" }, "loanPurpose", "Loan purpose is required"],
      ["a missing income", { monthlyIncome: undefined }, "monthlyIncome", m.MONTHLY_INCOME_REQUIRED],
      [
        "a missing employment status",
        { employmentStatus: undefined },
        "employmentStatus",
        m.EMPLOYMENT_STATUS_REQUIRED,
      ],
      ["a missing credit history", { creditHistory: undefined }, "creditHistory", "Credit history is required"],
      [
        "a mortgage owner without a property value",
        { propertyValue: undefined },
        "propertyValue",
        m.PROPERTY_VALUE_REQUIRED,
      ],
      ["a property below £50,000", { propertyValue: 49_000 }, "propertyValue", "Minimum property value is £50,000"],
      [
        "a mortgage owner without a balance",
        { mortgageBalance: undefined },
        "mortgageBalance",
        m.MORTGAGE_BALANCE_REQUIRED,
      ],
      ["an outright owner without an age", { homeownerStatus: "outright" }, "age", m.AGE_REQUIRED],
      ["an empty first name", { firstName: "" }, "firstName", "First name is required"],
      ["an empty last name", { lastName: "" }, "lastName", "Last name is required"],
      ["an invalid email", { email: "sam@" }, "email", "Please enter a valid email address"],
      ["a missing phone", { phone: "" }, "phone", "Phone number is required"],
      ["a non-UK phone", { phone: "0033 1 23 45 67 89" }, "phone", "Please enter a valid UK phone number"],
      ["no consent", { consent: false }, "consent", "You must agree to the terms"],
      [
        "a submission key that is not a UUID",
        { submission_key: 12 },
        "submission_key",
        "Submission key must be a UUID",
      ],
    ])("%s", async (_, overrides, path, message) => {
      const before = await count();
      const { response, json } = await post(validEnquiry(overrides));
      expect(response.status).toBe(400);
      expect(json.issues).toContainEqual({ path, message });
      // The quick form shows 'Please check your information and try again.' for these.
      expect(enquiryErrorMessage(String(json.error))).toBe("Please check your information and try again.");
      expect(await count()).toBe(before);
    });
  });

  it.each<[string, string, number]>([
    ["malformed JSON", "{", 400],
    ["a JSON number", "42", 400],
    ["wrong types", JSON.stringify(validEnquiry({ loanAmount: "40k", consent: "yes" })), 400],
    ["missing fields", "{}", 400],
    ["an oversize body", JSON.stringify(validEnquiry({ lastName: "x".repeat(33_000) })), 413],
  ])("%s is a %d and stores nothing", async (_, body, status) => {
    const before = await count();
    const { response, json } = await post(body);
    expect(response.status).toBe(status);
    expect(typeof json.error).toBe("string");
    expect(await count()).toBe(before);
  });

  it("answers a filled honeypot as if saved, and stores nothing", async () => {
    const before = await count();
    const { response, json, kicks } = await post(validEnquiry({ website: "buy-now.example" }));
    expect(response.status).toBe(201);
    expect(json.id).toMatch(UUID);
    expect(await count()).toBe(before);
    expect(kicks).toBe(0);
  });

  it("refuses a client past the limit with 429 'Too many requests', which the form shows as 'Too many submissions'", async () => {
    await withClockHeld(async () => {
      const address = freshAddress();
      const env = { RATE_LIMIT_SCALE: "1" };
      for (let i = 0; i < 10; i++) {
        expect((await post(validEnquiry({ email: `burst${i}@example.com` }), address, env)).response.status).toBe(201);
      }
      const { response, json } = await post(validEnquiry({ email: "burst-over@example.com" }), address, env);
      expect(response.status).toBe(429);
      expect(json).toEqual({ error: "Too many requests" });
      expect(enquiryErrorMessage(String(json.error))).toBe("Too many submissions. Please wait before trying again.");
      expect(await byEmail("burst-over@example.com")).toHaveLength(0);
    });
  });

  it("stores one enquiry per submission key, answering the same id", async () => {
    const body = validEnquiry({ email: "once@example.com" });
    const answers = await Promise.all([post(body), post(body)]);
    expect(answers[0]?.json.id).toBe(answers[1]?.json.id);
    expect(await byEmail("once@example.com")).toHaveLength(1);
    expect(await jobsFor(String(answers[0]?.json.id))).toHaveLength(2);
  });

  it("sends the broker every answer; through an outage and a restart, once", async () => {
    sink.refuse(true);
    const email = "enquiry-mail@example.com";
    const { json } = await post(validEnquiry({ email, firstName: "Alex" }));
    const id = String(json.id);
    const first = worker();
    await first.drain();
    await first.stop();
    expect(await byEmail(email)).toHaveLength(1);
    expect((await jobsFor(id)).map((job) => job.status)).toEqual(["pending", "pending"]);

    sink.refuse(false);
    const second = worker();
    await second.drain();
    await second.drain();
    await second.stop();
    const delivered = sink.messages.filter((msg) => msg.subject.includes(id.slice(0, 8).toUpperCase()));
    expect(delivered.map((msg) => msg.to).sort()).toEqual([[email], ["leads@harbourside-loans.example"]]);

    const done = (await jobsFor(id)).find((job) => job.dedupeKey?.startsWith("enquiry-notify:"));
    expect(done?.status).toBe("done");
    const mail = done?.payload as { text: string; replyTo: string; subject: string };
    expect(mail.replyTo).toBe(email);
    expect(mail.subject).toContain("£40,000 home improvements");
    for (const answer of [
      "Alex Jones",
      email,
      "+44 7700 900456",
      "Homeowner loan",
      "Homeowner with mortgage",
      "£40,000",
      "Home improvements",
      "£300,000",
      "£120,000",
      "£3,500",
      "Self employed",
      "Fair",
      "https://www.example.com/loans",
      id,
    ]) {
      expect(mail.text).toContain(answer);
    }
    // The same figures as the main form's: LTV of loan and balance, and (fair credit) no rate.
    expect(mail.text).toContain("Loan to value: 53.33%");
    expect(mail.text).toContain("Indicative rate: None");
  });

  it("tells the borrower their reference and what happens next; a reply reaches the firm, not no-reply@", async () => {
    const email = "enquiry-confirm@example.com";
    const { json } = await post(validEnquiry({ email, firstName: "Robin", creditHistory: "good" }));
    const id = String(json.id);
    const w = worker();
    await w.drain();
    await w.stop();
    const jobsOf = await jobsFor(id);
    const confirm = jobsOf.find((job) => job.dedupeKey === `enquiry-confirm:${id}`);
    const notify = jobsOf.find((job) => job.dedupeKey === `enquiry-notify:${id}`);
    expect(confirm?.status).toBe("done");
    const borrower = confirm?.payload as { to: string; subject: string; text: string; replyTo: string };
    expect(borrower.to).toBe(email);
    expect(borrower.subject).toContain(id.slice(0, 8).toUpperCase());
    expect(borrower.text).toContain("Thank you, Robin.");
    expect(borrower.text).toContain(`Your reference is ${id.slice(0, 8).toUpperCase()}`);
    expect(borrower.text).toContain("£40,000");
    expect(borrower.text).toContain("What happens next");
    expect(borrower.text).toContain("Your home may be repossessed");
    expect(borrower.replyTo).toBe("hello@harbourside-loans.example");
    const staff = notify?.payload as { text: string };
    expect(staff.text).toContain("Loan to value: 53.33%");
    expect(staff.text).toContain("Indicative rate: 5.69%");
    expect(staff.text).toMatch(/Monthly payment over 60 months: £\d/);
    const raw = sink.messages.find((msg) => msg.to.includes(email))?.raw ?? "";
    expect(raw).toMatch(/^Reply-To: hello@harbourside-loans\.example/m);
  });
});
