import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The real server (`node --import tsx server/index.ts`, React's production build) in a child process, for fault
 * tests and the benchmark: started on a free loopback port and waited for until
 * /healthz answers. Only the variables given (and PATH/HOME) reach it, so the caller's
 * DATABASE_URL or SMTP_URL never leaks in by accident.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Recent output, for a failure message. */
  output(): string;
  /** Everything the process has written (up to 20 MB), for tests that read its log. */
  log(): string;
  /** Resolves with the exit code or signal once the process has gone. */
  exited: Promise<number | string | null>;
  /** SIGKILL: no shutdown, no flushing, as in a crash or an OOM kill. */
  kill(): Promise<number | string | null>;
  /** SIGTERM: the server's own orderly shutdown. */
  stop(): Promise<number | string | null>;
}

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Loaded first: the server renders with React's production build, as deployed (react-production.mjs). */
const REACT_PRODUCTION = new URL("./react-production.mjs", import.meta.url).href;

/** The build the server serves; built once if missing. */
export function ensureBuild(buildDir = process.env.BUILD_DIR ?? "build"): string {
  const absolute = path.resolve(ROOT, buildDir);
  if (!existsSync(path.join(absolute, "server/index.js"))) {
    execFileSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
  }
  return buildDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(
  env: Record<string, string>,
  {
    buildDir = ensureBuild(),
    readyTimeoutMs = 90_000,
    nodeArgs = [] as string[],
  }: { buildDir?: string; readyTimeoutMs?: number /** e.g. --cpu-prof */; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, "--import", REACT_PRODUCTION, "--import", "tsx", "server/index.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        BUILD_DIR: buildDir,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let log = "";
  const keep = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output = (output + text).slice(-4_000);
    if (log.length < 20_000_000) log += text;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(signal ?? code));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    port,
    baseUrl,
    output: () => output,
    log: () => log,
    exited,
    kill() {
      if (!gone) child.kill("SIGKILL");
      return exited;
    },
    stop() {
      if (!gone) child.kill("SIGTERM");
      return exited;
    },
  };
}
