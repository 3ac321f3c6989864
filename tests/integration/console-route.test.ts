import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { CONSOLE_REFUSALS, consoleAction } from "../../server/staff/console-route.server";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";
import { answerOf } from "../support/staff-routes";

// The one wrapper of the console's routes (server/staff/console-route.server.ts): the
// guard first, then a post from another site refused, the form read, the intent picked
// among the route's own, each refusal in the one `{ reason }` shape.

const SITE = "http://localhost:3000";

describe.each(testDatabaseKinds())("a console action through the wrapper, on %s", (kind) => {
  let database: DatabaseHandle;
  let context: ServerContext;
  let adviser: MemberWithSession;
  let manager: MemberWithSession;
  const done: string[] = [];

  const action = consoleAction("leads.work", {
    note: ({ form }) => {
      done.push(`note ${form.get("text")}`);
      return { ok: true };
    },
    export: {
      permission: "leads.export",
      handle: () => {
        done.push("export");
        return { ok: true };
      },
    },
  });

  const post = (member: MemberWithSession, body: string, site = "same-origin") =>
    answerOf(() =>
      action({
        request: new Request(`${SITE}/staff/anything`, {
          method: "POST",
          headers: {
            Cookie: member.cookie,
            Origin: site === "same-origin" ? SITE : "https://elsewhere.example",
            "Sec-Fetch-Site": site,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body,
        }),
        context: context as AppLoadContext,
        params: {},
      }),
    );

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    context = routeContext(database, freshAddress());
    adviser = await memberWithSession(database.db, context.config.authSecret, ["adviser"]);
    manager = await memberWithSession(database.db, context.config.authSecret, ["manager"]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs the intent the form names, with the form read", async () => {
    expect(await post(adviser, "intent=note&text=rang")).toMatchObject({ status: 200, body: { ok: true } });
    expect(done).toContain("note rang");
  });

  it("refuses a post from another site with its reason, before reading the form", async () => {
    const answer = await post(adviser, "intent=note&text=forged", "cross-site");
    expect(answer).toMatchObject({ status: 403, body: { reason: CONSOLE_REFUSALS.crossSite } });
    expect(done).not.toContain("note forged");
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "", "nothing"])(
    "answers an intent the route does not have (%j) with a 400 and its reason",
    async (intent) => {
      const answer = await post(adviser, `intent=${intent}`);
      expect(answer).toMatchObject({ status: 400, body: { reason: CONSOLE_REFUSALS.unknownIntent } });
    },
  );

  it("asks an intent's own permission after the route's", async () => {
    const refused = await post(adviser, "intent=export");
    expect(refused.status).toBe(403);
    expect(done).not.toContain("export");
    // A manager whose last code is fresh enough (the test's member) may.
    const allowed = await post(manager, "intent=export");
    expect(allowed.status === 200 || allowed.status === 303, JSON.stringify(allowed)).toBe(true);
  });
});
