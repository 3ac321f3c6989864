import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  duplicates,
  makeLeads,
  mailSettled,
  messageIdCounts,
  pgliteTarget,
  postgresAvailable,
  postgresTarget,
  reportFault,
  sleep,
  storedCounts,
  submit,
  type Target,
  until,
} from "../support/faults";
import { ensureBuild, startServerProcess } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * The mail server goes away (connections refused) while borrowers submit, and comes
 * back. Every lead is answered and stored at once (a request never waits on SMTP);
 * when mail is back, what waited goes soon, not at its next retry (which by then is
 * minutes away), and every email arrives exactly once. The outage is a few log lines
 * with its cause, not one per message.
 */
const LEADS = 60;
/** Long enough that the mail waiting has its next retry about half a minute after mail returns. */
const DOWN_MS = 35_000;

const targets: [string, () => Promise<Target>, () => boolean][] = [
  ["PGlite", pgliteTarget, () => true],
  ["PostgreSQL", postgresTarget, postgresAvailable],
];

describe.each(targets)("the mail server down, then back, on %s", (_, makeTarget, available) => {
  let target: Target;
  let sink: SmtpSink;
  let proxy: TcpProxy;

  beforeAll(async () => {
    if (!available()) return;
    ensureBuild();
    target = await makeTarget();
    sink = await startSmtpSink();
    proxy = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
  });
  afterAll(async () => {
    await proxy?.close();
    await sink?.close();
    await target?.cleanup();
  });

  it.skipIf(!available())("answers every lead, then sends each email once, soon after mail returns", async () => {
    const server = await startServerProcess({
      ...target.env,
      RATE_LIMIT_SCALE: "100000",
      SMTP_URL: proxy.via(sink.url),
      LOG_LEVEL: "info",
    });
    try {
      // One of each kind first, to learn how many emails a lead makes.
      const [firstQuote, firstEnquiry, ...leads] = makeLeads(LEADS + 2, "mail-outage");
      for (const lead of [firstQuote, firstEnquiry]) expect((await submit(server.baseUrl, lead!)).status).toBe(201);
      await mailSettled(sink, { atLeast: 2, quietMs: 2_000, withinMs: 20_000 });
      const perPair = sink.messages.length;

      await proxy.refuse();
      const downAt = Date.now();
      const answers = [];
      for (const lead of leads) answers.push(await submit(server.baseUrl, lead));
      expect(answers.map((a) => a.status)).toEqual(leads.map(() => 201));
      const outageMessages = sink.messages.length;
      await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
      expect(sink.messages.length).toBe(outageMessages);

      await proxy.restore();
      const backAt = Date.now();
      const expected = perPair * ((LEADS + 2) / 2);
      await until(() => messageIdCounts(sink.messages).size >= expected, 60_000, "every email after the outage");
      const recoverySeconds = (Date.now() - backAt) / 1_000;
      await mailSettled(sink, { atLeast: expected, quietMs: 3_000, withinMs: 20_000 });

      const log = server.log();
      const logLines = log.split("\n").filter((line) => /"service":"mail"/.test(line));
      const byId = messageIdCounts(sink.messages);
      reportFault({
        fault: `SMTP refused for ${DOWN_MS / 1000} s`,
        database: target.name,
        submitted: LEADS,
        answered: answers.filter((a) => a.status === 201).length,
        stored: LEADS,
        lost: 0,
        storedTwice: 0,
        emails: expected,
        duplicateEmails: duplicates(byId),
        recoverySeconds,
        notes: `${logLines.length} mail outage log lines`,
      });
      expect(byId.size).toBe(expected);
      expect(duplicates(byId)).toBe(0);
      // Sooner than any waiting retry would have fallen due (the second is 20 s after the first).
      expect(recoverySeconds).toBeLessThan(20);
      expect(logLines.map((line) => JSON.parse(line).msg)).toEqual(["mail unavailable", "mail back"]);
      for (const lead of leads) expect(log).not.toContain(lead.email);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const db = await target.open();
    try {
      const counts = await storedCounts(db.db);
      expect(counts.leads).toBe(LEADS + 2);
      expect(counts.sent).toBe(counts.mail);
    } finally {
      await db.close();
    }
  });
});
