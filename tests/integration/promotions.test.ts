import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPromotionFigures, exampleField, type PromotionFigures } from "../../app/domain/promotions";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { auditLog, promotionVersions, quotes, staffMembers } from "../../server/platform/db/schema";
import { readCorrection } from "../../app/domain/lead-corrections";
import { submitLead } from "../../server/leads/leads.server";
import { addStaff } from "../../server/staff/accounts.server";
import { correctLead } from "../../server/staff/leads/corrections.server";
import {
  approvePromotion,
  builtInPromotion,
  createPromotionSource,
  draftPromotion,
  liveVersion,
  promotionLiveAt,
  publishDue,
  rejectPromotion,
} from "../../server/promotions/promotions.server";
import { routeContext } from "../support/app";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { freshAddress } from "../support/leads";

// Promotion versions (DECISIONS D27) on each database: a draft refused field by field,
// the two-person rule, publication at once or at its time by a clock the test holds, the
// record of what was live when, and a lead quoted on the version live when it arrived.

const drafter = { id: "member-drafter", name: "Dee Drafter" };
const approver = { id: "member-approver", name: "Ada Approver" };
const T0 = new Date("2027-03-01T09:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const builtIn = builtInPromotion({ lenderPanel: null, rating: null });

/** The code's figures with the lowest band's rate for every history changed. */
const withHeadline = (rate: number): PromotionFigures => {
  const figures = defaultPromotionFigures();
  figures.rateTable[0]!.rates = { excellent: rate, good: rate, unsure: rate };
  figures.examples.headline.ratePercent = rate;
  return figures;
};

describe.each(testDatabaseKinds())("promotion versions on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  /** A draft on the version live now, as the draft form sends it. */
  const draft = async (figures: PromotionFigures, publishAt: Date | null = null) =>
    draftPromotion(database.db, drafter, {
      figures,
      summary: "Lender rates",
      publishAt,
      basedOn: (await liveVersion(database.db))?.id ?? null,
    });
  /** The number of a draft that must be accepted (its figures pass the check). */
  const draftedId = async (figures: PromotionFigures, publishAt: Date | null = null) => {
    const drafted = await draft(figures, publishAt);
    if (!drafted.ok) throw new Error("draft refused");
    return drafted.id;
  };
  const versionRow = async (id: number) =>
    (await database.db.select().from(promotionVersions).where(eq(promotionVersions.id, id)))[0]!;
  const auditFor = async (id: number) =>
    (await database.db.select().from(auditLog))
      .filter((row) => (row.detail as { version?: number } | null)?.version === id)
      .map((row) => [row.action, row.actorName]);

  it("refuses a draft whose figures cannot be a compliant promotion, naming the field, and stores nothing", async () => {
    const figures = defaultPromotionFigures();
    figures.examples.schoolFees.amount = Number.NaN;
    const before = (await database.db.select().from(promotionVersions)).length;
    const result = await draft(figures);
    expect(result).toEqual({
      ok: false,
      errors: { [exampleField("schoolFees", "amount")]: expect.stringContaining("not complete") },
    });
    expect(await database.db.select().from(promotionVersions)).toHaveLength(before);
  });

  it("will not let the drafter approve or send back their own draft; another member approves it and it goes live at once", async () => {
    const drafted = await draft(withHeadline(5.49));
    if (!drafted.ok) throw new Error("draft refused");
    expect(await approvePromotion(database.db, drafter, drafted.id, T0)).toEqual({
      ok: false,
      reason: expect.stringContaining("another member must approve it"),
    });
    expect(await rejectPromotion(database.db, drafter, drafted.id, "no", T0)).toMatchObject({ ok: false });
    expect((await versionRow(drafted.id)).status).toBe("draft");

    expect(await approvePromotion(database.db, approver, drafted.id, T0)).toEqual({ ok: true, published: true });
    const row = await versionRow(drafted.id);
    expect(row).toMatchObject({ status: "live", approvedByName: "Ada Approver", draftedByName: "Dee Drafter" });
    expect(row.liveFrom).toEqual(T0);
    expect(await auditFor(drafted.id)).toEqual([
      ["promotion.drafted", "Dee Drafter"],
      ["promotion.approved", "Ada Approver"],
      // Published by its approval: the approver's row.
      ["promotion.published", "Ada Approver"],
    ]);
    // Decided once: a second approval is refused.
    expect(await approvePromotion(database.db, { id: "third", name: "Third" }, drafted.id, T0)).toMatchObject({
      ok: false,
    });
  });

  it("sends a draft back with its reason, and it never goes live", async () => {
    const drafted = await draft(withHeadline(5.39));
    if (!drafted.ok) throw new Error("draft refused");
    expect(await rejectPromotion(database.db, approver, drafted.id, "Lender A has not confirmed", minutes(1))).toEqual({
      ok: true,
      published: false,
    });
    expect(await versionRow(drafted.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "Lender A has not confirmed",
    });
    expect(await auditFor(drafted.id)).toEqual([
      ["promotion.drafted", "Dee Drafter"],
      ["promotion.rejected", "Ada Approver"],
    ]);
  });

  it("publishes an approved version at its time by the clock it is given, no sooner, and records when each was live", async () => {
    const live = (await database.db.select().from(promotionVersions).where(eq(promotionVersions.status, "live")))[0]!;
    const noon = minutes(180);
    const drafted = await draft(withHeadline(5.29), noon);
    if (!drafted.ok) throw new Error("draft refused");
    expect(await approvePromotion(database.db, approver, drafted.id, minutes(2))).toEqual({
      ok: true,
      published: false,
    });
    expect((await versionRow(drafted.id)).status).toBe("approved");

    expect(await publishDue(database.db, new Date(noon.getTime() - 1))).toEqual([]);
    expect((await versionRow(drafted.id)).status).toBe("approved");
    expect(await publishDue(database.db, noon)).toEqual([drafted.id]);
    // Once only, whoever asks again.
    expect(await publishDue(database.db, noon)).toEqual([]);

    expect(await versionRow(drafted.id)).toMatchObject({ status: "live", liveFrom: noon, liveUntil: null });
    expect(await versionRow(live.id)).toMatchObject({ status: "superseded", liveFrom: T0, liveUntil: noon });

    // What a page said at a moment: the code's before the first version, then each in turn.
    expect((await promotionLiveAt(database.db, minutes(-1), builtIn)).versionId).toBeNull();
    expect((await promotionLiveAt(database.db, minutes(-1), builtIn)).figures.rateTable[0]!.rates.good).toBe(5.69);
    expect((await promotionLiveAt(database.db, minutes(179), builtIn)).versionId).toBe(live.id);
    expect((await promotionLiveAt(database.db, noon, builtIn)).versionId).toBe(drafted.id);
    expect((await promotionLiveAt(database.db, noon, builtIn)).figures.rateTable[0]!.rates.good).toBe(5.29);
  });

  it("lets every server's copy see a publication by another, and a lead keeps the version it was quoted on", async () => {
    let clock = minutes(300);
    const serverA = createPromotionSource({ db: database.db, builtIn, now: () => clock, pollMs: 0 });
    const serverB = createPromotionSource({ db: database.db, builtIn, now: () => clock, pollMs: 0 });
    const before = await serverB.live();
    const heard: (number | null)[] = [];
    serverB.onChange((live) => heard.push(live.versionId));
    expect(before.figures.rateTable[0]!.rates.good).toBe(5.29);

    const context = { ...routeContext(database, freshAddress()), promotions: serverB };
    const answers = {
      email: "early@example.com",
      first_name: "Early",
      last_name: "Lead",
      phone: "07700900123",
      loan_purpose: "home-improvements",
      homeowner_status: "mortgage",
      credit_history: "good",
      loan_amount: 30_000,
      property_value: 300_000,
      mortgage_balance: 100_000,
      consent: true,
    } as const;
    const early = await submitLead(context, "quote", answers as never, {
      submissionKey: undefined,
      userId: null,
      adConsent: false,
    });

    const drafted = await draft(withHeadline(5.19), minutes(360));
    if (!drafted.ok) throw new Error("draft refused");
    await approvePromotion(database.db, approver, drafted.id, minutes(301));
    clock = minutes(360);
    // Server A's poll publishes it; server B's next poll sees it without publishing anything.
    expect((await serverA.refresh()).versionId).toBe(drafted.id);
    expect((await serverB.refresh()).versionId).toBe(drafted.id);
    expect(heard).toEqual([drafted.id]);

    const late = await submitLead(context, "quote", { ...answers, email: "late@example.com" } as never, {
      submissionKey: undefined,
      userId: null,
      adConsent: false,
    });
    const stored = async (id: string) => (await database.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;
    expect(await stored(early.id)).toMatchObject({ indicativeRate: 5.29, promotionVersionId: before.versionId });
    expect(await stored(late.id)).toMatchObject({ indicativeRate: 5.19, promotionVersionId: drafted.id });

    // A correction works the early lead's figures out again by the table it was quoted on.
    const row = (await stored(early.id)) as unknown as Record<string, unknown>;
    const read = readCorrection("quote", row, (field) => (field === "loanAmount" ? "40000" : null));
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    const email = `corrector.${Date.now()}@firm.example`;
    await addStaff(database.db, { email, name: "Cory Corrector" });
    const [corrector] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, email));
    expect(
      await correctLead(
        database.db,
        { id: corrector?.id ?? "", name: "Cory Corrector" },
        { kind: "quote", id: early.id, version: Number(row.version) },
        read.value,
      ),
    ).toMatchObject({ ok: true });
    expect(await stored(early.id)).toMatchObject({
      loanAmount: 40_000,
      indicativeRate: 5.29,
      promotionVersionId: before.versionId,
    });
    serverA.close();
    serverB.close();
  });

  it("dates a scheduled version from the poll that published it, not its planned time; the one before ends then; its row names the version and its approver", async () => {
    const previous = await liveVersion(database.db);
    if (!previous) throw new Error("no live version");
    const planned = minutes(420);
    const drafted = await draft(withHeadline(5.09), planned);
    if (!drafted.ok) throw new Error("draft refused");
    await approvePromotion(database.db, approver, drafted.id, minutes(401));
    // The first poll after its time comes a second and a half late.
    const polled = new Date(planned.getTime() + 1_500);
    expect(await publishDue(database.db, polled)).toEqual([drafted.id]);

    expect(await versionRow(drafted.id)).toMatchObject({ status: "live", publishAt: planned, liveFrom: polled });
    expect(await versionRow(previous.id)).toMatchObject({ status: "superseded", liveUntil: polled });
    // At its planned time the site still printed the version before.
    expect((await promotionLiveAt(database.db, planned, builtIn)).versionId).toBe(previous.id);
    expect((await promotionLiveAt(database.db, polled, builtIn)).versionId).toBe(drafted.id);

    const published = (await database.db.select().from(auditLog).where(eq(auditLog.action, "promotion.published")))
      .filter((row) => (row.detail as { version?: number }).version === drafted.id)
      .map((row) => ({ actorId: row.actorId, actorName: row.actorName, detail: row.detail }));
    expect(published).toEqual([
      {
        actorId: approver.id,
        actorName: approver.name,
        detail: { version: drafted.id, liveFrom: polled.toISOString(), publishAt: planned.toISOString() },
      },
    ]);
  });

  it("never publishes a scheduled version over figures that went live after its approval: it comes back for approval, and approved again over them it goes live at once", async () => {
    const planned = minutes(900);
    const scheduled = await draftedId(withHeadline(4.99), planned);
    await approvePromotion(database.db, approver, scheduled, minutes(600));
    // Another change, drafted on the same figures, is approved and goes live before it.
    const urgent = await draftedId(withHeadline(5.49));
    expect(await approvePromotion(database.db, approver, urgent, minutes(700))).toEqual({
      ok: true,
      published: true,
    });

    expect(await publishDue(database.db, planned)).toEqual([]);
    expect(await versionRow(urgent)).toMatchObject({ status: "live", liveFrom: minutes(700), liveUntil: null });
    expect(await versionRow(scheduled)).toMatchObject({
      status: "draft",
      approvedBy: null,
      decidedAt: null,
      publishAt: null,
    });
    const held = (await database.db.select().from(auditLog).where(eq(auditLog.action, "promotion.held")))
      .filter((row) => (row.detail as { version?: number }).version === scheduled)
      .map((row) => ({ actorId: row.actorId, detail: row.detail }));
    expect(held).toEqual([
      { actorId: null, detail: { version: scheduled, live: urgent, publishAt: planned.toISOString() } },
    ]);

    // Its approver now sees it drafted on figures no longer live, and must say it replaces them.
    const unconfirmed = await approvePromotion(database.db, approver, scheduled, minutes(905));
    expect(unconfirmed).toMatchObject({ ok: false, field: "replacesLive" });
    expect(await approvePromotion(database.db, approver, scheduled, minutes(906), String(urgent))).toEqual({
      ok: true,
      published: true,
    });
    expect(await versionRow(scheduled)).toMatchObject({ status: "live", liveFrom: minutes(906) });
    expect(await versionRow(urgent)).toMatchObject({ status: "superseded", liveUntil: minutes(906) });
  });

  it("publishes the first of two versions due together and holds the second, approved before the first went live", async () => {
    const at = minutes(1200);
    const first = await draftedId(withHeadline(5.19), at);
    const second = await draftedId(withHeadline(5.39), at);
    await approvePromotion(database.db, approver, first, minutes(1000));
    await approvePromotion(database.db, approver, second, minutes(1001));

    expect(await publishDue(database.db, at)).toEqual([first]);
    expect((await versionRow(first)).status).toBe("live");
    expect((await versionRow(second)).status).toBe("draft");
  });

  it("publishes a version approved now over the figures its approver saw, whatever another server's clock wrote, and holds it when a version due before it went live first", async () => {
    // Another server, its clock two minutes ahead, published the version live now.
    const ahead = await draftedId(withHeadline(5.59));
    await approvePromotion(database.db, approver, ahead, minutes(1302));
    const atOnce = await draftedId(withHeadline(5.69));
    expect(await approvePromotion(database.db, approver, atOnce, minutes(1300))).toEqual({
      ok: true,
      published: true,
    });

    // A scheduled version falls due at the moment another is approved: it goes live first.
    const scheduled = await draftedId(withHeadline(5.49), minutes(1400));
    await approvePromotion(database.db, approver, scheduled, minutes(1350));
    const late = await draftedId(withHeadline(5.39));
    expect(await approvePromotion(database.db, approver, late, minutes(1401))).toEqual({
      ok: true,
      published: false,
    });
    expect((await versionRow(scheduled)).status).toBe("live");
    expect(await versionRow(late)).toMatchObject({ status: "draft", approvedBy: null });
  });
});
