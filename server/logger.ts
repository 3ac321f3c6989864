import pino from "pino";

/**
 * Structured JSON logs. They carry ids, routes, timings and error kinds, never a
 * visitor's personal data: no request bodies, no query strings, no client addresses.
 * Errors are logged as `{ err: error }` and pass through `errorSummary`.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: errorSummary },
    redact: {
      paths: [
        "email",
        "phone",
        "name",
        "firstName",
        "lastName",
        "*.email",
        "*.phone",
        "*.password",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;

export interface ErrorSummary {
  type: string;
  /** PostgreSQL's SQLSTATE or Node's error code, from the error or its causes. */
  code?: string;
  message: string;
}

const MESSAGE_MAX_LENGTH = 300;

/**
 * What an error may say in the log. A failed Drizzle query's message carries its
 * parameters (a whole lead, a rate-limit key with the client's address), a database
 * error quotes the value it refused, and a provider's message may quote an email: so
 * only the first line is kept, with quoted values, email addresses and IP addresses
 * blanked out, and the SQLSTATE of the innermost cause.
 */
export function errorSummary(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { type: typeof error, message: redactMessage(String(error)) };
  let code: string | undefined;
  let innermost: Error = error;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const own = (e as { code?: unknown }).code;
    if (typeof own === "string") code = own;
    innermost = e;
  }
  const message = innermost === error ? error.message : `${firstLine(error.message)}: ${innermost.message}`;
  return { type: error.name, ...(code ? { code } : {}), message: redactMessage(message) };
}

const firstLine = (text: string) => text.split(/\r?\n/, 1)[0] ?? "";

export function redactMessage(message: string): string {
  return firstLine(message)
    .replace(/params:.*$/i, "params: [redacted]")
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '"[redacted]"')
    .replace(/[^\s@"'(),:;<>[\]]+@[^\s@"'(),:;<>[\]]+/g, "[email]")
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b/gi, "[address]")
    .slice(0, MESSAGE_MAX_LENGTH);
}
