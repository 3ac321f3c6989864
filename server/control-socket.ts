import { chmodSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { CommandResult } from "./commands";
import type { Logger } from "./platform/logger";

// The embedded database is one process's files (server/platform/db/embedded-lock.ts), so while
// the server runs on it the command line cannot open it. It hands its command to the
// server instead (decision 165), over a Unix socket in DATA_DIR: a file, not a port, so
// nothing off this machine can reach it, and readable and writable by the server's own
// user alone (mode 0600, made so before it can be connected to), the same people who
// can read the database's files anyway.

/** Where the running server listens for commands. */
export const controlSocketPath = (dataDir: string) => path.resolve(dataDir, "control.sock");

/** A request is one line of JSON, `{"argv": [...]}`; anything longer than this is refused. */
const MAX_REQUEST_BYTES = 16_384;

export interface ControlSocket {
  /** Takes no new commands, waits for those running, and removes the socket. */
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/control.sock and answers each request with `run(argv)`, one line
 * of JSON (`CommandResult`). Resolves with null, after a warning, where a socket cannot
 * be made (a DATA_DIR path too long for one, say): the server runs on without it.
 */
export async function openControlSocket({
  dataDir,
  run,
  log,
}: {
  dataDir: string;
  run: (argv: unknown[]) => Promise<CommandResult>;
  log: Logger;
}): Promise<ControlSocket | null> {
  const file = controlSocketPath(dataDir);
  // A server stopped by SIGKILL leaves its socket file behind; this one holds the database now.
  rmSync(file, { force: true });
  const server: Server = createServer((socket) => answer(socket, run, log));
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", (error) => {
      log.warn({ err: error }, "the command line cannot reach this server: no control socket in DATA_DIR");
      resolve(false);
    });
    // The socket is made with this mask, so no other user can connect between its making and the chmod.
    const mask = process.umask(0o177);
    try {
      server.listen(file, () => resolve(true));
    } finally {
      process.umask(mask);
    }
  });
  if (!listening) return null;
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(file, { force: true });
          resolve();
        });
      }),
  };
}

function answer(socket: Socket, run: (argv: unknown[]) => Promise<CommandResult>, log: Logger) {
  let received = "";
  const reply = (result: CommandResult) => socket.end(`${JSON.stringify(result)}\n`);
  const refuse = (message: string) => reply({ code: 1, out: [], err: [message] });
  socket.setEncoding("utf8");
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    received += chunk;
    if (received.length > MAX_REQUEST_BYTES) {
      socket.removeAllListeners("data");
      return refuse("The command was too long.");
    }
    const end = received.indexOf("\n");
    if (end < 0) return;
    socket.removeAllListeners("data");
    let argv: unknown;
    try {
      argv = (JSON.parse(received.slice(0, end)) as { argv?: unknown }).argv;
    } catch {
      return refuse("The command was not understood.");
    }
    if (!Array.isArray(argv)) return refuse("The command was not understood.");
    log.info({ command: typeof argv[0] === "string" ? argv[0] : null }, "command from the command line");
    run(argv).then(reply, (error: unknown) => {
      log.error({ err: error }, "a command from the command line failed");
      refuse("The command failed in the server; its log says why.");
    });
  });
}

/**
 * Hands `argv` to the server running on DATA_DIR's embedded database and answers what
 * it printed; null when no server listens there.
 */
export function sendToServer(dataDir: string, argv: string[]): Promise<CommandResult | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let received = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected) resolve(null);
      else reject(error);
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as CommandResult);
      } catch {
        reject(new Error("the server's answer to the command was cut short"));
      }
    });
  });
}
