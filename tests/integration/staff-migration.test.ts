import { hashPassword, symmetricEncrypt } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { leadEvents, quotes, staffMembers, users } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { invitedStaff } from "../../server/staff/accounts.server";
import { totpCode, totpStep } from "../../server/staff/credentials";
import { staffSignIn } from "../../server/staff/session.server";
import { testDatabaseKinds } from "../support/database";
import { databaseBefore } from "../support/migrations";

// Migration 0004 moves staff out of the borrowers' tables (DECISIONS D20). A firm
// already running has staff made by the older code: each must sign in afterwards with
// the same password and authenticator, keep their leads, and an open link must still work.

const PASSWORD = "Quay-side-ledger-42";
const SECRET = "Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f"; // as better-auth's two-factor plugin made them
const INVITE_TOKEN = "an-enrolment-token-from-before";
const config = readConfig({ NODE_ENV: "test" });

describe.each(testDatabaseKinds())("migrating staff to tables of their own on %s", (kind) => {
  let database: DatabaseHandle;
  let finish = async () => {};

  beforeAll(async () => {
    ({ database, finish } = await databaseBefore(kind, "0004_staff_identities"));
    const { db } = database;

    // Rows as the older code wrote them: staff in `users` with better-auth's password and two-factor rows.
    const encrypted = await symmetricEncrypt({ key: config.authSecret, data: SECRET });
    const noCodes = await symmetricEncrypt({ key: config.authSecret, data: "[]" });
    await db.execute(sql`
      insert into users (id, name, email, email_verified, role, two_factor_enabled)
      values ('staff-ann', 'Ann Adviser', 'ann@firm.example', true, 'staff', true),
             ('staff-ivy', 'Ivy Invited', 'ivy@firm.example', true, 'staff', false),
             ('borrower-bo', 'Bo Borrower', 'bo@example.com', true, 'borrower', false)`);
    await db.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password)
      values ('acc-ann', 'staff-ann', 'credential', 'staff-ann', ${await hashPassword(PASSWORD)}),
             ('acc-bo', 'borrower-bo', 'credential', 'borrower-bo', ${await hashPassword("Borrower-pass-1")})`);
    await db.execute(sql`
      insert into two_factors (id, secret, backup_codes, user_id, verified)
      values ('tf-ann', ${encrypted}, ${noCodes}, 'staff-ann', true)`);
    await db.execute(sql`
      insert into sessions (id, token, user_id, expires_at)
      values ('s-ann', 'staff-token', 'staff-ann', now() + interval '1 hour'),
             ('s-bo', 'borrower-token', 'borrower-bo', now() + interval '1 day')`);
    const { createHash } = await import("node:crypto");
    const hashed = createHash("sha256").update(INVITE_TOKEN).digest("hex");
    await db.execute(sql`
      insert into verifications (id, identifier, value, expires_at)
      values ('v-ivy', ${`staff-enrol:${hashed}`}, 'staff-ivy', now() + interval '1 day')`);
    await db.execute(sql`
      insert into quotes (id, email, first_name, last_name, phone, loan_purpose, homeowner_status, credit_history,
        loan_amount, property_value, assignee_id)
      values ('00000000-0000-4000-8000-000000000001', 'q@example.com', 'Q', 'Quayle', '07700 900001',
        'home-improvements', 'mortgage', 'good', 30000, 300000, 'staff-ann')`);
    await db.execute(sql`
      insert into lead_events (lead_kind, lead_id, actor_id, type, note)
      values ('quote', '00000000-0000-4000-8000-000000000001', 'staff-ann', 'note', 'Called once')`);

    await database.migrate();
  });
  afterAll(async () => {
    await finish();
  });

  it("moves every staff member, and leaves the borrowers' tables to borrowers", async () => {
    const { db } = database;
    const staff = await db.select().from(staffMembers).orderBy(staffMembers.email);
    expect(staff.map((m) => [m.id, m.email, m.enrolledAt !== null])).toEqual([
      ["staff-ann", "ann@firm.example", true],
      ["staff-ivy", "ivy@firm.example", false],
    ]);
    expect((await db.select({ id: users.id }).from(users)).map((u) => u.id)).toEqual(["borrower-bo"]);
    const [quote] = await db.select({ assigneeId: quotes.assigneeId }).from(quotes);
    expect(quote?.assigneeId).toBe("staff-ann");
    const [event] = await db.select({ actorId: leadEvents.actorId }).from(leadEvents);
    expect(event?.actorId).toBe("staff-ann");
  });

  it("a member signs in with the password and authenticator they had, and an open link still works", async () => {
    const now = Date.now();
    const form = new FormData();
    form.set("email", "ann@firm.example");
    form.set("password", PASSWORD);
    form.set("code", await totpCode(SECRET, totpStep(now)));
    const context = { config, db: database.db, log: createLogger("silent"), clientAddress: "192.0.2.1" };
    const outcome = await staffSignIn(context, form, now);
    expect(outcome.ok).toBe(true);
    expect(await invitedStaff(database.db, INVITE_TOKEN)).toMatchObject({ staffId: "staff-ivy" });
    const [ann] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, "staff-ann"));
    expect(ann?.totpLastStep).toBe(totpStep(now));
  });
});
