// `npm run build`: always builds, then keeps the fingerprint of what it built from beside
// the build. `npm start` (scripts/start.mjs) builds only when that fingerprint no longer
// matches, through this script (decision 164).
//   tsx scripts/build.ts             build now
//   tsx scripts/build.ts --if-stale  build only if the build is missing or stale

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  type BuildDecision,
  currentFingerprint,
  FINGERPRINT_FILE,
  staleness as stalenessOf,
} from "../server/platform/build-fingerprint";

export const root = path.resolve(import.meta.dirname, "..");

export interface BuildOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the build goes (BUILD_DIR, as react-router.config.ts); relative to the project. */
  buildDir?: string;
  /** Told each step, one line each. */
  say?: (message: string, fields?: Record<string, unknown>) => void;
}

const defaultSay = (message: string) => console.log(message);

/** Builds now; the fingerprint is taken before the build, so an edit made during it makes the build stale. */
export async function build({
  env = process.env,
  buildDir = env.BUILD_DIR ?? "build",
  say = defaultSay,
}: BuildOptions = {}) {
  const absolute = path.resolve(root, buildDir);
  const fingerprint = currentFingerprint(root, env);
  // A build cut short leaves no fingerprint, so the next start builds again.
  rmSync(path.join(absolute, FINGERPRINT_FILE), { force: true });
  const bin = path.join(root, "node_modules/@react-router/dev/bin.js");
  if (!existsSync(bin)) {
    throw new Error(
      "The build tools are not installed (an `npm install --omit=dev`): run `npm install`, or build where they are and copy the build folder here.",
    );
  }
  const childEnv = { ...env, BUILD_DIR: buildDir };
  for (const args of [
    [bin, "build"],
    ["--import", "tsx", "scripts/generate-ad-images.ts"],
  ]) {
    const result = spawnSync(process.execPath, args, { cwd: root, env: childEnv, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`the build failed (${path.basename(args.at(-1) ?? "")})`);
  }
  await bundleServer(absolute);
  writeFileSync(path.join(absolute, FINGERPRINT_FILE), `${JSON.stringify(fingerprint, null, 2)}\n`);
  say("build finished", { buildDir });
}

/** Whether the build in `buildDir` is missing or stale, and why. */
export const staleness = ({
  env = process.env,
  buildDir = env.BUILD_DIR ?? "build",
  forced = false,
}: BuildOptions & { forced?: boolean } = {}) => stalenessOf({ root, env, buildDir, forced });

/** Builds only when the build is missing or stale; says which, and why. */
export async function buildIfStale(options: BuildOptions & { forced?: boolean } = {}): Promise<BuildDecision> {
  const { say = defaultSay } = options;
  const decision = staleness(options);
  if (decision.build) {
    say(`building first: ${decision.reason}`, { reason: decision.reason });
    await build(options);
  } else say(`no build needed: ${decision.reason}`, { reason: decision.reason });
  return decision;
}

/**
 * The server as one file of JavaScript (`BUILD_DIR/node/server/index.mjs`, the packages
 * left to Node), with the fingerprint check beside it and the migrations it runs
 * (`BUILD_DIR/drizzle`, where the bundle's `../../drizzle` points). `npm start` runs
 * these with plain Node: no TypeScript is compiled at a start (decision 164).
 */
async function bundleServer(absolute: string) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { "server/index": "server/index.ts", fingerprint: "server/platform/build-fingerprint.ts" },
    outdir: path.join(absolute, "node"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  rmSync(path.join(absolute, "drizzle"), { recursive: true, force: true });
  cpSync(path.join(root, "drizzle"), path.join(absolute, "drizzle"), { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    if (process.argv.includes("--if-stale")) await buildIfStale();
    else await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
