import pino from "pino";

/**
 * Structured JSON logs. They carry ids, routes, timings and error kinds, never a
 * visitor's personal data: no request bodies, no query strings, no client addresses.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
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
  });
}

export type Logger = ReturnType<typeof createLogger>;
