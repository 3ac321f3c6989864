import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_ADMINISTRATOR_COMMAND } from "../../server/staff/accounts.server";
import { createScratchDatabase, seedEmbeddedDatabase, testDatabaseKinds } from "../support/database";
import { ROOT } from "../support/server-process";

const run = promisify(execFile);

/** `npm run staff -- <args>`, as a person would run it, against the given database. */
async function staff(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "server/cli.ts", "staff", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(testDatabaseKinds())("npm run staff on %s", (kind) => {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-cli-"));
    if (kind === "postgres") {
      const scratch = await createScratchDatabase();
      env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, SITE_URL: "https://loans.example" };
      cleanUp = scratch.drop;
    } else {
      env = { DATA_DIR: dataDir, SITE_URL: "https://loans.example" };
      // Migrated already, as after a server's first start (decision 371).
      await seedEmbeddedDatabase(dataDir);
      cleanUp = async () => {};
    }
  });
  afterAll(async () => {
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a staff member with a one-time link, lists and disables them", async () => {
    const added = await staff(env, "add", "Ann@Firm.example", "Ann Adviser");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Made staff member ann@firm.example, an administrator");
    expect(added.stdout).toMatch(/^https:\/\/loans\.example\/staff\/enrol\?token=[\w-]{43}$/m);

    expect((await staff(env, "list")).stdout).toContain(
      "ann@firm.example\tAnn Adviser\tAdministrator\twaiting to enrol",
    );
    // The last enabled administrator stays: a second one first.
    const last = await staff(env, "disable", "ann@firm.example");
    expect(last.code).toBe(1);
    expect(last.stderr.trim()).toBe(LAST_ADMINISTRATOR_COMMAND);
    expect((await staff(env, "add", "bob@firm.example", "Bob Broker")).code).toBe(0);
    expect((await staff(env, "disable", "ann@firm.example")).code).toBe(0);
    expect((await staff(env, "list")).stdout).toContain("ann@firm.example\tAnn Adviser\tAdministrator\tdisabled");
  }, 180_000);

  it("says what is wrong, in one line, with a non-zero exit", async () => {
    const bad = await staff(env, "add", "not-an-email", "Someone");
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe("Not an email address: not-an-email");
    const usage = await staff(env, "promote");
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('npm run staff -- add <email> "<full name>"');
  }, 180_000);

  it.runIf(kind === "pglite")(
    "tells the user to stop a server that holds the embedded database and takes no commands",
    async () => {
      // This test process stands in for the running server, with no control socket (a
      // server beside it that takes commands: staff-command-beside-server.test.ts).
      writeFileSync(path.join(dataDir, "server.pid"), String(process.pid));
      const held = await staff(env, "list");
      rmSync(path.join(dataDir, "server.pid"));
      expect(held.code).toBe(1);
      expect(held.stderr.trim()).toBe(
        `The embedded database in ${dataDir} is in use by the running server (pid ${process.pid}), which takes no commands now (it is still starting, or its log says why): stop it, run this command again, then start it.`,
      );
    },
    60_000,
  );
});
