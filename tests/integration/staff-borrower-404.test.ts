import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as staffHome from "../../app/routes/staff._index";
import * as staffAudit from "../../app/routes/staff.audit";
import * as staffExport from "../../app/routes/staff.export";
import * as tickedExport from "../../app/routes/staff.export_.ticked";
import * as staffFunnelExport from "../../app/routes/staff.funnel.export";
import * as staffFunnel from "../../app/routes/staff.funnel";
import * as staffCallsReport from "../../app/routes/staff.funnel_.calls";
import * as staffCampaigns from "../../app/routes/staff.funnel_.campaigns";
import * as staffCampaignsConversions from "../../app/routes/staff.funnel_.campaigns.conversions";
import * as staffCampaignsExport from "../../app/routes/staff.funnel_.campaigns.export";
import * as staffLead from "../../app/routes/staff.leads.$kind.$id/route";
import * as staffLenders from "../../app/routes/staff.lenders._index";
import * as staffLenderNew from "../../app/routes/staff.lenders.new";
import * as staffLender from "../../app/routes/staff.lenders.$id";
import * as staffRequestsExport from "../../app/routes/staff.requests.export";
import * as staffRequests from "../../app/routes/staff.requests";
import * as staffToday from "../../app/routes/staff.today";
import * as staffLayout from "../../app/routes/staff";
import * as staffEnrol from "../../app/routes/staff_.enrol";
import * as staffSignIn from "../../app/routes/staff_.sign-in";
import { createAuth } from "../../server/borrowers/auth";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { jobs } from "../../server/platform/db/schema";
import { createTestApp, postJson, routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";
import { answerOf } from "../support/staff-routes";

// DECISIONS D14 and D20: a borrower's session sees the site's plain 404 on every staff
// page and every staff form, sign-in and enrolment included, so nothing tells a borrower
// the console exists; without a session the same pages send the visitor to sign in.
// tests/e2e/staff.spec.ts checks the same through the built site; this calls each /staff
// route's loader and action from source, where mutation testing sees them.

const SITE = "http://localhost:3000";
const PASSWORD = "Harbour-lantern-42";
const LEAD = "00000000-0000-4000-8000-000000000000";

type Handler = (args: never) => Promise<unknown>;
interface StaffRoute {
  path: string;
  params?: Record<string, string>;
  loader?: Handler;
  action?: Handler;
}

/** Every /staff route that answers a borrower (staff.sign-out only ends a staff session, and has no page). */
const ROUTES: StaffRoute[] = [
  { path: "/staff", loader: staffLayout.loader },
  { path: "/staff", loader: staffHome.loader },
  { path: "/staff/audit", loader: staffAudit.loader },
  { path: "/staff/export", loader: staffExport.loader },
  { path: "/staff/export/ticked", loader: tickedExport.loader },
  { path: "/staff/funnel", loader: staffFunnel.loader },
  { path: "/staff/funnel/export", loader: staffFunnelExport.loader },
  { path: "/staff/funnel/calls", loader: staffCallsReport.loader },
  { path: "/staff/funnel/campaigns", loader: staffCampaigns.loader },
  { path: "/staff/funnel/campaigns/export", loader: staffCampaignsExport.loader },
  { path: "/staff/funnel/campaigns/conversions", loader: staffCampaignsConversions.loader },
  { path: "/staff/today", loader: staffToday.loader },
  {
    path: `/staff/leads/quote/${LEAD}`,
    params: { kind: "quote", id: LEAD },
    loader: staffLead.loader,
    action: staffLead.action,
  },
  { path: "/staff/lenders", loader: staffLenders.loader },
  { path: "/staff/lenders/new", loader: staffLenderNew.loader, action: staffLenderNew.action },
  {
    path: `/staff/lenders/${LEAD}`,
    params: { id: LEAD },
    loader: staffLender.loader,
    action: staffLender.action,
  },
  { path: "/staff/requests?email=kim@example.com", loader: staffRequests.loader, action: staffRequests.action },
  { path: "/staff/requests/export?email=kim@example.com", loader: staffRequestsExport.loader },
  { path: "/staff/enrol?token=x", loader: staffEnrol.loader, action: staffEnrol.action },
  { path: "/staff/sign-in", loader: staffSignIn.loader, action: staffSignIn.action },
];

describe.each(testDatabaseKinds())("staff pages for a borrower on %s", (kind) => {
  let database: DatabaseHandle;
  let test: ReturnType<typeof createTestApp>;
  let context: ServerContext;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    test = createTestApp(database);
    const base = routeContext(database, freshAddress());
    context = { ...base, auth: createAuth(base) };
    cookie = await borrowerSession(`kim.${Date.now()}@example.com`);
  });
  afterAll(async () => {
    await database.close();
  });

  /** A borrower as the public API makes one: signs up, opens the emailed link, signs in. The session cookie. */
  async function borrowerSession(email: string) {
    const signUp = await test.app.request(
      "/api/auth/sign-up/email",
      postJson({ name: "Kim Keys", email, password: PASSWORD, firstName: "Kim", lastName: "Keys" }, freshAddress()),
    );
    expect(signUp.status).toBe(200);
    const queued = (await database.db.select({ payload: jobs.payload }).from(jobs)).map((job) =>
      JSON.stringify(job.payload),
    );
    const link = queued
      .filter((payload) => payload.includes(email))
      .map((payload) => /\/api\/auth\/verify-email\?token=[\w.-]+/.exec(payload)?.[0])
      .find(Boolean);
    if (!link) throw new Error("no confirmation link queued");
    const confirmed = await test.app.request(link);
    expect(confirmed.status).toBeLessThan(400);
    const signIn = await test.app.request(
      "/api/auth/sign-in/email",
      postJson({ email, password: PASSWORD }, freshAddress()),
    );
    expect(signIn.status).toBe(200);
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c?.includes("session_token"));
    if (!session) throw new Error("no session cookie");
    return session;
  }

  const get = (route: StaffRoute, headers: Record<string, string>) =>
    answerOf(() =>
      (route.loader as Handler)({
        request: new Request(`${SITE}${route.path}`, { headers }),
        context,
        params: route.params ?? {},
      } as never),
    );
  const post = (route: StaffRoute, headers: Record<string, string>) =>
    answerOf(() =>
      (route.action as Handler)({
        request: new Request(`${SITE}${route.path}`, {
          method: "POST",
          headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin", ...headers },
          body: new URLSearchParams({ email: "kim@example.com", confirm: "kim@example.com", status: "contacted" }),
        }),
        context,
        params: route.params ?? {},
      } as never),
    );

  it.each(ROUTES)("$path answers a borrower's session 404", async (route) => {
    if (route.loader)
      expect(await get(route, { Cookie: cookie }), `GET ${route.path}`).toMatchObject({ status: 404, location: null });
    if (route.action)
      expect(await post(route, { Cookie: cookie }), `POST ${route.path}`).toMatchObject({
        status: 404,
        location: null,
      });
  });

  it.each(ROUTES.filter((route) => route.path !== "/staff/sign-in" && !route.path.startsWith("/staff/enrol")))(
    "$path sends a visitor without a session to sign in",
    async (route) => {
      const answer = await get(route, {});
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/staff\/sign-in(\?from=|$)/);
    },
  );
});
