import pino from "pino";

/**
 * Structured JSON logs. They carry ids, routes, timings and error kinds, never a
 * visitor's personal data: no request bodies, no query strings, no client addresses.
 * Errors are logged as `{ err: error }` and pass through `errorSummary`; a request's
 * `path` passes through `loggedPath`, which takes out the secrets a path can carry.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: errorSummary, path: loggedPath },
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

const PATH_MAX_LENGTH = 200;
/** A path segment that is a secret: the token in a password reset link (better-auth's /reset-password/:token). */
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#\s"']+/gi;
/** A run of text that may hold an email address: no space, quote, bracket, comma, colon or slash. */
const WORD = /[^\s"'(),:;<>[\]/]+/g;

/**
 * Each word with an `@` (or `%40`) between other characters, blanked. A word is read once,
 * so the time grows with the text, never faster (decision 261).
 */
export function withoutEmailAddresses(text: string): string {
  return text.replace(WORD, (word) => {
    const at = word.search(/@|%40/i);
    const after = at + (word[at] === "@" ? 1 : 3);
    return at > 0 && after < word.length ? "[email]" : word;
  });
}

/** In each run without a space or quote, what follows the first `?` or `#` after a `/`: a URL's query string and fragment. */
function withoutQueryStrings(text: string): string {
  return text.replace(/[^\s"']+/g, (run) => {
    const slash = run.indexOf("/");
    const mark = slash === -1 ? -1 : run.slice(slash).search(/[?#]/);
    return mark === -1 ? run : `${run.slice(0, slash + mark)}?[redacted]`;
  });
}

/**
 * A request path as the log may hold it: no query string, no token a link carries in its
 * path (a reset link's token signs in whoever reads it), no email address a visitor
 * typed into a path, and no longer than 200 characters.
 */
export function loggedPath(path: unknown): string {
  const text = String(path);
  const end = text.search(/[?#]/);
  const withoutToken = (end === -1 ? text : text.slice(0, end)).replace(SECRET_SEGMENT, "$1[token]");
  return withoutEmailAddresses(withoutToken).slice(0, PATH_MAX_LENGTH);
}

export function redactMessage(message: string): string {
  const withoutParams = firstLine(message).replace(/params:.*$/i, "params: [redacted]");
  // A URL's query string and fragment (tokens, codes, a search's email) and a reset link's token.
  const withoutSecrets = withoutQueryStrings(withoutParams)
    .replace(SECRET_SEGMENT, "$1[token]")
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '"[redacted]"');
  return (
    withoutEmailAddresses(withoutSecrets)
      .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b/gi, "[address]")
      // A UK phone number, as a borrower types it (07700 900123, +44 7700 900123).
      .replace(/(?:\+44[\s-]?|\b0)\d(?:[\s-]?\d){8,9}\b/g, "[phone]")
      .slice(0, MESSAGE_MAX_LENGTH)
  );
}
