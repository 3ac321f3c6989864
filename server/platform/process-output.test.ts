import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What libraries print by themselves (console calls, Node's warnings, an unhandled
// rejection) leaves the server process as the logger's lines, redacted. Run in a child
// process: the console and the process's handlers are the process's own.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const SCRIPT = `
import { createLogger } from "./server/platform/logger.ts";
import { sendProcessOutputTo } from "./server/platform/process-output.ts";
sendProcessOutputTo(createLogger("debug"));
console.log("plain words", { email: "jane.printed@example.com" }, 42);
console.error(new Error("Failed query: select 1\\nparams: jane.printed@example.com,07700 900481"));
console.error("[Better Auth]: no user jane.printed@example.com", new Error("for jane.printed@example.com"));
console.warn("\\u001b[33mslow\\u001b[0m GET /staff/export?q=jane.printed%40example.com&from=2026-02-30");
console.info("reset at /api/auth/reset-password/Zz9ResetTokenValue123?callbackURL=%2Fauth");
console.debug("call 07700 900481");
process.emitWarning("a warning naming jane.printed@example.com");
setTimeout(() => Promise.reject(new Error("rejected for jane.printed@example.com")), 100);
setTimeout(() => console.log("still running"), 5_000);
`;

describe("the server process's output", () => {
  it("is one JSON line per console call, warning or crash, with nothing personal or secret", {
    timeout: 30_000,
  }, () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 25_000,
    });
    // The unhandled rejection still ends the process, as Node's default does.
    expect(run.status).toBe(1);
    const lines = `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.trim() !== "");
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((l) => [l.level, l.msg])).toEqual([
      [30, "plain words [object] 42"],
      [50, "console.error"],
      [50, "[Better Auth]: no user [email]"],
      [40, "slow GET /staff/export?[redacted]"],
      [30, "reset at /api/auth/reset-password/[token]?[redacted]"],
      [20, "call [phone]"],
      [40, "process warning"],
      [60, "uncaught exception"],
    ]);
    expect(parsed[1]?.err).toEqual({ type: "Error", message: "Failed query: select 1" });
    expect(parsed[6]?.err).toEqual({ type: "Warning", message: "a warning naming [email]" });
    expect(parsed[7]).toMatchObject({
      origin: "unhandledRejection",
      err: { type: "Error", message: "rejected for [email]" },
    });
    const text = lines.join("\n");
    for (const secret of ["jane.printed", "900481", "Zz9ResetTokenValue123", "\u001b["])
      expect(text).not.toContain(secret);
  });
});
