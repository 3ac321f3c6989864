import { readConfig } from "../../app/config.server";
import { createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/db/client";
import { createLogger } from "../../server/logger";

/**
 * The server's Hono app on a test database, without pages: call it with
 * `app.request(path, init)`. Each test file gets its own rate-limit namespace by way
 * of a fresh database.
 */
export function createTestApp(database: DatabaseHandle, env: Record<string, string> = {}) {
  const config = readConfig({ NODE_ENV: "test", TRUST_PROXY: "true", ...env });
  const log = createLogger("silent");
  let kicks = 0;
  const app = createApp({ config, db: database.db, log, kickOutbox: () => void kicks++ });
  return { app, config, log, kicks: () => kicks };
}

/** A JSON POST for `app.request`, from a given client address. */
export function postJson(body: unknown, address = "203.0.113.10"): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}
