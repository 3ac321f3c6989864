import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog } from "../../server/platform/db/schema";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

describe.each(testDatabaseKinds())("the audit log on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("takes new rows, and refuses to change or delete them", async () => {
    const { db } = database;
    const [row] = await db.insert(auditLog).values({ action: "lead.view", actorName: "Ann Adviser" }).returning();
    if (!row) throw new Error("no row");
    await expect(db.update(auditLog).set({ action: "nothing" }).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still?.action).toBe("lead.view");
  });
});
