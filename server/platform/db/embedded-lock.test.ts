import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDatabaseHolder, holdEmbeddedDatabase } from "./embedded-lock";

// The embedded database's pid file (server/platform/db/embedded-lock.ts): the command line must
// see a live server holding the folder, and nothing else.

const dir = mkdtempSync(path.join(tmpdir(), "embedded-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pidFile = path.join(dir, "server.pid");

describe("the embedded database's holder", () => {
  it("is nobody when no server left its pid", () => {
    expect(embeddedDatabaseHolder(dir)).toBeNull();
  });

  it("is this process's own hold released when asked, and never this process", () => {
    const release = holdEmbeddedDatabase(dir);
    expect(existsSync(pidFile)).toBe(true);
    // This process holding it does not stop this process using it.
    expect(embeddedDatabaseHolder(dir)).toBeNull();
    release();
    expect(existsSync(pidFile)).toBe(false);
  });

  it("is a live process whose pid is in the file", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(pidFile, `${child.pid}\n`);
      expect(embeddedDatabaseHolder(dir)).toBe(child.pid);
    } finally {
      child.kill();
      await new Promise((resolve) => child.once("exit", resolve));
    }
    // Once it has gone, its pid no longer holds the folder.
    expect(embeddedDatabaseHolder(dir)).toBeNull();
  });

  it.each(["", "abc", "0", "-5", "1.5"])("is nobody for a pid file holding %j", (text) => {
    writeFileSync(pidFile, text);
    expect(embeddedDatabaseHolder(dir)).toBeNull();
  });
});
