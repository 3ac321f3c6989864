import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  duplicates,
  makeLeads,
  messageIdCounts,
  postgresAvailable,
  postgresTarget,
  reportFault,
  sleep,
  storedCounts,
  submit,
  type Target,
  until,
} from "../support/faults";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { ensureBuild, type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * PostgreSQL stops while emails are at the mail server (issue 27, item 1). The mail
 * server holds the outbox's first messages unanswered; the database then stops, the
 * held messages are taken, and it stays away for three leases, so every lease on them
 * runs out. When it is back, every email has gone exactly once: the worker kept each
 * delivered result and wrote it before claiming anything again.
 */
/** The jobs a worker holds now: claimed, not finished, their lease running. */
async function leasedJobs(db: DatabaseHandle["db"]): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from jobs where status = 'pending' and locked_until > now()`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

const LEADS = 10;
const LEASE_MS = 2_000;
const STOPPED_MS = 3 * LEASE_MS;

describe.skipIf(!postgresAvailable())("PostgreSQL stopped while emails are being sent", () => {
  let target: Target;
  let proxy: TcpProxy;
  let sink: SmtpSink;
  let server: ServerProcess;

  beforeAll(async () => {
    ensureBuild();
    target = await postgresTarget();
    const url = new URL(target.url as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    sink = await startSmtpSink();
    server = await startServerProcess({
      ...target.env,
      DATABASE_URL: proxy.via(target.url as string),
      SMTP_URL: sink.url,
      OUTBOX_LEASE_MS: String(LEASE_MS),
      RATE_LIMIT_SCALE: "100000",
      LOG_LEVEL: "info",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    await proxy?.close();
    await target?.cleanup();
  });

  it(`sends every email once when the database stops mid-send for ${STOPPED_MS / 1000} s (three leases)`, async () => {
    sink.hold(true);
    const leads = makeLeads(LEADS, "stop-mid-send");
    const answers = await Promise.all(leads.map((lead) => submit(server.baseUrl, lead)));
    expect(answers.map((a) => a.status)).toEqual(leads.map(() => 201));

    // The outbox's first batch reaches the mail server, which does not answer yet: every
    // job the worker holds a lease on is a message held there. The batch may be smaller
    // than four (its pass began before every lead was stored); waiting for four then
    // outlasted the mail connection's time-out, and those jobs went again.
    const direct = await target.open();
    try {
      await until(
        async () => {
          const leased = await leasedJobs(direct.db);
          return leased > 0 && sink.held.length === leased;
        },
        60_000,
        "the first batch's messages at the mail server",
      );
    } finally {
      await direct.close();
    }
    const logBefore = server.log().length;
    await proxy.refuse();
    const inFlight = sink.held.splice(0);
    for (const held of inFlight) held.answer("accept");
    sink.hold(false);
    await sleep(STOPPED_MS);
    await proxy.restore();
    const restoredAt = Date.now();

    const db = await target.open();
    let counts: Awaited<ReturnType<typeof storedCounts>>;
    try {
      await until(
        async () => {
          counts = await storedCounts(db.db);
          return counts.mail > 0 && counts.sent === counts.mail;
        },
        60_000,
        "every mail job to be done",
      );
      counts = await storedCounts(db.db);
    } finally {
      await db.close();
    }
    const doneSeconds = (Date.now() - restoredAt) / 1_000;
    // A message sent again would arrive just after its second claim: give it time to show.
    await sleep(1_000);

    const log = server
      .log()
      .slice(logBefore)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; heldForMs?: number });
    const heldBack = log.filter((line) => line.msg === "job result held back");
    const written = log.filter((line) => line.msg === "held job result written");
    const byId = messageIdCounts(sink.messages);
    reportFault({
      fault: `PostgreSQL stopped ${STOPPED_MS / 1000} s mid-send, lease ${LEASE_MS / 1000} s`,
      database: "PostgreSQL",
      submitted: LEADS,
      answered: answers.length,
      stored: counts.leads,
      lost: LEADS - counts.leads,
      storedTwice: counts.leads - counts.keys,
      emails: counts.mail,
      duplicateEmails: duplicates(byId),
      recoverySeconds: doneSeconds,
      notes: `${inFlight.length} sent while the database was stopped; ${heldBack.length} results held back, ${written.length} written after, the longest held ${Math.max(0, ...written.map((l) => l.heldForMs ?? 0))} ms; ${sink.messages.length} messages for ${counts.mail} jobs`,
    });

    expect(inFlight.length).toBeGreaterThanOrEqual(1);
    expect(heldBack.length).toBe(inFlight.length);
    expect(written.length).toBe(inFlight.length);
    expect(byId.size).toBe(counts.mail);
    expect(duplicates(byId)).toBe(0);
  });
});
