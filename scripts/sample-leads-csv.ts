import { randomUUID } from "node:crypto";
import { parseInboxFilter } from "../app/domain/inbox-filter";
import { openDatabase } from "../server/platform/db/client";
import { staffMembers } from "../server/platform/db/schema";
import { leadsCsv } from "../server/staff/leads/csv-export.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../server/staff/leads/sample-leads";

// The inbox's CSV export of a few made-up leads, written to standard output, for the
// check in a spreadsheet that decision 181 describes (`npx tsx scripts/sample-leads-csv.ts
// > leads.csv`, then LibreOffice). Each lead carries a case a spreadsheet gets wrong:
// winter and summer times, both 01:30s of the October clock change, a phone typed as
// one run of digits, a +44 number, a formula in a name, a contact message's one name
// field, and each kind of chosen call time. Runs on an in-memory database; touches nothing.

const at = (iso: string) => new Date(iso);

const database = await openDatabase({});
await database.migrate();
const adviser = { id: randomUUID(), name: "Ada Adviser", email: "ada@firm.example", enrolledAt: new Date() };
await database.db.insert(staffMembers).values(adviser);
await insertLeads(database.db, {
  quotes: [
    {
      ...sampleQuote({ createdAt: at("2026-01-15T10:00:00Z"), firstName: "Wyn", phone: "07700900222" }),
      callbackChoice: "slot",
      callbackAt: at("2026-01-16T14:00:00Z"),
    },
    {
      ...sampleQuote({ createdAt: at("2026-07-01T23:30:05Z"), firstName: "=SUM(1+1)", phone: "+447700900333" }),
      callbackChoice: "slot",
      callbackAt: at("2026-07-02T09:00:00Z"),
    },
  ],
  enquiries: [sampleEnquiry({ createdAt: at("2026-10-25T01:30:00Z"), callbackChoice: "soonest" })],
  contacts: [
    sampleContact({
      createdAt: at("2026-10-25T00:30:00Z"),
      name: "Anna van der Berg",
      phone: "02079460000",
      subject: "@Callback please",
    }),
  ],
});
const reader = leadsCsv(database.db, parseInboxFilter(new URLSearchParams()), adviser, "sample").getReader();
for (let next = await reader.read(); !next.done; next = await reader.read()) process.stdout.write(next.value);
await database.close();
