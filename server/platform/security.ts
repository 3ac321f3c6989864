import { createHash, randomBytes } from "node:crypto";
import type { SiteConfig } from "../../app/config.server";

export const newNonce = () => randomBytes(16).toString("base64");

/** The sha256 source expressions of every inline script in a page (for prerendered HTML). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/type=["']?application\/(ld\+)?json/i.test(attributes)) continue; // data, never run
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/**
 * No inline script runs unless the server vouched for it (a per-request nonce, or the
 * hash of a prerendered page's script). Third parties appear only where the product
 * needs them, and the browser loads them only after consent (DECISIONS D8).
 */
export function contentSecurityPolicy(site: SiteConfig, scriptSources: string[]) {
  const ads = site.adsConversionId
    ? [
        "https://www.googletagmanager.com",
        "https://www.google-analytics.com",
        "https://googleads.g.doubleclick.net",
        "https://www.google.com",
      ]
    : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptSources, ...ads],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...ads, "https://www.google.co.uk"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...ads],
    "frame-src": ["https://www.google.com", ...ads],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}

export function securityHeaders(isProduction: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(isProduction ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * The request as the visitor addressed it. Behind a TLS-terminating proxy the server
 * sees `http://`; when the Host is the one SITE_URL names, the site's own protocol is the
 * truth, and otherwise a trusted proxy's X-Forwarded-Proto is. React Router compares a
 * form post's Origin with this URL, as do the account pages.
 */
export function publicRequest(request: Request, siteUrl: string, trustedHops: number): Request {
  const url = new URL(request.url);
  const site = new URL(siteUrl);
  let protocol = url.protocol;
  if (url.host === site.host) protocol = site.protocol;
  else if (trustedHops > 0) {
    const forwarded = request.headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
    if (forwarded === "https" || forwarded === "http") protocol = `${forwarded}:`;
  }
  if (protocol === url.protocol) return request;
  url.protocol = protocol;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    ...(request.body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * A write sent by this site's own pages: the browser's Fetch Metadata says same-origin
 * (or a typed address, "none"), and an Origin, when sent, is the site's (SITE_URL) or
 * the request's own. Anything else is another site making the visitor's browser post.
 */
export function isFromOurPages(request: Request, siteUrl: string): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  return origin === new URL(siteUrl).origin || origin === new URL(request.url).origin;
}

/**
 * Where a path with a trailing slash is sent: the same path and query without the slash,
 * always on this site (issue 26). The path is the one the URL parser left (dot segments
 * resolved, anything unusual percent-encoded), and a run of slashes or backslashes at its
 * start becomes one slash: a browser reads a Location of `//host` or `/\host` as
 * another site.
 */
export function withoutTrailingSlash(url: URL): string {
  let end = url.pathname.length;
  while (end > 0 && url.pathname[end - 1] === "/") end--;
  const path = url.pathname.slice(0, end).replace(/^[/\\]*/, "/");
  return path + url.search;
}
