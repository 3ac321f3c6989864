import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BASED_ON_FIELD,
  CLAIM_FIELDS,
  defaultPromotionFigures,
  type PromotionFigures,
  promotionFieldValues,
  REPLACES_LIVE_FIELD,
} from "../../app/domain/promotions";
import { WARNINGS_SEEN_FIELD } from "../../app/domain/promotion-changes";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { EXAMPLE_PANEL } from "../../server/staff/lender-panel/example-panel";
import { addProduct } from "../../server/staff/lender-panel/lender-panel.server";
import { publishDue } from "../../server/promotions/promotions.server";
import { auditLog, promotionVersions } from "../../server/platform/db/schema";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { withClockHeld } from "../support/clock";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type CheckedPage, hasJava, htmlErrors } from "../support/html-checker";
import { type MemberWithSession, memberWithSession } from "../support/staff-members";

// The promotion pages through the real app, as a member's browser posts them without
// script, on each database and under a clock the test holds (DECISIONS D27, D31,
// docs/decisions/345): a version is live from the moment it went live, not its planned
// time, and the one before ends then; each draft, approval and publication names its
// version and member in the audit log; a draft drafted on figures no longer live is
// compared with what is live now and approved only once the approver confirms it
// replaces the live version; a claim's source is held to its length at the field; each
// figure a version changes is marked, old and new, and approving it asks the approver to
// acknowledge its warnings, then confirm at a check step.

const SITE = "http://localhost:3000";

/** The code's figures with the lowest band and the headline example at `rate`, no example below it. */
const withHeadline = (rate: number): PromotionFigures => {
  const figures = defaultPromotionFigures();
  figures.rateTable[0]!.rates = { excellent: rate, good: rate, unsure: rate };
  for (const example of Object.values(figures.examples))
    if (example.rateBasis === "annual" && example.ratePercent < rate) example.ratePercent = rate;
  figures.examples.headline.ratePercent = rate;
  return figures;
};

/** The page's HTML with React's text separators taken out, to read its sentences. */
const textOf = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

