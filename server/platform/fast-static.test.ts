import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/config.server";
import { fastStaticFiles } from "./fast-static";
import { createLogger } from "./logger";

// The prerendered pages and assets answered before the app (server/platform/fast-static.ts): the
// same answer as the app's, and every request it should not take left to the app. The
// server here is Node's own, in this process; "the app" is a stand-in that says 299.

const page = `<!doctype html><title>Debt</title><script>document.documentElement.dataset.ready="1"</script><p>${"Borrow against your home. ".repeat(40)}</p>`;
const dir = mkdtempSync(path.join(tmpdir(), "fast-static-"));
mkdirSync(path.join(dir, "debt-consolidation"));
mkdirSync(path.join(dir, "assets"));
writeFileSync(path.join(dir, "index.html"), page);
writeFileSync(path.join(dir, "debt-consolidation", "index.html"), page);
writeFileSync(path.join(dir, "assets", "app-abc123.js"), `export const x = "${"x".repeat(1000)}";`);

const lines: string[] = [];
const log = createLogger(
  "info",
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);

let server: Server;
let port = 0;

beforeAll(async () => {
  const serve = fastStaticFiles(dir, readConfig({ NODE_ENV: "production" }), log);
  server = createServer((req, res) => {
    if (serve(req, res)) return;
    res.writeHead(299, { "Content-Type": "text/plain" });
    res.end("the app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: the path goes out exactly as written (fetch would tidy it). */
function get(pathAndQuery: string, { method = "GET", headers = {} as Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: pathAndQuery, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("fastStaticFiles", () => {
  it("answers a prerendered page with its security headers and a CSP that lets its own inline script run", async () => {
    const response = await get("/debt-consolidation");
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(page);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    // The policy is made once per file and stays the same.
    expect((await get("/debt-consolidation")).headers["content-security-policy"]).toBe(csp);
  });

  it("answers the home page at /", async () => {
    expect((await get("/")).body.toString()).toBe(page);
  });

  it("sends the encoding the visitor takes, brotli first", async () => {
    const gzip = await get("/debt-consolidation", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const brotli = await get("/debt-consolidation", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
  });

  it("answers 304 to a visitor holding this version, and a HEAD with headers alone", async () => {
    const first = await get("/assets/app-abc123.js");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(first.headers["content-security-policy"]).toBeUndefined();
    const again = await get("/assets/app-abc123.js", { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/debt-consolidation", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(page));
  });

  it("serves a page asked for with an advert's query, and an asset whatever its query", async () => {
    expect((await get("/debt-consolidation?utm_source=ads&gclid=abc")).status).toBe(200);
    expect((await get("/assets/app-abc123.js?v=2")).status).toBe(200);
  });

  it.each([
    ["another method", "/debt-consolidation", "POST"],
    ["a trailing slash", "/debt-consolidation/", "GET"],
    ["percent-encoding", "/debt%2Dconsolidation", "GET"],
    ["a dot segment", "/./debt-consolidation", "GET"],
    ["a parent segment", "/assets/../index.html", "GET"],
    ["a calculator's inputs", "/debt-consolidation?creditCards=5000", "GET"],
    ["a page the build lacks", "/no-such-page", "GET"],
    ["a path that is not plain", "/debt-consolidation~", "GET"],
  ])("leaves %s to the app", async (_, pathAndQuery, method) => {
    const response = await get(pathAndQuery, { method });
    expect(response.status).toBe(299);
    expect(response.body.toString()).toBe("the app");
  });

  it("logs each answer by its path, never its query", async () => {
    lines.length = 0;
    await get("/debt-consolidation?utm_source=ads&email=jane%40example.com");
    const [line] = lines;
    expect(JSON.parse(line ?? "{}")).toMatchObject({ method: "GET", path: "/debt-consolidation", status: 200 });
    expect(line).not.toContain("jane");
    expect(line).not.toContain("utm_source");
  });
});
