import { ACCEPT_ALL, type Consent, REJECT_NON_ESSENTIAL } from "../domain/consent";
import { currentConsent, saveConsent } from "../components/consent/consent-store";

/**
 * Brings the server-rendered cookie banner (app/components/consent/consent-banner.tsx)
 * to life on every page: shown until the visitor chooses, reopened by any
 * `[data-consent-open]` button (the footer's 'Cookie settings'), Escape closes a
 * reopened banner, and focus goes back to where it was.
 */
export function initConsentBanner() {
  const banner = document.getElementById("consent-banner");
  if (!banner || banner.dataset.ready) return;
  banner.dataset.ready = "";
  const choices = banner.querySelector<HTMLElement>("#consent-choices");
  const choose = banner.querySelector<HTMLElement>('[data-consent="choose"]');
  const box = (name: string) => banner.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  let returnFocus: HTMLElement | null = null;
  let reopened = false;

  const setChoosing = (open: boolean) => {
    if (choices) choices.hidden = !open;
    choose?.setAttribute("aria-expanded", String(open));
  };
  const show = (fromSettings: boolean) => {
    const current = currentConsent();
    const analytics = box("analytics");
    const advertising = box("advertising");
    if (analytics) analytics.checked = current?.analytics ?? false;
    if (advertising) advertising.checked = current?.advertising ?? false;
    reopened = fromSettings;
    setChoosing(fromSettings);
    banner.hidden = false;
    if (fromSettings) banner.querySelector<HTMLElement>("#consent-heading")?.focus();
  };
  const hide = () => {
    banner.hidden = true;
    reopened = false;
    returnFocus?.focus();
    returnFocus = null;
  };
  const decide = (consent: Consent) => {
    saveConsent(consent);
    hide();
  };

  banner.addEventListener("click", (event) => {
    const action = (event.target as Element).closest("[data-consent]")?.getAttribute("data-consent");
    if (action === "accept") decide(ACCEPT_ALL);
    else if (action === "reject") decide(REJECT_NON_ESSENTIAL);
    else if (action === "choose") setChoosing(choices?.hidden === true);
    else if (action === "save")
      decide({ analytics: box("analytics")?.checked ?? false, advertising: box("advertising")?.checked ?? false });
  });
  banner.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && reopened) hide();
  });
  document.addEventListener("click", (event) => {
    const opener = (event.target as Element).closest<HTMLElement>("[data-consent-open]");
    if (!opener) return;
    returnFocus = opener;
    show(true);
  });

  if (!currentConsent()) show(false);
}
