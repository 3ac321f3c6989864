import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { HealthStrip } from "../../app/features/staff/health-strip";
import { healthNow, healthWatch } from "../../server/observability.server";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { backups, healthAlerts, jobs } from "../../server/platform/db/schema";
import { createLogger } from "../../server/platform/logger";
import { createMailer } from "../../server/platform/mail";
import { enqueue, startOutboxWorker } from "../../server/platform/outbox";
import { openTestDatabase, testDatabaseKinds } from "../support/database";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// The health checks (decision 451) under the test's clock: the strip an administrator
// sees, and the operations address's email once when an alert is raised and once when
// it clears, through the outbox to a real SMTP server, however many servers watch.

const OPS = "ops@harbourside-loans.example";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The test's clock: a week ahead, so a job due "now" by it is not yet due by the database's, and waits. */
const T0 = new Date(Math.ceil((Date.now() + 7 * 24 * HOUR) / HOUR) * HOUR);
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(testDatabaseKinds())("health alerts on %s", (kind) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  const config = readConfig({ NODE_ENV: "test", OPS_EMAIL: OPS, BACKUP_DIR: "/nonexistent/backups" });
  const log = createLogger("silent");

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(backups);
    await database.db.delete(healthAlerts);
    sink.messages.length = 0;
    // A recent backup: only the check a test is about is raised.
    await database.db.insert(backups).values({ ok: true, bytes: 1, durationMs: 1, trigger: "nightly", finishedAt: T0 });
  });

  /** Sends what the outbox holds that is due by the database's clock, as a server's worker does. */
  async function deliver() {
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: "", from: config.mail.from });
    const worker = startOutboxWorker({ db: database.db, mailer, log, pollMs: 60_000 });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
      mailer.close();
    }
  }
  /** The operations emails about one check (the database's speed on a busy machine is not this test's). */
  const opsMail = (title: string) => sink.messages.filter((m) => m.to.includes(OPS) && m.subject.includes(title));

  it("a stuck outbox: the strip says so after 10 minutes, the operations address is emailed once, and once when it clears", async () => {
    // An email due at T0 that no worker takes (by the database's clock it is a week away).
    await enqueue(
      database.db,
      "mail",
      { to: "someone@example.com", subject: "s", text: "t", html: "t" },
      { runAt: T0 },
    );
    const server = healthWatch({ db: database.db, config }, log);
    const other = healthWatch({ db: database.db, config }, log);

    const early = await healthNow({ db: database.db, config }, at(9 * MINUTE));
    expect(early.find((check) => check.key === "outbox-stuck")).toMatchObject({ raised: false });
    await server(at(9 * MINUTE));
    await deliver();
    expect(opsMail("Outbox")).toEqual([]);

    const late = await healthNow({ db: database.db, config }, at(11 * MINUTE));
    const stuck = late.find((check) => check.key === "outbox-stuck");
    expect(stuck).toMatchObject({
      raised: true,
      title: "Outbox",
      detail: "Stuck: a job has waited 11 minutes past its time (1 job waiting).",
    });
    const strip = renderToStaticMarkup(
      createElement(HealthStrip, { checks: late, checkedAt: at(11 * MINUTE).toISOString() }),
    );
    expect(strip).toMatch(/Outbox: <span[^>]*>Needs attention<\/span>/);
    expect(strip).toContain("Stuck: a job has waited 11 minutes past its time (1 job waiting).");
    expect(strip).toMatch(/Backups: <span[^>]*>Well<\/span>/);

    // Two servers watch at the same moment, and again a minute later: one email.
    await Promise.all([server(at(11 * MINUTE)), other(at(11 * MINUTE))]);
    await other(at(12 * MINUTE));
    await deliver();
    expect(opsMail("Outbox").map((m) => m.subject)).toEqual([
      "Alert: Outbox: Stuck: a job has waited 11 minutes past its time (1 job waiting).",
    ]);
    expect(opsMail("Outbox")[0]?.raw).toContain("/staff/team");

    // The job goes (the outbox caught up): cleared, emailed once. (Its email is sent before
    // the next look: by this test's clock, a week ahead, a job waiting at all has waited a week.)
    await database.db.update(jobs).set({ status: "done" }).where(eq(jobs.runAt, T0));
    await server(at(13 * MINUTE));
    await deliver();
    await Promise.all([server(at(14 * MINUTE)), other(at(14 * MINUTE))]);
    await deliver();
    expect(opsMail("Outbox").map((m) => m.subject)).toEqual([
      "Alert: Outbox: Stuck: a job has waited 11 minutes past its time (1 job waiting).",
      "Cleared: Outbox is well again",
    ]);
    const cleared = await healthNow({ db: database.db, config }, at(14 * MINUTE));
    expect(cleared.find((check) => check.key === "outbox-stuck")).toMatchObject({ raised: false });
  });

  it("an old backup: raised past 36 hours from the last that succeeded, emailed once, cleared by the next backup", async () => {
    const server = healthWatch({ db: database.db, config }, log);
    const backupCheck = async (ms: number) =>
      (await healthNow({ db: database.db, config }, at(ms))).find((check) => check.key === "backup-old");

    expect(await backupCheck(35 * HOUR)).toMatchObject({ raised: false, detail: "The last backup is 35 hours old." });
    await server(at(35 * HOUR));
    // A failed one since does not count as a success.
    await database.db
      .insert(backups)
      .values({ ok: false, durationMs: 1, trigger: "nightly", finishedAt: at(30 * HOUR) });
    expect(await backupCheck(37 * HOUR)).toMatchObject({
      raised: true,
      detail: "The last backup that succeeded is 37 hours old (more than 36).",
    });
    await server(at(37 * HOUR));
    await server(at(38 * HOUR));
    await deliver();
    expect(opsMail("Backups").map((m) => m.subject)).toEqual([
      "Alert: Backups: The last backup that succeeded is 37 hours old (more than 36).",
    ]);

    const strip = renderToStaticMarkup(
      createElement(HealthStrip, {
        checks: await healthNow({ db: database.db, config }, at(38 * HOUR)),
        checkedAt: at(38 * HOUR).toISOString(),
      }),
    );
    expect(strip).toMatch(/Backups: <span[^>]*>Needs attention<\/span>/);
    expect(strip).toContain("The last backup that succeeded is 38 hours old (more than 36).");

    await database.db
      .insert(backups)
      .values({ ok: true, bytes: 1, durationMs: 1, trigger: "nightly", finishedAt: at(38 * HOUR) });
    await server(at(38 * HOUR + MINUTE));
    await deliver();
    expect(opsMail("Backups").map((m) => m.subject)).toEqual([
      "Alert: Backups: The last backup that succeeded is 37 hours old (more than 36).",
      "Cleared: Backups is well again",
    ]);
  });

  it("a failed latest backup is raised at once; without an operations address the strip shows it and nothing is sent", async () => {
    const quiet = readConfig({ NODE_ENV: "test", BACKUP_DIR: "/nonexistent/backups" });
    await database.db.insert(backups).values({ ok: false, durationMs: 1, trigger: "nightly", finishedAt: at(HOUR) });
    const checks = await healthNow({ db: database.db, config: quiet }, at(2 * HOUR));
    expect(checks.find((check) => check.key === "backup-old")).toMatchObject({
      raised: true,
      detail: "The latest backup failed.",
    });
    await healthWatch({ db: database.db, config: quiet }, log)(at(2 * HOUR));
    const [row] = await database.db.select().from(healthAlerts).where(eq(healthAlerts.key, "backup-old"));
    expect(row?.raisedAt?.toISOString()).toBe(at(2 * HOUR).toISOString());
    await deliver();
    expect(sink.messages).toEqual([]);
  });

  it("a server that takes no backups, with none recorded, raises nothing about them", async () => {
    await database.db.delete(backups);
    const none = readConfig({ NODE_ENV: "test" });
    const checks = await healthNow({ db: database.db, config: none }, at(0));
    expect(checks.find((check) => check.key === "backup-old")).toMatchObject({ raised: false });
    const expected = await healthNow({ db: database.db, config }, at(0));
    expect(expected.find((check) => check.key === "backup-old")).toMatchObject({
      raised: true,
      detail: "No backup has succeeded yet.",
    });
  });
});
