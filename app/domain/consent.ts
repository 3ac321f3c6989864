// The visitor's cookie choice (DECISIONS D8) as the `consent` cookie holds it. Pure: the
// banner's script writes it, and the server reads it when a lead is stored, to keep
// whether the visitor had accepted advertising cookies (DECISIONS D23).

/** What the visitor agreed to, beyond the essential cookies the site needs. */
export interface Consent {
  analytics: boolean;
  advertising: boolean;
}

export const CONSENT_COOKIE = "consent";
/** Bump when the cookie policy changes materially: every visitor is asked again. */
const VERSION = "v1";

export const ACCEPT_ALL: Consent = { analytics: true, advertising: true };
export const REJECT_NON_ESSENTIAL: Consent = { analytics: false, advertising: false };

/** The cookie's value, e.g. `v1|analytics:1|advertising:0`. */
export function serialiseConsent(consent: Consent): string {
  return `${VERSION}|analytics:${consent.analytics ? 1 : 0}|advertising:${consent.advertising ? 1 : 0}`;
}

/** The visitor's choice from a cookie value; null when absent, unreadable or from an older policy. */
export function parseConsentValue(value: string | undefined | null): Consent | null {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const match = /^v1\|analytics:([01])\|advertising:([01])$/.exec(decoded);
  if (!match) return null;
  return { analytics: match[1] === "1", advertising: match[2] === "1" };
}

/** The choice from a whole Cookie header or `document.cookie` (the server reads it too). */
export function parseConsentCookie(cookieHeader: string | undefined | null): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsentValue(rest.join("="));
  }
  return null;
}

/**
 * Whether a request's visitor had accepted advertising cookies: only an explicit,
 * readable "yes" of the current policy counts; no cookie, an unreadable one or an older
 * policy's is no.
 */
export function advertisingConsent(cookieHeader: string | undefined | null): boolean {
  return parseConsentCookie(cookieHeader)?.advertising === true;
}
