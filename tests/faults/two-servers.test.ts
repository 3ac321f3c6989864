import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  duplicates,
  makeLeads,
  messageIdCounts,
  postgresAvailable,
  postgresTarget,
  reportFault,
  storedCounts,
  submit,
  type Target,
  until,
} from "../support/faults";
import { ensureBuild, type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

/**
 * Two servers share one PostgreSQL and a slow mail server: each message takes longer
 * to send than a third of the outbox's lease, and a worker's batch takes several
 * leases. Each job is sent by the server that holds its lease, the lease is renewed
 * while the message is on its way, and so no email goes twice.
 */
const LEADS = 40;
const LEASE_MS = 2_000;
const SEND_MS = 1_500;

describe.skipIf(!postgresAvailable())("two servers on one PostgreSQL with a slow mail server", () => {
  let target: Target;
  let sink: SmtpSink;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuild();
    target = await postgresTarget();
    sink = await startSmtpSink();
    sink.slow(SEND_MS);
    const env = { ...target.env, SMTP_URL: sink.url, RATE_LIMIT_SCALE: "100000", OUTBOX_LEASE_MS: String(LEASE_MS) };
    servers.push(await startServerProcess(env), await startServerProcess(env));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sink?.close();
    await target?.cleanup();
  });

  it("sends every email exactly once", async () => {
    const leads = makeLeads(LEADS, "two-servers");
    const answers = await Promise.all(leads.map((lead, i) => submit((servers[i % 2] as ServerProcess).baseUrl, lead)));
    expect(answers.map((a) => a.status)).toEqual(leads.map(() => 201));

    const db = await target.open();
    try {
      const started = Date.now();
      await until(async () => {
        const counts = await storedCounts(db.db);
        return counts.mail > 0 && counts.sent === counts.mail;
      }, 180_000, "every mail job to be done");
      const seconds = (Date.now() - started) / 1_000;
      // A message still on its way to the slow sink when its job was marked done would show now.
      await new Promise((resolve) => setTimeout(resolve, SEND_MS * 2));
      const counts = await storedCounts(db.db);
      const byId = messageIdCounts(sink.messages);
      reportFault({
        fault: `two servers, SMTP ${SEND_MS / 1000} s a message, lease ${LEASE_MS / 1000} s`,
        database: "PostgreSQL",
        submitted: LEADS,
        answered: answers.length,
        stored: counts.leads,
        lost: LEADS - counts.leads,
        storedTwice: counts.leads - counts.keys,
        emails: counts.mail,
        duplicateEmails: duplicates(byId),
        notes: `all mail sent in ${seconds.toFixed(1)} s`,
      });
      expect(byId.size).toBe(counts.mail);
      expect(duplicates(byId)).toBe(0);
    } finally {
      await db.close();
    }
  });
});
