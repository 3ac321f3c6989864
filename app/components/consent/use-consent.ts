import { useSyncExternalStore } from "react";
import type { Consent } from "~/domain/consent";
import { currentConsent, subscribe } from "./consent-store";

/**
 * What the visitor has agreed to: { analytics, advertising }, or null when they have
 * not chosen yet (and always null while rendering on the server or prerendering, so
 * nothing that needs consent can appear in the static HTML).
 */
export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribe, currentConsent, () => null);
}
