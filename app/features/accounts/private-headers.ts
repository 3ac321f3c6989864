// Response headers for pages that depend on who is signed in (/auth, /account).

/**
 * The page's headers: never stored by a shared cache, any session cookie the loader
 * or action refreshed or cleared passed on to the browser, and a refused action's
 * Retry-After.
 */
export function privatePageHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders?: Headers;
}) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  }
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
