import type { Server } from "node:http";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { hasBuild, loadBuild } from "../../tests/support/app";
import { capturedLog } from "../../tests/support/log";
import { createApp } from "../app";
import type { Database } from "./db/client";
import { refuseUnreadableRequests } from "./refused-requests";

// A DELETE or OPTIONS sent with a body and no Content-Length: the parser reads the body
// as a second request, cannot, answers 400 and closes the connection. The first request's
// handler then meets an aborted request (a page makes a 500 of it): the log must say 400.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The app with a log the test reads, with the built pages or without; no database is reached. */
async function loggedApp(withPages: boolean) {
  const { log, lines } = capturedLog();
  const build = withPages ? await loadBuild() : undefined;
  const app = createApp({
    config: readConfig({ NODE_ENV: "test" }),
    db: {} as Database,
    log,
    kickOutbox: () => {},
    build,
  });
  return { app, log, lines };
}

async function running(withPages: boolean) {
  const { app, log, lines } = await loggedApp(withPages);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  servers.push(server);
  refuseUnreadableRequests(server, log);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  return { port, lines };
}

/** Writes the bytes and reads everything the server sends until it closes the connection. */
function exchange(port: number, bytes: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

const withBodyAndNoLength = (method: string, path: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n{"reference":"HL-1"}`;

/** The log's request lines once the handler has finished (it may finish after the connection closed). */
async function requestLines(lines: Record<string, unknown>[], count: number) {
  await expect.poll(() => lines.filter((line) => line.msg === "request").length).toBe(count);
  return lines.filter((line) => line.msg === "request");
}

describe("a body with no Content-Length", () => {
  it.each(["DELETE", "OPTIONS"])("%s to an endpoint is answered 400 and logged as 400", async (method) => {
    const { port, lines } = await running(false);
    const answer = await exchange(port, withBodyAndNoLength(method, "/api/quotes"));
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    const [line] = await requestLines(lines, 1);
    expect(line).toMatchObject({ method, path: "/api/quotes", status: 400 });
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it.skipIf(!hasBuild).each(["DELETE", "OPTIONS"])(
    "%s to a page is answered 400 and logged as 400, not as the page's 500",
    async (method) => {
      const { port, lines } = await running(true);
      const answer = await exchange(port, withBodyAndNoLength(method, "/about"));
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
      const [line] = await requestLines(lines, 1);
      expect(line).toMatchObject({ method, path: "/about", status: 400 });
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    },
  );

  it("bytes that are no request at all get a line of their own, with no address", async () => {
    const { port, lines } = await running(false);
    const answer = await exchange(port, "HELLO THERE\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(lines).toEqual([expect.objectContaining({ msg: "request refused", status: 400 })]);
    expect(JSON.stringify(lines)).not.toContain("127.0.0.1");
  });
});

describe.skipIf(!hasBuild)("a method a page has no action for", () => {
  it("is the client's error: a 405 on its request line and no error line", async () => {
    const { app, lines } = await loggedApp(true);
    const response = await app.request("/about", { method: "DELETE", body: "{}" });
    expect(response.status).toBe(405);
    expect(lines.filter((l) => l.msg === "request")).toEqual([expect.objectContaining({ status: 405 })]);
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});

describe("a client that leaves before its answer", () => {
  it.skipIf(!hasBuild)("is logged as 499, not as the page's 500", async () => {
    const { app, lines } = await loggedApp(true);
    const gone = new AbortController();
    gone.abort();
    await app.request(new Request("http://localhost/about", { signal: gone.signal }));
    expect(lines.filter((l) => l.msg === "request")).toEqual([expect.objectContaining({ status: 499 })]);
  });
});