describe.skipIf(!hasBuild).each(testDatabaseKinds())("the promotion pages on %s", (kind) => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;
  let site: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    build = await loadBuild();
    site = createTestApp(database, {}, { build });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** The held-back pages drawn here, for the HTML checker at the end. */
  const drawn: CheckedPage[] = [];
  const kept = (name: string, html: string) => {
    drawn.push({ name, html });
    return html;
  };
  const get = (member: MemberWithSession, path: string) =>
    site.app.request(`${SITE}${path}`, { headers: { Cookie: member.cookie } });
  const post = (member: MemberWithSession, path: string, fields: Record<string, string>) =>
    site.app.request(`${SITE}${path}`, {
      method: "POST",
      headers: { Cookie: member.cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  /** Two members, signed in now: a Manager who drafts and a Compliance member who approves. */
  const members = async () => ({
    drafter: await memberWithSession(database.db, site.config.authSecret, ["manager"], { name: "Dee Drafter" }),
    approver: await memberWithSession(database.db, site.config.authSecret, ["compliance"], { name: "Ada Approver" }),
  });
  /** The draft form sent for approval with `figures`; answers the new version's number. */
  const draft = async (
    member: MemberWithSession,
    figures: PromotionFigures,
    extra: Record<string, string> = {},
  ): Promise<number> => {
    const response = await post(member, "/staff/promotions", {
      ...promotionFieldValues(figures),
      summary: "Lender rates",
      publishDay: "",
      publishTime: "",
      ...extra,
      intent: "draft",
    });
    const id = /\/staff\/promotions\/(\d+)\?done=drafted$/.exec(response.headers.get("location") ?? "")?.[1];
    if (response.status !== 303 || !id)
      throw new Error(
        `the draft answered ${response.status}: ${[...(await textOf(response)).matchAll(/-error"[^>]*>(?:<svg.*?<\/svg>)?([^<]*)</g)].map((m) => m[1]).join("; ")}`,
      );
    return Number(id);
  };
  /** The warnings' tick box as the version's page draws it for `member`, or undefined when it has none. */
  const warningsTick = async (member: MemberWithSession, id: number) =>
    new RegExp(`name="${WARNINGS_SEEN_FIELD}" value="([^"]*)"`).exec(
      await textOf(await get(member, `/staff/promotions/${id}`)),
    )?.[1];
  /** Approval as the approver confirms it: the warnings acknowledged as shown, then the check step's Confirm. */
  const approve = async (member: MemberWithSession, id: number, fields: Record<string, string> = {}) => {
    const tick = await warningsTick(member, id);
    return post(member, `/staff/promotions/${id}`, {
      intent: "approve",
      ...(tick === undefined ? {} : { [WARNINGS_SEEN_FIELD]: tick }),
      confirm: "yes",
      ...fields,
    });
  };
  const versionRow = async (id: number) =>
    (await database.db.select().from(promotionVersions).where(eq(promotionVersions.id, id)))[0]!;

  it("dates a version from the moment it went live, not its planned time; the one before ends then; each audit row names its version and member", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-01T01:05:10Z"));
      const { drafter, approver } = await members();
      const first = await draft(drafter, withHeadline(5.99));
      expect((await approve(approver, first)).headers.get("location")).toBe(
        `/staff/promotions/${first}?done=published`,
      );

      // Planned for 01:06 (UK time, GMT in March); approved six seconds after.
      const second = await draft(drafter, withHeadline(6.29), { publishDay: "2027-03-01", publishTime: "01:06" });
      expect((await versionRow(second)).publishAt).toEqual(new Date("2027-03-01T01:06:00Z"));
      const approvedAt = new Date("2027-03-01T01:06:06Z");
      vi.setSystemTime(approvedAt);
      expect((await approve(approver, second)).headers.get("location")).toBe(
        `/staff/promotions/${second}?done=published`,
      );

      expect(await versionRow(second)).toMatchObject({ status: "live", liveFrom: approvedAt, liveUntil: null });
      expect(await versionRow(first)).toMatchObject({ status: "superseded", liveUntil: approvedAt });
      // The page as it was at 01:06: the site still printed the first version's figures.
      const history = await textOf(
        await get(approver, "/staff/promotions/history?page=/secured-homeowner-loan&day=2027-03-01&time=01:06"),
      );
      expect(history).toContain(`with version ${first}. Not what the site shows now`);
      const versionPage = await textOf(await get(approver, `/staff/promotions/${first}`));
      expect(versionPage).toContain("Live Mon 1 Mar 2027, 1:05am to Mon 1 Mar 2027, 1:06am");

      // Every row names its version and who did it; a publication, the approver whose approval published it.
      const rows = (await database.db.select().from(auditLog))
        .filter((row) => row.action.startsWith("promotion."))
        .map((row) => [row.action, (row.detail as { version?: number }).version, row.actorId]);
      expect(rows).toEqual([
        ["promotion.drafted", first, drafter.id],
        ["promotion.approved", first, approver.id],
        ["promotion.published", first, approver.id],
        ["promotion.drafted", second, drafter.id],
        ["promotion.approved", second, approver.id],
        ["promotion.published", second, approver.id],
      ]);
      // The audit log's page says so in words, in each row.
      const log = await textOf(await get(approver, "/staff/audit?action=promotion.published"));
      const logRows = log
        .split("<tr")
        .slice(1)
        .filter((row) => row.includes("Rates, examples and claims went live"));
      expect(logRows).toHaveLength(2);
      for (const [row, id] of [
        [logRows[0], second],
        [logRows[1], first],
      ] as const) {
        expect(row).toContain("Ada Approver");
        expect(row).toContain(`Version ${id}<`);
        expect(row).not.toContain("Unknown");
      }
    });
  });

  it("compares a draft with what is live now; a draft on figures no longer live is approved only once the approver confirms it replaces the live version", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-02T10:00:00Z"));
      const { drafter, approver } = await members();
      const [live] = await database.db.select().from(promotionVersions).where(eq(promotionVersions.status, "live"));
      // The drafter opens the form on the figures live now (6.29%)...
      const form = await textOf(await get(drafter, "/staff/promotions"));
      const base = new RegExp(`name="${BASED_ON_FIELD}" value="(\\d+)"`).exec(form)?.[1];
      expect(Number(base)).toBe(live?.id);

      // ...and before they send it, another change (6.49%) is drafted, approved and live.
      const newer = await draft(drafter, withHeadline(6.49));
      expect((await approve(approver, newer)).status).toBe(303);
      const stale = withHeadline(6.29);
      stale.examples.homeowner.amount = 80_000;
      const version = await draft(drafter, stale, { [BASED_ON_FIELD]: base ?? "" });
      expect((await versionRow(version)).basedOn).toBe(live?.id);

      // The approver sees it against version `newer`, live now: it takes the headline back to 6.29%.
      const page = await textOf(await get(approver, `/staff/promotions/${version}`));
      expect(page).toContain(`Drafted on version ${live?.id}: version ${newer} has gone live since`);
      expect(page).toContain(`Version ${newer}, live now`);
      const headlineRow = page
        .split('data-testid="touched-page"')
        .find((row) => row.includes("/secured-homeowner-loan</span>"));
      expect(headlineRow).toContain("6.49%");
      expect(headlineRow).toContain("6.29%");
      expect(page).toContain(`name="${REPLACES_LIVE_FIELD}" value="${newer}"`);

      // Approved without the tick, or ticked for a version no longer live: refused at the tick box.
      const unconfirmed: Record<string, string>[] = [
        {},
        { [REPLACES_LIVE_FIELD]: String(live?.id) },
        { [REPLACES_LIVE_FIELD]: "on" },
      ];
      for (const fields of unconfirmed) {
        const refused = await approve(approver, version, fields);
        expect(refused.status).toBe(400);
        const text = await textOf(refused);
        expect(text).toContain(`id="promotion-replacesLive-error"`);
        expect(text).toContain(`Confirm that this version replaces version ${newer}, live now`);
        expect(text).toContain("There is a problem");
      }
      expect((await versionRow(version)).status).toBe("draft");
      expect((await versionRow(newer)).status).toBe("live");

      // Confirmed: approved, and live.
      const approved = await approve(approver, version, { [REPLACES_LIVE_FIELD]: String(newer) });
      expect(approved.headers.get("location")).toBe(`/staff/promotions/${version}?done=published`);
      expect(await versionRow(version)).toMatchObject({ status: "live", approvedByName: "Ada Approver" });
      expect((await versionRow(newer)).status).toBe("superseded");
    });
  });

  it("approves a draft on the live version with no tick box, and shows none", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-03T10:00:00Z"));
      const { drafter, approver } = await members();
      const version = await draft(drafter, withHeadline(6.09));
      const page = await textOf(await get(approver, `/staff/promotions/${version}`));
      expect(page).not.toContain('data-testid="stale-base"');
      expect(page).not.toContain(`name="${REPLACES_LIVE_FIELD}"`);
      expect((await approve(approver, version)).status).toBe(303);
      expect((await versionRow(version)).status).toBe("live");
    });
  });

  it("holds a claim's source to its length: the field carries it, and a longer one is refused beside it", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-04T10:00:00Z"));
      const { drafter } = await members();
      const form = await textOf(await get(drafter, "/staff/promotions"));
      expect(form).toMatch(
        /name="claims\.lenderPanel\.source"[^>]*maxLength="300"|maxLength="300"[^>]*name="claims\.lenderPanel\.source"/i,
      );
      const before = (await database.db.select().from(promotionVersions)).length;
      const figures = withHeadline(6.09);
      figures.claims.lenderPanel = { size: "20+", source: "s".repeat(20_000) };
      const refused = await post(drafter, "/staff/promotions", {
        ...promotionFieldValues(figures),
        summary: "A long source",
        publishDay: "",
        publishTime: "",
        intent: "draft",
      });
      expect(refused.status).toBe(400);
      const text = await textOf(refused);
      expect(text).toMatch(
        new RegExp(
          `id="promotion-${CLAIM_FIELDS.panelSource.replace(/\./g, "-")}-error"[^>]*>.*?At most 300 characters`,
        ),
      );
      expect(await database.db.select().from(promotionVersions)).toHaveLength(before);
    });
  });

  it("previews a draft's pages without asking what it is for, each page with only its figures that differ", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-05T10:00:00Z"));
      const { drafter } = await members();
      const [live] = await database.db.select().from(promotionVersions).where(eq(promotionVersions.status, "live"));
      const figures = structuredClone(live!.figures);
      figures.examples.schoolFees.months = 60;
      const preview = await post(drafter, "/staff/promotions", {
        ...promotionFieldValues(figures),
        summary: "",
        publishDay: "",
        publishTime: "",
        intent: "preview",
      });
      expect(preview.status).toBe(200);
      const text = await textOf(preview);
      expect(text).not.toContain("There is a problem");
      const rows = text.split('data-testid="touched-page"').slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain("/school-fees-loan<");
      expect(rows[0]).toContain('<del class="text-slate-700"><span class="sr-only">was </span>10 years</del>');
      expect(rows[0]).toContain("5 years</ins>");
      // The amount and the rate did not change: not shown.
      expect(rows[0]).not.toContain("amount of credit");
      expect(rows[0]).not.toContain("representative APRC");
      // Sent, it is asked for.
      const sent = await post(drafter, "/staff/promotions", {
        ...promotionFieldValues(figures),
        summary: "",
        publishDay: "",
        publishTime: "",
        intent: "draft",
      });
      expect(sent.status).toBe(400);
      expect(await textOf(sent)).toContain('id="promotion-summary-error"');
    });
  });

  it("marks the one figure changed, warns of Excellent dearer than Good and of rates from below the panel, and approves only once both are acknowledged and confirmed at a check step", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-06T10:00:00Z"));
      const { drafter, approver } = await members();
      const [live] = await database.db.select().from(promotionVersions).where(eq(promotionVersions.status, "live"));
      const figures = structuredClone(live!.figures);
      const good = figures.rateTable[1]!.rates.good;
      figures.rateTable[1]!.rates.excellent = 7.25;
      const version = await draft(drafter, figures);

      const page = await textOf(await get(approver, `/staff/promotions/${version}`));
      // Its figures: one marked, old struck and new beside it.
      const ownFigures = page.slice(page.indexOf('id="figures-heading"'));
      expect(ownFigures.match(/data-testid="changed-figure"/g)).toHaveLength(1);
      expect(ownFigures).toContain(`was </span>${live!.figures.rateTable[1]!.rates.excellent}%</del>`);
      expect(ownFigures).toContain("now </span>7.25%</ins>");
      expect(page).toContain("One figure differs from version");
      // Warned: Excellent dearer than Good; no homeowner product on the panel offers its "rates from".
      const warnings = page.slice(
        page.indexOf('data-testid="promotion-warnings"'),
        page.indexOf('id="touched-heading"'),
      );
      expect(warnings).toContain(`Excellent credit costs more (7.25%) than Good credit (${good}%)`);
      expect(warnings).toContain("the lender panel has no live homeowner product");

      // A panel whose lowest rate is above the table's: warned of that instead, and the tick drawn before is no tick now.
      const before = await warningsTick(approver, version);
      await addProduct(database.db, approver, EXAMPLE_PANEL[0]!);
      const panelPage = await textOf(await get(approver, `/staff/promotions/${version}`));
      expect(panelPage).toContain("below the lender panel&#x27;s lowest rate (6.49%, Example Lender A");
      const post1 = (fields: Record<string, string>) =>
        post(approver, `/staff/promotions/${version}`, { intent: "approve", ...fields });
      const unacknowledged: Record<string, string>[] = [
        {},
        { [WARNINGS_SEEN_FIELD]: before ?? "" },
        { [WARNINGS_SEEN_FIELD]: "on", confirm: "yes" },
      ];
      for (const fields of unacknowledged) {
        const refused = await post1(fields);
        expect(refused.status).toBe(400);
        const text = await textOf(refused);
        expect(text).toContain("There is a problem");
        expect(text).toMatch(
          /id="promotion-warningsSeen-error"[^>]*>.*?Confirm that you have read the \d warnings above/,
        );
      }
      expect((await versionRow(version)).status).toBe("draft");

      // Acknowledged: the check step says what will happen, and nothing is done yet.
      const tick = (await warningsTick(approver, version)) ?? "";
      const asked = await post1({ [WARNINGS_SEEN_FIELD]: tick });
      expect(asked.status).toBe(200);
      const check = await textOf(asked);
      expect(check).toContain(`Approve version ${version} and publish it now?`);
      expect(check).toContain("It goes live at once: within seconds every visitor sees its figures");
      expect(check).toContain("Eligibility check (its indicative rate) (/apply)");
      expect(check).toContain(`name="${WARNINGS_SEEN_FIELD}" value="${tick}"`);
      expect((await versionRow(version)).status).toBe("draft");

      const confirmed = await post1({ [WARNINGS_SEEN_FIELD]: tick, confirm: "yes" });
      expect(confirmed.headers.get("location")).toBe(`/staff/promotions/${version}?done=published`);
      expect((await versionRow(version)).status).toBe("live");
    });
  });

  it("holds back a scheduled version when other figures went live after its approval: its page says so, and approved again over them it goes live at once", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-07T09:00:00Z"));
      const { drafter, approver } = await members();
      const scheduled = await draft(drafter, withHeadline(6.19), { publishDay: "2027-03-07", publishTime: "09:15" });
      expect((await approve(approver, scheduled)).headers.get("location")).toBe(
        `/staff/promotions/${scheduled}?done=approved`,
      );
      vi.setSystemTime(new Date("2027-03-07T09:05:00Z"));
      const urgent = await draft(drafter, withHeadline(6.39));
      expect((await approve(approver, urgent)).status).toBe(303);
      expect((await versionRow(urgent)).status).toBe("live");

      // At its time the server's poll holds it back rather than undo version `urgent`.
      vi.setSystemTime(new Date("2027-03-07T09:15:01Z"));
      expect(await publishDue(database.db, new Date())).toEqual([]);
      expect((await versionRow(scheduled)).status).toBe("draft");
      const page = kept(
        "a scheduled version held back",
        await textOf(await get(approver, `/staff/promotions/${scheduled}`)),
      );
      expect(page).toContain(
        `Approved to go live Sun 7 Mar 2027, 9:15am, it was not published then: version ${urgent} went live after its approval. Approved again, it goes live at once.`,
      );
      expect(page).toContain(`Drafted on version`);
      expect(page).toContain(`version ${urgent} has gone live since`);

      const confirmed = await approve(approver, scheduled, { [REPLACES_LIVE_FIELD]: String(urgent) });
      expect(confirmed.headers.get("location")).toBe(`/staff/promotions/${scheduled}?done=published`);
      expect((await versionRow(scheduled)).status).toBe("live");
      expect((await versionRow(urgent)).status).toBe("superseded");
    });
  });

  it("tells the approver a version approved to go live at once was held back when one due before it went live first", async () => {
    await withClockHeld(async () => {
      vi.setSystemTime(new Date("2027-03-08T09:00:00Z"));
      const { drafter, approver } = await members();
      const scheduled = await draft(drafter, withHeadline(6.19), { publishDay: "2027-03-08", publishTime: "09:10" });
      expect((await approve(approver, scheduled)).status).toBe(303);
      const atOnce = await draft(drafter, withHeadline(6.39));
      // No poll has run since 09:10: approving publishes the scheduled version first.
      vi.setSystemTime(new Date("2027-03-08T09:12:00Z"));
      const held = await approve(approver, atOnce);
      expect(held.headers.get("location")).toBe(`/staff/promotions/${atOnce}?done=held`);
      expect((await versionRow(scheduled)).status).toBe("live");
      expect((await versionRow(atOnce)).status).toBe("draft");
      const page = kept(
        "an approval at once held back, with its notice",
        await textOf(await get(approver, `/staff/promotions/${atOnce}?done=held`)),
      );
      expect(page).toContain("Not published: a version due before it went live first.");
      expect(page).toContain(
        `Approved to go live at once, it was not published then: version ${scheduled} went live after its approval.`,
      );
      expect(page).toContain(`version ${scheduled} has gone live since`);

      // Sent back, it never goes live.
      const sentBack = await post(approver, `/staff/promotions/${atOnce}`, {
        intent: "reject",
        reason: "Redraft on 6.19%",
      });
      expect(sentBack.status).toBe(303);
      expect((await versionRow(atOnce)).status).toBe("rejected");
    });
  });

  it.skipIf(!hasJava)("draws valid HTML for a version held back", () => {
    expect(drawn.length).toBe(2);
    expect(htmlErrors(drawn)).toEqual([]);
  });
});
