import { defineConfig, devices } from "@playwright/test";
import { testBrowserPath } from "./scripts/browser";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Browser tests against the built site, served by the real server on a fresh embedded
 * database (or TEST_DATABASE_URL), with mail going to a real SMTP sink whose messages
 * tests read from disk (see tests/support/e2e-server.ts). The machine's own Chromium
 * (its headless shell where installed: scripts/browser.ts), never a downloaded browser.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two on two cores: a third was slower on a fresh machine (9.5 min against 9.0) and
  // two tests ran out of time under it (decision 220).
  workers: 2,
  // One retry in CI only, where a test marked flaky still shows in the output: a real
  // failure fails twice. Locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    // The toasts then come in without their fade (sonner honours reduced motion), so axe
    // judges the colours a reader sees rather than a blend half way through.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node --import tsx tests/support/e2e-server.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // React's production build on the server, as a deployment runs it (the server's own
    // settings stay those of a test: e2e-server.ts reads them with NODE_ENV=test).
    env: { E2E_PORT: String(PORT), NODE_ENV: "production" },
  },
});
