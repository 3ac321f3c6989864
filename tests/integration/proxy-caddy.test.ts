import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import https from "node:https";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT, type ServerProcess, startServerProcess } from "../support/server-process";
import { codeAt, currentStep } from "../support/staff-http";

// The production server behind a real Caddy (deploy/Caddyfile, Debian's package) with
// HTTPS from Caddy's own authority, started with the systemd unit's settings
// (deploy/harbourside-loans.service: NODE_ENV=production, TRUST_PROXY=1): the client's
// address as the proxy saw it is the one the rate limits count, a forged
// X-Forwarded-For is not, the staff cookie is `__Host-` and Secure, and every redirect
// stays on https. Clients come from different loopback addresses (127.0.0.2, .3), so
// the proxy sees each as a different client.

const CADDY = "/usr/bin/caddy";
const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), "proxy-"));
let caddy: ChildProcess | undefined;
let server: ServerProcess | undefined;
let site = "";
let httpPort = 0;
let ca: Buffer | undefined;

/** The unit's Environment= lines, as systemd would give them to the server (its port the test's own). */
function unitEnvironment(): Record<string, string> {
  const unit = readFileSync(path.join(ROOT, "deploy/harbourside-loans.service"), "utf8");
  const { PORT: _port, ...environment } = Object.fromEntries(
    [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((match) => [match[1] as string, match[2] as string]),
  );
  return environment;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request through the proxy from the given loopback address, trusting Caddy's authority only. */
function request(
  pathname: string,
  {
    from = "127.0.0.2",
    method = "GET",
    headers = {},
    body,
  }: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = https.request(
      `${site}${pathname}`,
      { method, headers, localAddress: from, ca, servername: "127.0.0.1" },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    call.on("error", reject);
    if (body) call.write(body);
    call.end();
  });
}

const formPost = (fields: Record<string, string>, from?: string, headers: Record<string, string> = {}) =>
  request("/staff/sign-in", {
    method: "POST",
    ...(from ? { from } : {}),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

const hasCaddy = existsSync(CADDY);

describe.skipIf(!hasCaddy)("the server behind Caddy (skipped without /usr/bin/caddy: `apt-get install caddy`)", () => {
  beforeAll(async () => {
    const httpsPort = await freePort();
    httpPort = await freePort();
    site = `https://127.0.0.1:${httpsPort}`;
    const dataDir = path.join(work, "data");
    server = await startServerProcess({
      ...unitEnvironment(),
      DATA_DIR: dataDir,
      SITE_URL: site,
      AUTH_SECRET: "proxy-test-secret-0123456789abcdef0123456789",
      LOG_LEVEL: "warn",
    });
    caddy = spawn(CADDY, ["run", "--config", path.join(ROOT, "deploy/Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: work,
        XDG_DATA_HOME: path.join(work, "caddy-data"),
        XDG_CONFIG_HOME: path.join(work, "caddy-config"),
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        SITE_ADDRESS: `127.0.0.1`,
        DEFAULT_SNI: "127.0.0.1",
        UPSTREAM: `127.0.0.1:${server.port}`,
      },
      stdio: "ignore",
    });
    const root = path.join(work, "caddy-data/caddy/pki/authorities/local/root.crt");
    for (let tries = 0; ; tries++) {
      try {
        if (existsSync(root)) {
          ca = readFileSync(root);
          if ((await request("/healthz")).status === 200) break;
        }
      } catch {
        // Caddy is still starting or issuing its certificate.
      }
      if (tries > 300) throw new Error("Caddy did not answer over HTTPS");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 240_000);

  afterAll(async () => {
    caddy?.kill("SIGTERM");
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("serves the site over HTTPS and sends plain HTTP there", async () => {
    const home = await request("/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toBeTruthy();
    const plain = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      // http, not https: Caddy's own redirect.
      const call = httpRequest(`http://127.0.0.1:${httpPort}/loans`, (response) => {
        response.resume();
        resolve({ status: response.statusCode, location: response.headers.location });
      });
      call.on("error", reject);
      call.end();
    });
    expect(plain.status).toBe(308);
    // To the same page on https (the port is the HTTPS one's by default, 443).
    expect(plain.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/loans$/);
  });

  it("keeps an idle connection open longer than Caddy keeps its own to the server (two minutes)", async () => {
    // Shorter, and Caddy now and then sends a request down a connection the server is
    // closing that moment: the visitor gets a 502 (decision 480).
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      const call = httpRequest(
        `http://127.0.0.1:${server?.port}/healthz`,
        { agent: new Agent({ keepAlive: true }) },
        (response) => {
          response.resume();
          resolve(String(response.headers["keep-alive"] ?? ""));
        },
      );
      call.on("error", reject);
      call.end();
    });
    expect(Number(/timeout=(\d+)/.exec(keepAlive ?? "")?.[1])).toBeGreaterThan(120);
  });

  it("closes a connection whose body it refused before it all arrived, and says so in the answer", async () => {
    // The server drains such a body for half a second, then closes: an answer that said
    // keep-alive would have Caddy send another visitor's request down it (decision 481).
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server?.port ?? 0, "127.0.0.1", () => {
        socket.write(
          'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"',
        );
      });
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/^connection: close\r$/im);
  });

  it("keeps every redirect of the site on https", async () => {
    const console = await request("/staff");
    expect([302, 303]).toContain(console.status);
    const location = String(console.headers.location);
    expect(location.startsWith("/") ? `${site}${location}` : location).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/staff\/sign-in/,
    );
  });

  it("counts the rate limit by the address the proxy saw, and not by a forged X-Forwarded-For", async () => {
    // A different address typed each time, so only the limit per client counts (10 in 15 minutes).
    const wrong = (n: number) => ({ email: `nobody${n}@firm.example`, password: "not-the-password-1", code: "000000" });
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await formPost(wrong(i), "127.0.0.2")).status);
    expect(answers.every((status) => status !== 429)).toBe(true);
    expect((await formPost(wrong(10), "127.0.0.2")).status).toBe(429);
    // The same client claiming to be another is still itself.
    expect((await formPost(wrong(11), "127.0.0.2", { "X-Forwarded-For": "127.0.0.9" })).status).toBe(429);
    // Another client is not held back by the first's tries.
    expect((await formPost(wrong(12), "127.0.0.3")).status).not.toBe(429);
  });

  it("gives a member the __Host- cookie, Secure, over the proxy", async () => {
    const added = await run(
      process.execPath,
      ["--import", "tsx", "server/cli.ts", "staff", "add", "ann@firm.example", "Ann Adviser"],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          AUTH_SECRET: "proxy-test-secret-0123456789abcdef0123456789",
          DATA_DIR: path.join(work, "data"),
          SITE_URL: site,
        },
      },
    );
    const link = new RegExp(`${site.replace(/\./g, "\\.")}(/staff/enrol\\?token=[\\w-]+)`).exec(added.stdout)?.[1];
    expect(link, added.stdout + added.stderr).toBeTruthy();
    const token = new URL(link ?? "", site).searchParams.get("token") ?? "";
    const post = (fields: Record<string, string>) =>
      request(link ?? "", {
        method: "POST",
        from: "127.0.0.4",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(fields).toString(),
      });
    const password = "Quay-side-ledger-42";
    const passwordStep = await post({ token, intent: "password", password, confirm: password });
    const key = /data-testid="totp-key"[^>]*>([^<]+)</.exec(passwordStep.body)?.[1]?.trim() ?? "";
    expect(passwordStep.status).toBe(200);
    const step = currentStep();
    expect((await post({ token, intent: "code", code: await codeAt(key, step) })).status).toBe(302);
    const signedIn = await formPost(
      { email: "ann@firm.example", password, code: await codeAt(key, step + 1) },
      "127.0.0.4",
    );
    expect(signedIn.status).toBe(302);
    const cookies = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith("__Host-staff_session="));
    expect(session, cookies.join("\n")).toBeTruthy();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/Domain=/i);
    expect(String(signedIn.headers.location)).not.toMatch(/^http:/);
  });
});
