import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelOf } from "../../app/domain/funnel";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { funnelCounts } from "../../server/platform/db/schema";
import { createReportLimiter, funnelCountsFor, ukDay } from "../../server/leads/funnel";
import { createTestApp, postJson } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";

// The funnel's counting (DECISIONS D16, issue 11): a report adds one to its count per
// form, step, UK day and campaign; robots and floods are not counted; the counts keep
// no trace of who sent them.

const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const report = (body: Record<string, unknown>, address = "203.0.113.20", userAgent = BROWSER): RequestInit => {
  const init = postJson(body, address);
  return { ...init, headers: { ...(init.headers as Record<string, string>), "User-Agent": userAgent } };
};

describe.each(testDatabaseKinds())("the funnel's counts on %s", (kind) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>["app"];
  const landing = "https://www.example.com/?utm_source=google&utm_campaign=spring_sale";
  const today = ukDay(new Date());

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ app } = createTestApp(database));
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts each report by form, step, day and campaign, and keeps nothing else", async () => {
    for (const body of [
      { form: "apply", event: "step", step: "status", landing },
      { form: "apply", event: "step", step: "status", landing },
      { form: "apply", event: "step", step: "amount", landing },
      { form: "apply", event: "redirect", step: "amount", target: "/cannot-help", landing },
      { form: "apply-personal", event: "step", step: "type" },
    ]) {
      expect((await app.request("/api/funnel", report(body))).status).toBe(204);
    }
    const rows = await database.db.select().from(funnelCounts);
    expect(rows.map(({ day, ...r }) => ({ ...r, today: day === today })).sort((a, b) => a.step.localeCompare(b.step))).toEqual([
      { form: "apply", event: "step", step: "amount", target: "", utmSource: "google", utmCampaign: "spring_sale", n: 1, today: true },
      { form: "apply", event: "redirect", step: "amount", target: "/cannot-help", utmSource: "google", utmCampaign: "spring_sale", n: 1, today: true },
      { form: "apply", event: "step", step: "status", target: "", utmSource: "google", utmCampaign: "spring_sale", n: 2, today: true },
      { form: "apply-personal", event: "step", step: "type", target: "", utmSource: "", utmCampaign: "", n: 1, today: true },
    ].sort((a, b) => a.step.localeCompare(b.step)));
    const counts = await funnelCountsFor(database.db, { from: today, to: today, campaign: "spring_sale" });
    expect(funnelOf("apply", counts)).toMatchObject({
      rows: [
        { step: "status", reached: 2, keptPercent: null, redirects: [] },
        { step: "amount", reached: 1, keptPercent: 50, redirects: [{ target: "/cannot-help", n: 1 }] },
      ],
      submitted: 0,
      redirected: 1,
    });
  });

  it("counts a link whose utm values carry an email address or a phone number under no campaign", async () => {
    const identifying =
      "https://www.example.com/?utm_source=07700%20900555&utm_campaign=jane.doe%40example.com%2007700900123";
    expect(
      (await app.request("/api/funnel", report({ form: "apply", event: "submit", step: "check", landing: identifying }))).status,
    ).toBe(204);
    const rows = await database.db.select().from(funnelCounts);
    const submitted = rows.filter((r) => r.event === "submit");
    expect(submitted.map((r) => [r.utmSource, r.utmCampaign, r.n])).toEqual([["", "", 1]]);
    const stored = JSON.stringify(rows);
    for (const trace of ["jane.doe", "example.com", "07700", "900555", "900123"]) expect(stored).not.toContain(trace);
  });

  it("answers a robot 204 and does not count it", async () => {
    const before = await funnelCountsFor(database.db, { from: today, to: today, campaign: "" });
    const robot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await app.request("/api/funnel", report({ form: "apply", event: "submit", step: "check" }, undefined, robot))).status).toBe(204);
    expect(await funnelCountsFor(database.db, { from: today, to: today, campaign: "" })).toEqual(before);
  });

  it.each([
    ["an unknown form", { form: "mortgage", event: "step", step: "status" }],
    ["a step the form does not have", { form: "apply", event: "step", step: "type" }],
    ["a redirect without its target", { form: "apply", event: "redirect", step: "amount" }],
    ["a target on a step report", { form: "apply", event: "step", step: "amount", target: "/cannot-help" }],
    ["a target that is no page of ours", { form: "apply", event: "redirect", step: "amount", target: "https://evil.example" }],
  ])("refuses %s with 400", async (_, body) => {
    expect((await app.request("/api/funnel", report(body))).status).toBe(400);
  });

  it("takes reports from our own pages only, as JSON", async () => {
    const body = { form: "apply", event: "step", step: "status" };
    const foreign = report(body);
    (foreign.headers as Record<string, string>)["Sec-Fetch-Site"] = "cross-site";
    expect((await app.request("/api/funnel", foreign)).status).toBe(403);
    const text = report(body);
    (text.headers as Record<string, string>)["Content-Type"] = "text/plain";
    expect((await app.request("/api/funnel", text)).status).toBe(415);
  });
});

describe("the over-rate check", () => {
  it("stops counting an address past its limit in the window, then counts it again in the next", () => {
    let now = 0;
    const within = createReportLimiter({ limit: 3, windowMs: 1_000, now: () => now });
    expect([1, 2, 3, 4].map(() => within("198.51.100.1"))).toEqual([true, true, true, false]);
    expect(within("198.51.100.2")).toBe(true);
    now = 1_000;
    expect(within("198.51.100.1")).toBe(true);
  });
});
