import { request } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { validQuote } from "../support/leads";
import { makeLeads, pgliteTarget, storedCounts, submit } from "../support/faults";
import { startServerProcess } from "../support/server-process";
import { startSmtpSink } from "../support/smtp-sink";

// Issue 33: the README says a stop (Ctrl-C, or SIGTERM) is clean. A request in flight
// when the signal comes is answered, and the emails the outbox has claimed are settled
// (sent, or put back for a retry) before the process ends: no claim is left behind for
// a lease to expire.

const sink = await startSmtpSink();
const target = await pgliteTarget();
afterAll(async () => {
  await sink.close();
  await target.cleanup();
});

/** A lead posted slowly: the headers and half the body now, the rest when `finish` is called. */
function slowQuote(baseUrl: string) {
  const body = JSON.stringify(validQuote({ email: "slow@example.com", submission_key: crypto.randomUUID() }));
  const url = new URL("/api/quotes", baseUrl);
  let answered: (value: { status: number; body: string }) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
    },
    (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => answered({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on("error", failed);
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe("a stop on SIGTERM", { timeout: 240_000 }, () => {
  it("answers the request in flight and leaves no email claimed", async () => {
    sink.hold(true);
    const server = await startServerProcess(
      { ...target.env, SMTP_URL: sink.url, LOG_LEVEL: "warn" },
      { readyTimeoutMs: 180_000 },
    );
    const [lead] = makeLeads(1, "stop");
    expect((await submit(server.baseUrl, lead!)).status).toBe(201);
    // The outbox has claimed the lead's emails and is sending the first: the mail server holds it.
    for (let i = 0; i < 300 && sink.held.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(sink.held.length).toBeGreaterThan(0);

    const inFlight = slowQuote(server.baseUrl);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    // Still running: it waits for the request and for the email being sent.
    expect(server.child.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(201);

    // The mail server answers what it holds, and whatever else the outbox had claimed.
    sink.hold(false);
    for (const held of sink.held.splice(0)) held.answer("accept");
    expect(await server.exited).toBe(0);

    const database = await target.open();
    try {
      const claimed = (await database.db.execute(
        sql`select count(*)::int as n from jobs where locked_until is not null and status = 'pending'`,
      )) as unknown as { rows: { n: number }[] };
      expect(claimed.rows[0]?.n).toBe(0);
      // Both leads were kept; the held email was sent, and the rest wait unclaimed for the next start.
      const counts = await storedCounts(database.db);
      expect(counts.leads).toBe(2);
      expect(counts.sent).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  });
});
