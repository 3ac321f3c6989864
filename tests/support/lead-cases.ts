import type { Database } from "../../server/platform/db/client";
import { leadCases, lenderProducts } from "../../server/platform/db/schema";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";

// A lead's case with a lender written straight to lead_cases, for tests of what reads
// cases (the campaign report, the offline-conversions file) without the stage forms.

/** One live panel product for cases to point at (the table's foreign key wants one). */
export async function aPanelProduct(db: Database): Promise<string> {
  const example = EXAMPLE_PANEL[0];
  if (!example) throw new Error("the example panel is empty");
  const [row] = await db
    .insert(lenderProducts)
    .values({
      lender: example.lender,
      productName: example.productName,
      kind: example.kind,
      criteria: example.criteria,
    })
    .returning({ id: lenderProducts.id });
  if (!row) throw new Error("no product stored");
  return row.id;
}

export interface CaseFixture {
  leadId: string;
  leadKind: "quote" | "personal-enquiry";
  productId: string;
  applicationSentAt: Date;
  /** A completed case's day (UK), amount in pounds and commission in pence; absent, the application is still out. */
  completed?: { on: string; amount: number; commissionPence: number };
}

export async function insertCase(db: Database, fixture: CaseFixture) {
  await db.insert(leadCases).values({
    leadId: fixture.leadId,
    leadKind: fixture.leadKind,
    productId: fixture.productId,
    stage: fixture.completed ? "completed" : "application-sent",
    applicationSentAt: fixture.applicationSentAt,
    completedOn: fixture.completed?.on ?? null,
    completedAmount: fixture.completed?.amount ?? null,
    commissionPence: fixture.completed?.commissionPence ?? null,
  });
}
