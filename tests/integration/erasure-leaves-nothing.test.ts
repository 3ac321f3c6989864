import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountAction } from "../../app/routes/account";
import { letterTemplate } from "../../app/domain/complaint-letters";
import { createAuth } from "../../server/borrowers/auth";
import { sendComplaintLetter } from "../../server/complaints/complaints.server";
import { complaintFormAction } from "../../server/complaints/intake.server";
import type { ServerContext } from "../../server/platform/services";
import { subjectReference } from "../../server/privacy/data-requests.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { rowsOf } from "../../server/platform/db/rows";
import {
  auditLog,
  complaints,
  funnelCounts,
  jobs,
  leadCases,
  leadEvents,
  staffMembers,
  users,
} from "../../server/platform/db/schema";
import { addStaff } from "../../server/staff/accounts.server";
import { createMailer, jobMessageId, type MailMessage } from "../../server/platform/mail";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";
import { addProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress, validEnquiry, validQuote } from "../support/leads";
import { staffRoutesSignedInAs } from "../support/staff-routes";

// An erasure leaves nothing of the person behind (UK GDPR article 17): after a staff
// erasure from the data requests page, and after a borrower's own "Delete your account",
// a dump of every column of every table in the database, as text, holds neither their
// email address, nor their phone number, nor their surname. The dump walks the catalogue,
// so a table added later is searched too. Nor does the local mail folder (no SMTP_URL:
// each email an .eml file) hold their emails, while another person's stay. Their complaint
// alone is kept, with its letters, as DISP 1.9 requires: the emails that carried those
// letters go with the rest.

/** The signed-in adviser every staff page sees here: not an account row, only who the audit log names. */
const STAFF = { id: "staff-dee", name: "Dee Protection", email: "dee@firm.example" };
const routes = staffRoutesSignedInAs(STAFF, async () => ({
  exportLoader: (await import("../../app/routes/staff.export")).loader,
  requestsLoader: (await import("../../app/routes/staff.requests")).loader,
  requestsAction: (await import("../../app/routes/staff.requests")).action,
  requestsExportLoader: (await import("../../app/routes/staff.requests.export")).loader,
}));

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  /** As they typed it on the forms. */
  phone: string;
}

/** Every row of every table in every schema of ours, each as `table: (its columns as text)`. */
async function dumpDatabase(database: DatabaseHandle): Promise<string[]> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(["users", "quotes", "audit_log", "funnel_counts", "rate_limits"]),
  );
  const lines: string[] = [];
  for (const table of tables) {
    const rows = await rowsOf<{ row: string }>(
      database.db,
      sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
    );
    for (const { row } of rows) lines.push(`${table.schema}.${table.name}: ${row}`);
  }
  return lines;
}

/** The rows of a dump that hold the person's email address, phone number or surname, in any case or encoding. */
function tracesOf(dump: string[], person: Person) {
  const email = person.email.toLowerCase();
  const encodedEmail = encodeURIComponent(email).toLowerCase();
  // The phone's national digits, with or without spaces, hyphens, pluses or brackets (written or percent-encoded) between them.
  const national = person.phone.replace(/\D/g, "").replace(/^(44|0)/, "");
  const phone = new RegExp(national.split("").join("(?:[\\s\\-().+/]|%20|%2b)*"));
  const surname = person.lastName.toLowerCase();
  return dump.filter((line) => {
    const text = line.toLowerCase();
    return text.includes(email) || text.includes(encodedEmail) || phone.test(text) || text.includes(surname);
  });
}

/** The kept complaint (DISP 1.9.1R): its row and its letters, as sent; nothing else of the person. */
const KEPT_COMPLAINT = /^public\.(complaints|complaint_letters): /;
const outsideTheKeptComplaint = (dump: string[]) => dump.filter((line) => !KEPT_COMPLAINT.test(line));

/** The complaint and both its letters (acknowledgement, final response) are still held. */
function expectComplaintKept(dump: string[], person: Person) {
  const kept = tracesOf(dump, person).filter((line) => KEPT_COMPLAINT.test(line));
  expect(kept.filter((line) => line.startsWith("public.complaints: "))).toHaveLength(1);
  expect(kept.filter((line) => line.startsWith("public.complaint_letters: "))).toHaveLength(2);
}

/** Someone else, whose emails must outlast the erasures. */
const BYSTANDER: Person = {
  firstName: "Bea",
  lastName: "Standish",
  email: "bea.standish@example.com",
  phone: "07700 900321",
};

