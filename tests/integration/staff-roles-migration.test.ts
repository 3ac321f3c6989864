import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../server/platform/db/rows";
import { listStaff } from "../../server/staff/accounts.server";
import { testDatabaseKinds } from "../support/database";
import { databaseBefore } from "../support/migrations";

// Migration 0011 (docs/decisions/271): members from before roles existed hold every role
// (nobody loses access on the day of the deploy), are told of roles once, and have their
// last sign-in read back from the audit log; their open sessions count no code as fresh.

describe.each(testDatabaseKinds())("staff from before roles existed, on %s", (kind) => {
  it("hold every role, are to be told of them, keep their last sign-in, and must enter a code before the next export", async () => {
    const { database, finish } = await databaseBefore(kind, "0011_staff_roles");
    try {
      const { db } = database;
      // As the code of 0010 wrote them.
      await db.execute(sql`insert into staff_members (id, email, name, enrolled_at)
        values ('m-ann', 'ann@firm.example', 'Ann Adviser', now()), ('m-bob', 'bob@firm.example', 'Bob Broker', null)`);
      await db.execute(
        sql`insert into staff_sessions (token_hash, staff_id, expires_at) values ('h-ann', 'm-ann', now() + interval '30 minutes')`,
      );
      await db.execute(sql`insert into audit_log (at, actor_id, actor_name, action) values
        ('2026-11-20T09:00:00Z', 'm-ann', 'Ann Adviser', 'staff.sign-in'),
        ('2026-11-26T09:30:00Z', 'm-ann', 'Ann Adviser', 'staff.sign-in'),
        ('2026-11-27T09:30:00Z', 'm-ann', 'Ann Adviser', 'staff.sign-in-failed'),
        ('2026-11-26T10:00:00Z', 'm-ann', 'Ann Adviser', 'lead.view')`);

      await database.migrate();

      const staff = await listStaff(db);
      expect(staff.map((m) => [m.id, m.roles, m.lastSignInAt?.toISOString() ?? null])).toEqual([
        ["m-ann", ["adviser", "manager", "compliance", "administrator"], "2026-11-26T09:30:00.000Z"],
        ["m-bob", ["adviser", "manager", "compliance", "administrator"], null],
      ]);
      const news = await rowsOf<{ id: string; roles_news: boolean }>(
        db,
        sql`select id, roles_news from staff_members order by id`,
      );
      expect(news).toEqual([
        { id: "m-ann", roles_news: true },
        { id: "m-bob", roles_news: true },
      ]);
      const sessions = await rowsOf<{ code_at: string | null }>(db, sql`select code_at from staff_sessions`);
      expect(sessions).toEqual([{ code_at: null }]);
      // A member made after the migration holds no role until given one.
      await db.execute(
        sql`insert into staff_members (id, email, name) values ('m-new', 'new@firm.example', 'New Member')`,
      );
      expect((await listStaff(db)).find((m) => m.id === "m-new")?.roles).toEqual([]);
    } finally {
      await finish();
    }
  });
});
