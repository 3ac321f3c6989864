import type { Consent } from "~/domain/consent";
import { currentConsent, subscribe } from "./consent-store";

/**
 * The Google Ads conversion for a submitted enquiry (DECISIONS D8): only with advertising
 * consent, only when a conversion id is configured, once per enquiry (its id is the
 * transaction id). The Google tag is loaded only at that moment, never before.
 */
export const FIRED_KEY = "adConversionsFired";
const MAX_REMEMBERED = 50;
const REFERENCE = /^[\w-]{1,64}$/;

export interface ConversionInput {
  consent: Consent | null;
  conversionId: string | null;
  reference: string | null;
  fired: readonly string[];
}

export function shouldFireConversion({ consent, conversionId, reference, fired }: ConversionInput): boolean {
  return Boolean(
    consent?.advertising && conversionId && reference && REFERENCE.test(reference) && !fired.includes(reference),
  );
}

/** "AW-123456789/AbCd" → the account for the tag ("AW-123456789") and the event's send_to. */
export function conversionTarget(conversionId: string) {
  return { account: conversionId.split("/")[0] ?? conversionId, sendTo: conversionId };
}

export function firedConversions(storage: Pick<Storage, "getItem"> = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FIRED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberConversion(
  reference: string,
  storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage,
) {
  try {
    const next = [...firedConversions(storage).filter((id) => id !== reference), reference].slice(-MAX_REMEMBERED);
    storage.setItem(FIRED_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): at worst a reload counts the conversion again.
  }
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Loads the Google tag (first call only) and sends the conversion for `reference`. */
export function sendConversion(conversionId: string, reference: string, consent: Consent) {
  const { account, sendTo } = conversionTarget(conversionId);
  if (!window.gtag) {
    window.dataLayer = window.dataLayer ?? [];
    // The tag reads the `arguments` objects gtag pushes, exactly as Google's snippet does.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: the Google tag expects Arguments objects in its data layer
      window.dataLayer?.push(arguments);
    };
    window.gtag("consent", "default", {
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "denied",
      analytics_storage: consent.analytics ? "granted" : "denied",
    });
    window.gtag("js", new Date());
    window.gtag("config", account);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(account)}`;
    document.head.appendChild(script);
  }
  window.gtag("event", "conversion", { send_to: sendTo, transaction_id: reference });
  rememberConversion(reference);
}

/**
 * Watches the thank-you page's `[data-ad-conversion]` element (rendered only when a
 * conversion id is configured): fires now if allowed, or when consent is later given.
 * Runs from app/enhance on a full page load and from the page's effect after a
 * client-side transition; the remembered ids make a second call harmless.
 */
export function watchAdConversion(element: HTMLElement): () => void {
  const conversionId = element.dataset.conversionId ?? null;
  const reference = new URLSearchParams(window.location.search).get("ref");
  const attempt = () => {
    const consent = currentConsent();
    if (
      consent &&
      conversionId &&
      reference &&
      shouldFireConversion({ consent, conversionId, reference, fired: firedConversions() })
    ) {
      sendConversion(conversionId, reference, consent);
    }
  };
  attempt();
  // Says the page has decided (fired, or waits for consent): what a test waits for.
  element.dataset.watching = "";
  return subscribe(attempt);
}

/** For app/enhance. */
export function watchAdConversions() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-ad-conversion]")) watchAdConversion(element);
}
