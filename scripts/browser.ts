/**
 * The browser the tests and the audit drive: one already on the machine (CHROMIUM_PATH,
 * then the usual Chromium and Chrome paths), never a downloaded build. Run directly
 * (`tsx scripts/browser.ts`, the first step of `npm test`), it makes sure there is one:
 * as root on Debian it installs Debian's chromium; otherwise it stops at once with the
 * one line to run.
 *
 * The browser tests prefer Chromium's headless shell (Debian's chromium-headless-shell,
 * the same engine without the desktop browser around it), as Playwright's own headless
 * runs do: it takes about a third less CPU over the same tests (decision 510). Installed
 * beside chromium when it can be; without it the tests drive chromium itself. The audit
 * keeps the full browser, as Lighthouse measures a person's.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

const KNOWN_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
  "/snap/bin/chromium",
];

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const INSTALL_HINT =
  "No Chromium found: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium or Chrome binary), then npm test again.";

/** Whether `file` exists and may be run. */
export function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of a Chromium or Chrome on this machine, or undefined. CHROMIUM_PATH, when set, is the only candidate. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : KNOWN_PATHS;
  return candidates.find(executable);
}

/** Like findChromium, but a missing browser is an error that says what to run. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const found = findChromium(env);
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

/** What the browser tests drive: CHROMIUM_PATH when set, else the headless shell when present, else Chromium. */
export function testBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  if (!env.CHROMIUM_PATH && executable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath(env);
}

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && executable("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
}

function aptInstall(packages: string[], env: NodeJS.ProcessEnv): boolean {
  try {
    execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: ["ignore", "ignore", "inherit"], env });
    return true;
  } catch {
    return false;
  }
}

function ensureChromium(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (findChromium()) {
    // The shell only saves time: tried once quietly (from the lists the machine has), never required.
    if (!executable(HEADLESS_SHELL) && canInstallWithApt() && aptInstall(["chromium-headless-shell"], env))
      console.log(`Chromium's headless shell installed at ${HEADLESS_SHELL}`);
    return;
  }
  if (!canInstallWithApt()) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log("No Chromium on this machine: installing Debian's chromium package (apt-get)…");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  } catch {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  if (!aptInstall(["chromium"], env) || !findChromium()) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log(`Chromium installed at ${findChromium()}`);
  if (!executable(HEADLESS_SHELL) && aptInstall(["chromium-headless-shell"], env))
    console.log(`Chromium's headless shell installed at ${HEADLESS_SHELL}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureChromium();
