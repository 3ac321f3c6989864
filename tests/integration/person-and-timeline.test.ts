import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadHistory, sentEmailsOf } from "../../app/features/staff/lead-history";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs, profiles, quotes, users } from "../../server/platform/db/schema";
import { leadEmailKeys, reminderKey } from "../../server/leads/lead-email-keys";
import { emailsOf } from "../../server/staff/leads/leads.server";
import { personAccounts, personKeyOf, personLeads } from "../../server/staff/leads/people.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// One person, not five rows (decision 201), and the lead's timeline (decision 202), on
// both databases.

describe.each(testDatabaseKinds())("the person page and the timeline on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("gathers every lead and account sharing the email (any case) or the phone (+44 and 0 alike), and nothing near it", async () => {
    const ids = await insertLeads(database.db, {
      quotes: [
        sampleQuote({
          email: "Jane.Smith@Example.com",
          phone: "07700 900111",
          createdAt: new Date("2026-11-01T09:00:00Z"),
        }),
        // Near misses: one digit off, an address that starts the same.
        sampleQuote({ email: "jane.smith@example.co", phone: "07700 900112", firstName: "Janet" }),
      ],
      enquiries: [sampleEnquiry({ email: "someone.else@example.com", phone: "+44 (0)7700 900111" })],
      contacts: [
        sampleContact({ email: "JANE.SMITH@example.com", phone: "0117 496 0999" }),
        sampleContact({ email: "pat@example.com", phone: "+44 7700 9001110" }),
      ],
    });
    const [jane = "", janet = ""] = ids.quotes;
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: "Jane Smith", email: "jane.smith@example.com" });
    await database.db.insert(profiles).values({ userId, firstName: "Jane", lastName: "Smith", phone: "07700 900111" });
    const phoneOnly = randomUUID();
    await database.db.insert(users).values({ id: phoneOnly, name: "J Smith", email: "js@example.com" });
    await database.db
      .insert(profiles)
      .values({ userId: phoneOnly, firstName: "J", lastName: "Smith", phone: "+447700900111" });
    const stranger = randomUUID();
    await database.db.insert(users).values({ id: stranger, name: "Other", email: "other@example.com" });
    await database.db
      .insert(profiles)
      .values({ userId: stranger, firstName: "O", lastName: "T", phone: "07700 900112" });

    const key = await personKeyOf(database.db, "quote", jane);
    expect(key).toEqual({ email: "Jane.Smith@Example.com", phone: "07700 900111" });
    const leads = await personLeads(database.db, key ?? { email: "", phone: null });
    expect(leads.map((l) => [l.kind, l.id, l.byEmail, l.byPhone]).sort()).toEqual(
      [
        ["quote", jane, true, true],
        ["personal-enquiry", ids.enquiries[0], false, true],
        ["contact", ids.contacts[0], true, false],
      ].sort(),
    );
    expect(leads.map((l) => l.id)).not.toContain(janet);
    expect(leads.at(-1)?.id).toBe(jane); // newest first: the oldest lead last

    const accounts = await personAccounts(database.db, key ?? { email: "", phone: null });
    expect(accounts.map((a) => [a.id, a.byEmail, a.byPhone]).sort()).toEqual(
      [
        [userId, true, true],
        [phoneOnly, false, true],
      ].sort(),
    );
    // From the account, the same person.
    const fromAccount = await personKeyOf(database.db, "account", phoneOnly);
    expect((await personLeads(database.db, fromAccount ?? { email: "", phone: null })).map((l) => l.id)).toContain(
      jane,
    );
    // No lead, no person; an id that is not a lead's is no lead.
    expect(await personKeyOf(database.db, "quote", randomUUID())).toBeNull();
    expect(await personKeyOf(database.db, "contact", "not-an-id")).toBeNull();
    expect(await personKeyOf(database.db, "account", "nobody")).toBeNull();
  });

  it("finds a person by an address typed with capitals and spaces and no phone; accounts newest first, each saying which matched", async () => {
    const ids = await insertLeads(database.db, {
      quotes: [sampleQuote({ email: "robin.lowe@example.com", phone: "01632 960111" })],
      contacts: [sampleContact({ email: "Robin.Lowe@example.com", phone: "01632 960222" })],
    });
    const older = randomUUID();
    const newer = randomUUID();
    const noProfile = randomUUID();
    await database.db.insert(users).values([
      { id: older, name: "Robin Lowe", email: "robin.lowe@example.com", createdAt: new Date("2026-01-01T09:00:00Z") },
      { id: newer, name: "R Lowe", email: "rl@example.com", createdAt: new Date("2026-06-01T09:00:00Z") },
      { id: noProfile, name: "Nobody", email: "nobody.lowe@example.com" },
    ]);
    // The older account is found by its address, its profile's phone another; the newer by its phone alone.
    await database.db.insert(profiles).values([
      { userId: older, firstName: "Robin", lastName: "Lowe", phone: "07700 900999" },
      { userId: newer, firstName: "R", lastName: "Lowe", phone: "+44 1632 960333" },
    ]);

    const leads = await personLeads(database.db, { email: "  ROBIN.Lowe@Example.com ", phone: null });
    expect(leads.map((l) => [l.id, l.byEmail, l.byPhone, l.loanAmount]).sort()).toEqual(
      [
        [ids.quotes[0], true, false, 50_000],
        [ids.contacts[0], true, false, null],
      ].sort(),
    );
    const accounts = await personAccounts(database.db, { email: " Robin.Lowe@example.com", phone: "01632 960333" });
    expect(accounts.map((a) => [a.id, a.byEmail, a.byPhone])).toEqual([
      [newer, false, true],
      [older, true, false],
    ]);
    expect(await personAccounts(database.db, { email: "robin.lowe@example.com", phone: null })).toMatchObject([
      { id: older, byEmail: true, byPhone: false },
    ]);
    expect(await personAccounts(database.db, { email: "no.one@example.com", phone: null })).toEqual([]);
    expect(await personAccounts(database.db, { email: "nobody.lowe@example.com", phone: null })).toMatchObject([
      { id: noProfile, phone: null, byEmail: true, byPhone: false },
    ]);
  });

  it("gives the timeline each email sent with its text, leaves out a reminder that was not sent, and keeps the borrower's choice", async () => {
    const {
      quotes: [id = ""],
    } = await insertLeads(database.db, { quotes: [sampleQuote()] });
    const chosenAt = new Date("2026-11-24T11:00:00Z");
    await database.db
      .update(quotes)
      .set({ callbackChoice: "slot", callbackAt: new Date("2026-12-01T10:00:00Z"), callbackChosenAt: chosenAt })
      .where(eq(quotes.id, id));
    const [notifyKey = ""] = leadEmailKeys("quote", id);
    const mail = (subject: string) => ({
      to: "leads@firm.example",
      subject,
      text: `${subject}\n\nThe text.`,
      html: "<p/>",
    });
    await database.db.insert(jobs).values([
      {
        kind: "mail",
        payload: mail("New quote"),
        dedupeKey: notifyKey,
        status: "done",
        completedAt: new Date("2026-11-24T10:00:05Z"),
      },
      {
        kind: "reminder",
        payload: {
          ...mail("Call back now"),
          reminder: { kind: "quote", id, at: "2026-12-01T10:00:00.000Z" },
          skipped: "moved",
        },
        dedupeKey: reminderKey("quote", id),
        status: "done",
        completedAt: new Date("2026-12-01T10:00:01Z"),
      },
    ]);
    const emails = await emailsOf(database.db, "quote", id);
    expect(emails.map((m) => [m.subject, m.text, m.skipped])).toEqual([
      ["New quote", "New quote\n\nThe text.", false],
      ["Call back now", "Call back now\n\nThe text.", true],
    ]);
    const history = leadHistory({
      arrival: { at: "2026-11-24T10:00:00.000Z", kindLabel: "Quote" },
      borrowerChoice: {
        choice: { kind: "slot", at: "2026-12-01T10:00:00.000Z" },
        at: chosenAt.toISOString(),
      },
      emails: sentEmailsOf(emails),
      staff: [],
    });
    expect(history.map((h) => (h.type === "staff" ? "" : h.title))).toEqual([
      "Quote received",
      "Email sent to leads@firm.example: New quote",
      "The borrower asked to be called on Tue 1 Dec 2026, 10am to 11am",
    ]);
  });
});
