import { CONSENT_COOKIE_DAYS } from "~/content/legal";
import { CONSENT_COOKIE, type Consent, serialiseConsent } from "~/domain/consent";

// The consent cookie in the browser: how it is set, and which tracking cookies go when
// consent is withdrawn. Its value's format is the domain's (app/domain/consent.ts).

/** A Set-Cookie/document.cookie string keeping the choice for a year, first party only. */
export function consentCookieString(consent: Consent, { secure }: { secure: boolean }): string {
  const maxAge = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
  return `${CONSENT_COOKIE}=${encodeURIComponent(serialiseConsent(consent))}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Names of the analytics and advertising cookies to remove when consent is withdrawn. */
export function isTrackingCookie(name: string): boolean {
  return /^(_ga|_ga_.+|_gid|_gat.*|_gcl_.+)$/.test(name);
}
