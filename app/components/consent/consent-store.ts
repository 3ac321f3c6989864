import { type Consent, parseConsentCookie } from "~/domain/consent";
import { consentCookieString, isTrackingCookie } from "./consent-cookie";

/**
 * The visitor's consent in the browser. The `consent` cookie is the record; saving it
 * fires a `consent-change` event on window, which the banner script (app/enhance), the
 * React hooks and the thank-you conversion all listen to. Browser only.
 */
export const CONSENT_CHANGE_EVENT = "consent-change";

export function subscribe(listener: () => void) {
  window.addEventListener(CONSENT_CHANGE_EVENT, listener);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, listener);
}

let lastCookie: string | undefined;
let lastConsent: Consent | null = null;

/** The current choice: the same object while the cookie is unchanged (for useSyncExternalStore). */
export function currentConsent(): Consent | null {
  const cookie = document.cookie;
  if (cookie !== lastCookie) {
    lastCookie = cookie;
    const next = parseConsentCookie(cookie);
    if (next?.analytics !== lastConsent?.analytics || next?.advertising !== lastConsent?.advertising) {
      lastConsent = next;
    }
  }
  return lastConsent;
}

/** Records a choice for a year; withdrawing consent also removes cookies set under it. */
export function saveConsent(consent: Consent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari; the string is built and tested in consent-cookie.ts
  document.cookie = consentCookieString(consent, { secure: window.location.protocol === "https:" });
  if (!consent.analytics || !consent.advertising) removeTrackingCookies();
  window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
}

function removeTrackingCookies() {
  const parts = window.location.hostname.split(".");
  // Google's tags set cookies on the registrable domain, so try each parent domain too.
  const domains = ["", ...parts.map((_, i) => parts.slice(i).join(".")).filter((d) => d.includes("."))];
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (!name || !isTrackingCookie(name)) continue;
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: as above; an expired cookie of the same name, path and domain
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
}
