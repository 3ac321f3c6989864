import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlSocketPath } from "../../server/control-socket";
import { seedEmbeddedDatabase } from "../support/database";
import { ROOT, type ServerProcess, startServerProcess } from "../support/server-process";
import { enrolStaff, signInStaff } from "../support/staff-http";

// Issue 33, decision 165: `npm run staff` and `npm run retention` while the site runs on
// the embedded database. The command hands its work to the running server over
// DATA_DIR/control.sock, and what it did is live at once: no restart.

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-command-"));
let server: ServerProcess;

/** The command line as `npm run staff -- …` / `npm run retention` runs it, on the server's DATA_DIR. */
async function command(...argv: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "server/cli.ts", ...argv], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** One raw request over the control socket, as any local process could send it. */
function rawRequest(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(text);
  });
}

beforeAll(async () => {
  // The embedded database migrated already, as after a first start (decision 371).
  await seedEmbeddedDatabase(dataDir);
  server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
}, 240_000);

afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the staff command beside a server running on the embedded database", { timeout: 120_000 }, () => {
  it("adds, lists and disables a staff member, who can sign in without a restart and not after", async () => {
    const added = await command("staff", "add", "Ann@Firm.example", "Ann Adviser");
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Made staff member ann@firm.example, an administrator");
    // The link is the running server's own (its SITE_URL).
    const link = new RegExp(`${server.baseUrl}(/staff/enrol\\?token=[\\w-]+)`).exec(added.stdout)?.[1];
    expect(link).toBeTruthy();

    expect((await command("staff", "list")).stdout).toContain(
      "ann@firm.example\tAnn Adviser\tAdministrator\twaiting to enrol",
    );

    const ann = await enrolStaff(server.baseUrl, link ?? "", "ann@firm.example", "Quay-side-ledger-42");
    const cookie = await signInStaff(server.baseUrl, ann);
    // An administrator's page: the command makes administrators.
    const team = await fetch(`${server.baseUrl}/staff/team`, { headers: { cookie }, redirect: "manual" });
    expect(team.status).toBe(200);
    expect((await command("staff", "list")).stdout).toContain("ann@firm.example\tAnn Adviser\tAdministrator\tactive");

    expect((await command("staff", "disable", "ann@firm.example")).stderr).toContain("last enabled administrator");
    expect((await command("staff", "add", "bob@firm.example", "Bob Broker")).code).toBe(0);
    const disabled = await command("staff", "disable", "ann@firm.example");
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain("Disabled ann@firm.example");
    // Her session has ended, and she cannot sign in again.
    const after = await fetch(`${server.baseUrl}/staff/team`, { headers: { cookie }, redirect: "manual" });
    expect(after.status).not.toBe(200);
    await expect(signInStaff(server.baseUrl, ann)).rejects.toThrow();
    expect((await command("staff", "list")).stdout).toContain("ann@firm.example\tAnn Adviser\tAdministrator\tdisabled");
  });

  it("says what the server refused, with the command line's exit code", async () => {
    const unknown = await command("staff", "disable", "nobody@firm.example");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No staff member has the address nobody@firm.example.");
    const usage = await command("staff", "promote", "ann@firm.example");
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("Usage:");
  });

  it("runs the retention command, dry and for real", async () => {
    const dry = await command("retention", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Past its retention period (nothing deleted):");
    const real = await command("retention");
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/Deleted \d+ rows past their retention period/);
  });

  it("listens on a socket only its own user can open, and refuses what is not a command", async () => {
    const socket = statSync(controlSocketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(JSON.parse(await rawRequest("not json\n"))).toMatchObject({
      code: 1,
      err: ["The command was not understood."],
    });
    expect(JSON.parse(await rawRequest(`${JSON.stringify({ argv: ["staff", "add", 1, {}] })}\n`))).toMatchObject({
      code: 1,
      err: [expect.stringContaining("Usage:")],
    });
    expect(JSON.parse(await rawRequest(`${"x".repeat(20_000)}`))).toMatchObject({ err: ["The command was too long."] });
  });
});
