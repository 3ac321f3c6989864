import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInboxFilter } from "../../app/domain/inbox-filter";
import type { LeadStatus } from "../../app/domain/leads";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { inboxPage, statusCounts } from "../../server/staff/leads/inbox.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The inbox's per-status counts come from a summary table the triggers keep when the
// filter is by kind, assignee and status alone, and from scanning the leads otherwise
// (docs/decisions/083). Either way they must be the list's own: each filter here is
// checked against a tally of the leads it lists.

const filter = (query = "") => parseInboxFilter(new URLSearchParams(query));
const at = (iso: string) => new Date(iso);

describe.each(testDatabaseKinds())("the inbox's counts, searches and pages on %s", (kind) => {
  let database: DatabaseHandle;
  const ann = { id: randomUUID(), name: "Ann Adviser", email: "ann@firm.example" };
  const bob = { id: randomUUID(), name: "Bob Broker", email: "bob@firm.example" };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    for (const member of [ann, bob]) {
      await database.db.insert(staffMembers).values({ ...member, enrolledAt: new Date() });
    }
    const statuses: LeadStatus[] = ["new", "contacted", "in-progress", "completed", "declined", "withdrawn"];
    await insertLeads(database.db, {
      quotes: statuses.flatMap((status, i) => [
        sampleQuote({
          createdAt: at(`2026-11-0${i + 1}T10:00:00Z`),
          lastName: `Moore${i}`,
          email: `q${i}@example.com`,
          phone: `07700 90010${i}`,
          loanAmount: 10_000 * (i + 1),
          status,
          assigneeId: i % 3 === 0 ? ann.id : i % 3 === 1 ? bob.id : null,
          indicativeRate: i === 2 ? null : 5.69,
          landingPageUrl:
            i % 2 === 0
              ? "https://www.example.com/?utm_source=google&utm_campaign=Spring%20Sale"
              : "https://www.example.com/?utm_source=bing&utm_campaign=Spring+Sale",
        }),
        sampleQuote({
          createdAt: at(`2026-10-1${i}T10:00:00Z`),
          lastName: `Older${i}`,
          email: `old${i}@example.com`,
          phone: `07700 90020${i}`,
          status: statuses[(i + 2) % statuses.length],
          assigneeId: i % 2 === 0 ? ann.id : null,
          landingPageUrl: "https://www.example.com/",
        }),
      ]),
      enquiries: statuses.slice(0, 3).map((status, i) =>
        sampleEnquiry({
          createdAt: at(`2026-11-0${i + 2}T12:00:00Z`),
          lastName: `Enquirer${i}`,
          email: `e${i}@example.com`,
          phone: `07700 90030${i}`,
          loanType: "personal",
          loanAmount: 5_000 * (i + 1),
          status,
          assigneeId: i === 0 ? bob.id : null,
        }),
      ),
      contacts: statuses.slice(0, 2).map((status, i) =>
        sampleContact({
          createdAt: at(`2026-11-0${i + 3}T15:00:00Z`),
          name: `Cora Contact${i}`,
          email: `c${i}@example.com`,
          phone: `07700 90040${i}`,
          status,
          assigneeId: i === 1 ? ann.id : null,
        }),
      ),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const listed = async (query: string) => (await inboxPage(database.db, filter(query), ann.id, 1_000)).leads;

  it.each([
    "",
    "kind=quote",
    "kind=personal-enquiry",
    "kind=contact",
    "assignee=mine",
    "assignee=unassigned",
    "kind=quote&assignee=mine",
    "from=2026-11-01",
    "to=2026-10-31",
    "campaign=Spring Sale",
    "min=30000",
    "max=20000",
    "flag=no-rate",
    "q=moore",
    "kind=quote&assignee=unassigned&from=2026-11-02",
  ])("match the leads listed under '%s'", async (query) => {
    const tally: Partial<Record<LeadStatus, number>> = {};
    for (const lead of await listed(query)) tally[lead.status] = (tally[lead.status] ?? 0) + 1;
    expect(Object.keys(tally).length).toBeGreaterThan(0);
    expect(await statusCounts(database.db, filter(query), ann.id)).toEqual({ exact: tally });
  });

  it("count someone else's leads when the filter names them", async () => {
    const tally: Partial<Record<LeadStatus, number>> = {};
    for (const lead of await listed(`assignee=${bob.id}`)) tally[lead.status] = (tally[lead.status] ?? 0) + 1;
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(3);
    expect(await statusCounts(database.db, filter(`assignee=${bob.id}`), ann.id)).toEqual({ exact: tally });
  });

  it("ignore the filter's own statuses, so every tab shows its number", async () => {
    expect(await statusCounts(database.db, filter("status=new"), ann.id)).toEqual(
      await statusCounts(database.db, filter(""), ann.id),
    );
    expect(await statusCounts(database.db, filter("status=new&from=2026-11-01"), ann.id)).toEqual(
      await statusCounts(database.db, filter("from=2026-11-01"), ann.id),
    );
  });

  it("find a campaign whether its space came as %20 or +", async () => {
    const names = (await listed("campaign=Spring Sale")).map((l) => l.lastName);
    expect(names).toEqual(["Moore5", "Moore4", "Moore3", "Moore2", "Moore1", "Moore0"]);
  });

  it("read % and _ in a search as themselves, not as wildcards", async () => {
    expect(await listed("q=%")).toEqual([]);
    expect(await listed("q=m_ore")).toEqual([]);
    expect(await listed("q=%25%40")).toEqual([]);
    expect((await listed("q=moore1")).map((l) => l.lastName)).toEqual(["Moore1"]);
  });

  it("takes each page from the newest leads of every kind together, and ends on the last", async () => {
    const pages: string[][] = [];
    let f = filter("from=2026-11-01");
    for (let n = 0; n < 10; n++) {
      const page = await inboxPage(database.db, f, ann.id, 2);
      // A contact message keeps its one name in firstName.
      pages.push(page.leads.map((l) => l.lastName || l.firstName));
      if (!page.next) break;
      f = { ...f, after: page.next };
    }
    expect(pages).toEqual([
      ["Moore5", "Moore4"],
      ["Cora Contact1", "Enquirer2"],
      ["Moore3", "Cora Contact0"],
      ["Enquirer1", "Moore2"],
      ["Enquirer0", "Moore1"],
      ["Moore0"],
    ]);
    // A last page full to the row says so: no next.
    expect((await inboxPage(database.db, filter("from=2026-11-01"), ann.id, 11)).next).toBeNull();
    expect((await inboxPage(database.db, filter("from=2026-11-01"), ann.id, 10)).next).not.toBeNull();
  });
});
