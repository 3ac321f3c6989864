import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuild, freePort } from "../support/server-process";

/**
 * The real process (the server's source, as `npm run dev` runs it), on the build `npm test` makes first:
 * pages, 404s, health, a bad configuration, and a clean stop on SIGTERM.
 */
// `npm test` builds first; run alone, this file builds what it serves rather than skip.
const buildDir = path.resolve(ensureBuild());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "process-test-"));
// A port nothing else holds (other test servers run beside this one).
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      BUILD_DIR: buildDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilUp(child: ChildProcess) {
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not start");
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each test starts the real process (a first open of an embedded database takes seconds, more on a busy machine).
describe("the server process", { timeout: 120_000 }, () => {
  it("serves the home page, 404s unknown paths, and stops cleanly on SIGTERM", async () => {
    const server = startServer();
    try {
      await waitUntilUp(server.child);
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("Homeowner Loans £10k - £2.5m");
      expect(home.headers.get("Content-Security-Policy")).toContain("script-src 'self'");

      const missing = await fetch(`${base}/no-such-page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Oops! Page not found");

      const asset = /\/assets\/[\w-]+\.css/.exec(html)?.[0];
      expect(asset).toBeTruthy();
      const css = await fetch(`${base}${asset}`, { headers: { "Accept-Encoding": "br" } });
      expect(css.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(css.headers.get("Content-Encoding")).toBe("br");

      // No conversion id configured: nothing on the thank-you page to fire, no ad host admitted.
      const thankYou = await fetch(`${base}/thank-you?ref=q-1`);
      const thankYouHtml = await thankYou.text();
      expect(thankYouHtml).toContain("Thank You for Your Enquiry");
      expect(thankYouHtml).not.toContain("data-conversion-id");
      expect(thankYou.headers.get("Content-Security-Policy")).not.toContain("googletagmanager");

      // A page rendered per request: its inline scripts run by a nonce that is new each
      // time and is in no other response, never by 'unsafe-inline'.
      const scriptSources = (response: Response) =>
        (response.headers.get("Content-Security-Policy") ?? "")
          .split(";")
          .find((d) => d.trim().startsWith("script-src"))
          ?.trim()
          .split(/\s+/) ?? [];
      const nonceOf = (response: Response) =>
        scriptSources(response)
          .find((s) => s.startsWith("'nonce-"))
          ?.slice(7, -1);
      const again = await fetch(`${base}/thank-you?ref=q-1`);
      const [first, second] = [nonceOf(thankYou), nonceOf(again)];
      expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(second).not.toBe(first);
      expect(scriptSources(thankYou)).not.toContain("'unsafe-inline'");
      const inline = [...thankYouHtml.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
      expect(inline.length).toBeGreaterThan(0);
      for (const attributes of inline.filter((a) => !/application\/(ld\+)?json/.test(a))) {
        expect(attributes).toContain(`nonce="${first}"`);
      }
      expect(scriptSources(home)).not.toContain("'unsafe-inline'");

      // /metrics from this machine, with no token set (decision 450): the prerendered home
      // page and the asset, answered before the app, are counted by their groups too.
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      const figures = await metrics.text();
      expect(figures).toMatch(/^http_requests_total\{group="home",method="GET",status="200"\} [1-9]/m);
      expect(figures).toMatch(/^http_requests_total\{group="assets",method="GET",status="200"\} [1-9]/m);
      expect(figures).toMatch(/^http_requests_total\{group="pages",method="GET",status="404"\} [1-9]/m);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });

  it("starts again on the same embedded database, taking the conversion id from its own environment", async () => {
    const server = startServer({ ADS_CONVERSION_ID: "AW-123456789/AbC-d_1" });
    try {
      await waitUntilUp(server.child);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const thankYou = await fetch(`${base}/thank-you?ref=q-2`);
      expect(await thankYou.text()).toContain('data-conversion-id="AW-123456789/AbC-d_1"');
      expect(thankYou.headers.get("Content-Security-Policy")).toContain("https://www.googletagmanager.com");
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });

  // Issue 26, item 4: the trailing-slash redirect was an open redirect (`//evil.example/`
  // answered `Location: //evil.example`, which a browser follows to the other host).
  it("never redirects a request path off the site, however it is written", async () => {
    const server = startServer();
    try {
      await waitUntilUp(server.child);
      // Sent byte for byte (as `curl --path-as-is`): no client-side clean-up of the path.
      const locationFor = (rawPath: string) =>
        new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
          const req = httpRequest({ host: "127.0.0.1", port, path: rawPath, method: "GET" }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          });
          req.on("error", reject);
          req.end();
        });
      const forms = [
        "//evil.example/",
        "/.//evil.example/",
        "///evil.example/",
        "/%5Cevil.example/",
        "/%5C%5Cevil.example/",
        "/\\evil.example/",
        "/\\/evil.example/",
        "/staff/..//evil.example/",
        "/%2F%2Fevil.example/",
        "/%2F/evil.example/",
        "//evil.example/?a=1",
        "//evil.example//",
      ];
      for (const form of forms) {
        const { status, location } = await locationFor(form);
        if (location === undefined) continue;
        expect([301, 302, 303, 307, 308], form).toContain(status);
        // A browser reads a backslash as a slash, and drops tabs and newlines.
        const asBrowserReads = location.replace(/\\/g, "/").replace(/[\t\n\r]/g, "");
        expect(asBrowserReads, form).toMatch(/^\/(?!\/)/);
        expect(new URL(location, base).origin, form).toBe(base);
      }
      // The redirect itself still works for an ordinary path, its query kept.
      expect(await locationFor("/about-us/?utm_source=x")).toEqual({ status: 301, location: "/about-us?utm_source=x" });
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });

  it("refuses to start with a bad setting, naming it", async () => {
    const server = startServer({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT:");
  });
});