describe.each(testDatabaseKinds())("what an erasure leaves behind on %s", (kind) => {
  let database: DatabaseHandle;
  let test: ReturnType<typeof createTestApp>;
  let context: ServerContext;

  const mailDir = mkdtempSync(path.join(os.tmpdir(), "erasure-mail-"));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    test = createTestApp(database, { MAIL_DIR: mailDir });
    context = {
      config: test.config,
      db: database.db,
      log: test.log,
      kickOutbox: () => {},
      identify: async () => null,
      nonce: "test",
      clientAddress: freshAddress(),
      auth: createAuth({ config: test.config, db: database.db, log: test.log, kickOutbox: () => {} }),
    };
    // Someone else, whose contact message's emails are in the mail folder too and must stay.
    await sendContact(BYSTANDER, "Please call me back.");
  });
  afterAll(async () => {
    await database.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** A contact message from the person, through the contact form's endpoint. */
  async function sendContact(person: Person, message: string) {
    const contact = await api(
      "/api/contact",
      postJson(
        {
          name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          phone: person.phone,
          subject: "A question about my quote",
          message,
        },
        freshAddress(),
      ),
    );
    expect(contact.status).toBe(201);
  }

  /** A member who handles complaints (a letter names who sent it). */
  async function complaintsHandler() {
    const email = `handler.${Math.random().toString(36).slice(2, 8)}@firm.example`;
    await addStaff(database.db, { email, name: "Hal Handler", roles: ["compliance"] });
    const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, email));
    return { id: member?.id ?? "", name: "Hal Handler" };
  }

  /** Every email queued so far, written to the mail folder as the outbox writes it without SMTP. */
  async function writeQueuedMail() {
    const mailer = createMailer({ mailDir, from: test.config.mail.from });
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    for (const job of queued) await mailer.send(job.payload as MailMessage, jobMessageId(job.id));
    mailer.close();
  }

  /** The mail folder's files, each as `file: its text`, one line per line of it. */
  const mailFolder = () =>
    readdirSync(mailDir).flatMap((file) =>
      readFileSync(path.join(mailDir, file), "utf8")
        .split("\n")
        .map((line) => `${file}: ${line}`),
    );

  const api = (path: string, init: RequestInit) => test.app.request(`${SITE}${path}`, init);
  const withCookie = (init: RequestInit, cookie: string): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
  });

  /**
   * The person leaves every trace the site can take: an account (confirmed, signed in,
   * a wrong password or two, a reset link asked for), a quote and a quick-check enquiry
   * made while signed in from a link whose campaign carries their address and phone, a
   * contact message, the forms' funnel reports; and staff search the inbox for them by
   * address, phone and surname, export, note a call, and look them up.
   * Answers the session cookie.
   */
  async function leaveTraces(person: Person) {
    const name = { firstName: person.firstName, lastName: person.lastName };
    const signUp = await api(
      "/api/auth/sign-up/email",
      postJson(
        { name: `${person.firstName} ${person.lastName}`, email: person.email, password: PASSWORD, ...name },
        freshAddress(),
      ),
    );
    expect(signUp.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, person.email));
    for (const address of [freshAddress(), freshAddress()]) {
      const wrong = await api(
        "/api/auth/sign-in/email",
        postJson({ email: person.email, password: "not-the-password" }, address),
      );
      expect(wrong.status).toBe(401);
    }
    const signIn = await api(
      "/api/auth/sign-in/email",
      postJson({ email: person.email, password: PASSWORD }, freshAddress()),
    );
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;

    const landing = `https://www.example.com/?utm_source=${encodeURIComponent(person.lastName)}%20${encodeURIComponent(person.phone)}&utm_campaign=${encodeURIComponent(`${person.email} ${person.phone}`)}`;
    const quote = await api(
      "/api/quotes",
      withCookie(
        postJson(
          validQuote({
            email: person.email,
            first_name: person.firstName,
            last_name: person.lastName,
            phone: person.phone,
            landing_page_url: landing,
          }),
          freshAddress(),
        ),
        cookie,
      ),
    );
    expect(quote.status).toBe(201);
    const quoteId = ((await quote.json()) as { id: string }).id;
    const enquiry = await api(
      "/api/enquiries",
      withCookie(
        postJson(
          validEnquiry({
            email: person.email,
            firstName: person.firstName,
            lastName: person.lastName,
            phone: person.phone,
            landingPageUrl: landing,
          }),
          freshAddress(),
        ),
        cookie,
      ),
    );
    expect(enquiry.status).toBe(201);
    await sendContact(person, `Please call me on ${person.phone}, ${person.firstName} ${person.lastName}.`);
    for (const step of ["status", "amount"]) {
      const report = await api(
        "/api/funnel",
        postJson({ form: "apply", event: "step", step, landing }, freshAddress()),
      );
      expect(report.status).toBe(204);
    }
    // Links carrying their name alone: as typed (capitalised, refused at intake), and
    // lower-cased inside a campaign's shape (kept at intake, until their erasure).
    const surnameWord = person.lastName.toLowerCase().replace(/[^a-z]+/g, "-");
    for (const named of [
      `https://www.example.com/?utm_source=${encodeURIComponent(person.lastName)}`,
      `https://www.example.com/?utm_source=newsletter&utm_campaign=winter-${surnameWord}`,
    ]) {
      const report = await api(
        "/api/funnel",
        postJson({ form: "apply", event: "step", step: "status", landing: named }, freshAddress()),
      );
      expect(report.status).toBe(204);
    }
    // A count kept before the campaigns' shape was narrowed, with their name as it was typed.
    await database.db
      .insert(funnelCounts)
      .values({ day: "2026-11-01", form: "apply", event: "step", step: "status", utmSource: person.lastName, n: 2 });
    // A complaint from the website, acknowledged by email, and answered by a final response.
    const complained = await complaintFormAction(
      { ...context, clientAddress: freshAddress() },
      new Request(`${SITE}/make-a-complaint`, {
        method: "POST",
        headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({
          name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          phone: person.phone,
          about: "adviser",
          words: `Nobody rang ${person.firstName} back on ${person.phone}.`,
          wanted: "",
        }),
      }),
    );
    expect(complained).toMatchObject({ sent: true });
    const [complaint] = await database.db.select().from(complaints).where(eq(complaints.email, person.email));
    const template = letterTemplate("final-response", test.config.site, {
      reference: "C-1",
      name: `${person.firstName} ${person.lastName}`,
      receivedDay: "2026-12-01",
      handlerName: STAFF.name,
      finalResponseDay: "2027-01-26",
    });
    const answered = await sendComplaintLetter(context, {
      id: complaint?.id ?? "",
      version: 1,
      kind: "final-response",
      letter: {
        ...template,
        body: template.body.replace(/\[(?:Write|Say|Give)[^\]]*\]/g, `We should have rung ${person.lastName}.`),
      },
      actor: await complaintsHandler(),
    });
    expect(answered).toEqual({ ok: true });
    const reset = await api(
      "/api/auth/request-password-reset",
      postJson({ email: person.email, redirectTo: "/auth/reset-password" }, freshAddress()),
    );
    expect(reset.status).toBe(200);

    // Staff at work: searches and exports, a note of a call, a look-up and a download.
    for (const q of [person.email, person.phone, person.lastName]) {
      const url = `${SITE}/staff/export?${new URLSearchParams({ q })}`;
      const csv = await routes().exportLoader({ request: new Request(url), context, params: {} } as never);
      expect(await csv.text()).toContain(person.lastName);
    }
    await database.db.insert(leadEvents).values({
      leadKind: "quote",
      leadId: quoteId,
      type: "note",
      note: `Rang ${person.firstName} ${person.lastName} on ${person.phone}.`,
    });
    // The quote went to a lender and completed; the commission's reason names the borrower.
    const productId = await addProduct(database.db, STAFF, {
      ...(EXAMPLE_PANEL[0] as (typeof EXAMPLE_PANEL)[number]),
      productName: "Erasure test loan",
    });
    await database.db.insert(leadCases).values({
      leadId: quoteId,
      leadKind: "quote",
      productId,
      stage: "completed",
      completedAmount: 30_000,
      completedOn: "2026-11-20",
      commissionPence: 50_000,
      commissionReason: `Agreed with ${person.firstName} ${person.lastName} on ${person.phone}`,
    });
    const lookUp = `${SITE}/staff/requests?${new URLSearchParams({ email: person.email })}`;
    const found = await routes().requestsLoader({ request: new Request(lookUp), context, params: {} } as never);
    expect((found as { data: { found: Record<string, number> } }).data.found).toMatchObject({
      account: 1,
      quotes: 1,
      personalEnquiries: 1,
      contactMessages: 1,
    });
    const download = `${SITE}/staff/requests/export?${new URLSearchParams({ email: person.email })}`;
    const held = await routes().requestsExportLoader({ request: new Request(download), context, params: {} } as never);
    expect(await held.text()).toContain(person.email);

    // Without this the checks after the erasure would prove nothing.
    const dump = await dumpDatabase(database);
    for (const table of [
      "users",
      "profiles",
      "quotes",
      "personal_enquiries",
      "contact_messages",
      "lead_events",
      "lead_cases",
      "jobs",
      "funnel_counts",
      "complaints",
      "complaint_letters",
    ]) {
      expect(
        tracesOf(dump, person).some((line) => line.startsWith(`public.${table}:`)),
        table,
      ).toBe(true);
    }
    await writeQueuedMail();
    expect(tracesOf(mailFolder(), person).length).toBeGreaterThan(0);
    return cookie;
  }

  it("a staff erasure from the data requests page leaves no trace of the person in any table", async () => {
    const person = {
      firstName: "Erin",
      lastName: "Quarrington",
      email: "erin.quarrington@example.com",
      phone: "07700 900555",
    };
    await leaveTraces(person);
    const form = new URLSearchParams({ email: person.email, confirm: person.email });
    const erased = await routes().requestsAction({
      request: new Request(`${SITE}/staff/requests`, {
        method: "POST",
        headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      }),
      context,
      params: {},
    } as never);
    expect((erased as Response).status).toBe(302);
    expect(tracesOf(outsideTheKeptComplaint(await dumpDatabase(database)), person)).toEqual([]);
    expectComplaintKept(await dumpDatabase(database), person);
    expect(tracesOf(mailFolder(), person)).toEqual([]);
    // Another person's emails stay, and so do the visits counted: under no campaign.
    expect(tracesOf(mailFolder(), BYSTANDER).length).toBeGreaterThan(0);
    const [visits] = await database.db
      .select({ n: sql<number>`sum(${funnelCounts.n})::int` })
      .from(funnelCounts)
      .where(eq(funnelCounts.day, "2026-11-01"));
    expect(Number(visits?.n)).toBeGreaterThanOrEqual(2);
    // The requests were answered, and the log can show it, by the address's keyed hash.
    const answered = await database.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog);
    const reference = subjectReference(person.email, test.config.authSecret);
    for (const action of ["data.lookup", "data.access", "data.erasure"]) {
      expect(
        answered.filter((r) => r.action === action && (r.detail as { subject?: string }).subject === reference),
        action,
      ).toHaveLength(1);
    }
  });

  it("a borrower's own 'Delete your account' leaves no trace of them in any table", async () => {
    const person = {
      firstName: "Ravi",
      lastName: "Oyelaran-Quist",
      email: "ravi.oq@example.com",
      phone: "+44 7700 900777",
    };
    const cookie = await leaveTraces(person);
    const deleted = await accountAction({
      request: new Request(`${SITE}/account`, {
        method: "POST",
        headers: {
          Origin: SITE,
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
        },
        body: new URLSearchParams({ intent: "delete-account", confirm: "yes" }),
      }),
      context,
      params: {},
    } as never);
    expect((deleted as Response).headers.get("location")).toBe("/auth?deleted=1");
    expect(tracesOf(outsideTheKeptComplaint(await dumpDatabase(database)), person)).toEqual([]);
    expectComplaintKept(await dumpDatabase(database), person);
    expect(tracesOf(mailFolder(), person)).toEqual([]);
    expect(tracesOf(mailFolder(), BYSTANDER).length).toBeGreaterThan(0);
    // The audit log keeps that a borrower deleted their account and how many leads went
    // with it (a quote, an enquiry and a contact message), naming nobody.
    const [row, ...more] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.deleted"));
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorId: null,
      actorName: null,
      leadKind: null,
      leadId: null,
      detail: { leads: 3, quotes: 1, personalEnquiries: 1, contactMessages: 1 },
    });
  });

  it("records a look-up on the data requests page, naming the person only by the keyed hash of the address", async () => {
    const address = "nobody.held@example.com";
    const before = await database.db.select().from(auditLog).where(eq(auditLog.action, "data.lookup"));
    await routes().requestsLoader({
      request: new Request(`${SITE}/staff/requests?${new URLSearchParams({ email: address })}`),
      context,
      params: {},
    } as never);
    const after = await database.db.select().from(auditLog).where(eq(auditLog.action, "data.lookup"));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      actorId: STAFF.id,
      actorName: STAFF.name,
      detail: { subject: subjectReference(address, test.config.authSecret), account: 0, quotes: 0 },
    });
    expect(JSON.stringify(after.at(-1))).not.toContain("nobody.held");
  });
});
