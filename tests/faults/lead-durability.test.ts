import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  duplicates,
  type Lead,
  makeLeads,
  messageIdCounts,
  pgliteTarget,
  postgresAvailable,
  postgresTarget,
  reportFault,
  storedCounts,
  storedIds,
  submit,
  type Target,
  mailSettled,
} from "../support/faults";
import { ensureBuild, type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

/**
 * 1,000 leads (quotes and enquiries) are submitted 16 at a time, as browsers do: a lead
 * that gets no answer is sent again with its submission key. The server is killed with
 * SIGKILL three times along the way and restarted on the same data. Afterwards every
 * lead is stored exactly once, every lead answered with an id kept that id, and every
 * email reached the mail server (at least once; a send in flight at a kill may go twice,
 * under the same Message-ID).
 */
const TOTAL = 1_000;
const CONCURRENCY = 16;
/** Killed as these many leads have been answered. */
const KILL_AT = [150, 450, 800];
/** Short, so jobs a killed server was sending are taken up again soon. */
const LEASE_MS = 4_000;

const targets: [string, () => Promise<Target>, () => boolean][] = [
  ["PGlite", pgliteTarget, () => true],
  ["PostgreSQL", postgresTarget, postgresAvailable],
];

describe.each(targets)("SIGKILL three times during 1,000 leads on %s", (_, makeTarget, available) => {
  let target: Target;
  let sink: SmtpSink;

  beforeAll(async () => {
    if (!available()) return;
    ensureBuild();
    target = await makeTarget();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await target?.cleanup();
  });

  it.skipIf(!available())("loses no answered lead, stores none twice, and sends every email", async () => {
    const env = { ...target.env, RATE_LIMIT_SCALE: "100000", SMTP_URL: sink.url, OUTBOX_LEASE_MS: String(LEASE_MS) };
    const leads = makeLeads(TOTAL, "kill");
    const queue: Lead[] = [...leads];
    const answeredIds = new Map<string, string>();
    const changedIds: string[] = [];
    let answered = 0;
    let kills = 0;
    let current: Promise<ServerProcess> = startServerProcess(env);
    const servers: ServerProcess[] = [];

    async function lane() {
      for (;;) {
        const lead = queue.shift();
        if (!lead) {
          if (answeredIds.size === TOTAL) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const server = await current;
        const answer = await submit(server.baseUrl, lead);
        if (answer.status === 201 && "id" in answer && answer.id) {
          const before = answeredIds.get(lead.key);
          if (before && before !== answer.id) changedIds.push(lead.key);
          if (!before) {
            answeredIds.set(lead.key, answer.id);
            answered++;
            if (KILL_AT.includes(answered)) {
              kills++;
              current = server.kill().then(() => startServerProcess(env));
            }
          }
        } else {
          queue.push(lead); // no answer (the server died) or 503: the browser tries again
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const last = await current;
    servers.push(last);

    // Mail: let the last server send what is queued, including what the killed ones held.
    await mailSettled(sink, { atLeast: TOTAL, quietMs: LEASE_MS * 2, withinMs: 120_000 });
    expect(await last.stop()).toBe(0);

    const db = await target.open();
    try {
      const counts = await storedCounts(db.db);
      const ids = await storedIds(db.db);
      const perLead = (
        (await db.db.execute(sql`
          with leads as (select id::text as id, 'quote' as kind from quotes union all select id::text, 'enquiry' from personal_enquiries)
          select leads.kind, count(j.id)::int as mail from leads left join jobs j on j.dedupe_key like '%:' || leads.id
          group by leads.id, leads.kind`)) as unknown as { rows: { kind: string; mail: number }[] }
      ).rows;
      const byId = messageIdCounts(sink.messages);
      const lost = [...answeredIds].filter(([key, id]) => ids.get(key) !== id).length;
      reportFault({
        fault: `SIGKILL ×${kills} during ${TOTAL} leads`,
        database: target.name,
        submitted: TOTAL,
        answered: answeredIds.size,
        stored: counts.leads,
        lost,
        storedTwice: counts.leads - counts.keys,
        emails: counts.mail,
        duplicateEmails: duplicates(byId),
        notes: `${counts.sent} of ${counts.mail} mail jobs done; ${byId.size} distinct Message-IDs received`,
      });

      expect(kills).toBe(KILL_AT.length);
      expect(changedIds).toEqual([]);
      expect(lost).toBe(0);
      expect(counts.leads).toBe(TOTAL);
      expect(counts.keys).toBe(TOTAL);
      // Each lead has its emails queued, the same number for every lead of a kind.
      for (const kind of ["quote", "enquiry"]) {
        const mail = new Set(perLead.filter((row) => row.kind === kind).map((row) => row.mail));
        expect(mail.size).toBe(1);
        expect([...mail][0]).toBeGreaterThan(0);
      }
      expect(counts.sent).toBe(counts.mail);
      expect(byId.size).toBe(counts.mail);
      // Only a send in flight at a kill can go twice: at most one per pooled connection per kill.
      expect(duplicates(byId)).toBeLessThanOrEqual(kills * 4);
    } finally {
      await db.close();
    }
  });
});
