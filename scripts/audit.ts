/**
 * `npm run audit [-- /path ...]`: Lighthouse (mobile, its default throttling) over every
 * route of the last build, with each route's first-load JavaScript (gzip) and its axe
 * violations, printed as one table and saved to reports/audit.json.
 *
 * Runs the real server from the build on a spare port with a fresh embedded database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumPath } from "./browser";

const PORT = Number(process.env.AUDIT_PORT ?? 3210);
const BASE = `http://127.0.0.1:${PORT}`;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const CLIENT_DIR = path.join(BUILD_DIR, "client");
const CHROME = chromiumPath();
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/** Rendered per request, so not found as files in the build. */
const PER_REQUEST_ROUTES = ["/auth", "/auth/forgot-password", "/auth/reset-password", "/thank-you"];

/** Every prerendered page of the build, plus the per-request pages, or the paths asked for. */
function routes(): string[] {
  const asked = process.argv.slice(2).filter((a) => a.startsWith("/"));
  if (asked.length) return asked;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== "assets") walk(full);
      } else if (name === "index.html") {
        const route = `/${path.relative(CLIENT_DIR, dir)}`.replace(/\/$/, "") || "/";
        found.push(route);
      }
    }
  };
  walk(CLIENT_DIR);
  return [...found.sort(), ...PER_REQUEST_ROUTES];
}

/** Static imports in a module's text (`import x from "./a.js"`, `import "./a.js"`, `export * from`), not `import()`. */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/**
 * The gzip size of every script a first visit to the page loads: inline modules, script
 * files and module preloads, and whatever those import statically, followed file to
 * file. Chunks loaded later by `import()` are not counted.
 */
function firstLoadJsGzip(html: string): number {
  let total = 0;
  const files = new Set<string>();
  const follow = (code: string, from: string) => {
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const specifier = m[1] ?? "";
      files.add(specifier.startsWith(".") ? path.posix.join(path.posix.dirname(from), specifier) : specifier);
    }
  };
  for (const m of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!m[1]?.trim()) continue;
    total += gzipSync(m[1]).length;
    follow(m[1], "/");
  }
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1] ?? "");
  for (const m of html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)) files.add(m[1] ?? "");
  const counted = new Set<string>();
  for (const file of files) {
    if (!file.startsWith("/") || counted.has(file)) continue;
    counted.add(file);
    try {
      const code = readFileSync(path.join(CLIENT_DIR, file));
      total += gzipSync(code).length;
      follow(code.toString(), file);
    } catch {
      // not a file of ours
    }
  }
  return total;
}

async function startServer(): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "audit-data-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BUILD_DIR,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  firstLoadJsKb: number;
  axeViolations: number;
}

async function main() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")),
  });
  const rows: Row[] = [];
  try {
    for (const route of routes()) {
      const html = await (await fetch(BASE + route)).text();
      const result = await lighthouse(BASE + route, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(BASE + route, { waitUntil: "networkidle" });
      const axe = await new AxeBuilder({ page }).analyze();
      await context.close();
      const row: Row = {
        route,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        firstLoadJsKb: Number((firstLoadJsGzip(html) / 1024).toFixed(1)),
        axeViolations: axe.violations.length,
      };
      rows.push(row);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      console.error(
        `${route}: P${row.performance} A${row.accessibility} BP${row.bestPractices} SEO${row.seo}${failing.length ? ` (failing: ${failing.join(", ")})` : ""}${axe.violations.length ? ` axe: ${axe.violations.map((v) => v.id).join(", ")}` : ""}`,
      );
    }
  } finally {
    await browser.close();
    chrome.kill();
    server.kill("SIGTERM");
  }

  const header = "| route | perf | a11y | best practices | SEO | LCP ms | CLS | first-load JS (gzip KB) | axe |";
  console.log(`\n${header}\n|${" --- |".repeat(9)}`);
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.firstLoadJsKb} | ${r.axeViolations} |`,
    );
  }
  mkdirSync("reports", { recursive: true });
  writeFileSync("reports/audit.json", JSON.stringify(rows, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
