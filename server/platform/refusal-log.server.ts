import type { Logger } from "./logger";

// Requests the site refuses because of what an outsider sent (a post from another site's
// page) are the client's doing, not a fault of ours: each is on its request line already
// (a 4xx), and besides that a warning says what kind of refusal it was, at most once a
// minute per kind with how many more came meanwhile, so nobody outside can fill the log,
// let alone its errors, by sending them (docs/decisions/337).

/** How often one kind of refusal is put in the log. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

const logged = new WeakMap<Logger, Map<string, { at: number; since: number }>>();

/** A refusal of `kind`: a warning, unless one of its kind was logged within the last minute. */
export function logRefusal(log: Logger, kind: string, now = Date.now()) {
  let kinds = logged.get(log);
  if (!kinds) {
    kinds = new Map();
    logged.set(log, kinds);
  }
  const last = kinds.get(kind);
  if (last && now - last.at < REFUSAL_LOG_INTERVAL_MS) {
    last.since += 1;
    return;
  }
  log.warn({ refused: kind, ...(last?.since ? { moreSinceLast: last.since } : {}) }, "request refused");
  kinds.set(kind, { at: now, since: 0 });
}

/**
 * A form post (or any write) whose Origin is not the site's own, which React Router
 * refuses (400) before any action runs, reporting it as an error.
 */
export function isCrossOriginWrite(request: Request) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}
