import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { leadSummary } from "../../server/leads/lead-summary.server";
import { insertLeads, sampleContact, sampleEnquiry, sampleQuote } from "../../server/staff/leads/sample-leads";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// What /thank-you repeats of the lead it thanks for (server/leads/lead-summary.server.ts): the
// reference and the request, in words, for a quote or a quick-check enquiry.

describe.each(testDatabaseKinds())("the thank-you page's summary on %s", (kind) => {
  let database: DatabaseHandle;
  let ids: { quotes: string[]; enquiries: string[]; contacts: string[] };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await insertLeads(database.db, {
      quotes: [sampleQuote({ loanAmount: 50_000 })],
      enquiries: [
        sampleEnquiry({ loanAmount: 12_500, loanPurpose: "home-improvements" }),
        sampleEnquiry({ loanAmount: 7_000, loanPurpose: null }),
        sampleEnquiry({ loanAmount: 9_000, loanPurpose: "wedding" }),
      ],
      contacts: [sampleContact()],
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives a quote's reference and its amount and purpose in words", async () => {
    const id = ids.quotes[0] ?? "";
    expect(await leadSummary(database.db, id)).toEqual({
      reference: id.slice(0, 8).toUpperCase(),
      request: "A loan of £50,000 for debt consolidation.",
    });
  });

  it("gives an enquiry's, with its purpose when it has one", async () => {
    const [withPurpose = "", without = "", unlisted = ""] = ids.enquiries;
    expect(await leadSummary(database.db, withPurpose)).toEqual({
      reference: withPurpose.slice(0, 8).toUpperCase(),
      request: "A loan of £12,500 for home improvements.",
    });
    expect((await leadSummary(database.db, without))?.request).toBe("A loan of £7,000.");
    // A value the options do not list is shown as it was stored.
    expect((await leadSummary(database.db, unlisted))?.request).toBe("A loan of £9,000 for wedding.");
  });

  it("has nothing for a contact message or an id no lead has", async () => {
    expect(await leadSummary(database.db, ids.contacts[0] ?? "")).toBeNull();
    expect(await leadSummary(database.db, randomUUID())).toBeNull();
  });
});
