import { CONSENT_COOKIE_DAYS } from "~/content/legal";

/** What the visitor agreed to, beyond the essential cookies the site needs (DECISIONS D8). */
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

/** The choice from a whole Cookie header or `document.cookie` (the server may read it too). */
export function parseConsentCookie(cookieHeader: string | undefined | null): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsentValue(rest.join("="));
  }
  return null;
}

/** A Set-Cookie/document.cookie string keeping the choice for a year, first party only. */
export function consentCookieString(consent: Consent, { secure }: { secure: boolean }): string {
  const maxAge = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
  return `${CONSENT_COOKIE}=${encodeURIComponent(serialiseConsent(consent))}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Names of the analytics and advertising cookies to remove when consent is withdrawn. */
export function isTrackingCookie(name: string): boolean {
  return /^(_ga|_ga_.+|_gid|_gat.*|_gcl_.+)$/.test(name);
}
