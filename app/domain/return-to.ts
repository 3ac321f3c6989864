import { judgeReturnPath } from "./return-path";

// Where a visitor goes after signing in (spec section 2): the page they came from,
// else their account (docs/decisions/171: a signed-in borrower expects their enquiries,
// not a blank eligibility form). Only a path on this site is accepted, never another
// origin: the domain judges it (app/domain/return-path.ts).

export const DEFAULT_AFTER_SIGN_IN = "/account";

/**
 * A same-site path (with its query and fragment) from a `from` value: a string from
 * the query or a form, or a location object from navigation state. Anything else,
 * the account pages themselves (no loop back to /auth) and the home page (where every
 * visit starts: no page to go back to) give null.
 */
export function safeReturnPath(from: unknown): string | null {
  let raw: string | null = null;
  if (typeof from === "string") raw = from;
  else if (from && typeof from === "object" && typeof (from as { pathname?: unknown }).pathname === "string") {
    const location = from as { pathname: string; search?: unknown; hash?: unknown };
    raw = `${location.pathname}${typeof location.search === "string" ? location.search : ""}${typeof location.hash === "string" ? location.hash : ""}`;
  }
  const path = raw === null ? null : judgeReturnPath(raw);
  if (!path) return null;
  const queryAt = path.search(/[?#]/);
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  if (pathname === "/" || pathname === "/auth" || pathname.startsWith("/auth/")) return null;
  return path;
}

/** The page to go to after sign-in: the first acceptable `from`, else the account page. */
export function returnPath(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    const path = safeReturnPath(candidate);
    if (path) return path;
  }
  return DEFAULT_AFTER_SIGN_IN;
}

/** /auth with a `from` to come back to (omitted when there is none worth keeping). */
export function authPath(from?: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  const path = safeReturnPath(from);
  if (path) params.set("from", path);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}
