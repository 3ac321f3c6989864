import { type Logger, redactMessage } from "./logger";

/**
 * Everything the server process prints goes through its logger, so through the same
 * redaction (decision 150). Libraries print on their own: @hono/node-server's
 * `console.error(e)` when a streamed body fails (a failed query whole, with its
 * parameters), better-auth's default logger, React Router, Node's warnings, and Node's
 * own report of an uncaught exception or an unhandled rejection. Each becomes one JSON
 * line: an error as its summary (`errorSummary`), other text as its first line with
 * query strings, tokens, email addresses, phone numbers and quoted values taken out.
 * Objects are never written out, only named by their kind.
 */

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
const CONSOLE_LEVELS = {
  error: "error",
  warn: "warn",
  info: "info",
  log: "info",
  dir: "info",
  debug: "debug",
  trace: "trace",
} as const satisfies Record<string, Level>;

let current: Logger | undefined;

/** Points the console, Node's warnings and uncaught errors at `log`; called again, at a new logger. */
export function sendProcessOutputTo(log: Logger): void {
  const installed = current !== undefined;
  current = log;
  if (installed) return;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
      writeLine(level, args, { console: method }, `console.${method}`);
    };
  }
  // Node prints each warning to stderr itself unless its own listener is taken away.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => writeLine("warn", [warning], {}, "process warning"));
  // An unhandled rejection comes here too (Node's default, --unhandled-rejections=throw):
  // logged, then the process ends as it would have, for its supervisor to restart.
  process.on("uncaughtException", (error, origin) => {
    writeLine("fatal", [error], { origin }, "uncaught exception");
    process.exit(1);
  });
}

/** One console call as one log line; `fallback` is its message when it printed only an error. */
function writeLine(level: Level, args: unknown[], fields: Record<string, unknown>, fallback: string): void {
  const log = current;
  if (!log) return;
  const error = args.find((a) => a instanceof Error);
  const words = args
    .filter((a) => a !== error)
    .map((a) =>
      typeof a === "string" ? stripColours(a) : isPlain(a) ? String(a) : `[${a === null ? "null" : typeof a}]`,
    );
  const message = redactMessage(words.join(" ").trim()) || fallback;
  log[level](error === undefined ? fields : { ...fields, err: error }, message);
}

const isPlain = (value: unknown) =>
  typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" || value === undefined;

/** Terminal colour codes (better-auth's logger adds them): ESC [ … m. */
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const stripColours = (text: string) => text.replace(COLOUR_CODE, "");
