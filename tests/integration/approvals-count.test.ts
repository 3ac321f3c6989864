import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { promotionVersions } from "../../server/platform/db/schema";
import { approvalsWaiting } from "../../server/staff/approvals.server";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The navigation's "Approvals (n)" (issue 50): the drafts someone else made, waiting;
// never the member's own (four eyes, DECISIONS D27), nor a version already decided.

describe.each(testDatabaseKinds())("what waits for approval on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts others' drafts only", async () => {
    const version = (status: "draft" | "rejected", draftedBy: string) => ({
      figures: {} as never,
      status,
      draftedBy,
      draftedByName: draftedBy,
    });
    await database.db
      .insert(promotionVersions)
      .values([
        version("draft", "m-drafter"),
        version("draft", "m-drafter"),
        version("draft", "c-approver"),
        version("rejected", "m-drafter"),
      ]);
    expect(await approvalsWaiting(database.db, "c-approver")).toBe(2);
    expect(await approvalsWaiting(database.db, "m-drafter")).toBe(1);
  });
});
