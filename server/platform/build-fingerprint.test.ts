import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type BuildFingerprint,
  buildDecision,
  currentFingerprint,
  FINGERPRINT_VERSION,
  prerenderSettings,
  sourceFiles,
} from "./build-fingerprint";

// Decision 164: `npm start` builds only when the fingerprint kept beside the build no
// longer matches what a build made now would be made from.

const kept: BuildFingerprint = {
  version: FINGERPRINT_VERSION,
  source: "s1",
  lockfile: "l1",
  settings: { brandName: "b1", siteUrl: "u1", NODE_ENV: "n1" },
};
const with_ = (change: Partial<BuildFingerprint>): BuildFingerprint => ({ ...kept, ...change });

describe("buildDecision", () => {
  it.each<
    [
      string,
      BuildFingerprint | null,
      BuildFingerprint,
      { builtFilesPresent: boolean; forced?: boolean },
      boolean,
      RegExp,
    ]
  >([
    ["the same fingerprint, built files present", kept, kept, { builtFilesPresent: true }, false, /up to date/],
    ["no build at all", null, kept, { builtFilesPresent: false }, true, /no build yet/],
    ["built files gone, fingerprint left", kept, kept, { builtFilesPresent: false }, true, /no build yet/],
    [
      "a build with no fingerprint (an older build, or one cut short)",
      null,
      kept,
      { builtFilesPresent: true },
      true,
      /no fingerprint/,
    ],
    [
      "a fingerprint of another version",
      { ...kept, version: 0 as 1 },
      kept,
      { builtFilesPresent: true },
      true,
      /no fingerprint/,
    ],
    [
      "a fingerprint without settings",
      { ...kept, settings: null as unknown as Record<string, string> },
      kept,
      { builtFilesPresent: true },
      true,
      /no fingerprint/,
    ],
    ["a source file changed", kept, with_({ source: "s2" }), { builtFilesPresent: true }, true, /source changed/],
    [
      "the lockfile changed",
      kept,
      with_({ lockfile: "l2" }),
      { builtFilesPresent: true },
      true,
      /package-lock\.json changed/,
    ],
    [
      "a setting changed",
      kept,
      with_({ settings: { ...kept.settings, brandName: "b2" } }),
      { builtFilesPresent: true },
      true,
      /read changed: brandName$/,
    ],
    [
      "two settings changed, named in order",
      kept,
      with_({ settings: { ...kept.settings, siteUrl: "u2", brandName: "b2" } }),
      { builtFilesPresent: true },
      true,
      /read changed: brandName, siteUrl$/,
    ],
    [
      "a setting newly read",
      kept,
      with_({ settings: { ...kept.settings, phone: "p1" } }),
      { builtFilesPresent: true },
      true,
      /read changed: phone$/,
    ],
    [
      "a setting no longer read",
      kept,
      with_({ settings: { brandName: "b1", siteUrl: "u1" } }),
      { builtFilesPresent: true },
      true,
      /read changed: NODE_ENV$/,
    ],
    ["asked for, though up to date", kept, kept, { builtFilesPresent: true, forced: true }, true, /asked for/],
  ])("%s", (_, previous, now, state, build, reason) => {
    const decision = buildDecision(previous, now, state);
    expect(decision.build).toBe(build);
    expect(decision.reason).toMatch(reason);
  });
});

describe("prerenderSettings", () => {
  const base = { NODE_ENV: "production" };
  it.each<[string, Record<string, string>, Record<string, string>, boolean]>([
    ["the same variables", base, base, false],
    ["a brand name", base, { ...base, BRAND_NAME: "Quayside Loans" }, true],
    ["a firm's phone number", base, { ...base, PHONE: "0117 000 0000" }, true],
    ["the port, through the SITE_URL it implies", base, { ...base, PORT: "3701" }, true],
    ["the host, through the SITE_URL it implies", base, { ...base, HOST: "127.0.0.1" }, true],
    [
      "the port, when SITE_URL is set",
      { ...base, SITE_URL: "https://loans.example" },
      { ...base, SITE_URL: "https://loans.example", PORT: "3701" },
      false,
    ],
    ["a partner's address", base, { ...base, PARTNER_A_URL: "https://partner.example/apply" }, true],
    ["NODE_ENV (React's production or development build)", base, { NODE_ENV: "development" }, true],
    ["the conversion id (read by the running server)", base, { ...base, ADS_CONVERSION_ID: "AW-123456789/AbC" }, false],
    [
      "the database, mail and secret (read by the running server)",
      base,
      {
        ...base,
        DATABASE_URL: "postgres://x@db/loans",
        SMTP_URL: "smtp://mail.example",
        AUTH_SECRET: "s".repeat(40),
        LOG_LEVEL: "warn",
      },
      false,
    ],
  ])("%s", (_, before, after, changes) => {
    expect(JSON.stringify(prerenderSettings(after)) !== JSON.stringify(prerenderSettings(before))).toBe(changes);
  });
});

describe("currentFingerprint", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "fingerprint-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("app/routes/_index.tsx", "home");
  write("server/leads/leads.server.ts", "leads");
  write("server/leads.test.ts", "a test");
  write("server/emails/golden/quote.txt", "a golden copy");
  write("package-lock.json", "{}");
  write("vite.config.ts", "vite");
  const env = { NODE_ENV: "production" };

  it("takes the source, not its tests or the emails' golden copies", () => {
    expect(sourceFiles(root)).toEqual(["app/routes/_index.tsx", "server/leads/leads.server.ts", "vite.config.ts"]);
    const before = currentFingerprint(root, env);
    write("server/leads.test.ts", "another test");
    write("server/emails/golden/quote.txt", "another golden copy");
    expect(currentFingerprint(root, env)).toEqual(before);
  });

  it("changes with a source file, a file's name, the lockfile and a setting, each in its own part", () => {
    const before = currentFingerprint(root, env);
    write("app/routes/_index.tsx", "home, reworded");
    const edited = currentFingerprint(root, env);
    expect(edited.source).not.toBe(before.source);
    expect(edited.lockfile).toBe(before.lockfile);
    write("package-lock.json", '{"lockfileVersion":3}');
    expect(currentFingerprint(root, env).lockfile).not.toBe(before.lockfile);
    const renamed = currentFingerprint(root, env);
    rmSync(path.join(root, "app/routes/_index.tsx"));
    write("app/routes/home.tsx", "home, reworded");
    expect(currentFingerprint(root, env).source).not.toBe(renamed.source);
    const branded = currentFingerprint(root, { ...env, BRAND_NAME: "Quayside Loans" });
    expect(buildDecision(renamed, branded, { builtFilesPresent: true }).reason).toMatch(/source changed/);
    expect(branded.settings.brandName).not.toBe(renamed.settings.brandName);
    // The file holds hashes, never a setting's value.
    expect(JSON.stringify(branded)).not.toContain("Quayside");
  });
});
