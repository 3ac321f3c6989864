/**
 * The little every page needs from script, including the many pages that ship no React
 * at all (see docs/decisions/010): it must stay small and depend on nothing but the DOM.
 * It runs once per full page load, written inline into the HTML by the root layout. What
 * one page alone needs (a partner redirect's countdown, the thank-you page's ad
 * conversion) is that page's own inline module, not every page's.
 */
import { recordLandingPage } from "../components/landing-page";
import { enhanceAccountMenu } from "../features/accounts/header-session";
import { initConsentBanner } from "./consent-banner";

// Each in a task of its own: reading the session's storage or the cookies waits on the
// browser, which on a slow phone took 5 to 15 ms each, and together they were one long
// task while the page was first drawn.
const later = (step: () => void) => setTimeout(step, 0);
initConsentBanner();
later(enhanceAccountMenu);
later(recordLandingPage);
