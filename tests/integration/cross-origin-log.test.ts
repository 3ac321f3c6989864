import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { REFUSAL_LOG_INTERVAL_MS } from "../../server/platform/refusal-log.server";
import { createTestApp, hasBuild, loadBuild } from "../support/app";
import { openTestDatabase } from "../support/database";
import { capturedLog } from "../support/log";

// A form posted to the site from another site's page is refused (400) before any action
// runs. It is the sender's doing: logged as a refusal, a warning at most once a minute
// (docs/decisions/337), never as an error, so an outsider cannot fill the error log.

const SITE = "http://localhost:3000";
const WARN = 40;
const ERROR = 50;

describe.skipIf(!hasBuild)("posts from another site's page", () => {
  let database: DatabaseHandle;
  let build: ServerBuild | undefined;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    build = await loadBuild();
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await database?.close();
  });

  it("are refused and logged as one warning a minute, never as errors", async () => {
    const captured = capturedLog("info");
    const { app } = createTestApp(database, {}, { build, log: captured.log });
    const post = (path: string, origin: string) =>
      app.request(`${SITE}${path}`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Pat", email: "pat@example.com" }).toString(),
      });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-07T10:00:00Z"));
    for (const [path, origin] of [
      ["/contact-us", "https://evil.example"],
      ["/staff/sign-in", "https://evil.example"],
      ["/auth", "null"],
      ["/contact-us.data", "https://evil.example"],
      ["/apply", "http://localhost:3001"],
    ] as const) {
      expect((await post(path, origin)).status, `${path} from ${origin}`).toBe(400);
    }
    const refusals = () => captured.lines.filter((l) => l.msg === "request refused");
    expect(captured.lines.filter((l) => (l.level as number) >= ERROR)).toEqual([]);
    expect(refusals()).toEqual([expect.objectContaining({ level: WARN, refused: "cross-origin post" })]);
    // Each is still on its request line, as what the client was told.
    expect(captured.lines.filter((l) => l.msg === "request" && l.status === 400)).toHaveLength(5);

    // A minute on, the next is logged again, with how many came meanwhile.
    vi.setSystemTime(Date.now() + REFUSAL_LOG_INTERVAL_MS);
    expect((await post("/contact-us", "https://evil.example")).status).toBe(400);
    expect(refusals()).toHaveLength(2);
    expect(refusals()[1]).toMatchObject({ level: WARN, refused: "cross-origin post", moreSinceLast: 4 });
    expect(captured.text()).not.toContain("pat@example.com");
    vi.useRealTimers();
  });
});
