/**
 * The browser the tests and the audit drive: one already on the machine (CHROMIUM_PATH,
 * then the usual Chromium and Chrome paths), never a downloaded build. Run directly
 * (`tsx scripts/browser.ts`, the first step of `npm test`), it makes sure there is one:
 * as root on Debian it installs Debian's chromium; otherwise it stops at once with the
 * one line to run.
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
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && executable("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
}

function ensureChromium(): void {
  if (findChromium()) return;
  if (!canInstallWithApt()) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log("No Chromium on this machine: installing Debian's chromium package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env });
  } catch {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  if (!findChromium()) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log(`Chromium installed at ${findChromium()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureChromium();
