import { afterEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../app/config.server";
import { capturedLog } from "../tests/support/log";
import { createApp, HEALTH_CHECK_MS, HEALTH_TIMEOUT_MS } from "./app";
import type { Database } from "./platform/db/client";

// /healthz promises its whole answer within HEALTH_TIMEOUT_MS (the README's 1.5 s), hung
// database or not (issue 27, item 2). The clock is the test's: a database that never
// answers is a promise that never settles, and time moves only when the test says.

/** A database that accepts every query and never answers, as a hung PostgreSQL does. */
const hungDatabase = { execute: () => new Promise(() => {}) } as unknown as Database;

describe("/healthz with a database that hangs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers 503 once its check's share of the promise is spent, leaving the rest for the answer itself", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { log, lines } = capturedLog();
    const app = createApp({ config: readConfig({ NODE_ENV: "test" }), db: hungDatabase, log, kickOutbox: () => {} });
    let answered: Response | undefined;
    const answering = Promise.resolve(app.request("/healthz")).then((response) => {
      answered = response;
    });

    // The check gets its whole share of the clock…
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK_MS - 1);
    expect(answered).toBeUndefined();
    // …and the answer is out with a fifth of the promise to spare, for writing it on a
    // server busy with the outage's requests (that took up to 103 ms over the check).
    await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS * 0.8 - (HEALTH_CHECK_MS - 1));
    await answering;
    expect(answered?.status).toBe(503);
    expect(await answered?.json()).toEqual({ status: "database unavailable" });
    expect(lines.map((line) => line.msg)).toContain("database unavailable");
  });
});
