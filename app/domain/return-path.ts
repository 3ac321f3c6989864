// Where a visitor may be sent back to after signing in, confirming an email or resetting
// a password: only a path on this site. A browser reads `//evil.example` and `/\evil.example`
// as another host, and paths such as `/.//evil.example`, `/a/..//evil.example` or
// `/%2e%2e//evil.example` become `//evil.example` once dot segments are resolved, so a
// path is judged after it has been decoded and normalised, never as it was written.

export const RETURN_PATH_MAX_LENGTH = 2048;

const PARSE_BASE = "http://site.invalid";
/** Controls (C0, DEL, C1) and backslashes: a browser drops or rewrites them in a URL. */
const UNSAFE_CHARACTERS = /[\\\p{Cc}]/u;

/** Percent-decodes until nothing changes (at most a few rounds); null for a malformed escape. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Leads to another host when a browser follows it as a Location or a link. */
const leavesTheSite = (path: string) => !path.startsWith("/") || path.startsWith("//");

/**
 * The normalised same-site path (with query and fragment) that `raw` names, or null when
 * it names, or could be read as, anything else. Every decoded form is judged too, since a
 * path may be decoded again by whatever receives it.
 */
export function judgeReturnPath(raw: string): string | null {
  if (raw.length === 0 || raw.length > RETURN_PATH_MAX_LENGTH) return null;
  const decoded = fullyDecoded(raw);
  if (decoded === null) return null;
  for (const form of [raw, decoded]) {
    if (leavesTheSite(form) || UNSAFE_CHARACTERS.test(form)) return null;
    let url: URL;
    try {
      url = new URL(form, PARSE_BASE);
    } catch {
      return null;
    }
    if (url.origin !== PARSE_BASE || leavesTheSite(url.pathname)) return null;
  }
  const url = new URL(raw, PARSE_BASE);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A callback address for the account emails' links: a same-site path, or an absolute URL
 * on `siteOrigin` (answered as its path). Null for anything else.
 */
export function judgeCallbackUrl(raw: string, siteOrigin: string): string | null {
  if (raw.startsWith("/")) return judgeReturnPath(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin || UNSAFE_CHARACTERS.test(raw)) return null;
  return judgeReturnPath(`${url.pathname}${url.search}${url.hash}`);
}
