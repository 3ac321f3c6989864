import { base32 } from "@better-auth/utils/base32";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_TOO_COMMON } from "../../app/domain/passwords";
import { action, loader } from "../../app/routes/staff_.enrol";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { staffMembers } from "../../server/platform/db/schema";
import { addStaff } from "../../server/staff/accounts.server";
import { totpCode, totpStep } from "../../server/staff/credentials";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf } from "../support/staff-routes";

// The enrolment link's page (/staff/enrol) from its source module, posted without a
// browser: the two passwords must match and follow the one password rule (DECISIONS
// D20, decision 081) whatever the page's own checks, and the link works once.

const SITE = "http://localhost:3000";
const PASSWORD = "Quay-side-ledger-42";

describe.each(testDatabaseKinds())("the enrolment page on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
  });
  afterAll(async () => {
    await database.close();
  });

  const post = (fields: Record<string, string>) =>
    answerOf(() =>
      action({
        request: new Request(`${SITE}/staff/enrol?token=${fields.token}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
      } as never),
    );
  const passwordHashOf = async (email: string) =>
    (await database.db.select().from(staffMembers).where(eq(staffMembers.email, email)))[0]?.passwordHash ?? null;

  it("refuses two passwords that differ, and sets none", async () => {
    const email = "mia@firm.example";
    const { token } = await addStaff(database.db, { email, name: "Mia Match" });
    for (const confirm of ["", `${PASSWORD}x`, PASSWORD.toLowerCase()]) {
      const answer = await post({ token, intent: "password", password: PASSWORD, confirm });
      expect(answer.status, JSON.stringify(confirm)).toBe(400);
      expect(answer.body).toMatchObject({
        state: "password",
        problem: { field: "confirm", message: "The two passwords are not the same." },
      });
    }
    expect(await passwordHashOf(email)).toBeNull();
  });

  it("refuses a common password and one too short, with the rule's own words", async () => {
    const email = "cal@firm.example";
    const { token } = await addStaff(database.db, { email, name: "Cal Common" });
    const common = await post({ token, intent: "password", password: "qwerty123456", confirm: "qwerty123456" });
    expect(common).toMatchObject({ status: 400, body: { problem: { field: "password", message: PASSWORD_TOO_COMMON } } });
    const short = await post({ token, intent: "password", password: "Short-pass1", confirm: "Short-pass1" });
    expect(short).toMatchObject({
      status: 400,
      body: { problem: { field: "password", message: expect.stringMatching(/at least 12 characters/) } },
    });
    expect(await passwordHashOf(email)).toBeNull();
  });

  it.each([
    ["aaaaaaaaaaaa", /repeats characters/],
    ["qwertyuiopasdfgh", /too easy to guess/],
    ["iloveyou1234", /common passwords or words/],
    ["harbourside1", /the firm's name/],
    ["Harbourside Loans", /the firm's name/],
    ["Harbourside Finance Ltd", /the firm's name/],
    ["ZaraQuillfeather7", /your own name or email address/],
    ["zara.quillfeather", /your own name or email address/],
  ])("refuses %j as too easy to guess, with the reason beside the field, and sets none", async (password, reason) => {
    const email = "zara.quillfeather@firm.example";
    const { token } = await addStaff(database.db, { email, name: "Zara Quillfeather" });
    const answer = await post({ token, intent: "password", password, confirm: password });
    expect(answer).toMatchObject({
      status: 400,
      body: { state: "password", problem: { field: "password", message: expect.stringMatching(reason) } },
    });
    expect(await passwordHashOf(email)).toBeNull();
  });

  it("takes a password of unrelated words", async () => {
    const { token } = await addStaff(database.db, { email: "una@firm.example", name: "Una Words" });
    const password = "Quiet-orbit-tulip-91";
    const answer = await post({ token, intent: "password", password, confirm: password });
    expect(answer).toMatchObject({ body: { state: "authenticator" } });
  });

  it("sets the password, takes the authenticator's code, and then the link is spent", async () => {
    const email = "ned@firm.example";
    const { token } = await addStaff(database.db, { email, name: "Ned New" });
    const set = await post({ token, intent: "password", password: PASSWORD, confirm: PASSWORD });
    expect(set).toMatchObject({ status: 200, body: { state: "authenticator" } });
    expect(await passwordHashOf(email)).not.toBeNull();
    const key = (set.body?.setup as { key: string } | undefined)?.key ?? "";
    const secret = new TextDecoder().decode(base32.decode(key));
    const wrong = await post({ token, intent: "code", code: "12345" });
    expect(wrong).toMatchObject({ status: 400, body: { state: "authenticator" } });
    const done = await post({ token, intent: "code", code: await totpCode(secret, totpStep(Date.now())) });
    expect(done).toMatchObject({ status: 302, location: "/staff/sign-in?enrolled=1" });
    const again = await answerOf(() =>
      loader({ request: new Request(`${SITE}/staff/enrol?token=${token}`), context, params: {} } as never),
    );
    expect(again).toMatchObject({ status: 410, body: { state: "invalid" } });
  });
});
