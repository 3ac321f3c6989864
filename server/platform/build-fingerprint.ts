import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readConfig } from "../../app/config.server";

/**
 * What a build was made from, kept beside it (`BUILD_DIR/fingerprint.json`), so that
 * `npm start` builds only when the build would come out different (decision 164):
 * the source the bundle and the prerendered pages are made from, the locked
 * dependencies, and the settings the prerendered pages print. Each setting is kept as
 * a hash under its name, so a stale build says which setting changed without the
 * file holding any value.
 */
export interface BuildFingerprint {
  version: typeof FINGERPRINT_VERSION;
  /** One hash over every source file's path and bytes. */
  source: string;
  /** package-lock.json's hash. */
  lockfile: string;
  /** Each setting the prerendered pages read, by name, as a hash of its value. */
  settings: Record<string, string>;
}

export const FINGERPRINT_VERSION = 1;
export const FINGERPRINT_FILE = "fingerprint.json";

/** Folders whose files go into the build (tests and the emails' golden copies aside); the migrations are copied in. */
const SOURCE_DIRS = ["app", "server", "public", "drizzle"];
/** Single files the build reads: its configuration and the ad images' drawing. */
const SOURCE_FILES = [
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/generate-ad-images.ts",
  "scripts/ad-artwork.ts",
];
const NOT_SOURCE = /(\.(test|spec)\.tsx?$)|(^server\/emails\/golden\/)/;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** Every file the build is made from, by path from the root, sorted. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile() && !NOT_SOURCE.test(relative)) files.push(relative);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/**
 * The settings a prerendered page can print: the site's details as the configuration
 * reads them (defaults included, so a changed PORT or HOST counts through the
 * SITE_URL it implies), less what the running server reads itself (the conversion
 * id), and NODE_ENV, which picks React's production or development build.
 */
export function prerenderSettings(env: Record<string, string | undefined>): Record<string, string> {
  const { adsConversionId: _readByTheRunningServer, ...site } = readConfig(env).site;
  const settings: Record<string, string> = { NODE_ENV: env.NODE_ENV ?? "" };
  const flatten = (value: unknown, name: string) => {
    if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) flatten(inner, name ? `${name}.${key}` : key);
    } else settings[name] = JSON.stringify(value ?? null);
  };
  flatten(site, "");
  return settings;
}

/** The fingerprint of what a build made now would be made from. */
export function currentFingerprint(root: string, env: Record<string, string | undefined>): BuildFingerprint {
  const source = createHash("sha256");
  for (const file of sourceFiles(root)) {
    source.update(`${file}\0`);
    source.update(readFileSync(path.join(root, file)));
    source.update("\0");
  }
  const lockPath = path.join(root, "package-lock.json");
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(prerenderSettings(env))) settings[name] = sha256(`${name}=${value}`);
  return {
    version: FINGERPRINT_VERSION,
    source: source.digest("hex"),
    lockfile: existsSync(lockPath) ? sha256(readFileSync(lockPath)) : "",
    settings,
  };
}

/** The fingerprint kept beside a build, or null when there is none (or it cannot be read). */
export function readFingerprint(buildDir: string): BuildFingerprint | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(buildDir, FINGERPRINT_FILE), "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as BuildFingerprint) : null;
  } catch {
    return null;
  }
}

export type BuildDecision = { build: false; reason: string } | { build: true; reason: string };

/**
 * Whether `npm start` must build first, and why. Pure: `builtFilesPresent` says whether
 * the build's server bundle exists, `kept` is the fingerprint beside it (null: none).
 */
export function buildDecision(
  kept: BuildFingerprint | null,
  now: BuildFingerprint,
  { builtFilesPresent, forced = false }: { builtFilesPresent: boolean; forced?: boolean },
): BuildDecision {
  if (forced) return { build: true, reason: "a build was asked for" };
  if (!builtFilesPresent) return { build: true, reason: "there is no build yet" };
  if (!kept || kept.version !== now.version || typeof kept.settings !== "object" || kept.settings === null) {
    return {
      build: true,
      reason: "the build has no fingerprint of this version beside it (made another way, or cut short)",
    };
  }
  if (kept.source !== now.source) return { build: true, reason: "the source changed" };
  if (kept.lockfile !== now.lockfile) return { build: true, reason: "package-lock.json changed" };
  const names = new Set([...Object.keys(kept.settings), ...Object.keys(now.settings)]);
  const changed = [...names].filter((name) => kept.settings[name] !== now.settings[name]).sort();
  if (changed.length > 0) {
    return { build: true, reason: `settings the prerendered pages read changed: ${changed.join(", ")}` };
  }
  return { build: false, reason: "the build is up to date" };
}

/** Whether the build in `buildDir` (relative to `root`) is missing or stale, and why. */
export function staleness({
  root,
  env,
  buildDir = env.BUILD_DIR ?? "build",
  forced = false,
}: {
  root: string;
  env: Record<string, string | undefined>;
  buildDir?: string;
  forced?: boolean;
}): BuildDecision {
  const absolute = path.resolve(root, buildDir);
  return buildDecision(readFingerprint(absolute), currentFingerprint(root, env), {
    builtFilesPresent: BUILT_FILES.every((file) => existsSync(path.join(absolute, file))),
    forced,
  });
}

/** What a build holds for `npm start` to run (beside the client files): React Router's bundle and the server's own. */
export const BUILT_FILES = ["server/index.js", "node/server/index.mjs", "node/fingerprint.mjs", "drizzle"];
