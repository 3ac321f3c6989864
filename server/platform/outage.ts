import { SAVE_UNCERTAIN, SERVICE_BUSY } from "../../app/domain/messages";
import type { Logger } from "./logger";

/**
 * Connection-level failures: the peer is unreachable, went away or stopped answering.
 * Node's socket errors, PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P
 * (operator intervention: shutdown, crash), too many connections, and the pool's and
 * driver's own time-outs; and PostgreSQL's own: a statement it ended at
 * `statement_timeout` (57014 with that cause) is the wait the driver's read time-out ends
 * at the same moment, and which of the two a request hears first is chance
 * (docs/decisions/159).
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNECTION",
  "ESOCKET",
  "53300",
]);
const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|canceling statement due to statement timeout|terminating connection|connection error|cannot use a pool after calling end|database timed out/i;

/** The errors an error wraps, outermost first (Drizzle wraps the driver's error in `cause`). */
function chain(error: unknown): unknown[] {
  const errors: unknown[] = [];
  let current = error;
  while (current && errors.length < 8 && !errors.includes(current)) {
    errors.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return errors;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** True when the error means the database (or the mail server) could not be reached, not that a request was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = codeOf(e);
    if (code && (CONNECTION_CODES.has(code) || code.startsWith("08") || code.startsWith("57P"))) return true;
    return e instanceof Error && CONNECTION_MESSAGES.test(e.message);
  });
}

/**
 * Connection failures that come before a statement could reach the database: no
 * connection was made (refused, no route or name, the pool's wait for one, too many
 * connections, a server not yet taking them). A write that failed so was not made. Any
 * other connection failure (an answer that never came, a connection lost mid-statement)
 * leaves the write's fate unknown: the database may have committed it.
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "53300",
  "57P03",
  "08001",
  "08004",
]);
const NOT_SENT_MESSAGES = /timeout exceeded when trying to connect|cannot use a pool after calling end/i;

/** True when the error shows the statement never reached the database (see NOT_SENT_CODES). */
export function failedBeforeSending(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = codeOf(e);
    if (code && NOT_SENT_CODES.has(code)) return true;
    return e instanceof Error && NOT_SENT_MESSAGES.test(e.message);
  });
}

/**
 * PostgreSQL ended the statement itself at `statement_timeout`: it was rolled back, so
 * the write was not made (when the driver's own time-out is heard first instead, the
 * fate is unknown: decision 159).
 */
function endedByDatabase(error: unknown): boolean {
  return chain(error).some((e) => codeOf(e) === "57014" && e instanceof Error && /statement timeout/i.test(e.message));
}

/** A write sent to the database that got no answer: it may or may not have been made. Its cause is the connection failure. */
export class WriteOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super("the database did not answer a write it was sent", { cause });
    this.name = "WriteOutcomeUnknown";
  }
}

/**
 * What a write's failure means for its caller: a connection failure after the write was
 * sent becomes a WriteOutcomeUnknown; any other error is left as it is.
 */
export function writeFailure(error: unknown): unknown {
  const unknown = isConnectionFailure(error) && !failedBeforeSending(error) && !endedByDatabase(error);
  return unknown ? new WriteOutcomeUnknown(error) : error;
}

/**
 * The body of a 503 while the database is away: nothing was saved, or (a write that got
 * no answer) it may have been, and sending again is safe.
 */
export function outageAnswer(error: unknown): { error: string; saved?: "unknown" } {
  return error instanceof WriteOutcomeUnknown ? { error: SAVE_UNCERTAIN, saved: "unknown" } : { error: SERVICE_BUSY };
}

export interface OutageLog {
  /** A call to the service failed for want of a connection. */
  failed(error: unknown): void;
  /** A call to the service succeeded. */
  succeeded(): void;
  /** True from the first failure until the next success. */
  readonly down: boolean;
}

/** Runs `task` once after `ms`; answers how to cancel it. Never keeps the process alive. */
export type Schedule = (task: () => void, ms: number) => () => void;

const scheduleUnref: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * One log line when a service goes away (with its cause), a count every `reportEveryMs`
 * while it stays away, and one line when it is back: an outage reads as three lines,
 * not a flood of one per request. The count is written by a timer, on the minute,
 * whether or not anything failed meanwhile (a count written at the next failure came
 * every 67–77 s while mail waited for its retries: issue 27).
 */
export function createOutageLog(
  log: Logger,
  service: "database" | "mail",
  {
    reportEveryMs = 60_000,
    now = Date.now,
    schedule = scheduleUnref,
  }: { reportEveryMs?: number; now?: () => number; schedule?: Schedule } = {},
): OutageLog {
  let downSince: number | undefined;
  let failures = 0;
  let lastReport = 0;
  let cancelReport: (() => void) | undefined;

  function nextReportIn(ms: number) {
    cancelReport?.();
    cancelReport = schedule(() => {
      cancelReport = undefined;
      if (downSince !== undefined) report(now());
    }, ms);
  }
  function report(at: number) {
    lastReport = at;
    log.warn({ service, failures, downForMs: at - (downSince ?? at) }, `${service} still unavailable`);
    nextReportIn(reportEveryMs);
  }

  return {
    failed(error) {
      failures++;
      const at = now();
      if (downSince === undefined) {
        downSince = at;
        lastReport = at;
        // The logger's error serializer (errorSummary) keeps queries, parameters and addresses out.
        log.error({ service, err: error }, `${service} unavailable`);
        nextReportIn(reportEveryMs);
      } else if (at - lastReport >= reportEveryMs) {
        // A clock that ran ahead of the timer (a busy event loop): the count is due now.
        report(at);
      }
    },
    succeeded() {
      if (downSince === undefined) return;
      cancelReport?.();
      cancelReport = undefined;
      log.info({ service, failures, downForMs: now() - downSince }, `${service} back`);
      downSince = undefined;
      failures = 0;
    },
    get down() {
      return downSince !== undefined;
    },
  };
}
