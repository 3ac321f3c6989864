import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH } from "../../app/domain/field-limits";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, jobs, leadEvents, staffMembers } from "../../server/platform/db/schema";
import { leadEmailKeys } from "../../server/leads/lead-email-keys";
import {
  addNote,
  assignableStaff,
  assignLead,
  emailsOf,
  findLead,
  flagsOf,
  timelineOf,
} from "../../server/staff/leads/leads.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The edges of an adviser's changes to one lead (DECISIONS D14): what is refused, what
// the timeline names, who can be given a lead, and the lead's emails. Each test makes
// the leads and staff it reads, so it passes run alone.

describe.each(testDatabaseKinds())("changes to one lead on %s", (kind) => {
  let database: DatabaseHandle;
  const staff = (name: string, extra: Partial<typeof staffMembers.$inferInsert> = {}) => ({
    id: randomUUID(),
    name,
    email: `${name.split(" ")[0]?.toLowerCase()}@firm.example`,
    enrolledAt: new Date(),
    roles: ["adviser" as const],
    ...extra,
  });
  const ann = staff("Ann Adviser");
  const bob = staff("Bob Broker", { roles: ["manager"] });
  const dee = staff("Dee Disabled", { disabledAt: new Date() });
  const ivy = staff("Ivy Invited", { enrolledAt: null });
  // Works no lead (decision 270): the team and the audit log are theirs, not a lead.
  const ada = staff("Ada Administrator", { roles: ["administrator", "compliance"] });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(staffMembers).values([ann, bob, dee, ivy, ada]);
  });
  afterAll(async () => {
    await database.close();
  });

  const newQuote = async (q: Parameters<typeof sampleQuote>[0] = {}) => {
    const { quotes } = await insertLeads(database.db, { quotes: [sampleQuote(q)] });
    return quotes[0] as string;
  };

  it("finds a lead only under its own kind, and never by an id that is not a UUID", async () => {
    const { quotes, enquiries, contacts } = await insertLeads(database.db, {
      quotes: [sampleQuote()],
      enquiries: [sampleEnquiry()],
      contacts: [sampleContact()],
    });
    const [quote = "", enquiry = "", contact = ""] = [quotes[0], enquiries[0], contacts[0]];
    expect((await findLead(database.db, "quote", quote))?.row.id).toBe(quote);
    expect((await findLead(database.db, "personal-enquiry", enquiry))?.row.id).toBe(enquiry);
    expect((await findLead(database.db, "contact", contact))?.row.id).toBe(contact);
    expect(await findLead(database.db, "contact", quote)).toBeNull();
    expect(await findLead(database.db, "quote", enquiry)).toBeNull();
    expect(await findLead(database.db, "personal-enquiry", contact)).toBeNull();
    expect(await findLead(database.db, "quote", "not-a-uuid")).toBeNull();
    expect(await findLead(database.db, "quote", randomUUID())).toBeNull();
  });

  it("offers enrolled staff who are not disabled and work leads, by name", async () => {
    expect((await assignableStaff(database.db)).map((s) => s.name)).toEqual(["Ann Adviser", "Bob Broker"]);
  });

  it("assigns only to someone who can take the lead, and not to whoever has it already", async () => {
    const id = await newQuote();
    const change = { kind: "quote" as const, id, version: 1 };
    for (const assigneeId of [dee.id, ivy.id, ada.id, randomUUID()]) {
      expect(await assignLead(database.db, ann, { ...change, assigneeId })).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await assignLead(database.db, ann, { ...change, assigneeId: null })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await assignLead(database.db, ann, { ...change, assigneeId: bob.id })).toEqual({ ok: true });
    expect(await assignLead(database.db, ann, { ...change, version: 2, assigneeId: bob.id })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await assignLead(database.db, ann, { ...change, version: 2, assigneeId: null })).toEqual({ ok: true });
    expect((await findLead(database.db, "quote", id))?.row).toMatchObject({ assigneeId: null, version: 3 });
    const timeline = await timelineOf(database.db, id);
    expect(timeline.map((e) => [e.type, e.actorName, e.assigneeName])).toEqual([
      ["assignment", "Ann Adviser", "Bob Broker"],
      ["assignment", "Ann Adviser", null],
    ]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.assign")));
    expect(audit.map((a) => a.detail)).toEqual([{ assigneeId: bob.id }, { assigneeId: null }]);
  });

  it("refuses a change to a lead that is not there", async () => {
    expect(
      await assignLead(database.db, ann, { kind: "quote", id: randomUUID(), version: 1, assigneeId: bob.id }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await assignLead(database.db, ann, { kind: "quote", id: "nope", version: 1, assigneeId: bob.id })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("adds a note trimmed, up to its limit, and audits that it was added but not what it says", async () => {
    const id = await newQuote();
    const lead = { kind: "quote" as const, id };
    expect(await addNote(database.db, ann, lead, "   ")).toEqual({ ok: false, reason: "invalid" });
    expect(await addNote(database.db, ann, lead, "x".repeat(NOTE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await addNote(database.db, ann, { kind: "quote", id: randomUUID() }, "Hello")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await addNote(database.db, ann, lead, "x".repeat(NOTE_MAX_LENGTH))).toEqual({ ok: true });
    expect(await addNote(database.db, ann, lead, "  Called back: 07700 900123  ")).toEqual({ ok: true });
    const notes = await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(notes.map((n) => n.note)).toEqual(["x".repeat(NOTE_MAX_LENGTH), "Called back: 07700 900123"]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.leadId, id));
    expect(audit.map((a) => [a.action, a.actorName, a.detail])).toEqual([
      ["lead.note", "Ann Adviser", null],
      ["lead.note", "Ann Adviser", null],
    ]);
    // A note changes nothing else: the lead's version stands.
    expect((await findLead(database.db, "quote", id))?.row.version).toBe(1);
  });

  it("names the timeline's people, and nobody for an event with no actor", async () => {
    const id = await newQuote();
    await database.db.insert(leadEvents).values([
      { leadKind: "quote", leadId: id, actorId: bob.id, type: "note", note: "First" },
      { leadKind: "quote", leadId: id, actorId: ann.id, type: "assignment", assigneeId: bob.id },
      { leadKind: "quote", leadId: id, actorId: null, type: "note", note: "Third" },
    ]);
    expect((await timelineOf(database.db, id)).map((e) => [e.type, e.note, e.actorName, e.assigneeName])).toEqual([
      ["note", "First", "Bob Broker", null],
      ["assignment", null, "Ann Adviser", "Bob Broker"],
      ["note", "Third", null, null],
    ]);
    expect(await timelineOf(database.db, randomUUID())).toEqual([]);
  });

  it("lists the lead's emails in the order they were queued, with where each stands", async () => {
    const id = await newQuote();
    const [brokerKey, borrowerKey] = leadEmailKeys("quote", id);
    await database.db.insert(jobs).values([
      { kind: "mail", dedupeKey: brokerKey, payload: { to: "broker@firm.example", subject: "New lead" } },
      {
        kind: "mail",
        dedupeKey: borrowerKey,
        payload: { to: "jane@example.com", subject: "Your quote" },
        status: "done",
        attempts: 2,
        completedAt: new Date("2026-11-24T10:00:00Z"),
      },
      { kind: "mail", dedupeKey: `someone-else:${randomUUID()}`, payload: { to: "x@example.com", subject: "Other" } },
    ]);
    expect(
      (await emailsOf(database.db, "quote", id)).map((e) => [e.to, e.subject, e.status, e.attempts, e.sentAt]),
    ).toEqual([
      ["broker@firm.example", "New lead", "pending", 0, null],
      ["jane@example.com", "Your quote", "done", 2, new Date("2026-11-24T10:00:00Z")],
    ]);
  });

  it("flags one lead by the inbox's rules, whatever its kind", async () => {
    const { quotes, enquiries, contacts } = await insertLeads(database.db, {
      quotes: [
        sampleQuote({
          email: "flagged@example.com",
          phone: "07700 900771",
          indicativeRate: null,
          ltvRatio: 120,
          monthlyIncome: 0,
        }),
      ],
      enquiries: [
        sampleEnquiry({ email: "small@example.com", phone: "07700 900772", loanType: "personal", loanAmount: 500 }),
      ],
      contacts: [sampleContact({ email: "hello@example.com", phone: "07700 900773" })],
    });
    const flags = async (k: "quote" | "personal-enquiry" | "contact", id: string | undefined) => {
      const lead = await findLead(database.db, k, id as string);
      if (!lead) throw new Error("no lead");
      return (await flagsOf(database.db, lead)).flags;
    };
    expect(await flags("quote", quotes[0])).toEqual(["no-rate", "ltv-over-100", "no-income"]);
    expect(await flags("personal-enquiry", enquiries[0])).toEqual(["amount-outside-range"]);
    expect(await flags("contact", contacts[0])).toEqual([]);
  });
});
