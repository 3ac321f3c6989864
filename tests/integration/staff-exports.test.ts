import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, staffMembers } from "../../server/platform/db/schema";
import { countFunnelReport, ukDay } from "../../server/leads/funnel";
import {
  type AuditCursor,
  auditCursorText,
  auditEntries,
  parseAuditCursor,
  writeAudit,
} from "../../server/platform/audit.server";
import { subjectReference } from "../../server/privacy/data-requests.server";
import { CSV_HEADERS, leadsCsv } from "../../server/staff/leads/csv-export.server";
import { funnelCsv, funnelQueryOf, funnelReport } from "../../server/staff/reports/funnel-query.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// What the staff console hands out or reads back in bulk (DECISIONS D14, D16): the
// inbox's CSV, the funnel's query and CSV, and the audit log's pages. The browser tests
// go through the pages; these pin the bytes and the rows.

const filter = (query = "") => parseInboxFilter(new URLSearchParams(query));
const SECRET = "test secret";
const at = (iso: string) => new Date(iso);

/** One CSV line's cells, quotes undone (a quoted cell may hold commas and line breaks). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  const cell = /("(?:[^"]|"")*"|[^,]*)(,|$)/gy;
  for (let match = cell.exec(line); match; match = cell.exec(line)) {
    const raw = match[1] ?? "";
    cells.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] === "") break;
  }
  return cells;
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe.each(testDatabaseKinds())("the staff console's exports on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };
  let ids: { quotes: string[]; enquiries: string[]; contacts: string[] };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(staffMembers).values({ ...ann, enrolledAt: new Date() });
    ids = await insertLeads(database.db, {
      quotes: [
        sampleQuote({
          createdAt: at("2026-11-02T10:00:00Z"),
          firstName: '=HYPERLINK("https://evil.example")',
          lastName: "Archer, Jr",
          email: "alice@example.com",
          loanAmount: 30_000,
          landingPageUrl: "https://www.example.com/?utm_source=google&utm_campaign=autumn",
          assigneeId: ann.id,
        }),
        {
          ...sampleQuote({
            createdAt: at("2026-11-03T10:00:00Z"),
            firstName: "Ben",
            lastName: "Baker",
            email: "ben@example.com",
            phone: "07700 900222",
            indicativeRate: null,
            ltvRatio: 120,
            status: "contacted",
          }),
          callbackChoice: "slot" as const,
          callbackAt: at("2026-11-05T14:00:00Z"),
        },
      ],
      contacts: [sampleContact({ createdAt: at("2026-11-04T09:00:00Z"), name: "Dan Dyer", email: "dan@example.com" })],
    });
    // In summer (BST), away from the rows above: found by their own day.
    const summer = await insertLeads(database.db, {
      quotes: [],
      enquiries: [
        sampleEnquiry({
          callbackChoice: "soonest",
          createdAt: at("2026-07-01T23:30:00Z"),
          firstName: "Eve",
          lastName: "Evans",
          email: "eve@example.com",
          phone: "+44 7700 900555",
          homeownerStatus: "outright",
          propertyValue: null,
          mortgageBalance: null,
          age: "50-65",
          employmentStatus: "self-employed",
          creditHistory: "unsure",
        }),
      ],
      contacts: [
        sampleContact({
          createdAt: at("2026-07-02T08:15:30Z"),
          name: "Anna van der Berg",
          email: "anna@example.com",
          phone: "02079460000",
          message: "Call me, please,\nafter 5pm",
        }),
      ],
    });
    ids.enquiries = summer.enquiries;
    ids.contacts = [...ids.contacts, ...summer.contacts];
  });
  afterAll(async () => {
    await database.close();
  });

  describe("the inbox's CSV", () => {
    it("starts with a byte-order mark and the headers, then one row per lead, newest first", async () => {
      const csv = await text(leadsCsv(database.db, filter(), ann, SECRET));
      expect(csv.startsWith("\uFEFF")).toBe(true);
      const lines = csv.slice(1).split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(lines[0]).toBe(CSV_HEADERS.join(","));
      expect(CSV_HEADERS.slice(0, 4)).toEqual(["Received (UK time)", "Reference", "Id", "Kind"]);
      expect(lines.slice(1, -1).map((l) => l.split(",")[3])).toEqual([
        "Contact message",
        "Quote",
        "Quote",
        "Contact message",
        "Quick-check enquiry (homeowner loan)",
      ]);
    });

    /** The one row a search finds, by header. */
    const onlyRow = async (query: string) => {
      const csv = await text(leadsCsv(database.db, filter(query), ann, SECRET));
      const lines = csv.slice(1).split("\r\n");
      expect(lines).toHaveLength(3);
      return Object.fromEntries(CSV_HEADERS.map((h, i) => [h, cellsOf(lines[1] ?? "")[i]]));
    };

    it("writes each cell as the lead page shows it: UK times, the reference, labels, every answer, campaign, flags", async () => {
      const id = ids.quotes[1] as string;
      expect(await onlyRow("q=ben")).toEqual({
        "Received (UK time)": "2026-11-03T10:00:00",
        Reference: id.slice(0, 8).toUpperCase(),
        Id: id,
        Kind: "Quote",
        "First name": "Ben",
        "Last name": "Baker",
        Email: "ben@example.com",
        Phone: "07700 900222",
        "Chosen call time (UK time)": "2026-11-05T14:00:00",
        Amount: "50000",
        "Purpose or subject": "Debt consolidation",
        "Homeowner status": "Homeowner with mortgage",
        "Property value": "250000",
        "Mortgage balance": "100000",
        "LTV %": "120",
        "Indicative rate %": "",
        Age: "Under 50",
        "Monthly income": "4000",
        Employment: "Employed full-time",
        "Credit history": "Good",
        Message: "",
        Status: "Contacted",
        Assignee: "",
        "Campaign source": "",
        Campaign: "",
        "Landing page": "https://www.example.com/",
        Flags: "No indicative rate; LTV over 100%",
        "Duplicate of": "",
      });
    });

    it("writes a quick-check enquiry's answers in the quick check's words, its time in summer time, +44 as 0", async () => {
      expect(await onlyRow("q=eve@")).toMatchObject({
        // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST).
        "Received (UK time)": "2026-07-02T00:30:00",
        Kind: "Quick-check enquiry (homeowner loan)",
        Phone: "07700 900555",
        "Chosen call time (UK time)": "As soon as possible",
        "Purpose or subject": "Home improvements",
        "Homeowner status": "Homeowner (no mortgage)",
        "Property value": "",
        "Mortgage balance": "",
        Age: "50 – 65",
        "Monthly income": "3500",
        Employment: "Self employed",
        "Credit history": "Not sure",
        Status: "New",
      });
    });

    it("puts a contact message's name in the name columns, its words in Message, and a London number as text", async () => {
      expect(await onlyRow("q=anna@")).toMatchObject({
        "Received (UK time)": "2026-07-02T09:15:30",
        Kind: "Contact message",
        "First name": "Anna",
        "Last name": "van der Berg",
        Phone: "020 7946 0000",
        "Chosen call time (UK time)": "",
        "Purpose or subject": "Question about a secured loan",
        Message: "Call me, please,\nafter 5pm",
        Amount: "",
        Employment: "",
      });
    });

    it("makes a formula harmless and quotes a comma; names the assignee and the campaign", async () => {
      const csv = await text(leadsCsv(database.db, filter("q=alice@"), ann, SECRET));
      const row = csv.slice(1).split("\r\n")[1] ?? "";
      expect(row).toContain(`,"'=HYPERLINK(""https://evil.example"")","Archer, Jr",alice@example.com,`);
      expect(row).toContain(",Ann Adviser,google,autumn,");
    });

    it("exports only the filter's leads, and audits the export with the filter and the count", async () => {
      const before = await database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
      const csv = await text(leadsCsv(database.db, filter("kind=quote&status=new"), ann, SECRET));
      expect(csv.slice(1).split("\r\n").length).toBe(3);
      const after = await database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatchObject({
        actorId: ann.id,
        actorName: "Ann Adviser",
        detail: { filter: "status=new&kind=quote", rows: 1 },
      });
    });

    it.each([
      ["an email address", "q=Ben%40Example.com", "email", "ben@example.com"],
      ["a phone number", "q=07700+900222", "phone", "07700900222"],
      ["a surname", "q=Baker", "name", "baker"],
    ])(
      "keeps a search for %s in the audit log only as a keyed hash, never the words typed",
      async (_, query, by, typed) => {
        await text(leadsCsv(database.db, filter(`${query}&status=contacted`), ann, SECRET));
        const [row] = await database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, "leads.export"))
          .orderBy(sql`${auditLog.id} desc`)
          .limit(1);
        expect(row?.detail).toEqual({
          filter: "status=contacted",
          rows: 1,
          search: { by, reference: subjectReference(typed, SECRET) },
        });
        const stored = JSON.stringify(row).toLowerCase();
        for (const trace of ["ben@", "example.com", "07700", "900222", "baker"]) expect(stored).not.toContain(trace);
      },
    );

    it("keeps a campaign filter that is a campaign's name, and only a hash of one that is not", async () => {
      await text(leadsCsv(database.db, filter("campaign=autumn"), ann, SECRET));
      await text(leadsCsv(database.db, filter("campaign=ben%40example.com"), ann, SECRET));
      const rows = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "leads.export"))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(2);
      expect(rows.map((r) => r.detail)).toEqual([
        { filter: "", rows: 0, campaign: { reference: subjectReference("ben@example.com", SECRET) } },
        { filter: "campaign=autumn", rows: 1 },
      ]);
    });

    it("audits nothing when the download is abandoned before its end", async () => {
      const before = await database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
      const reader = leadsCsv(database.db, filter(), ann, SECRET).getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel();
      const after = await database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
      expect(after).toHaveLength(before.length);
    });
  });

  describe("the funnel page's query", () => {
    const now = at("2026-11-24T12:00:00Z");
    const query = (q: string) => funnelQueryOf(new URLSearchParams(q), now);

    it("is the last 30 UK days, all campaigns, by default", () => {
      expect(query("")).toEqual({ from: "2026-10-26", to: "2026-11-24", campaign: "" });
    });

    it("reads the UK day now, not the UTC one", () => {
      // 23:30 UTC on 30 June is already 1 July in London (BST).
      expect(funnelQueryOf(new URLSearchParams(""), at("2026-06-30T23:30:00Z")).to).toBe("2026-07-01");
    });

    it.each([
      ["explicit days", "from=2026-11-01&to=2026-11-07", { from: "2026-11-01", to: "2026-11-07", campaign: "" }],
      [
        "days the wrong way round",
        "from=2026-11-07&to=2026-11-01",
        { from: "2026-11-01", to: "2026-11-07", campaign: "" },
      ],
      ["a 'to' alone: 30 days to it", "to=2026-11-10", { from: "2026-10-12", to: "2026-11-10", campaign: "" }],
      [
        "days that do not parse",
        "from=1%2F11%2F2026&to=2026-11-7",
        { from: "2026-10-26", to: "2026-11-24", campaign: "" },
      ],
      ["a day with more after it", "from=2026-11-01x", { from: "2026-10-26", to: "2026-11-24", campaign: "" }],
      ["a campaign, trimmed", "campaign=%20autumn%20", { from: "2026-10-26", to: "2026-11-24", campaign: "autumn" }],
    ])("takes %s", (_, q, expected) => {
      expect(query(q)).toEqual(expected);
    });

    it("keeps a campaign to 100 characters", () => {
      expect(query(`campaign=${"a".repeat(150)}`).campaign).toBe("a".repeat(100));
    });
  });

  describe("the funnel's report and CSV", () => {
    it("counts each form's steps for the days and campaign asked, and writes them one row per step", async () => {
      const day = at("2026-11-10T12:00:00Z");
      const landing = "https://www.example.com/?utm_source=google&utm_campaign=spring.sale";
      for (const step of ["status", "status", "amount"]) {
        await countFunnelReport(database.db, { form: "apply", event: "step", step, landing }, day);
      }
      await countFunnelReport(
        database.db,
        { form: "apply", event: "redirect", step: "amount", target: "/cannot-help", landing },
        day,
      );
      await countFunnelReport(database.db, { form: "apply", event: "step", step: "status" }, day);
      await countFunnelReport(
        database.db,
        { form: "apply", event: "step", step: "status", landing },
        at("2026-11-12T12:00:00Z"),
      );

      const report = await funnelReport(database.db, { from: ukDay(day), to: ukDay(day), campaign: "spring.sale" });
      expect(report.campaigns).toContain("spring.sale");
      const apply = report.funnels.find((f) => f.form === "apply");
      expect(apply?.rows.slice(0, 2)).toMatchObject([
        { step: "status", reached: 2, keptPercent: null },
        { step: "amount", reached: 1, keptPercent: 50, redirects: [{ target: "/cannot-help", n: 1 }] },
      ]);

      const lines = funnelCsv(report).split("\r\n");
      expect(lines[0]).toBe("\uFEFFForm,Branch,Step,Reached,Kept from the step before (%),Sent on from here");
      expect(lines).toContain("apply,,status,2,,");
      expect(lines).toContain("apply,,amount,1,50,/cannot-help 1");
      expect(lines).toContain("apply,,submitted,0,,");
      expect(lines).toContain("apply-personal,,submitted,0,,");
      expect(lines.at(-1)).toBe("");

      const everyCampaign = await funnelReport(database.db, { from: ukDay(day), to: ukDay(day), campaign: "" });
      expect(everyCampaign.funnels.find((f) => f.form === "apply")?.rows[0]?.reached).toBe(3);
    });

    it("quotes a cell that holds a comma or a quote", () => {
      const csv = funnelCsv({
        query: { from: "2026-11-01", to: "2026-11-01", campaign: "" },
        campaigns: [],
        conversion: [],
        funnels: [
          {
            form: "apply",
            rows: [{ step: 'a "b", c', branch: null, reached: 1, keptPercent: null, redirects: [] }],
            submitted: 0,
            submittedPercent: null,
          },
        ],
      } as unknown as Parameters<typeof funnelCsv>[0]);
      expect(csv.split("\r\n")[1]).toBe('apply,,"a ""b"", c",1,,');
    });

    it("makes every cell a spreadsheet would read as a formula plain text, whatever a browser reported", async () => {
      const day = at("2026-11-20T12:00:00Z");
      await countFunnelReport(database.db, { form: "apply", event: "step", step: "amount" }, day);
      for (const target of ["=1+1", "+1", "-1", "@x"])
        await countFunnelReport(database.db, { form: "apply", event: "redirect", step: "amount", target }, day);
      const csv = funnelCsv(await funnelReport(database.db, { from: ukDay(day), to: ukDay(day), campaign: "" }));
      const row = csv.split("\r\n").find((line) => line.includes("1+1"));
      // The cell is text from its first character: the apostrophe Excel and LibreOffice hide.
      expect(row).toMatch(/^apply,,amount,1,,'(=1\+1|\+1|-1|@x) 1; /);
      for (const line of csv.split("\r\n").slice(1))
        for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+\-@]/);
    });
  });

  describe("the audit log's pages", () => {
    const bob = { id: randomUUID(), name: "Bob Broker" };
    const lead = { kind: "quote" as const, id: randomUUID() };

    beforeAll(async () => {
      await database.db.insert(staffMembers).values({ ...bob, email: "bob@firm.example" });
      for (let i = 0; i < 5; i++) await writeAudit(database.db, { action: "lead.view", actor: bob, lead });
      await writeAudit(database.db, {
        action: "lead.status",
        actor: bob,
        lead,
        detail: { from: "new", to: "contacted" },
      });
      await writeAudit(database.db, { action: "lead.view", actor: ann, lead: { kind: "quote", id: randomUUID() } });
      await writeAudit(database.db, { action: "retention.run", actor: null, detail: { deleted: 0 } });
    });

    it("writes who, which lead and what, and nothing for a job with no actor", async () => {
      const { rows } = await auditEntries(database.db, { action: "retention.run" });
      expect(rows.at(0)).toMatchObject({
        action: "retention.run",
        actorId: null,
        actorName: null,
        leadKind: null,
        leadId: null,
        detail: { deleted: 0 },
      });
      const [status] = (await auditEntries(database.db, { action: "lead.status" })).rows;
      expect(status).toMatchObject({ actorId: bob.id, actorName: "Bob Broker", leadKind: "quote", leadId: lead.id });
    });

    it("filters by actor, lead and action, and they combine", async () => {
      const count = async (f: Parameters<typeof auditEntries>[1]) => (await auditEntries(database.db, f)).rows.length;
      expect(await count({ actorId: bob.id })).toBe(6);
      expect(await count({ lead: { by: "id", id: lead.id } })).toBe(6);
      expect(await count({ actorId: bob.id, action: "lead.view" })).toBe(5);
      expect(await count({ actorId: ann.id, lead: { by: "id", id: lead.id } })).toBe(0);
    });

    it("finds a lead's rows by the 8-character reference quoted everywhere else", async () => {
      const count = async (f: Parameters<typeof auditEntries>[1]) => (await auditEntries(database.db, f)).rows.length;
      expect(await count({ lead: { by: "reference", prefix: lead.id.slice(0, 8) } })).toBe(6);
      expect(await count({ lead: { by: "reference", prefix: lead.id.slice(0, 8) }, action: "lead.status" })).toBe(1);
      const other = lead.id.startsWith("0") ? "ffffffff" : "00000000";
      expect(await count({ lead: { by: "reference", prefix: other } })).toBe(0);
    });

    it("pages newest first by keyset, with no row twice and none left out", async () => {
      const seen: number[] = [];
      let before: AuditCursor | undefined;
      for (let page = 0; page < 10; page++) {
        const { rows, next } = await auditEntries(database.db, { actorId: bob.id, before }, 2);
        expect(rows.length).toBeLessThanOrEqual(2);
        seen.push(...rows.map((r) => r.id));
        if (!next) break;
        expect(next.id).toBe(rows.at(-1)?.id);
        expect(new Date(next.at).getTime()).toBe(rows.at(-1)?.at.getTime());
        before = next;
      }
      expect(seen).toHaveLength(6);
      expect(new Set(seen).size).toBe(6);
      const all = (await auditEntries(database.db, { actorId: bob.id })).rows;
      expect(seen).toEqual(all.map((r) => r.id));
      expect(all.map((r) => r.action)[0]).toBe("lead.status");
    });

    it("keeps rows written in the same millisecond across a page's edge (the database keeps microseconds)", async () => {
      const cal = { id: randomUUID(), name: "Cal Clock" };
      await database.db.insert(staffMembers).values({ ...cal, email: "cal@firm.example" });
      for (const micro of ["100", "200", "300"]) {
        await database.db.execute(
          sql`insert into audit_log (at, action, actor_id, actor_name) values (${`2026-11-24T10:00:00.123${micro}Z`}::timestamptz, 'lead.view', ${cal.id}, ${cal.name})`,
        );
      }
      const seen: string[] = [];
      let before: AuditCursor | undefined;
      for (let page = 0; page < 5; page++) {
        const { rows, next } = await auditEntries(database.db, { actorId: cal.id, before }, 1);
        seen.push(...rows.map((r) => r.at.toISOString()));
        if (!next) break;
        // As the page's link carries it, and back.
        before = parseAuditCursor(auditCursorText(next));
      }
      expect(seen).toHaveLength(3);
    });

    it.each([
      ["2026-11-24T10:00:00.123456Z~42", { at: "2026-11-24T10:00:00.123456Z", id: 42 }],
      ["2026-11-24T10:00:00Z~1", { at: "2026-11-24T10:00:00Z", id: 1 }],
      ["2026-02-30T10:00:00.1Z~1", undefined],
      ["0000-01-01T00:00:00Z~1", undefined],
      ["2026-13-01T10:00:00.1Z~1", undefined],
      ["2026-11-24T10:00:00.1234567Z~1", undefined],
      ["2026-11-24T10:00:00.1Z~99999999999", undefined],
      ["2026-11-24T10:00:00.1Z~2147483648", undefined],
      ["2026-11-24T10:00:00.1Z", undefined],
      ["'; drop table audit_log~1", undefined],
      ["", undefined],
    ])("reads the cursor %j from a link as %j", (text, expected) => {
      expect(parseAuditCursor(text)).toEqual(expected);
    });

    it("says there is no next page when the last one is full to the row", async () => {
      expect((await auditEntries(database.db, { actorId: bob.id }, 6)).next).toBeNull();
      expect((await auditEntries(database.db, { actorId: bob.id }, 5)).next).not.toBeNull();
    });
  });
});
