const KEY = "landingPageUrl";

/**
 * Remembers the first page of this browser session, once, so a lead can tell the
 * broker where the visitor arrived (an advert, a guide, the home page).
 */
export function recordLandingPage(url = window.location.href) {
  try {
    if (!window.sessionStorage.getItem(KEY)) window.sessionStorage.setItem(KEY, url);
  } catch {
    // Storage can be refused (private modes); a lead without it is still a lead.
  }
}

export function landingPageUrl(): string | undefined {
  try {
    return window.sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
