import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../server/platform/db/rows";
import { casesOf } from "../../server/staff/leads/cases.server";
import { testDatabaseKinds } from "../support/database";
import { aPanelProduct } from "../support/lead-cases";
import { databaseBefore } from "../support/migrations";

// Migration 0009 (docs/decisions/256) keys each case by an id of its own, where 0008 keyed
// it by its lead. A firm already running has cases keyed the old way: each must be read
// back as it was, and the rule of one open case a lead must hold from the first write.

describe.each(testDatabaseKinds())("cases made before a lead could have a second on %s", (kind) => {
  it("each keeps its lead and stage, gains an id, and a second open case is still refused", async () => {
    const { database, finish } = await databaseBefore(kind, "0009_lead_cases_after_a_decline");
    try {
      const { db } = database;
      const productId = await aPanelProduct(db);
      // Leads as the code of 0008 wrote them: today's schema has columns that 0008's has not.
      const quote = (status: string) =>
        sql`('jane.smith@example.com', 'Jane', 'Smith', '07700 900123', 'debt-consolidation', 'mortgage', 'good', 50000, 250000, ${status})`;
      const [open = "", declined = ""] = (
        await rowsOf<{ id: string }>(
          db,
          sql`insert into quotes (email, first_name, last_name, phone, loan_purpose, homeowner_status, credit_history, loan_amount, property_value, status)
            values ${quote("in-progress")}, ${quote("declined")} returning id::text as id`,
        )
      ).map((r) => r.id);
      // As the code of 0008 wrote them: keyed by the lead, no id.
      await db.execute(sql`insert into lead_cases (lead_id, lead_kind, product_id, stage, version, declined_reason, declined_at)
        values (${open}::uuid, 'quote', ${productId}::uuid, 'application-sent', 1, null, null),
          (${declined}::uuid, 'quote', ${productId}::uuid, 'declined', 2, 'affordability', now())`);

      await database.migrate();

      const ids = await rowsOf<{ id: string }>(db, sql`select id::text as id from lead_cases`);
      expect(new Set(ids.map((r) => r.id)).size).toBe(2);
      expect(await casesOf(db, "quote", open)).toMatchObject([{ stage: "application-sent", version: 1 }]);
      expect(await casesOf(db, "quote", declined)).toMatchObject([
        { stage: "declined", version: 2, decline: { reason: "affordability" } },
      ]);
      // A second open case beside the open one is refused; after the decline, one is taken.
      const start = (lead: string, version: number) =>
        db.execute(sql`insert into lead_cases (lead_id, lead_kind, product_id, stage, version)
          values (${lead}::uuid, 'quote', ${productId}::uuid, 'application-sent', ${version})`);
      await expect(start(open, 2)).rejects.toThrow();
      await start(declined, 3);
      expect((await casesOf(db, "quote", declined)).map((c) => c.stage)).toEqual(["application-sent", "declined"]);
    } finally {
      await finish();
    }
  });
});
