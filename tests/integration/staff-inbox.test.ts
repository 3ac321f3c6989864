import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InboxFilter, parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, leadEvents, staffMembers } from "../../server/platform/db/schema";
import { allInboxLeads, inboxPage, statusCounts } from "../../server/staff/leads/inbox.server";
import { addNote, assignLead, changeStatus, findLead, timelineOf } from "../../server/staff/leads/leads.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

const filter = (query = "") => parseInboxFilter(new URLSearchParams(query));
const at = (iso: string) => new Date(iso);

describe.each(testDatabaseKinds())("the staff inbox on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };
  const bob = { id: randomUUID(), name: "Bob Broker", email: "bob@firm.example" };
  let ids: { quotes: string[]; enquiries: string[]; contacts: string[] };

  const references = async (f: InboxFilter, viewer = ann.id) =>
    (await inboxPage(database.db, f, viewer, 100)).leads.map((l) => `${l.firstName} ${l.lastName}`.trim());

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    for (const member of [ann, bob]) {
      await db.insert(staffMembers).values({ ...member, enrolledAt: new Date(), roles: ["adviser"] });
    }
    ids = await insertLeads(db, {
      quotes: [
        sampleQuote({
          createdAt: at("2026-11-01T10:00:00Z"),
          firstName: "Alice",
          lastName: "Archer",
          email: "alice@example.com",
          phone: "07700 900001",
          loanAmount: 30_000,
          landingPageUrl: "https://www.example.com/?utm_source=google&utm_campaign=autumn",
        }),
        sampleQuote({
          createdAt: at("2026-11-05T10:00:00Z"),
          firstName: "Ben",
          lastName: "Baker",
          email: "ben@example.com",
          phone: "07700 900002",
          loanAmount: 120_000,
          ltvRatio: 104,
          indicativeRate: null,
          monthlyIncome: null,
          status: "contacted",
          assigneeId: ann.id,
        }),
        // Alice again, four days later: a duplicate of her first lead.
        sampleQuote({
          createdAt: at("2026-11-05T09:00:00Z"),
          firstName: "Alice",
          lastName: "Archer",
          email: "Alice@Example.com",
          phone: "07700 900009",
          loanAmount: 5_000,
          assigneeId: bob.id,
        }),
      ],
      enquiries: [
        sampleEnquiry({
          // A reference of digits alone, which reads as a phone number too.
          id: "50812660-c5bd-4511-9edc-d9a3873bd30a",
          createdAt: at("2026-11-03T23:30:00Z"),
          firstName: "Cara",
          lastName: "Cooper",
          email: "cara@example.com",
          phone: "+44 7700 900003",
          loanType: "personal",
          loanAmount: 60_000,
          landingPageUrl: "https://www.example.com/apply-personal?utm_source=bing&utm_campaign=winter",
        }),
      ],
      contacts: [sampleContact({ createdAt: at("2026-11-04T09:00:00Z"), name: "Dan Dyer", email: "dan@example.com" })],
    });
  });

  afterAll(async () => {
    await database.close();
  });

  it("lists every kind of lead, newest first", async () => {
    expect(await references(filter())).toEqual([
      "Ben Baker",
      "Alice Archer",
      "Dan Dyer",
      "Cara Cooper",
      "Alice Archer",
    ]);
  });

  it.each([
    ["status", "status=contacted", ["Ben Baker"]],
    [
      "two statuses",
      "status=contacted&status=new",
      ["Ben Baker", "Alice Archer", "Dan Dyer", "Cara Cooper", "Alice Archer"],
    ],
    ["kind", "kind=personal-enquiry", ["Cara Cooper"]],
    ["kind: contact messages", "kind=contact", ["Dan Dyer"]],
    // 23:30 UTC on 3 November is still 3 November in London (GMT).
    ["date range (UK days)", "from=2026-11-03&to=2026-11-04", ["Dan Dyer", "Cara Cooper"]],
    ["assignee: unassigned", "assignee=unassigned", ["Dan Dyer", "Cara Cooper", "Alice Archer"]],
    ["assignee: mine", "assignee=mine", ["Ben Baker"]],
    ["assignee: someone", `assignee=${bob.id}`, ["Alice Archer"]],
    ["campaign (utm_campaign)", "campaign=autumn", ["Alice Archer"]],
    ["campaign (utm_source)", "campaign=bing", ["Cara Cooper"]],
    ["amount range", "min=30000&max=60000", ["Cara Cooper", "Alice Archer"]],
    ["flag: no rate", "flag=no-rate", ["Ben Baker"]],
    ["flag: LTV over 100%", "flag=ltv-over-100", ["Ben Baker"]],
    ["flag: no income", "flag=no-income", ["Ben Baker"]],
    ["flag: amount outside the range", "flag=amount-outside-range", ["Alice Archer", "Cara Cooper"]],
    ["flag: duplicate", "flag=duplicate", ["Alice Archer"]],
    ["search: email prefix, any case", "q=ALICE@", ["Alice Archer", "Alice Archer"]],
    ["search: phone, spaces ignored", "q=07700 900003", ["Cara Cooper"]],
    ["search: surname", "q=coo", ["Cara Cooper"]],
    ["search: full name", "q=ben baker", ["Ben Baker"]],
    ["search: contact message name", "q=dan", ["Dan Dyer"]],
    ["search: a contact message's surname", "q=dyer", ["Dan Dyer"]],
    ["filters combine", "kind=quote&status=new&min=10000", ["Alice Archer"]],
  ])("filters by %s", async (_, query, expected) => {
    expect(await references(filter(query))).toEqual(expected);
  });

  it("finds a lead by its reference", async () => {
    const id = ids.quotes[0] ?? "";
    const page = await inboxPage(database.db, filter(`q=${id.slice(0, 8).toUpperCase()}`), ann.id);
    expect(page.leads.map((l) => l.id)).toEqual([id]);
  });

  it("finds a lead whose reference is all digits, which is also read as a phone prefix", async () => {
    const page = await inboxPage(database.db, filter("q=50812660"), ann.id);
    expect(page.leads.map((l) => l.id)).toEqual(["50812660-c5bd-4511-9edc-d9a3873bd30a"]);
    const byPhone = await inboxPage(database.db, filter("q=07700900"), ann.id);
    expect(byPhone.leads.length).toBeGreaterThan(1);
  });

  it("sorts by amount, largest first, contact messages last", async () => {
    expect(await references(filter("sort=amount"))).toEqual([
      "Ben Baker",
      "Cara Cooper",
      "Alice Archer",
      "Alice Archer",
      "Dan Dyer",
    ]);
  });

  it("marks triage flags on each lead", async () => {
    const page = await inboxPage(database.db, filter("kind=quote"), ann.id);
    expect(page.leads.map((l) => l.flags)).toEqual([
      ["no-rate", "ltv-over-100", "no-income"],
      ["amount-outside-range", "duplicate"],
      [],
    ]);
  });

  it("counts leads per status under the rest of the filter", async () => {
    expect(await statusCounts(database.db, filter("kind=quote&status=new"), ann.id)).toEqual({
      exact: { new: 2, contacted: 1 },
    });
  });

  it("pages by keyset through leads received at the same moment, none missed or repeated", async () => {
    const { db } = database;
    const moment = at("2026-10-01T12:00:00.123456Z");
    await insertLeads(db, {
      quotes: Array.from({ length: 7 }, (_, i) => sampleQuote({ createdAt: moment, lastName: `Same${i}` })),
      enquiries: Array.from({ length: 5 }, (_, i) => sampleEnquiry({ createdAt: moment, lastName: `Same${i + 7}` })),
    });
    const seen: string[] = [];
    let f: InboxFilter = filter("to=2026-10-31");
    for (let pages = 0; pages < 10; pages++) {
      const page = await inboxPage(db, f, ann.id, 5);
      seen.push(...page.leads.map((l) => l.id));
      if (!page.next) break;
      f = { ...f, after: page.next };
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const all: string[] = [];
    for await (const leads of allInboxLeads(db, filter("to=2026-10-31"), ann.id, 4))
      all.push(...leads.map((l) => l.id));
    expect(all).toEqual(seen);
  });

  it("changes a status along the allowed moves, with a timeline event and an audit row", async () => {
    const id = ids.contacts[0] ?? "";
    expect(await changeStatus(database.db, ann, { kind: "contact", id, version: 1, to: "completed" })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(await changeStatus(database.db, ann, { kind: "contact", id, version: 1, to: "contacted" })).toEqual({
      ok: true,
    });
    const lead = await findLead(database.db, "contact", id);
    expect(lead?.row.status).toBe("contacted");
    expect(lead?.row.version).toBe(2);
    const [event] = await timelineOf(database.db, id);
    expect(event).toMatchObject({ type: "status", fromStatus: "new", toStatus: "contacted", actorName: "Ann Adviser" });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.status")));
    expect(audit).toMatchObject([
      { actorId: ann.id, actorName: "Ann Adviser", leadKind: "contact", detail: { from: "new", to: "contacted" } },
    ]);
  });

  it("refuses a stale save: the second of two advisers editing at once is told, and nothing is lost", async () => {
    const id = ids.enquiries[0] ?? "";
    const { db } = database;
    // Both opened the lead at version 1.
    expect(await assignLead(db, ann, { kind: "personal-enquiry", id, version: 1, assigneeId: ann.id })).toEqual({
      ok: true,
    });
    expect(
      await changeStatus(db, bob, {
        kind: "personal-enquiry",
        id,
        version: 1,
        to: "declined",
        reason: "affordability",
      }),
    ).toEqual({
      ok: false,
      reason: "stale",
    });
    const lead = await findLead(db, "personal-enquiry", id);
    expect(lead?.row).toMatchObject({ status: "new", assigneeId: ann.id, version: 2 });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.assign"))),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.status"))),
    ).toHaveLength(0);
  });

  it("adds notes to the timeline and audits them without their text", async () => {
    const id = ids.quotes[0] ?? "";
    const { db } = database;
    expect(await addNote(db, bob, { kind: "quote", id }, "  Called, no answer.  ")).toEqual({ ok: true });
    expect(await addNote(db, bob, { kind: "quote", id }, "   ")).toEqual({ ok: false, reason: "invalid" });
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events).toMatchObject([{ type: "note", note: "Called, no answer.", actorId: bob.id }]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, id), eq(auditLog.action, "lead.note")));
    expect(audit).toMatchObject([{ actorId: bob.id, detail: null }]);
  });

  it("names the earlier lead a duplicate repeats, and no lead for the rest", async () => {
    const page = await inboxPage(database.db, filter(), ann.id, 100);
    const named = page.leads.filter((l) => l.duplicateOf);
    expect(named.map((l) => [l.id, l.duplicateOf?.kind, l.duplicateOf?.id, l.duplicateOf?.receivedAt])).toEqual([
      [ids.quotes[2], "quote", ids.quotes[0], at("2026-11-01T10:00:00Z")],
    ]);
    expect(named.every((l) => l.flags.includes("duplicate"))).toBe(true);
  });

  it("finds a lead whose reference has no digit, as it is quoted, and a name of eight hex letters still", async () => {
    const id = "abcdefab-0000-4000-8000-00000000abcd";
    await insertLeads(database.db, {
      quotes: [
        sampleQuote({
          createdAt: at("2026-08-01T10:00:00Z"),
          lastName: "Deadbeef",
          email: "fay@example.com",
          phone: "07700 900991",
        }),
      ],
      enquiries: [],
      contacts: [
        sampleContact({
          id,
          createdAt: at("2026-08-02T10:00:00Z"),
          name: "Gus Green",
          email: "gus@example.com",
          phone: "07700 900992",
        }),
      ],
    });
    for (const q of ["ABCDEFAB", "abcdefab", " AbCdEfAb "]) {
      expect(
        (await inboxPage(database.db, filter(`q=${encodeURIComponent(q)}`), ann.id)).leads.map((l) => l.id),
        q,
      ).toEqual([id]);
    }
    expect(await references(filter("q=DEADBEEF"))).toEqual(["Jane Deadbeef"]);
  });

  it("refuses assignment to someone who is not an active staff member", async () => {
    const id = ids.quotes[0] ?? "";
    expect(await assignLead(database.db, ann, { kind: "quote", id, version: 1, assigneeId: randomUUID() })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
