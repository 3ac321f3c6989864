import { existsSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { readConfig } from "../../app/config.server";
import { createApp } from "../../server/app";
import type { ServerContext } from "../../server/platform/services";
import type { DatabaseHandle } from "../../server/platform/db/client";
import { createLogger, type Logger } from "../../server/platform/logger";

interface TestAppOptions {
  log?: Logger;
  /** The React Router build (pages and their actions); see `loadBuild`. */
  build?: ServerBuild;
}

/**
 * The server's Hono app on a test database, without pages unless a build is given: call
 * it with `app.request(path, init)`. Each test file gets its own rate-limit namespace by
 * way of a fresh database.
 */
export function createTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
) {
  const config = readConfig({ NODE_ENV: "test", TRUST_PROXY: "true", ...env });
  const log = options.log ?? createLogger("silent");
  let kicks = 0;
  const app = createApp({ config, db: database.db, log, kickOutbox: () => void kicks++, build: options.build });
  return { app, config, log, kicks: () => kicks };
}

/**
 * What a route module's loader or action is given as its context, on a test database:
 * the test configuration, a silent log, no signed-in borrower and a fixed nonce. Tests
 * calling a route's server code from source (so mutation testing sees it) start here.
 */
export function routeContext(database: DatabaseHandle, clientAddress: string): ServerContext {
  return {
    config: readConfig({ NODE_ENV: "test", TRUST_PROXY: "true" }),
    db: database.db,
    log: createLogger("silent"),
    kickOutbox: () => {},
    identify: async () => null,
    nonce: "test",
    clientAddress,
  };
}

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

/** The last `npm run build`'s server build, or undefined when there is none (tests that need pages skip). */
export async function loadBuild(): Promise<ServerBuild | undefined> {
  const entry = path.join(BUILD_DIR, "server/index.js");
  return existsSync(entry) ? ((await import(entry)) as ServerBuild) : undefined;
}
export const hasBuild = existsSync(path.join(BUILD_DIR, "server/index.js"));

/** A logger at debug level whose every line is kept, to search for what must never be logged. */
export function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger("debug", stream), text: () => lines.join("") };
}

/** A JSON POST for `app.request`, from a given client address. */
export function postJson(body: unknown, address = "203.0.113.10"): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}
